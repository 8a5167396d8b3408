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

  /// The message names what keeps the runs apart, not a symptom of it.
  @Test func mismatchesAreNamed() throws {
    func message(_ conditions: [String], now: [Gate.Row], baseline: [Gate.Row]?) -> String {
      do {
        _ = try Gate.check(conditions.map { try GateCondition($0) }, now: now, baseline: baseline)
        return ""
      } catch let error as SimError {
        return error.message
      } catch {
        return "\(error)"
      }
    }
    let base = [Self.row("a", [1, 1, 1, 1, 1], seeds: [5, 6, 7, 8, 9])]
    // Other traces: no trace in common, each run's traces listed.
    var elsewhere = Self.row("a", [1, 1, 1, 1, 1], seeds: [5, 6, 7, 8, 9])
    elsewhere.trace = "u"
    let traces = message(["wait_time > +10%"], now: [elsewhere], baseline: base)
    #expect(traces.contains("no trace in common: the baseline ran t, this run u"), "\(traces)")
    // One replicate against five: the count and the options to run with.
    let replicates = message(["wait_time > +10%"], now: [Self.row("a", [1], seeds: [5])], baseline: base)
    #expect(
      replicates.contains("the baseline ran 5 replicates per row, this run 1: run with --replicates 5 and --seed 5"),
      "\(replicates)")
    #expect(!replicates.contains("another seed"))
    // Same count, another base seed.
    let seeds = message(
      ["wait_time > +10%"], now: [Self.row("a", [1, 1, 1, 1, 1], seeds: [4, 6, 7, 8, 9])], baseline: base)
    #expect(seeds.contains("the baseline ran from --seed 5, this run from --seed 4: run with --seed 5"), "\(seeds)")
    // Same base seed, other derived seeds: another scrollsim.
    let derived = message(
      ["wait_time > +10%"], now: [Self.row("a", [1, 1, 1, 1, 1], seeds: [5, 1, 2, 3, 4])], baseline: base)
    #expect(derived.contains("the same --seed 5 gave other replicate seeds"), "\(derived)")
    // A strategy one run lacks, with the strategies it ran.
    let strategy = message(["b: wait_time > +10%"], now: base, baseline: base)
    #expect(strategy.contains("this run has no strategy b") && strategy.hasSuffix("(it ran a)"), "\(strategy)")
    let inBaseline = message(
      ["b: wait_time > +10%"], now: base + [Self.row("b", [1, 1, 1, 1, 1], seeds: [5, 6, 7, 8, 9])], baseline: base)
    #expect(inBaseline.contains("the baseline has no strategy b"), "\(inBaseline)")
    // A partial overlap checks what both have and says what it left.
    let notes = Gate.notes(
      now: base + [elsewhere], baseline: base + [Self.row("c", [1, 1, 1, 1, 1], seeds: [5, 6, 7, 8, 9])])
    #expect(
      notes == [
        "only this run ran u: not checked, nor the sums over traces", "strategies only in the baseline, not checked: c",
      ])
  }

  /// A scenario that changed does not stop the gate (a pull request may change it on purpose),
  /// but the notes say so.
  @Test func anotherScenarioIsNoted() throws {
    let traces = [NamedTrace(name: "skim", trace: GestureGenerator.generate(profile: .skimmer, duration: 4, seed: 3))]
    let before = Provenance(
      command: "c", scenario: .default, options: SimulationOptions(), replicates: 1, traces: traces)
    var changed = Scenario.default
    changed.feed.pageSize += 1
    let after = Provenance(command: "c", scenario: changed, options: SimulationOptions(), replicates: 1, traces: traces)
    #expect(after.differences(from: before).contains { $0.hasPrefix("the scenario or options changed") })
    #expect(before.differences(from: before).isEmpty)
  }

  /// A `warn` assertion that holds is reported but does not fail the job; a higher confidence
  /// needs a clearer change. Excesses over 1.1·baseline: 0.09, 0.11, 0.10, 0.08, 0.12 (mean 0.1,
  /// standard error 0.00707): past 0 at 95% (t₄ 2.776: ±0.0196) and at 99.9% (t₄ 8.610: ±0.0609),
  /// but not at 99.99% (t₄ 15.544: ±0.110).
  @Test func levelsAndConfidences() throws {
    let base = [Self.row("a", [1, 1, 1, 1, 1])]
    let now = [Self.row("a", [1.19, 1.21, 1.20, 1.18, 1.22])]
    let condition = try GateCondition("wait_time > +10%")
    let checks = try Gate.check(
      [
        Assertion(condition, level: .warn), Assertion(condition, confidence: 0.999),
        Assertion(condition, confidence: 0.9999),
      ], now: now, baseline: base)
    #expect(checks.map(\.verdict) == [.fails, .fails, .passes])
    #expect(checks[0].warns && !checks[0].failsJob)
    #expect(checks[1].failsJob && !checks[1].warns)
    #expect(checks.map(\.assertionIndex) == [0, 1, 2])
    #expect(GateReport.verdict(checks) == "gate FAILED: 1 of 3 checks (1 warning)")
    #expect(GateReport.verdict([checks[0]]) == "gate passed: 1 check (1 warning)")
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
