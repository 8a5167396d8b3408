/// What `scrollsim tune` found: the race it ran, the setting it chose on the training sessions,
/// how that setting and the other finalists did on the held-out sessions, and whether it
/// recommends the change (`TuneSearch.run`; `TuneReport` writes it out).
package struct TuneResult: Sendable {
  /// One rung of the race.
  package struct Rung: Sendable, Equatable {
    package var settings: Int
    package var sessions: Int
    /// Runs this rung added (its settings, the current one included, on its sessions with every
    /// network and replicate, less the runs earlier rungs made of them).
    package var runs: Int
  }

  /// One setting measured on a set of runs.
  package struct Measured: Sendable {
    package var setting: Int
    /// The objective (mean or percentile of the per-session wait), s.
    package var objective: Double
    package var meanWait: Double
    /// Per session: bytes, the app's mean footprint, the hitch time ratio (ms/s).
    package var bytes: Double
    package var meanMemory: Double
    package var hitchRatio: Double
    /// The highest peak footprint of any session.
    package var peakMemory: Double
    /// Runs in which the app was killed.
    package var kills: Int
    /// The budgets it breaks against the current setting on the same runs (kills first).
    package var broken: [String]
  }

  package var request: TuneRequest
  /// The settings raced; 0 is the current one.
  package var settings: [[ParameterAssignment]]
  package var split: TuneSplit
  package var rungs: [Rung]
  /// The setting the race chose on the training sessions (0: none beat the current one within
  /// the budgets).
  package var chosen: Int
  /// What the current setting breaks on the training sessions (a team's setting can already be
  /// over a budget or killed; then the best setting within them is the answer).
  package var currentBroken: [String]
  /// The finalists (the current and chosen settings among them) on the held-out sessions.
  package var heldOut: [Measured]
  /// The clairvoyant limit on the held-out sessions.
  package var limit: Measured
  /// The chosen setting's change of the objective on the held-out sessions.
  package var gain: TuneGain
  /// Whether to ship the chosen setting, and why or why not.
  package var recommended: Bool
  package var reason: String
  /// Sessions of two device classes or more: each class raced on its own and the per-class
  /// settings judged against the answer (`TuneByClass`); nil otherwise.
  package var byClass: TuneByClass?
  /// Each searched knob moved over its values with the others at the answer, on the held-out
  /// sessions (`TuneSensitivity`).
  package var sensitivity: TuneSensitivity?
  /// The best setting found against the current one per network and per device class, with
  /// the tails, the sessions that would decide it and what decides the mean (`TuneBreakdown`).
  package var breakdown: TuneBreakdown?

  package var space: TuneSpace { request.space }

  /// Runs the race made, and runs on the held-out sessions (the finalists and the limit).
  package var raceRuns: Int { rungs.reduce(0) { $0 + $1.runs } }
  package var heldOutRuns: Int {
    (heldOut.count + 1) * split.heldOut.count * request.networks.count * request.replicates
  }

  /// The held-out figures of setting `index`.
  package func measured(_ index: Int) -> Measured? { heldOut.first { $0.setting == index } }

  /// The share of the current setting's distance to the limit (mean wait, held out) that the
  /// tuned setting closes; nil when the current setting is already at the limit.
  package var gapClosed: Double? {
    guard let current = measured(0), let tuned = measured(chosen) else { return nil }
    let gap = current.meanWait - limit.meanWait
    guard gap > 1e-9 else { return nil }
    return (current.meanWait - tuned.meanWait) / gap
  }

  /// The setting to ship: the chosen one when recommended, else the current one.
  package var answer: Int { recommended ? chosen : 0 }

  /// The held-out finalists no other waits less than (by the objective) for no more `cost`:
  /// the frontier the report marks and the HTML page joins.
  package func frontier(_ cost: (Measured) -> Double) -> [Measured] {
    ParetoFrontier.indices(heldOut.map { ($0.objective, cost($0)) }).map { heldOut[$0] }
  }

  /// The answer's code in the stack's language: one setting, or per device class a branch on
  /// the phone's platform and the RAM it reports (`TuneSpace.classCode`).
  package var code: String {
    let pageSize = request.scenario.feed.pageSize
    let list = request.scenario.list
    guard let byClass, byClass.perClass else { return space.code(settings[answer], pageSize: pageSize, list: list) }
    return space.classCode(
      byClass.classes.map { item in
        TuneSpace.ClassBranch(
          name: item.name, scenario: request.scenario, setting: settings[byClass.setting(for: item.name)])
      }, pageSize: pageSize, list: list)
  }

  /// Whether `tune --check` fails: a setting within the budgets beats the current one on the
  /// held-out sessions by more than `margin` (0.05: 5 % of the objective) with its interval below
  /// zero, or the current setting breaks a budget that a recommended setting keeps.
  package func checkFails(margin: Double) -> Bool {
    guard recommended else { return false }
    if !currentBroken.isEmpty { return true }
    guard let relative = gain.relative else { return false }
    return -relative.change > margin
  }
}
