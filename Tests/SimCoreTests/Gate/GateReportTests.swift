import Testing

@testable import SimCore

@Suite struct GateReportTests {
  func check(
    _ strategy: String, _ trace: String, _ verdict: Gate.Verdict, baseline: Double? = 10, now: Double? = 12,
    halfWidth: Double = 0
  ) throws -> Gate.Check {
    Gate.Check(
      assertion: Assertion(try GateCondition("wait_time > +10%")), strategy: strategy, trace: trace, baseline: baseline,
      now: now,
      changeHalfWidth: halfWidth, verdict: verdict)
  }

  @Test func verdictCountsFailuresAndUndefinedChecks() throws {
    let passing = [try check("a", "t", .passes), try check("b", "t", .passes)]
    #expect(GateReport.verdict(passing) == "gate passed: 2 checks")
    let failing = passing + [try check("c", "t", .fails), try check("d", "t", .undefined, now: nil)]
    #expect(
      GateReport.verdict(failing) == "gate FAILED: 1 of 4 checks (1 undefined: a metric without a value)")
  }

  /// 10 → 12 is +2.00 (+20.0%); with replicates the interval follows.
  @Test func changeIsSignedWithPercentAndInterval() throws {
    #expect(GateReport.change(try check("a", "t", .fails)) == "+2.00 (+20.0%)")
    #expect(GateReport.change(try check("a", "t", .fails, now: 9, halfWidth: 0.4)) == "-1.00 ±0.40 (-10.0%)")
    #expect(GateReport.change(try check("a", "t", .passes, baseline: nil)) == "–")
  }

  /// With several traces the tables show failures and the summary rows, and count the rest;
  /// CSV lists every check.
  @Test func tablesHidePassingSingleTraceRowsAndCSVKeepsThem() throws {
    let checks = [
      try check("a", "x.json", .passes), try check("a", "y.json", .fails), try check("a", "sum over 2 traces", .passes),
    ]
    let markdown = GateReport.render(checks, notes: ["n"], provenance: nil, format: .md)
    #expect(markdown.hasPrefix("**scrollsim gate FAILED: 1 of 3 checks**"))
    #expect(markdown.contains("| ✗ | a | y.json |"))
    #expect(markdown.contains("| ✓ | a | sum over 2 traces |"))
    #expect(!markdown.contains("x.json"))
    #expect(markdown.contains("1 passing checks on the rows of single traces are not shown"))
    #expect(markdown.contains("Note: n."))
    let csv = GateReport.render(checks, notes: [], provenance: nil, format: .csv).split(separator: "\n")
    #expect(csv.count == 4)
    #expect(csv[1] == "passes,a,x.json,wait_time > +10%,10,12,0,error,0.95")
  }
}
