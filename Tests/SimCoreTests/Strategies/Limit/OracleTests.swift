import Foundation
import Testing

@testable import SimCore

/// The clairvoyant limit: what it is told about the future, what it asks for, and that no
/// strategy makes the user wait less (the property, over random traces, scenarios and networks).
@Suite struct OracleTests {
  /// The free run of a constant drag, by hand: 100 pt rows, a 400 pt viewport, the finger
  /// moving 10 pt per 20 ms from t = 1. Rows 0–3 show at 0; row j ≥ 4 shows once the offset
  /// passes 100·j − 400, at the (10·(j−4) + 1)-th sample: row 4 at 1.02 s, row 5 at 1.22 s.
  /// Row 0 leaves when the offset reaches 100, at 1.2 s: seen 1.2 s, and never again.
  @Test func foresightOfAConstantDrag() throws {
    let scenario = Fixtures.scenario(
      pageSize: 100, initialItems: 100, totalItems: 100, pageLatency: 0.1, contentLatency: 0.2)
    let trace = Fixtures.trace(
      Fixtures.constantDrag(start: 1.0, steps: 60, step: 10, interval: 0.02), viewportHeight: 400)
    let physics = try PhysicsPresets.lookup(trace.device.physics, density: trace.device.density)
    let foresight = try Foresight.compute(
      trace: trace, scenario: scenario, physics: physics, options: SimulationOptions())
    #expect(foresight.firstVisible(0) == 0 && foresight.firstVisible(3) == 0)
    #expect(abs(foresight.firstVisible(4)! - 1.02) < 1e-9)
    #expect(abs(foresight.firstVisible(5)! - 1.22) < 1e-9)
    #expect(abs(foresight.visibleSeconds(0) - 1.2) < 1e-9)
    #expect(abs(foresight.lastVisible(0)! - 1.2) < 1e-9)
    #expect(foresight.firstVisible(10) == nil)  // offset ends at 600: rows 6–9 are the last seen
    #expect(foresight.lastVisible(9) == .infinity)  // still visible when the session ends
    #expect(foresight.seenRows == Array(0...9))
  }

  /// It asks for exactly what will be seen: every content request shows its image (none
  /// wasted), no page is fetched for nothing, and nothing is fetched twice.
  @Test func itAsksForExactlyWhatWillBeSeen() throws {
    for trace in try GoldenTests.bundledTraces().filter({ $0.name != "fling-stress-60s.json" }) {
      let metrics = try Simulation.run(
        trace: trace.trace, traceName: trace.name, scenario: .default, strategy: StrategyChoice(OracleStrategy.self)
      ).metrics
      #expect(metrics.wastedContentRequests == 0, "\(trace.name)")
      #expect(metrics.wastedPageRequests == 0, "\(trace.name)")
      #expect(metrics.duplicateRequests == 0 && metrics.refetchRequests == 0, "\(trace.name)")
      #expect(metrics.stallCount == 0, "\(trace.name)")
    }
  }

  /// It knows the future for the whole list: it is no half of a pair.
  @Test func itRunsAlone() {
    #expect(throws: SimError.self) { try StrategyChoice(name: "threshold+oracle", parameters: []) }
    #expect(throws: SimError.self) { try StrategyChoice(name: "oracle+on-display", parameters: []) }
  }

  /// Every report carries the distance to the limit: the oracle's own row is +0, every other
  /// row its wait minus the oracle's on the same trace, also when the oracle is not listed.
  @Test func comparisonsMeasureTheDistanceToTheLimit() throws {
    let traces = [NamedTrace(name: "t", trace: GestureGenerator.generate(profile: .mixed, duration: 15, seed: 2))]
    let with = try Comparison.run(
      traces: traces, scenario: .default, strategies: StrategyCatalog.builtIn.choices("smart,oracle"))
    #expect(with[1].waitOverLimit == 0)
    #expect(abs(with[0].waitOverLimit! - (with[0].waitSeconds - with[1].waitSeconds)) < 1e-12)
    let without = try Comparison.run(
      traces: traces, scenario: .default, strategies: StrategyCatalog.builtIn.choices("smart"))
    #expect(without.count == 1 && without[0] == with[0])
    // `--limit none`: the same runs, no distance, and no run of the limit.
    let skipped = try Comparison.run(
      traces: traces, scenario: .default, strategies: StrategyCatalog.builtIn.choices("smart"), measuresLimit: false)
    #expect(skipped.count == 1 && skipped[0].waitOverLimit == nil)
    #expect(skipped[0].waitSeconds == with[0].waitSeconds)
  }

  /// The property: over random traces (every generator profile, and recorded-style reading
  /// sessions), scenarios (append or placeholder feeds, page sizes, devices, every physics
  /// preset) and networks without failures, no strategy of the catalog and no setting of the
  /// parameters varied below makes the user wait less than the oracle, every strategy decoding
  /// images in the background as the oracle does. Seeded, so the same cases every run: 0–49,
  /// and twelve beyond that an earlier search or headline lost. The oracle plans on a relaxed
  /// network that is a bound, but its plans are heuristics, not a proven optimum: cases 0–4499
  /// are never beaten (issue 30; eight were before its estimate counted the drain and the rule
  /// by Smith's rule came); `docs/strategies.md` says what it bounds and what not.
  /// `SCROLLSIM_ORACLE_CASES='50..<3000' swift test --filter noStrategyWaitsLessThanTheOracle`
  /// runs other cases (`FROM..<TO`; `.ci/run-long` runs that range).
  @Test(arguments: propertyCases)
  func noStrategyWaitsLessThanTheOracle(_ case: Int) throws {
    let input = try Self.propertyCase(`case`)
    let rows = try Comparison.run(
      traces: input.traces, scenario: input.scenario, strategies: input.strategies, options: input.options)
    let oracle = try #require(rows.first { $0.strategy == "oracle" })

    for row in rows {
      #expect(
        row.waitSeconds >= oracle.waitSeconds - 1e-9,
        "\(row.strategy) waits \(row.waitSeconds) s, the oracle \(oracle.waitSeconds) s (\(input.description), case \(`case`))"
      )
    }
  }

  /// The input of one case of the property: a trace, a scenario, options and the strategies.
  static func propertyCase(_ case: Int) throws -> (
    traces: [NamedTrace], scenario: Scenario, options: SimulationOptions, strategies: [StrategyChoice],
    description: String
  ) {
    var random = SeededRandom(seed: 2026, stream: "oracle-property", index: `case`)
    func pick<T>(_ values: [T]) -> T { values[Int(random.unit() * Double(values.count)) % values.count] }
    let profile = pick(GestureGenerator.Profile.allCases)
    // Every third case a recorded-style reading session instead of a generated one.
    let recorded = `case` % 3 == 2
    let trace =
      recorded
      ? Self.readingSession(seed: UInt64(`case`))
      : GestureGenerator.generate(profile: profile, duration: pick([8.0, 12.0]), seed: UInt64(`case` + 1))
    var scenario = Scenario.default
    scenario.network.link = try NetworkProfiles.lookup(pick(["wifi", "4g", "slow-4g", "3g", "slow-3g"]))
    let pageSize = pick([10, 20, 40])
    scenario.feed = pick([
      FeedSpec(kind: .append, pageSize: pageSize, initialItems: pageSize),
      FeedSpec(kind: .placeholder, pageSize: pageSize, initialItems: pageSize, totalItems: 400),
    ])
    scenario.cell.renderTime = pick([.uniform(min: 0.004, max: 0.012), .uniform(min: 0.012, max: 0.036)])
    // Every strategy decodes where the oracle does: a decode on the main thread trades frames
    // for wait (seed 002's lazy-target-rect waited 0.003 s less in cases 78 and 97 with it).
    scenario.mainThread.decode = .background
    let options = SimulationOptions(seed: UInt64(`case`), physics: pick(PhysicsPresets.names))
    let named = [NamedTrace(name: "case \(`case`)", trace: trace)]
    let catalog = StrategyCatalog.builtIn
    var strategies = try catalog.choices("all")
    for (name, parameters) in [
      ("smart", ["leadingScreens=0"]), ("smart", ["preloadLeading=6"]), ("threshold", ["threshold=0.3"]),
      ("paging3+glide", ["maxPreload=30"]), ("sentinel+chromium-lazy", ["connection=2g"]),
      ("lazy", ["remaining=60"]),
    ] {
      strategies.append(try StrategyChoice(name: name, parameters: parameters, catalog: catalog))
    }
    return (named, scenario, options, strategies, recorded ? "reading session" : "\(profile)")
  }

  /// A session like the recorded ones of ../shared/data: 40–90 s of short strokes (60–400 pt
  /// over 0.1–0.3 s), mostly down but a third of them back up, each followed by a pause of
  /// 1–8 s of reading.
  static func readingSession(seed: UInt64) -> Trace {
    var random = SeededRandom(seed: seed, stream: "reading-session", index: 0)
    func uniform(_ low: Double, _ high: Double) -> Double { low + (high - low) * random.unit() }
    let duration = uniform(40, 90)
    var samples: [TouchSample] = []
    var t = uniform(0.5, 2)
    var y = 10_000.0
    while t < duration {
      let distance = uniform(60, 400) * (random.unit() < 1.0 / 3 ? -1 : 1)
      let seconds = uniform(0.1, 0.3)
      let steps = max(2, Int(seconds / 0.016))
      samples.append(TouchSample(t: t, y: y, phase: .began))
      for k in 1...steps {
        samples.append(
          TouchSample(t: t + Double(k) * 0.016, y: y - distance * Double(k) / Double(steps), phase: .moved))
      }
      t += Double(steps) * 0.016 + uniform(0, 0.05)
      y -= distance
      samples.append(TouchSample(t: t, y: y, phase: .ended))
      t += uniform(1, 8)
    }
    return Fixtures.trace(samples, viewportHeight: 800, refreshRate: 60)
  }
}

/// The property test's cases: 0..<50 and the cases beyond that an earlier search lost
/// (kept as regressions), or `SCROLLSIM_ORACLE_CASES` (`FROM..<TO`) for a longer run
/// (`.ci/run-long` runs 50..<3000; 0..<100 here cost a tenth of `swift test`, issue 63).
private let propertyCases: [Int] = {
  let text = ProcessInfo.processInfo.environment["SCROLLSIM_ORACLE_CASES"] ?? ""
  let bounds = text.split(separator: "..<").compactMap { Int($0) }
  return bounds.count == 2 && bounds[0] < bounds[1]
    ? Array(bounds[0]..<bounds[1])
    : Array(0..<50) + [145, 467, 606, 683, 746, 991, 1340, 2149, 2361, 2429, 2739, 2814]
}()
