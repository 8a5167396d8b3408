import Testing

@testable import SimCore

/// The limit is a role a run carries (`RunMetrics.limitRole`), not a label reports compare:
/// the default plan is the reference, another plan is shown and never ranked.
@Suite struct LimitRoleTests {
  static func trace() throws -> NamedTrace {
    try NamedTrace.load([PackageRoot.url("Traces/lab/skimmer-60s.json").path])[0]
  }

  @Test func eachRunKnowsWhetherItIsTheLimit() throws {
    let catalog = StrategyCatalog.builtIn
    let choices =
      try catalog.choices("smart,oracle") + catalog.choices("oracle", parameters: ["minVisible=0.1"])
    let rows = try Comparison.run(traces: [try Self.trace()], scenario: .default, strategies: choices)
    #expect(rows.map(\.limitRole) == [nil, .reference, .otherPlan])
    #expect(rows[2].strategy == "oracle(minVisible=0.1)")
    // The other plan is not ranked, the reference is the limit the rows are measured against.
    let verdict = Verdict(rows)
    #expect(verdict.traces[0].ranked.map(\.strategy) == ["smart-range"])
    #expect(verdict.traces[0].limit == rows[1].waitSeconds)
    #expect(rows[0].waitOverLimit == rows[0].waitSeconds - rows[1].waitSeconds)
    #expect(Verdict.sorted(rows).map(\.strategy).first == "smart-range")
  }

  @Test func aSweepsRowsAreRecognisedByTheCatalog() {
    let catalog = StrategyCatalog.builtIn
    #expect(catalog.limitRole(of: "oracle", parameters: "") == .reference)
    #expect(catalog.limitRole(of: "clairvoyant", parameters: "minVisible=0.1") == .otherPlan)
    #expect(catalog.limitRole(of: "smart-range", parameters: "") == nil)
    #expect(catalog.limitRole(of: "no-such-strategy", parameters: "") == nil)
  }
}
