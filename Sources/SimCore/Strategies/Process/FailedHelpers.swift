/// A comparison that goes on when a strategy's helper process fails: the failed strategy is
/// left out and the others run again (a run is a pure function of its inputs, so their rows
/// are the rows they would have had), and the report says which strategy failed and why.
package enum FailedHelpers {
  /// One strategy left out, and the error that put it out.
  package struct Failure: Sendable {
    package var strategy: String
    package var error: SimError
  }

  /// `body` over `choices`, again without each strategy whose helper fails, until it succeeds.
  /// An error that is no helper's, or the last strategy failing, is thrown as it is.
  package static func excluding<Result>(
    _ choices: [StrategyChoice], _ body: ([StrategyChoice]) throws(SimError) -> Result
  ) throws(SimError) -> (result: Result, failures: [Failure]) {
    var remaining = choices
    var failures: [Failure] = []
    while true {
      do {
        return (try body(remaining), failures)
      } catch {
        let failed = remaining.filter { choice in
          choice.parts.contains { $0.kind.command.map { "process:\($0)" } == error.file }
        }
        guard !failed.isEmpty, failed.count < remaining.count else { throw error }
        for choice in failed { failures.append(Failure(strategy: choice.label, error: error)) }
        remaining.removeAll { choice in failed.contains { $0.label == choice.label } }
      }
    }
  }

  /// The lines a report starts with: each failed strategy and why.
  package static func notes(_ failures: [Failure]) -> [String] {
    failures.map { "\($0.strategy) failed and is left out of this report: \($0.error.message)" }
  }
}
