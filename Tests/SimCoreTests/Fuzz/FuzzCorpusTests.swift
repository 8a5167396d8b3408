import Foundation
import SimCore
import Testing

@testable import FuzzTargets

/// Every seed and every saved finding of `Fuzz/` goes through its fuzz target without a trap:
/// the fuzzers' findings stay fixed without the fuzzer (docs/reliability.md).
@Suite struct FuzzCorpusTests {
  static let fuzzFolder = PackageRoot.url("Fuzz")

  static func inputs(_ kind: String, _ target: FuzzTarget) -> [URL] {
    let folder = fuzzFolder.appendingPathComponent(kind).appendingPathComponent(target.name)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.sorted().map { folder.appendingPathComponent($0) }
  }

  @Test(arguments: FuzzTarget.all.map(\.name))
  func seedsAndFindingsPass(_ name: String) throws {
    let target = try #require(FuzzTarget.named(name))
    let seeds = Self.inputs("Seeds", target)
    #expect(!seeds.isEmpty, "every target has seeds in Fuzz/Seeds/\(name)")
    for file in seeds + Self.inputs("Regressions", target) {
      let broken = target.brokenPromises(Array(try Data(contentsOf: file)))
      #expect(broken.isEmpty, "\(name)/\(file.lastPathComponent): \(broken.joined(separator: "; "))")
    }
  }

  /// A broken promise reaches the test as a message; the fuzzer's `run` would trap.
  @Test func aBrokenPromiseIsReportedNotTrapped() {
    let target = FuzzTarget(name: "t", input: "", body: { bytes in require(bytes.isEmpty, "\(bytes.count) bytes") })
    #expect(target.brokenPromises([]).isEmpty)
    #expect(target.brokenPromises([1, 2]) == ["broken promise: 2 bytes"])
  }

  /// The trace seeds load, so the trace target's round-trip check runs on them (a seed refused
  /// at once would check nothing).
  @Test func theTraceSeedsAreAccepted() throws {
    for file in Self.inputs("Seeds", try #require(FuzzTarget.named("trace"))) {
      #expect(throws: Never.self) { _ = try SimCore.Trace.load(path: file.path) }
    }
  }

  @Test func theTargetsAreTheScriptsTargets() throws {
    let script = try String(contentsOf: Self.fuzzFolder.appendingPathComponent("run"), encoding: .utf8)
    let line = try #require(script.split(separator: "\n").first { $0.hasPrefix("targets=(") })
    #expect(line == "targets=(\(FuzzTarget.all.map(\.name).joined(separator: " ")))")
  }
}
