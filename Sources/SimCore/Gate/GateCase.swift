/// The checks of one assertion on one trace (or on the sums over traces): what one JUnit test
/// case and one GitHub annotation report. An assertion without a strategy covers every row of
/// the trace, so a case lists each strategy it holds for.
package struct GateCase: Sendable {
  package var assertion: Assertion
  package var trace: String
  package var checks: [Gate.Check]

  /// Cases in the order checked: by assertion, then by trace as the rows come.
  package static func group(_ checks: [Gate.Check]) -> [GateCase] {
    var cases: [GateCase] = []
    var positions: [String: Int] = [:]
    for check in checks {
      let key = "\(check.assertionIndex)\u{0}\(check.trace)"
      if let position = positions[key] {
        cases[position].checks.append(check)
      } else {
        positions[key] = cases.count
        cases.append(GateCase(assertion: check.assertion, trace: check.trace, checks: [check]))
      }
    }
    return cases
  }

  /// An `error` assertion holds on some row: the job fails.
  package var failsJob: Bool { checks.contains(where: \.failsJob) }
  /// A `warn` assertion holds on some row.
  package var warns: Bool { checks.contains(where: \.warns) }
  /// No row had a value to check.
  package var undefined: Bool { checks.allSatisfy { $0.verdict == .undefined } }
  /// The checks where the condition holds.
  package var holding: [Gate.Check] { checks.filter { $0.verdict == .fails } }

  /// `smart-range: 4.50 → 5.20, +0.70 ±0.30 (+15.6%)`: one check, for messages.
  package static func line(_ check: Gate.Check) -> String {
    let now = GateReport.number(check.now)
    guard check.baseline != nil else { return "\(check.strategy): \(now)" }
    return "\(check.strategy): \(GateReport.number(check.baseline)) → \(now), \(GateReport.change(check))"
  }

  /// What the case says in one sentence: the rows it holds for (at most three named).
  package var summary: String {
    let rows = holding
    guard !rows.isEmpty else {
      return undefined ? "no value to check on \(trace)" : "holds for none of \(checks.count) rows on \(trace)"
    }
    let named = rows.prefix(3).map(Self.line).joined(separator: "; ")
    let more = rows.count > 3 ? "; and \(rows.count - 3) more" : ""
    return "holds for \(rows.count) of \(checks.count) rows on \(trace): \(named)\(more)"
  }
}
