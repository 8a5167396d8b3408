import Testing

@testable import SimCore

@Suite struct ReplicatesTests {
  let traces = [
    NamedTrace(name: "fling", trace: GestureGenerator.generate(profile: .flingStress, duration: 10, seed: 5))
  ]

  /// Same inputs: byte-identical reports, serial or parallel; every strategy got the same seeds.
  @Test func reproducibleSerialOrParallel() throws {
    let strategies = try StrategyCatalog.builtIn.choices("all")
    let parallel = try Replicates.run(
      traces: traces, scenario: .default, strategies: strategies, options: SimulationOptions(seed: 3), replicates: 4)
    let serial = try Replicates.run(
      traces: traces, scenario: .default, strategies: strategies, options: SimulationOptions(seed: 3), replicates: 4,
      jobs: 1)
    for format in ReportFormat.allCases {
      #expect(ReplicatesReport.render(parallel, format: format) == ReplicatesReport.render(serial, format: format))
    }
    let seeds = parallel.map { $0.runs.map(\.seed) }
    #expect(Set(seeds).count == 1)
    #expect(Set(seeds[0]).count == 4)
    #expect(seeds[0][0] == 3)
  }

  /// A replicate's seed, as the JSON report writes it, reproduces that replicate's row when
  /// given back as `--seed` (seeds past 2^53 were once written as doubles, which do not).
  @Test func aReplicateReRunFromItsWrittenSeedReproducesItsRow() throws {
    let strategies = try StrategyCatalog.builtIn.choices("threshold")
    let rows = try Replicates.run(
      traces: traces, scenario: .default, strategies: strategies, options: SimulationOptions(seed: 3), replicates: 3)
    let written = try Baseline.read(JSONParser.parse(ReplicatesReport.render(rows, format: .json)))
    let row = try #require(written.rows.first { $0.strategy == "threshold" })
    #expect(row.seeds.contains { $0 > 1 << 53 })
    for (seed, values) in zip(row.seeds, row.runs) {
      let again = try Comparison.run(
        traces: traces, scenario: .default, strategies: strategies, options: SimulationOptions(seed: seed))
      #expect(Gate.Row.values(again[0]) == values, "seed \(seed)")
    }
  }

  /// With several traces, a summary row per strategy: per replicate, the sum over the traces.
  @Test func summaryRowsPairPerReplicate() throws {
    let two =
      traces + [
        NamedTrace(name: "skim", trace: GestureGenerator.generate(profile: .skimmer, duration: 10, seed: 2))
      ]
    let strategies = try StrategyCatalog.builtIn.choices("infinite,smart")
    let rows = try Replicates.run(
      traces: two, scenario: .default, strategies: strategies, options: SimulationOptions(seed: 3), replicates: 3)
    #expect(rows.count == 2 * 2 + 2)
    for summary in rows.suffix(2) {
      #expect(summary.trace == "sum over 2 traces")
      let parts = rows.prefix(4).filter { $0.strategy == summary.strategy }
      for replicate in 0..<3 {
        let sum = parts.reduce(0.0) { $0 + $1.runs[replicate].waitSeconds }
        #expect(abs(summary.runs[replicate].waitSeconds - sum) < 1e-9)
        #expect(summary.runs[replicate].seed == parts[0].runs[replicate].seed)
      }
    }
  }

  /// The interval: mean ± t(0.975, n−1)·s/√n; for 1, 2, 3: 2 ± 4.3027·1/√3 (t₂ = 4.30265 to
  /// five decimals); at 99%, t₂ = 9.92484.
  @Test func studentInterval() {
    let estimate = Estimate.of([1, 2, 3])
    #expect(estimate.mean == 2)
    #expect(abs(estimate.halfWidth - 4.30265 / 3.0.squareRoot()) < 1e-5)
    #expect(abs(Estimate.of([1, 2, 3], confidence: 0.99).halfWidth - 9.92484 / 3.0.squareRoot()) < 1e-5)
    #expect(Estimate.of([5]).halfWidth == 0)
  }

  /// Identical strategies tie on everything; a clearly worse one does not.
  @Test func tiesWithBest() throws {
    let same = try [
      StrategyChoice(name: "threshold", parameters: []), StrategyChoice(name: "threshold", parameters: ["guard=true"]),
    ]
    let rows = try Replicates.run(
      traces: traces, scenario: .default, strategies: same, options: SimulationOptions(), replicates: 3)
    let ties = Replicates.tiesWithBest(rows)
    #expect(ties[0].contains("blankCellSeconds") || ties[1].contains("blankCellSeconds"))
    let different = try StrategyCatalog.builtIn.choices("infinite,smart")
    let apart = try Replicates.run(
      traces: traces, scenario: .default, strategies: different, options: SimulationOptions(), replicates: 5)
    #expect(!Replicates.tiesWithBest(apart)[0].contains("blankCellSeconds"))
  }

  /// "Best" follows the metric's direction: most cache hits, least wait; counts that only
  /// describe a run (cells that appeared, requests made) are never marked.
  @Test func tiesFollowEachMetricsDirection() {
    func run(wait: Double, hits: Int, appeared: Int, limit: Bool = false) -> RunMetrics {
      var metrics = RunMetrics()
      metrics.limitRole = limit ? .reference : nil
      metrics.waitSeconds = wait
      metrics.cacheHits = hits
      metrics.cellsAppeared = appeared
      return metrics
    }
    // A waits clearly less and hits the cache clearly less; B the reverse.
    let a = ReplicatedRow(
      strategy: "a", trace: "t", runs: [run(wait: 1, hits: 1, appeared: 10), run(wait: 1.1, hits: 2, appeared: 11)])
    let b = ReplicatedRow(
      strategy: "b", trace: "t", runs: [run(wait: 5, hits: 50, appeared: 10), run(wait: 5.2, hits: 52, appeared: 11)])
    // C hits the cache about as often as B: tied with the best on cache hits.
    let c = ReplicatedRow(
      strategy: "c", trace: "t", runs: [run(wait: 5, hits: 49, appeared: 10), run(wait: 5.2, hits: 53, appeared: 11)])
    let ties = Replicates.tiesWithBest([a, b, c])
    #expect(!ties[1].contains("waitSeconds"))  // b is worse on wait: no ≈
    #expect(!ties[0].contains("cacheHits"))  // a is worse on cache hits (fewer): no ≈
    #expect(ties[2].contains("cacheHits"))
    #expect(!ties[0].contains("cellsAppeared") && !ties[1].contains("cellsAppeared"))
    // The clairvoyant limit is no contender: beside it, the best real strategy stays best.
    let limit = ReplicatedRow(
      strategy: "oracle", trace: "t",
      runs: [
        run(wait: 0.1, hits: 90, appeared: 10, limit: true), run(wait: 0.1, hits: 91, appeared: 11, limit: true),
      ])
    let withLimit = Replicates.tiesWithBest([a, b, c, limit])
    #expect(withLimit[0] == ties[0] && withLimit[1] == ties[1] && withLimit[2] == ties[2] && withLimit[3].isEmpty)
  }
}
