import Testing

@testable import SimCore

@Suite struct DeterminismTests {
  let traces = [
    NamedTrace(name: "flinger", trace: GestureGenerator.generate(profile: .flinger, duration: 20, seed: 2)),
    NamedTrace(name: "mixed", trace: GestureGenerator.generate(profile: .mixed, duration: 20, seed: 3)),
  ]

  @Test func sameInputsGiveByteIdenticalReportsSerialOrParallel() throws {
    let strategies = try StrategyCatalog.builtIn.choices("all")
    let serial = try Comparison.run(traces: traces, scenario: .default, strategies: strategies, jobs: 1)
    for jobs in [2, 3, 8] {
      let parallel = try Comparison.run(traces: traces, scenario: .default, strategies: strategies, jobs: jobs)
      for format in ReportFormat.allCases {
        #expect(Report.render(serial, format: format) == Report.render(parallel, format: format))
      }
    }
  }

  /// The limit's runs start first (they take several plain runs' time), the rest in order:
  /// its own yardstick run (nil) and any searching strategy are long.
  @Test func theLimitsRunsStartFirst() throws {
    let threshold = try StrategyChoice(name: "threshold", parameters: [])
    let oracle = StrategyChoice.limit
    #expect(Batch.longestFirst([threshold, nil, threshold, oracle, threshold]) == [1, 3, 0, 2, 4])
    #expect(Batch.longestFirst([threshold, threshold]) == [0, 1])
    #expect(Batch.longestFirst([]) == [])
  }

  @Test func eventTimelinesAreIdentical() throws {
    let a = try Fixtures.run("smart", trace: traces[0].trace, scenario: .default, events: true)
    let b = try Fixtures.run("smart", trace: traces[0].trace, scenario: .default, events: true)
    #expect(a.events == b.events)
    #expect(a.events.count > 100)
  }

  @Test func theSeedChangesTheLuck() throws {
    let a = try Fixtures.run("infinite", trace: traces[1].trace, scenario: .default, seed: 1).metrics
    let b = try Fixtures.run("infinite", trace: traces[1].trace, scenario: .default, seed: 2).metrics
    #expect(a.blankCellSeconds != b.blankCellSeconds)
  }

  @Test func generatorIsSeeded() {
    let a = GestureGenerator.generate(profile: .mixed, duration: 30, seed: 5)
    #expect(a == GestureGenerator.generate(profile: .mixed, duration: 30, seed: 5))
    #expect(a != GestureGenerator.generate(profile: .mixed, duration: 30, seed: 6))
  }
}
