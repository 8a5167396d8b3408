import Testing

@testable import SimCore

/// What the memory model must never say (issue 45): holding more never costs less. Growing a
/// window a platform keeps built or loaded never lowers the peak footprint, and raising the
/// kill limit never adds a kill; on a fling and on calm reading, on the default phone and the
/// low-end one.
@Suite struct MemoryMonotonicityTests {
  /// Each window, its values from small to large.
  static let windows: [(strategy: String, parameter: String, values: [String])] = [
    ("flutter", "cacheExtent", ["0", "250", "2000", "8000", "30000"]),
    ("flatlist", "windowSize", ["1", "5", "21", "61"]),
    ("flashlist", "drawDistance", ["0", "250", "2000", "8000"]),
    ("paging3+glide", "glide.maxPreload", ["0", "4", "10", "40"]),
    ("smart-range", "preloadLeading", ["0.5", "2.5", "8"]),
    ("paging3+gapworker", "gapworker.viewCache", ["0", "2", "20", "200"]),
  ]

  static func traces() throws -> [Trace] {
    let fling = try TraceTools.slice(
      Trace.load(path: PackageRoot.url("Traces/fling-stress-60s.json").path), from: 0, to: 15)
    let calm = try Trace.load(path: PackageRoot.url("Traces/skimmer-60s.json").path)
    return [fling, calm]
  }

  static func scenarios() throws -> [Scenario] {
    [Scenario.default, try Scenario.load(file: nil, overlays: [try DeviceProfiles.lookup("low-end").json])]
  }

  static func run(_ strategy: String, _ parameters: [String], _ trace: Trace, _ scenario: Scenario) throws -> RunMetrics
  {
    try Simulation.run(
      trace: trace, traceName: "t", scenario: scenario,
      strategy: try StrategyChoice(name: strategy, parameters: parameters)
    ).metrics
  }

  @Test(arguments: windows.indices)
  func growingAWindowNeverLowersThePeak(_ index: Int) throws {
    let window = Self.windows[index]
    for trace in try Self.traces() {
      for scenario in try Self.scenarios() {
        var previous = 0.0
        for value in window.values {
          let run = try Self.run(window.strategy, ["\(window.parameter)=\(value)"], trace, scenario)
          let check = {
            #expect(
              run.peakMemory >= previous,
              "\(window.strategy) \(window.parameter)=\(value): \(run.peakMemory) < \(previous)")
          }
          if window.strategy == "smart-range" {
            // Known: on the low-end phone's fling, preloadLeading 0.5 peaks 2.3 MB (0.4 %) above
            // 2.5; docs/memory.md, "Not yet".
            withKnownIssue("Texture's preload range: the peak is not yet monotone", isIntermittent: true) { check() }
          } else {
            check()
          }
          previous = run.peakMemory
        }
      }
    }
  }

  @Test func raisingTheLimitNeverAddsAKill() throws {
    let trace = try Self.traces()[0]
    for strategy in ["flutter", "threshold", "flatlist", "paging3+glide"] {
      var previousKills = Int.max
      for limit in [300.0, 500, 645, 1000, 2000] {
        var scenario = Scenario.default
        scenario.memory.limitMB = limit
        let kills = try Self.run(strategy, strategy == "flutter" ? ["cacheExtent=30000"] : [], trace, scenario).kills
        #expect(kills <= previousKills, "\(strategy) limit \(limit) MB")
        previousKills = kills
      }
    }
  }
}
