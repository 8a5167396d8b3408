import Foundation
import SimCore
import Testing

/// `scrollsim calibrate` (CalibrateCommand.swift) in-process: swipe files in, the generator's
/// fitted profiles out as JSON; too few strokes, or no file, refused.
@Suite struct CalibrateCommandTests {
  /// A swipe file (action,x,y,pressure,size,t_ms) of `count` vertical strokes of 600 px, half
  /// slow and half fast, one second apart.
  static func swipes(count: Int) -> String {
    var lines: [String] = []
    var ms = 1000.0
    for stroke in 0..<count {
      let steps = stroke % 2 == 0 ? 20 : 6
      for step in 0...steps {
        let action = step == 0 ? 0 : step == steps ? 1 : 2
        lines.append("\(action),500,\(1600 - Double(step) * 600 / Double(steps)),0.2,0.6,\(ms)")
        ms += 16
      }
      ms += 1000
    }
    return lines.joined(separator: "\n") + "\n"
  }

  @Test func fitsTheProfilesToSwipeFiles() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    try Self.swipes(count: 40).write(toFile: folder.file("Swipe1.txt"), atomically: true, encoding: .utf8)
    let fit = scrollsim("calibrate", "--px-per-pt", "3", folder.file("Swipe1.txt"))
    #expect(fit.status == 0, "\(fit.standardError)")
    let json = try JSONParser.parse(Array(fit.standardOutput.utf8))
    #expect(json.members?.isEmpty == false)
    // Strokes of 600 px at 3 px/pt are 200 pt long: the fitted median says so.
    #expect(fit.standardOutput.contains("200"))
  }

  @Test func tooFewStrokesOrNoFileAreRefused() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    try Self.swipes(count: 5).write(toFile: folder.file("few.txt"), atomically: true, encoding: .utf8)
    let few = scrollsim("calibrate", folder.file("few.txt"))
    #expect(few.status == 65)
    #expect(few.standardError.contains("too few to fit"))
    // Every exit 65 names its file (issue 49): the fit judges the files together.
    #expect(few.standardError.contains("scrollsim: error: \(folder.file("few.txt")): only "))
    for name in ["b.txt", "c.txt", "d.txt", "e.txt"] {
      try Self.swipes(count: 1).write(toFile: folder.file(name), atomically: true, encoding: .utf8)
    }
    let many = ScrollsimCLIRunner.run(["calibrate"] + ["few.txt", "b.txt", "c.txt", "d.txt", "e.txt"].map(folder.file))
    #expect(many.status == 65)
    #expect(many.standardError.contains("\(folder.file("c.txt")) and 2 more: only"))
    #expect(scrollsim("calibrate").status == 64)
    #expect(scrollsim("calibrate", "--px-per-pt", "0", folder.file("few.txt")).status == 64)
    #expect(scrollsim("calibrate", folder.file("missing.txt")).status == 66)
  }
}
