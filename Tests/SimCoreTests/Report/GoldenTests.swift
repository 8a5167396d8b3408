import Foundation
import Testing

@testable import SimCore

/// Byte-for-byte guards for refactors: the `compare` CSV of each bundled trace × every built-in
/// strategy, and the `--events` timelines of the four seed-001 strategies (they reach every
/// part of the engine; all strategies' timelines would be ~40 MB), × a few scenario variants,
/// checked against the files in `Tests/Goldens/`. A change that alters them must say why in its commit message;
/// regenerate with `SCROLLSIM_UPDATE_GOLDENS=1 swift test --filter GoldenTests`.
@Suite struct GoldenTests {
  /// One scenario variant: `--set` overrides plus the `--network` and `--physics` options.
  struct Variant: Sendable, CustomStringConvertible {
    var name: String
    var overrides: [String] = []
    var network: String?
    var physics: String?
    var description: String { name }

    /// The equivalent command line, written beside the goldens so they can be reproduced by hand.
    var commandLine: String {
      var words = ["scrollsim compare --format csv"]
      words += overrides.map { "--set \($0)" }
      if let network { words.append("--network \(network)") }
      if let physics { words.append("--physics \(physics)") }
      return (words + ["Traces/*.json"]).joined(separator: " ")
    }
  }

  static let variants = [
    Variant(name: "default"),
    Variant(name: "placeholder", overrides: ["feed.kind=placeholder", "feed.totalItems=2000"]),
    Variant(name: "two-columns", overrides: ["list.columns=2"]),
    Variant(name: "lossy", network: "lossy"),
    Variant(name: "android", physics: "android"),
    Variant(name: "stall-continue", overrides: ["stall.policy=continue", "stall.giveUpAfter=5"]),
  ]

  /// The strategies whose timelines are kept.
  static let timelineStrategies = ["infinite-list", "threshold", "lazy-target-rect", "smart-range"]

  static let root = PackageRoot.url
  static let goldens = root.appendingPathComponent("Tests/Goldens")
  static var updating: Bool { ProcessInfo.processInfo.environment["SCROLLSIM_UPDATE_GOLDENS"] == "1" }

  static func bundledTraces() throws -> [NamedTrace] {
    let folder = root.appendingPathComponent("Traces")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
    return try names.sorted().map { name in
      NamedTrace(name: name, trace: try Trace.load(path: folder.appendingPathComponent(name).path))
    }
  }

  /// Every file of one variant, by name, as the current code produces it.
  static func outputs(_ variant: Variant) throws -> [(name: String, text: String)] {
    var overlays: [JSONValue] = []
    if let network = variant.network {
      overlays.append(.object([("network", .object([("link", try NetworkProfiles.lookup(network).json)]))]))
    }
    let scenario = try Scenario.load(file: nil, overlays: overlays, overrides: variant.overrides)
    let traces = try bundledTraces()
    let strategies = try StrategyCatalog.builtIn.choices("all")
    var options = SimulationOptions(physics: variant.physics)
    let rows = try Comparison.run(traces: traces, scenario: scenario, strategies: strategies, options: options)
    let summary = Comparison.summary(rows, traceCount: traces.count)
    var files = [
      (name: "command.txt", text: variant.commandLine + "\n"),
      (name: "compare.csv", text: Report.render(rows, summary: summary, format: .csv)),
    ]
    options.recordEvents = true
    for trace in traces {
      for strategy in try StrategyCatalog.builtIn.choices(timelineStrategies.joined(separator: ",")) {
        let result = try Simulation.run(
          trace: trace.trace, traceName: trace.name, scenario: scenario, strategy: strategy, options: options)
        let stem = trace.name.replacingOccurrences(of: ".json", with: "")
        files.append((name: "\(stem).\(strategy.name).jsonl", text: result.events.jsonLines))
      }
    }
    return files
  }

  @Test(arguments: variants) func matchesTheGoldenFiles(_ variant: Variant) throws {
    let folder = Self.goldens.appendingPathComponent(variant.name)
    let files = try Self.outputs(variant)
    if Self.updating {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for file in files {
        try file.text.write(to: folder.appendingPathComponent(file.name), atomically: true, encoding: .utf8)
      }
      return
    }
    let committed = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(committed == files.map(\.name).sorted(), "the golden files of \(variant.name)")
    for file in files {
      let golden = try String(contentsOf: folder.appendingPathComponent(file.name), encoding: .utf8)
      guard golden != file.text else { continue }
      let now = file.text.split(separator: "\n", omittingEmptySubsequences: false)
      let then = golden.split(separator: "\n", omittingEmptySubsequences: false)
      let line =
        zip(now, then).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(now.count, then.count)
      Issue.record(
        """
        \(variant.name)/\(file.name) differs from the golden at line \(line + 1):
          golden: \(line < then.count ? String(then[line]) : "(end)")
          now:    \(line < now.count ? String(now[line]) : "(end)")
        """)
    }
  }
}
