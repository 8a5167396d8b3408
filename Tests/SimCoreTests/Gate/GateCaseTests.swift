import Testing

@testable import SimCore

/// `GateCase` (Gate/GateCase.swift): the checks of one assertion on one trace, as one JUnit test
/// case and one annotation report them.
@Suite struct GateCaseTests {
  static func row(_ strategy: String, _ trace: String, _ wait: Double?) -> Gate.Row {
    Gate.Row(strategy: strategy, trace: trace, seeds: [1], runs: [wait.map { ["waitSeconds": $0] } ?? [:]])
  }

  static func checks() throws -> [Gate.Check] {
    let base = [Self.row("a", "t1", 1), Self.row("b", "t1", 1), Self.row("c", "t1", 1), Self.row("a", "t2", 1)]
    let now = [Self.row("a", "t1", 2), Self.row("b", "t1", 3), Self.row("c", "t1", 1), Self.row("a", "t2", 1)]
    return try Gate.check(
      [
        Assertion(try GateCondition("wait_time > +10%")),
        Assertion(try GateCondition("wait_time > 2.5"), level: .warn),
      ], now: now, baseline: base)
  }

  @Test func groupsByAssertionThenTraceInTheOrderChecked() throws {
    let cases = GateCase.group(try Self.checks())
    #expect(cases.map(\.trace) == ["t1", "t2", "t1", "t2"])
    #expect(cases.map { $0.checks.count } == [3, 1, 3, 1])
    #expect(cases.map(\.failsJob) == [true, false, false, false])
    #expect(cases.map(\.warns) == [false, false, true, false])
    #expect(cases[0].holding.map(\.strategy) == ["a", "b"])
  }

  @Test func summarisesWhatHoldsInOneSentence() throws {
    let cases = GateCase.group(try Self.checks())
    #expect(
      cases[0].summary
        == "holds for 2 of 3 rows on t1: a: 1.00 → 2.00, +1.00 (+100.0%); b: 1.00 → 3.00, +2.00 (+200.0%)")
    #expect(cases[1].summary == "holds for none of 1 rows on t2")
    #expect(cases[2].summary == "holds for 1 of 3 rows on t1: b: 1.00 → 3.00, +2.00 (+200.0%)")
  }

  /// More than three rows are counted, not named; a case with no value says so.
  @Test func namesAtMostThreeRowsAndSaysWhenNothingCouldBeChecked() throws {
    let base = (0..<5).map { Self.row("s\($0)", "t", 1) }
    let now = (0..<5).map { Self.row("s\($0)", "t", 2) }
    let many = GateCase.group(try Gate.check([GateCondition("wait_time > 1.5")], now: now, baseline: base))[0]
    #expect(many.summary.hasPrefix("holds for 5 of 5 rows on t: s0: 1.00 → 2.00"))
    #expect(many.summary.hasSuffix("; and 2 more"))
    let empty = GateCase.group(
      try Gate.check([GateCondition("wait_time > 1")], now: [Self.row("a", "t", nil)], baseline: nil))[0]
    #expect(empty.undefined)
    #expect(empty.summary == "no value to check on t")
  }
}
