/// How `scrollsim tune` spends its runs: successive halving (Jamieson & Talwalkar 2016; the
/// rule Hyperband repeats). Every candidate setting runs on a few of the sessions it may learn
/// from; the best `1/η` of them (by the objective, settings within the budgets first) run on `η`
/// times as many sessions; and so on until at most `η` settings run on every such session. A
/// setting clearly worse on a few sessions stops early; the team's current setting runs on every
/// rung's sessions, as the reference the relative budgets and the answer read against.
///
/// The rungs: `n₀ = candidates`, `nₖ₊₁ = ⌈nₖ / η⌉` while `nₖ > η`; rung `k` of `K` runs on
/// `⌈S / η^(K−k)⌉` of the `S` sessions (each with every network and replicate), the same
/// sessions first on every rung, so a later rung extends an earlier one's runs.
package struct TuneRace: Sendable {
  package let candidates: Int
  package let eta: Int
  package let sessions: Int
  /// How many settings run on each rung.
  package let settings: [Int]
  /// How many sessions each rung runs them on.
  package let sessionsPerRung: [Int]

  package init(candidates: Int, eta: Int = 3, sessions: Int) {
    self.candidates = candidates
    self.eta = eta
    self.sessions = sessions
    var sizes = [max(1, candidates)]
    while sizes.last! > eta { sizes.append((sizes.last! + eta - 1) / eta) }
    settings = sizes
    var power = 1.0
    var counts: [Int] = []
    for _ in sizes {
      counts.append(max(1, Int((Double(sessions) / power).rounded(.up))))
      power *= Double(eta)
    }
    sessionsPerRung = counts.reversed()
  }

  /// A setting's standing on one rung: broken budgets first put it behind every setting within
  /// them, then the objective, then its index (the current setting, index 0, wins a tie).
  package struct Standing: Sendable {
    package var setting: Int
    package var objective: Double
    package var broken: [String]
    package init(setting: Int, objective: Double, broken: [String]) {
      self.setting = setting
      self.objective = objective
      self.broken = broken
    }
    var order: (Int, Double, Int) { (broken.isEmpty ? 0 : 1, objective.isNaN ? .infinity : objective, setting) }
  }

  /// `standings` best first.
  package static func ranked(_ standings: [Standing]) -> [Standing] {
    standings.sorted { $0.order < $1.order }
  }

  /// The settings of `standings` that go on to the next rung: the best `keep`, the current
  /// setting (index 0) not taking a place, as it runs on every rung anyway.
  package static func survivors(_ standings: [Standing], keep: Int) -> [Int] {
    ranked(standings).map(\.setting).filter { $0 != 0 }.prefix(keep).sorted()
  }
}
