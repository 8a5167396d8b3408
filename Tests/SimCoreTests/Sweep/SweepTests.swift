import Testing

@testable import SimCore

@Suite struct SweepTests {
  @Test func gridExpansion() throws {
    let axis = try SweepPlan.axis("threshold=0.5:0.95:0.05")
    #expect(axis.name == ParameterName(key: "threshold"))
    #expect(axis.values.count == 10)
    #expect(axis.values.first == "0.5" && axis.values.last == "0.95")
    #expect(axis.values[3] == "0.65")  // no float drift
    let list = try SweepPlan.axis("preload-leading=1,2,3")
    #expect(list.name == ParameterName(key: "preloadLeading"))
    #expect(list.values == ["1", "2", "3"])
    #expect(try SweepPlan.axis("mode=static,dynamic").values == ["static", "dynamic"])
    #expect(throws: SimError.self) { try SweepPlan.axis("threshold=0.9:0.5:0.1") }
    #expect(throws: SimError.self) { try SweepPlan.axis("threshold") }
    // More values than an Int holds is refused, not a trap.
    #expect(throws: SimError.self) { try SweepPlan.axis("threshold=0:1:1e-300") }

    // Axes apply to the strategies that declare them: threshold × 10, smart × 3, infinite × 1;
    // then × 2 networks × 2 traces × 2 replicates.
    var plan = SweepPlan(strategies: ["threshold", "smart-range", "infinite-list"], traceNames: ["a", "b"])
    plan.grid = [axis, list]
    plan.networks = ["wifi", "3g"]
    plan.replicates = 2
    let configurations = try plan.configurations()
    #expect(configurations.count == (10 + 3 + 1) * 2 * 2 * 2)
    #expect(configurations.map(\.index) == Array(0..<configurations.count))
    #expect(configurations[0].parametersText == "threshold=0.5")
    #expect(configurations.last!.parametersText == "")
    // Replicates share seeds across configurations.
    #expect(Set(configurations.map(\.seed)).count == 2)
  }

  /// Configurations are made when asked for; the order is strategies × parameter sets ×
  /// networks × traces × replicates, the last fastest, as the runs table's indices promise.
  @Test func configurationsAreMadeInTheirPlannedOrder() throws {
    var plan = SweepPlan(strategies: ["threshold", "infinite-list"], traceNames: ["a", "b", "c"])
    plan.grid = [try SweepPlan.axis("threshold=0.5,0.7")]
    plan.networks = ["wifi", "3g"]
    plan.replicates = 2
    plan.sessionLuck = true
    var expected: [String] = []
    for (strategy, sets) in [("threshold", ["threshold=0.5", "threshold=0.7"]), ("infinite-list", [""])] {
      for set in sets {
        for network in plan.networks {
          for trace in 0..<3 {
            for replicate in 0..<2 {
              let seed = plan.runSeed(trace: trace, replicate: replicate)
              expected.append("\(expected.count) \(strategy) \(set) \(network) \(trace) \(replicate) \(seed)")
            }
          }
        }
      }
    }
    let made = try plan.configurations().map {
      "\($0.index) \($0.strategy) \($0.parametersText) \($0.network) \($0.trace) \($0.replicate) \($0.seed)"
    }
    #expect(made == expected)
    #expect(Set(made.map { $0.split(separator: " ").last! }).count == 6)  // each session, each replicate
  }

  @Test func unknownParametersAndBadValues() {
    var plan = SweepPlan(strategies: ["infinite-list"], traceNames: ["a"])
    plan.grid = [SweepPlan.Axis(name: ParameterName(key: "threshold"), values: ["0.5"])]
    #expect(throws: SimError.self) { try plan.configurations() }
    var bad = SweepPlan(strategies: ["threshold"], traceNames: ["a"])
    bad.grid = [SweepPlan.Axis(name: ParameterName(key: "threshold"), values: ["1.5"])]  // outside 0...1
    #expect(throws: SimError.self) { try bad.configurations() }
    bad.grid = [SweepPlan.Axis(name: ParameterName(key: "mode"), values: ["fast"])]  // not a choice
    #expect(throws: SimError.self) { try bad.configurations() }
  }

  /// An axis goes to the strategies that declare it with the values each takes: `mode` is
  /// threshold's static/dynamic and smart-range's auto/full/minimum; a scoped axis goes to one.
  @Test func choiceAxesApplyWhereTheValueIsTaken() throws {
    var plan = SweepPlan(strategies: ["threshold", "smart-range"], traceNames: ["a"])
    plan.grid = [try SweepPlan.axis("mode=static,dynamic,full")]
    let texts = try plan.configurations().map { "\($0.strategy) \($0.parametersText)" }
    #expect(texts == ["threshold mode=static", "threshold mode=dynamic", "smart-range mode=full"])
    plan.grid = [try SweepPlan.axis("smart-range.mode=full,minimum"), try SweepPlan.axis("leading-screens=1,3")]
    let scoped = try plan.configurations()
    #expect(scoped.count == 1 + 4)
    #expect(scoped.last?.parametersText == "smart-range.mode=minimum;leadingScreens=3")
    plan.grid = [try SweepPlan.axis("mode=static,sideways")]  // a value nobody takes
    #expect(throws: SimError.self) { try plan.configurations() }
  }

  @Test func randomSearchIsSeeded() throws {
    var plan = SweepPlan(strategies: ["threshold"], traceNames: ["a"])
    plan.ranges = [try SweepPlan.range("threshold=0.5:0.9")]
    plan.samples = 20
    let a = try plan.configurations().map(\.parametersText)
    let b = try plan.configurations().map(\.parametersText)
    #expect(a == b)
    #expect(Set(a).count == 20)
    let values = a.map { Double($0.dropFirst("threshold=".count))! }
    #expect(values.allSatisfy { (0.5...0.9).contains($0) })
  }

  /// Deep nesting and huge expressions are refused before they can exhaust the stack.
  @Test func objectiveLimits() throws {
    _ = try Objective(String(repeating: "(", count: 64) + "wait_time" + String(repeating: ")", count: 64))
    #expect(throws: SimError.self) {
      try Objective(String(repeating: "(", count: 65) + "wait_time" + String(repeating: ")", count: 65))
    }
    #expect(throws: SimError.self) { try Objective(String(repeating: "-", count: 100) + "wait_time") }
    #expect(throws: SimError.self) { try Objective(String(repeating: "(", count: 10_000)) }
  }

  /// A number too large for a Double is refused (it wrote NaN into the report), the largest
  /// finite one is taken, and arithmetic that overflows leaves the run's objective undefined.
  @Test func objectiveNumbersAreFinite() throws {
    for bad in ["1e999", "1e999 * wait_time", "wait_time + 2e308", "-1e400"] {
      #expect(throws: SimError.self) { try Objective(bad) }
    }
    #expect(try Objective("1.7e308").value([:]) == 1.7e308)
    #expect(try Objective("1.7e308 * 10").value([:]) == nil)
    #expect(try Objective("wait_time * 1e300").value(["waitSeconds": 1e10]) == nil)
    #expect(try Objective("wait_time * 1e300").value(["waitSeconds": 2]) == 2e300)
  }

  @Test func objectiveParsing() throws {
    let metrics: [String: Double] = [
      "blankCellSeconds": 10, "wastedContentRequests": 30, "wastedPageRequests": 2, "stallSeconds": 1.5,
      "pageRequests": 4, "contentRequests": 40, "bytes": 2_000_000,
    ]
    #expect(try Objective("blank_time + 0.1*wasted_requests").value(metrics) == 10 + 0.1 * 32)
    #expect(
      try Objective(SweepSummary.defaultObjective).value(metrics.merging(["waitSeconds": 3]) { $1 }) == 3 + 0.01 * 32)
    #expect(try Objective("(blank_time + stall_time) * 2 - -1").value(metrics) == (10 + 1.5) * 2 + 1)
    #expect(try Objective("megabytes / requests").value(metrics) == 2.0 / 44)
    #expect(try Objective("blankCellSeconds + blank_cell_seconds").value(metrics) == 20)
    #expect(try Objective("ttcP95").value(metrics) == nil)  // no value: undefined
    let memory = ["peakMemory": 512 * MemoryUnits.mb, "meanMemory": 256 * MemoryUnits.mb, "kills": 1]
    #expect(try Objective("peak_mb + mean_mb + 100 * kills").value(memory) == 512 + 256 + 100)
    for bad in ["blank_time +", "blank_time * (2", "nonsense", "2 $ 3", "strategy"] {
      #expect(throws: SimError.self) { try Objective(bad) }
    }
  }

  @Test func paretoFrontierOnAHandMadeSet() {
    func candidate(_ name: String, _ wait: Double, _ wasted: Double, _ objective: Double) -> SweepSummary.Candidate {
      SweepSummary.Candidate(
        strategy: "s", parameters: name, runs: 1, waitSeconds: wait, blankCellSeconds: wait * 4,
        wastedRequests: wasted, stallSeconds: 0, objective: objective)
    }
    let set = [
      candidate("a", 10, 50, 15),  // frontier: least wait
      candidate("b", 20, 10, 21),  // frontier: less waste
      candidate("c", 15, 30, 18),  // frontier: in between
      candidate("d", 16, 31, 19),  // dominated by c
      candidate("e", 25, 40, 29),  // dominated by b and c
      candidate("f", 30, 5, 30.5),  // frontier: least waste of all
      candidate("g", 10, 60, 16),  // dominated by a (same wait, more waste)
    ]
    #expect(SweepSummary.pareto(set).map(\.parameters) == ["a", "c", "b", "f"])
    #expect(SweepSummary.best(set).map(\.parameters) == ["a"])
    // Against hitches: the wasted column read as the hitch time ratio, the same frontier.
    let hitches = set.map { candidate in
      var candidate = candidate
      candidate.means["hitchTimeRatio"] = candidate.wastedRequests
      return candidate
    }
    #expect(SweepSummary.waitAndHitchFrontier(hitches).map(\.parameters) == ["a", "c", "b", "f"])
    // Against memory, with `a` killed in one of its runs: `a` leaves every frontier and the
    // best table, and `g` (same wait, more waste, lived) takes its place.
    let memory = set.map { candidate in
      var candidate = candidate
      candidate.means["peakMemory"] = candidate.wastedRequests
      candidate.means["kills"] = candidate.parameters == "a" ? 0.5 : 0
      return candidate
    }
    #expect(SweepSummary.waitAndMemoryFrontier(memory).map(\.parameters) == ["g", "c", "b", "f"])
    #expect(SweepSummary.pareto(memory).map(\.parameters) == ["g", "c", "b", "f"])
    #expect(SweepSummary.best(memory).map(\.parameters) == ["g"])
    // Every configuration killed: the best is still the lowest objective among them.
    let allKilled = set.map { candidate in
      var candidate = candidate
      candidate.means["kills"] = 1
      return candidate
    }
    #expect(SweepSummary.best(allKilled).map(\.parameters) == ["a"])
    #expect(SweepSummary.pareto(allKilled).isEmpty)
  }

  /// The winner per trace and network: lowest mean objective over replicates there, and the
  /// best configuration of another strategy as runner-up; cells in the table's order.
  @Test func winnersPerTraceAndNetworkOnAHandMadeTable() throws {
    var table = SweepTable(fingerprint: "f", total: 8)
    let rows: [(String, String, String, String, Double)] = [
      ("a", "", "wifi", "t1", 5), ("a", "", "wifi", "t1", 7),  // mean 6
      ("b", "x=1", "wifi", "t1", 4), ("b", "x=1", "wifi", "t1", 9),  // mean 6.5
      ("b", "x=2", "wifi", "t1", 1), ("b", "x=2", "wifi", "t1", 2),  // mean 1.5: best
      ("a", "", "3g", "t1", 3), ("b", "x=1", "3g", "t1", 3),  // a tie: the earlier wins
    ]
    for (index, (strategy, parameters, network, trace, blank)) in rows.enumerated() {
      table.rows[index] = SweepTable.Row(
        index: index, strategy: strategy, parameters: parameters, network: network, trace: trace, replicate: 0,
        seed: 1, values: ["blankCellSeconds": blank, "waitSeconds": blank / 4])
    }
    let cells = SweepSummary.winners(table, objective: try Objective("blank_time"))
    #expect(cells.map(\.network) == ["wifi", "3g"])
    #expect(cells[0].best.strategy == "b" && cells[0].best.parameters == "x=2" && cells[0].best.objective == 1.5)
    #expect(cells[0].runnerUp?.strategy == "a" && cells[0].runnerUp?.objective == 6)
    #expect(cells[1].best.strategy == "a" && cells[1].runnerUp?.strategy == "b")
    let summary = SweepSummary.markdown(table, objective: try Objective("blank_time"))
    #expect(summary.contains("| t1 | wifi | b (x=2) | 1.50 |"))
    // One strategy: the runner-up is its second-best configuration.
    var single = SweepTable(fingerprint: "f", total: 2)
    single.rows = table.rows.filter { $0.value.strategy == "b" && $0.value.network == "wifi" }
    let alone = SweepSummary.winners(single, objective: try Objective("blank_time"))
    #expect(alone.first?.runnerUp?.parameters == "x=1")
  }

  func sweep(jobs: Int, shard: (Int, Int)? = nil) throws -> SweepTable {
    var plan = SweepPlan(strategies: ["threshold", "smart-range"], traceNames: ["fling"])
    plan.grid = [try SweepPlan.axis("threshold=0.6:0.8:0.1"), try SweepPlan.axis("leading-screens=1,2")]
    plan.networks = ["wifi", "slow-4g"]
    plan.replicates = 2
    let all = Array(try plan.configurations())
    let selected = shard.map { s in all.filter { $0.index % s.1 == s.0 - 1 } } ?? all
    let input = SweepRunner.Input(
      plan: plan,
      traces: [
        NamedTrace(name: "fling", trace: GestureGenerator.generate(profile: .flingStress, duration: 15, seed: 3))
      ],
      scenario: .default, options: SimulationOptions())
    var table = SweepTable(fingerprint: try input.fingerprint(), total: all.count)
    try SweepRunner.run(input, configurations: selected, into: &table, jobs: jobs)
    return table
  }

  /// The tuning trap of issue 11: with batch fetching off (leadingScreens=0) Texture never loads
  /// page 2, so the user sees fewer cells and blank-cell time alone looks better. The default
  /// objective's wait counts the unmet demand at the end of the list, so it prefers loading.
  @Test func theDefaultObjectivePrefersLoadingPages() throws {
    let traces = try GoldenTests.bundledTraces()
    var plan = SweepPlan(strategies: ["smart-range"], traceNames: traces.map(\.name))
    plan.grid = [try SweepPlan.axis("leading-screens=0:4:1")]
    plan.networks = ["3g"]
    plan.replicates = 2
    let all = Array(try plan.configurations())
    let input = SweepRunner.Input(
      plan: plan, traces: traces, scenario: .default, options: SimulationOptions())
    var table = SweepTable(fingerprint: try input.fingerprint(), total: all.count)
    try SweepRunner.run(input, configurations: all, into: &table, jobs: 2)
    let candidates = SweepSummary.candidates(table, objective: try Objective(SweepSummary.defaultObjective))
    let best = try #require(SweepSummary.best(candidates).first)
    #expect(best.parameters != "leadingScreens=0")
    // Blank time alone still falls for it: that is why it is not the headline.
    let byBlank = SweepSummary.best(SweepSummary.candidates(table, objective: try Objective("blank_time")))
    #expect(byBlank.first?.parameters == "leadingScreens=0")
  }

  /// The same table for any --jobs; four shards merge into the unsharded table byte for byte.
  @Test func deterministicAcrossJobsAndShards() throws {
    let one = try sweep(jobs: 1).csv
    #expect(try sweep(jobs: 4).csv == one)
    var shards: [(file: String, table: SweepTable)] = []
    for k in 1...4 {
      let text = try sweep(jobs: 2, shard: (k, 4)).csv
      shards.append(("shard-\(k).csv", try SweepTable.read(text, file: "shard-\(k).csv")))
    }
    #expect(try SweepTable.merge(shards).csv == one)
    // A missing shard, or a shard twice, is an error.
    #expect(throws: SimError.self) { try SweepTable.merge(Array(shards.dropLast())) }
    #expect(throws: SimError.self) { try SweepTable.merge(shards + [shards[0]]) }
  }

  /// Shards run with another scenario, option or trace content have another fingerprint, so
  /// `merge` and `--resume` refuse to mix them; the same inputs give the same fingerprint.
  @Test func fingerprintCoversScenarioOptionsAndTraceContents() throws {
    var plan = SweepPlan(strategies: ["threshold"], traceNames: ["t"])
    plan.grid = [try SweepPlan.axis("threshold=0.6,0.7")]
    let trace = GestureGenerator.generate(profile: .mixed, duration: 5, seed: 1)
    func fingerprint(
      scenario: Scenario = .default, options: SimulationOptions = SimulationOptions(), trace: Trace = trace
    ) throws -> String {
      try SweepRunner.Input(
        plan: plan, traces: [NamedTrace(name: "t", trace: trace)], scenario: scenario, options: options
      ).fingerprint()
    }
    let base = try fingerprint()
    #expect(try fingerprint() == base)
    var scenario = Scenario.default
    scenario.feed.pageSize = 10
    #expect(try fingerprint(scenario: scenario) != base)
    var options = SimulationOptions()
    options.physics = "android"
    #expect(try fingerprint(options: options) != base)
    #expect(try fingerprint(trace: GestureGenerator.generate(profile: .mixed, duration: 5, seed: 2)) != base)
    // Hashed as a stream, it is the hash of the whole text the sweep's definition and traces make.
    let text =
      plan.definition + ";scenario=" + Provenance.definition(.default, SimulationOptions()) + ";trace="
      + trace.encoded()
    #expect(base == Provenance.hex(fnv1a64(text)))
    // Read a few at a time, many traces hash as their concatenation.
    let traces = (0..<20).map {
      NamedTrace(name: "t\($0)", trace: GestureGenerator.generate(profile: .mixed, duration: 2, seed: UInt64($0)))
    }
    let many = try SweepRunner.Input(plan: plan, traces: traces, scenario: .default, options: SimulationOptions())
    let whole =
      plan.definition + ";scenario=" + Provenance.definition(.default, SimulationOptions())
      + traces.map { ";trace=" + $0.trace.encoded() }.joined()
    #expect(try many.fingerprint(threads: 1) == Provenance.hex(fnv1a64(whole)))
    #expect(try many.fingerprint(threads: 3) == Provenance.hex(fnv1a64(whole)))
  }

  @Test func tableReadsBackAndRejectsForeignRows() throws {
    let table = try sweep(jobs: 2)
    let reread = try SweepTable.read(table.csv, file: "t.csv")
    #expect(reread.csv == table.csv)
    #expect(reread.rows[0]?.values["blankCellSeconds"] == table.rows[0]?.values["blankCellSeconds"])
    #expect(throws: SimError.self) { try SweepTable.read("a,b\n1,2\n", file: "x.csv") }
    let summary = SweepSummary.markdown(table, objective: try Objective("blank_time"))
    #expect(summary.contains("## Pareto frontier"))
    #expect(summary.contains("| threshold |"))
  }

  /// A plan past a million runs is refused before anything is built, with the count; so is a
  /// merge CSV that claims more.
  @Test func planAndMergeLimits() throws {
    var plan = SweepPlan(strategies: ["threshold"], traceNames: ["a", "b"])
    plan.grid = [try SweepPlan.axis("threshold=0:0.99:0.00001"), try SweepPlan.axis("mode=static,dynamic")]
    plan.replicates = 3
    #expect(try plan.runCount() == 99_001 * 2 * 2 * 3)
    do {
      _ = try plan.configurations()
      Issue.record("a plan of 1188012 runs was built")
    } catch {
      #expect(error.exitCode == 64)
      #expect(error.description.contains("the sweep would take 1188012 runs; at most 1000000"))
    }
    let table = try sweep(jobs: 1)
    let lines = table.csv.split(separator: "\n").map(String.init)
    var cells = lines[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    cells[1] = "9223372036854775807"
    do {
      _ = try SweepTable.read(([lines[0], cells.joined(separator: ",")]).joined(separator: "\n"), file: "big.csv")
      Issue.record("a total of Int.max was read")
    } catch {
      #expect(error.description.contains("big.csv: line 2: total 9223372036854775807 runs is outside 1...1000000"))
    }
  }

  /// The batch check of a grid axis agrees with `takes` value by value, on every built-in
  /// strategy and pair, for numbers in and out of range, choices, flags, scoped and kebab keys.
  @Test func batchValueCheckAgreesWithTakes() throws {
    let catalog = StrategyCatalog.builtIn
    let values = [
      "0", "0.5", "1", "3", "-1", "1e9", "nan", " 0.5", "static", "dynamic", "full", "true", "false", "x", "",
    ]
    let keys = [
      "threshold", "mode", "leadingScreens", "leading-screens", "threshold.mode", "smart-range.mode", "remain", "gap",
      "prefetchDistance", "glide.maxPreload", "nosuch", "-",
    ]
    for strategy in catalog.names + ["paging3+glide", "remain+on-display", "sentinel+chromium-lazy"] {
      for key in keys {
        let name = ParameterName(parsing: key)
        let expected = values.filter { catalog.takes(strategy, ParameterAssignment(name, $0)) }
        #expect(catalog.values(values, takenBy: strategy, name: name) == expected, "\(strategy) \(key)")
      }
    }
  }
}
