/// A strategy that is a search over runs rather than one run: the clairvoyant limit runs the
/// trace many times with settings of its own and keeps the best. `Simulation.run` hands such a
/// strategy the run's setup instead of running it once; the engine knows no more of it than
/// this protocol.
protocol SearchingStrategy: PrefetchStrategy {
  /// The run's result, found by running `Simulation.runOnce` as often as the search needs.
  static func search(_ setup: RunSetup, parameters: StrategyParameters) throws(SimError) -> RunResult
}

extension StrategyChoice {
  /// The search that runs this choice, if it is one strategy that searches over runs.
  var searching: (type: any SearchingStrategy.Type, parameters: StrategyParameters)? {
    guard parts.count == 1, let type = parts[0].kind.searching else { return nil }
    return (type, parts[0].parameters)
  }

  /// Whether this is the clairvoyant limit (platform `.limit`): reports measure every other
  /// strategy against it, and it is no contender for "best".
  package var isLimit: Bool { parts.contains { $0.kind.info.platform == .limit } }

  /// The run's role in reports: nil for a contender; the limit with its defaults is the
  /// `.reference` (what `waitOverLimit` is measured against), with other settings `.otherPlan`.
  package var limitRole: LimitRole? {
    guard isLimit else { return nil }
    return overrides.isEmpty ? .reference : .otherPlan
  }
}

/// A run of the clairvoyant limit, as reports treat it: a reference, never a contender. Its raw
/// value is how population reports write it (`"limit": "reference"`).
package enum LimitRole: String, Sendable, Equatable {
  /// The limit with its default plan (`StrategyChoice.limit`): every row's `waitOverLimit` is
  /// its wait minus this run's, and reports draw it as "the limit".
  case reference
  /// The limit with other settings (`oracle(minVisible=0.1)`): shown, never ranked.
  case otherPlan
}
