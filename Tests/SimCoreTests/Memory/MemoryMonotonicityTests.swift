import PropertyBased
import Testing

@testable import SimCore

/// What the memory model must never say (issue 45): holding more never costs less. Growing a
/// window a platform keeps built or loaded never lowers the peak footprint, and raising the
/// kill limit never adds a kill; on a fling and on calm reading, on the default phone and the
/// low-end one.
///
/// "Never lowers" is up to one screen of decoded pixels, and that is the model being right, not
/// loose: the peak is one moment, and a larger window changes which arrival lands at it. Found
/// by the property test and measured:
/// - a library that empties its memory tier on a warning (`MemoryPolicy.trimsOnWarning`:
///   SDWebImage, so Texture's and UIKit's rows) peaks at the warning level plus what crossed it.
///   The low-end phone's first 15 s of `fling-stress-60s`: smart-range with `preloadLeading`
///   0.5 peaks at 518.9 MB, with 2.5 at 516.7 MB, both one image above the 516 MB warning;
/// - a bounded tier (Glide's LRU) peaks at its budget plus the on-screen images it has already
///   evicted (Glide's active resources), and a larger preload keeps more of those in the tier:
///   `skimmer-60s` on the low-end phone, `glide.maxPreload` 3 peaks at 193.8 MB, 4 at 193.5 MB;
/// - a row view's 40 KB, built a frame earlier or later, moves a peak too.
@Suite struct MemoryMonotonicityTests {
  /// A window: its strategy, parameter, range and whether it takes whole numbers.
  struct Window: Sendable {
    var strategy: String
    var parameter: String
    var range: ClosedRange<Double>
    var whole: Bool

    /// The value at `u` in 0…1, spread toward the small end (most of a window's effect is
    /// there).
    func value(_ u: Double) -> String {
      let value = range.lowerBound + (range.upperBound - range.lowerBound) * u * u
      return whole ? String(Int(value.rounded())) : NumberText.fixed(value, 2)
    }
  }

  /// Each platform's window (issue 45, "Done when"): Flutter's `cacheExtent`, FlatList's
  /// `windowSize`, FlashList's `drawDistance`, Glide's `maxPreload`, Texture's preload and
  /// display ranges, RecyclerView's `viewCache`.
  static let windows = [
    Window(strategy: "flutter", parameter: "cacheExtent", range: 0...30_000, whole: true),
    Window(strategy: "flatlist", parameter: "windowSize", range: 1...61, whole: true),
    Window(strategy: "flashlist", parameter: "drawDistance", range: 0...8000, whole: true),
    Window(strategy: "paging3+glide", parameter: "glide.maxPreload", range: 0...40, whole: true),
    Window(strategy: "smart-range", parameter: "preloadLeading", range: 0...8, whole: false),
    Window(strategy: "smart-range", parameter: "displayLeading", range: 0...4, whole: false),
    Window(strategy: "paging3+gapworker", parameter: "gapworker.viewCache", range: 0...200, whole: true),
  ]

  static func traces() throws -> [Trace] {
    let fling = try TraceTools.slice(
      Trace.load(path: PackageRoot.url("Traces/fling-stress-60s.json").path), from: 0, to: 15)
    // A calm session's first 30 s: the property holds for any input; the whole 60 s only cost twice.
    let calm = try TraceTools.slice(
      Trace.load(path: PackageRoot.url("Traces/lab/skimmer-60s.json").path), from: 0, to: 30)
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

  /// The larger window's peak against the smaller's: never lower by more than one screen of
  /// decoded pixels (the suite's doc says why).
  static func check(_ window: Window, small: String, large: String, trace: Trace, scenario: Scenario) throws {
    let a = try run(window.strategy, ["\(window.parameter)=\(small)"], trace, scenario)
    let b = try run(window.strategy, ["\(window.parameter)=\(large)"], trace, scenario)
    let policy = try StrategyChoice(name: window.strategy, parameters: []).make().memoryPolicy
    let screen = DecodedImageSize(
      image: scenario.image, policy: policy, viewportWidth: trace.device.viewportWidth,
      columns: scenario.list.columns, density: trace.device.density, seed: 1
    ).screenBytes(viewportHeight: trace.device.viewportHeight)
    #expect(
      b.peakMemory >= a.peakMemory - screen,
      "\(window.strategy) \(window.parameter) \(small) → \(large): peak \(a.peakMemory) → \(b.peakMemory)")
  }

  /// Each window over its whole range, ends included, on each trace and phone.
  @Test(arguments: windows.indices)
  func growingAWindowNeverLowersThePeak(_ index: Int) throws {
    let window = Self.windows[index]
    let values = [0, 0.1, 0.5, 1].map(window.value)
    for trace in try Self.traces() {
      for scenario in try Self.scenarios() {
        for (small, large) in zip(values, values.dropFirst()) {
          try Self.check(window, small: small, large: large, trace: trace, scenario: scenario)
        }
      }
    }
  }

  /// Any two values of any window, on a trace and phone drawn with them.
  @Test func anyLargerWindowHoldsAtLeastAsMuch() async throws {
    let traces = try Self.traces()
    let scenarios = try Self.scenarios()
    await propertyCheck(
      count: 24, input: Gen.int(in: 0...(Self.windows.count - 1)), Gen.double(in: 0...1), Gen.double(in: 0...1),
      Gen.int(in: 0...3)
    ) { index, u, v, setting in
      let window = Self.windows[index]
      #expect(throws: Never.self) {
        try Self.check(
          window, small: window.value(min(u, v)), large: window.value(max(u, v)), trace: traces[setting % 2],
          scenario: scenarios[setting / 2])
      }
    }
  }

  /// Raising the kill limit never adds a kill, for strategies that hold little and much.
  @Test func raisingTheLimitNeverAddsAKill() async throws {
    let trace = try Self.traces()[0]
    let strategies: [(String, [String])] = [
      ("flutter", ["cacheExtent=30000"]), ("threshold", []), ("flatlist", ["windowSize=61"]), ("paging3+glide", []),
    ]
    await propertyCheck(
      count: 16, input: Gen.int(in: 0...(strategies.count - 1)), Gen.double(in: 250...2500),
      Gen.double(in: 250...2500)
    ) { index, x, y in
      let (strategy, parameters) = strategies[index]
      var low = Scenario.default
      low.memory.limitMB = min(x, y)
      var high = low
      high.memory.limitMB = max(x, y)
      #expect(throws: Never.self) {
        let killsLow = try Self.run(strategy, parameters, trace, low).kills
        let killsHigh = try Self.run(strategy, parameters, trace, high).kills
        #expect(killsHigh <= killsLow, "\(strategy): limit \(min(x, y)) → \(max(x, y)) MB")
      }
    }
  }
}
