import Foundation
import Testing

@testable import SimCore

/// A folder of recordings with broken files: refused naming every one (the first twenty, then
/// how many more), or run without them when asked, their names kept for the report.
@Suite struct UnreadableSessionsTests {
  func folder(good: Int, broken: Int) throws -> (path: String, files: [String]) {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("unreadable-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    let trace = GestureGenerator.generate(profile: .mixed, duration: 2, seed: 1).encoded()
    var files: [String] = []
    for index in 0..<(good + broken) {
      let file = path + "/s-\(String(format: "%03d", index)).json"
      // Broken files are spread among the good ones.
      try AtomicFile.write(index % 2 == 1 && index / 2 < broken ? "{\"broken\": " : trace, to: file)
      files.append(file)
    }
    return (path, files)
  }

  @Test func everyUnreadableFileIsNamedUpToTwentyThenCounted() throws {
    let (path, files) = try folder(good: 25, broken: 23)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let sessions = try Sessions.files(files)
    do {
      _ = try sessions.readable(threads: 2, skipping: false)
      Issue.record("broken files were accepted")
    } catch {
      #expect(error.kind == .badData)
      #expect(error.message.hasPrefix("23 of 48 session files cannot be read"))
      #expect(error.message.components(separatedBy: "malformed JSON").count - 1 == 20)
      #expect(error.message.contains("s-001.json") && error.message.hasSuffix("… and 3 more"))
    }
  }

  @Test func skippingRunsTheRestAndNamesWhatWasLeftOut() throws {
    let (path, files) = try folder(good: 3, broken: 2)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let (kept, leftOut) = try Sessions.files(files).readable(threads: 2, skipping: true)
    #expect(leftOut == ["s-001.json", "s-003.json"])
    #expect(kept.names == ["s-000.json", "s-002.json", "s-004.json"])
    #expect(try kept.read(2).name == "s-004.json")
    var provenance = Provenance(
      command: "c", scenario: .default, options: SimulationOptions(), replicates: 1, traces: [])
    provenance.unreadableLeftOut = leftOut
    #expect(provenance.markdown.contains("2 unreadable session files left out (--skip-unreadable)"))
  }

  @Test func skippingEveryFileIsStillRefused() throws {
    let (path, files) = try folder(good: 1, broken: 1)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let error = #expect(throws: SimError.self) {
      try Sessions.files([files[1]]).readable(threads: 1, skipping: true)
    }
    #expect(error?.message.hasPrefix("none of the 1 session files can be read") == true)
  }

  @Test func readableSessionsAreKeptAsTheyAre() throws {
    let (path, files) = try folder(good: 4, broken: 0)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let (kept, leftOut) = try Sessions.files(files).readable(threads: 1, skipping: false)
    #expect(leftOut.isEmpty && kept.names.count == 4)
  }
}
