import Foundation
import Testing

/// A command parses its options, calls SimCore and prints (docs/model.md): a file of
/// `Sources/ScrollsimCLI` that grows past 120 lines is doing SimCore's work, or wants its run
/// in a `Command+Run.swift` beside it.
@Suite struct CommandFileTests {
  static let limit = 120

  @Test func noCommandFileIsOver120Lines() throws {
    let folder = URL(fileURLWithPath: packageRoot + "/Sources/ScrollsimCLI")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
    #expect(files.count > 30)
    for file in files {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
      #expect(lines <= Self.limit, "\(file): \(lines) lines")
    }
  }
}
