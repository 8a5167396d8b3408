import Testing

@testable import SimCore

/// The regression gate: conditions, pairing over replicate seeds, baselines read back.
@Suite struct GateTests {
  static func row(_ strategy: String, _ waits: [Double], seeds: [UInt64]? = nil) -> Gate.Row {
    Gate.Row(
      strategy: strategy, trace: "t", seeds: seeds ?? waits.indices.map { UInt64($0) },
      runs: waits.map { ["waitSeconds": $0, "cacheHits": 10] })
  }

  @Test func parsesConditions() throws {
    let relative = try GateCondition("wait_time > +10%")
    #expect(relative.bound == .relative(0.1) && relative.above && !relative.inclusive && relative.strategy == nil)
    let scoped = try GateCondition("smart-range: blank_time <= -0.5")
    #expect(scoped.strategy == "smart-range" && scoped.bound == .change(-0.5) && !scoped.above && scoped.inclusive)
    #expect(try GateCondition("wasted_requests >= 100").bound == .value(100))
    #expect(!(try GateCondition("wasted_requests >= 100").needsBaseline))
    #expect(scoped.applies(to: "smart-range(mode=full)") && !scoped.applies(to: "threshold"))
    for bad in ["wait_time", "wait_time > ten", "nosuch > +1%", "> +1%", "wait_time > 10%", ": wait_time > 1"] {
      #expect(throws: SimError.self) { try GateCondition(bad) }
    }
  }

  /// One replicate: the condition is checked on the numbers. 1.0 → 1.2 is +20%, and exactly
  /// +0.2 (which floating point makes 0.19999999999999996).
  @Test func plainRowsCompareTheNumbers() throws {
    let base = [Self.row("a", [1.0])]
    let now = [Self.row("a", [1.2])]
    let checks = try Gate.check(
      [GateCondition("wait_time > +10%"), GateCondition("wait_time > +25%"), GateCondition("wait_time >= +0.2")],
      now: now, baseline: base)
    #expect(checks.map(\.verdict) == [.fails, .passes, .fails])
    #expect(checks[0].baseline == 1.0 && checks[0].now == 1.2)
  }

  /// A baseline stored before a metric existed lacks it: a value bound is still checked (it
  /// needs only the new run), a change from the baseline is undefined.
  @Test func aBaselineWithoutTheMetricStillChecksValueBounds() throws {
    let base = [Gate.Row(strategy: "a", trace: "t", seeds: [0], runs: [["waitSeconds": 1.0]])]
    let now = [Self.row("a", [1.2])]
    let checks = try Gate.check(
      [GateCondition("cache_hits > 5"), GateCondition("cache_hits > 50"), GateCondition("cache_hits > +10%")],
      now: now, baseline: base)
    #expect(checks.map(\.verdict) == [.fails, .passes, .undefined])
  }

  /// Replicated: the excess per seed is now − 1.1·baseline; over seeds it is 0.09, 0.11, 0.10,
  /// 0.08, 0.12 (mean 0.1, s 0.0158, t₄ 2.776: interval ±0.0196), above 0: a regression. With
  /// per-seed noise of ±0.3 around the same mean the interval reaches 0: not significant.
  @Test func replicatesFailOnlyWhenSignificant() throws {
    let base = [Self.row("a", [1, 1, 1, 1, 1])]
    let clear = [Self.row("a", [1.19, 1.21, 1.20, 1.18, 1.22])]
    #expect(try Gate.check([GateCondition("wait_time > +10%")], now: clear, baseline: base)[0].verdict == .fails)
    let noisy = [Self.row("a", [1.5, 0.9, 1.2, 0.8, 1.6])]
    let check = try Gate.check([GateCondition("wait_time > +10%")], now: noisy, baseline: base)[0]
    #expect(check.verdict == .passes)
    #expect(check.changeHalfWidth > 0.3)
  }

  @Test func refusesWhatCannotBeCompared() throws {
    let base = [Self.row("a", [1, 1])]
    // Other seeds: not paired.
    #expect(throws: SimError.self) {
      try Gate.check([GateCondition("wait_time > +10%")], now: [Self.row("a", [1, 1], seeds: [7, 8])], baseline: base)
    }
    // A change without a baseline; a strategy no row has.
    #expect(throws: SimError.self) { try Gate.check([GateCondition("wait_time > +10%")], now: base, baseline: nil) }
    #expect(throws: SimError.self) { try Gate.check([GateCondition("b: wait_time > 1")], now: base, baseline: nil) }
    // A value bound needs none.
    #expect(try Gate.check([GateCondition("wait_time > 0.5")], now: base, baseline: nil)[0].verdict == .fails)
  }

  /// A comparison stored as JSON (plain and replicated) reads back into the rows it came from.
  @Test func baselinesRoundTrip() throws {
    let traces = [NamedTrace(name: "skim", trace: GestureGenerator.generate(profile: .skimmer, duration: 8, seed: 3))]
    let strategies = try StrategyCatalog.builtIn.choices("threshold,smart")
    let provenance = Provenance(
      command: "scrollsim compare", scenario: .default, options: SimulationOptions(), replicates: 3, traces: traces)
    let replicated = try Replicates.run(
      traces: traces, scenario: .default, strategies: strategies, options: SimulationOptions(), replicates: 3)
    let stored = try Baseline.read(
      JSONParser.parse(ReplicatesReport.render(replicated, format: .json, provenance: provenance)))
    #expect(stored.provenance == provenance)
    #expect(stored.rows.map(\.strategy) == ["threshold", "smart-range"])
    #expect(stored.rows[1].runs == Gate.Row(replicated[1]).runs)  // as the report rounds them
    // Against itself nothing changes.
    let same = try Gate.check(
      [GateCondition("wait_time > +0%")], now: replicated.map(Gate.Row.init), baseline: stored.rows)
    #expect(same.allSatisfy { $0.verdict == .passes })

    let plain = try Comparison.run(
      traces: traces, scenario: .default, strategies: strategies, options: SimulationOptions())
    let storedPlain = try Baseline.read(JSONParser.parse(Report.render(plain, format: .json)))
    #expect(storedPlain.provenance == nil)
    #expect(storedPlain.rows[0].runs == Gate.Row(plain[0]).runs)
    #expect(throws: SimError.self) { try Baseline.read(JSONParser.parse("{\"flings\": []}")) }
  }

  /// A baseline stored before 0.2 named the rows over traces `all (N traces)` under `summary`:
  /// they read as `sum over N traces`, so a gate against it still finds them.
  @Test func baselinesBeforeTheRenameStillMatch() throws {
    var row = RunMetrics()
    row.strategy = "a"
    row.trace = "x.json"
    var sum = row
    sum.trace = "all (2 traces)"
    let old = Report.render([row], summary: [sum], format: .json).replacing("sumsOverTraces", with: "summary")
    #expect(old.contains("\"summary\""))
    let stored = try Baseline.read(JSONParser.parse(old))
    #expect(stored.rows.map(\.trace) == ["x.json", "sum over 2 traces"])
  }
}
