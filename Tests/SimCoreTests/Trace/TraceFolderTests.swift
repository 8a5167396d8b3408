import Foundation
import Testing

@testable import SimCore

/// Sessions are named by their path within the folder given, so two folders of identically
/// named sessions (a population generated into `android/` and `ios/`) never share a name, and
/// so never share their luck, their side of tune's split or a row of a report.
@Suite struct TraceFolderTests {
  /// A folder `root` with `android/` and `ios/`, each holding `feed-0001.json` and
  /// `feed-0002.json` (the same trace in all four), and a hidden folder that is left out.
  static func twoFolders() throws -> String {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("folders-\(UUID().uuidString)").path
    let text = Trace.embeddedDefault.trace.encoded()
    for folder in ["android", "ios", ".staging"] {
      try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
      for file in ["feed-0001.json", "feed-0002.json"] {
        try text.write(toFile: "\(root)/\(folder)/\(file)", atomically: true, encoding: .utf8)
      }
    }
    try "file,seconds\n".write(toFile: root + "/android/population.csv", atomically: true, encoding: .utf8)
    return root
  }

  @Test func aFolderNamesItsSessionsByTheirPathWithinIt() throws {
    let root = try Self.twoFolders()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let files = try TraceFolder.sessionFiles([root])
    #expect(
      files.map(\.name) == [
        "android/feed-0001.json", "android/feed-0002.json", "ios/feed-0001.json", "ios/feed-0002.json",
      ])
    #expect(files[2].path == root + "/ios/feed-0001.json")
    // A folder given on its own names its files by their own names, as before.
    #expect(try TraceFolder.sessionFiles([root + "/ios"]).map(\.name) == ["feed-0001.json", "feed-0002.json"])
  }

  @Test func twoFoldersOfTheSameNamesGiveDistinctNamesAndLuck() throws {
    let root = try Self.twoFolders()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let files = try TraceFolder.sessionFiles([root + "/android/", root + "/ios"])
    let names = files.map(\.name)
    #expect(Set(names).count == 4, "\(names)")
    #expect(names[0] == root + "/android/feed-0001.json" && names[2] == root + "/ios/feed-0001.json")
    let seeds = Set(names.map { SessionSeed.derive(1, session: $0) })
    #expect(seeds.count == 4)
    // One population run over both: four sessions, four rows, each with its own luck.
    let sessions = Sessions.files(named: files)
    #expect(sessions.names == names)
    // A relative path is tidied as typed: no ./, no doubled slash.
    #expect(TraceFolder.tidy("./android//feed-0001.json") == "android/feed-0001.json")
  }

  @Test func theSameFileTwiceIsRefused() throws {
    let root = try Self.twoFolders()
    defer { try? FileManager.default.removeItem(atPath: root) }
    #expect {
      _ = try TraceFolder.sessionFiles([root + "/ios", root + "/ios/feed-0001.json"])
    } throws: { error in
      let error = error as! SimError
      return error.kind == .usage && error.message.contains("is given twice")
    }
    // Distinct files of one name given directly: named by their paths.
    let both = try TraceFolder.sessionFiles([root + "/android/feed-0001.json", root + "/ios/feed-0001.json"])
    #expect(both.map(\.name) == [root + "/android/feed-0001.json", root + "/ios/feed-0001.json"])
  }

  @Test func aFolderWithoutTracesOrALinkBackUpEndsClean() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("loop-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: root + "/sub/up", withDestinationPath: root)
    #expect(throws: SimError.self) { try TraceFolder.sessionFiles([root]) }
    try Trace.embeddedDefault.trace.encoded().write(toFile: root + "/sub/a.json", atomically: true, encoding: .utf8)
    #expect(try TraceFolder.sessionFiles([root]).map(\.name) == ["sub/a.json"])
  }
}
