/// `scrollsim tune` across a mix of phones: besides the one setting for all, each device class
/// races the settings on its own training sessions under the budgets that concern it (every
/// budget, those of another class `@CLASS` aside), and the per-class settings — each held-out
/// session run with its class's — are judged against the one setting on the held-out sessions:
/// the paired cluster bootstrap of `TuneGain` over the per-session objective.
///
/// The answer is per class when one setting for all breaks a class's budget (or is killed) on
/// its held-out sessions and the per-class settings keep them all, or when the per-class
/// settings lower the objective with an interval below zero and keep every budget; otherwise
/// it is one setting, and the report says why. A class with fewer than two training sessions is
/// not raced, and one with fewer than two held-out sessions is too small to judge: both ship the
/// one setting, said as such.
package struct TuneByClass: Sendable {
  package struct Answer: Sendable {
    package var name: String
    package var trainingSessions: Int
    package var heldOutSessions: Int
    /// What the class's own race chose (0: none beat the current setting within its budgets);
    /// nil when it had fewer than two training sessions.
    package var raced: Int?
    /// Fewer than two held-out sessions: not judged, it ships the one setting.
    package var tooSmall: Bool
    /// The setting this class runs in the per-class answer.
    package var setting: Int
    /// On this class's held-out sessions: one setting for all and the class's own, each with the
    /// budgets that concern the class.
    package var single: TuneResult.Measured?
    package var own: TuneResult.Measured?
  }

  package var classes: [Answer]
  /// The one setting for all (the single answer) the per-class settings are judged against.
  package var single: Int
  /// The per-class settings against the single one on the held-out sessions; nil when every
  /// class runs the single one anyway.
  package var gain: TuneGain?
  package var perClass: Bool
  package var reason: String
  /// Runs the class races and their held-out checks added to the whole race's.
  package var runs: Int

  /// The setting class `name` ships in the answer: its own when the answer is per class.
  package func setting(for name: String) -> Int {
    perClass ? classes.first { $0.name == name }?.setting ?? single : single
  }
}

extension TuneSearch {
  /// The device classes of the sessions, in the device profiles' order (`SessionDimension`).
  var classNames: [String] {
    guard let classes = request.sessionClasses else { return [] }
    let seen = Set(classes)
    let order = SessionDimension.device.names
    return order.filter(seen.contains) + seen.subtracting(order).sorted()
  }

  /// Races each class and judges the per-class settings against `single` on the held-out
  /// sessions; nil when stopped.
  func byClass(single: Int, runner: inout RunEnsurer, table: inout SweepTable) throws(SimError) -> TuneByClass? {
    let before = runner.made
    guard var answers = try raceEachClass(single: single, runner: &runner, table: &table) else { return nil }
    let needed = Array(Set(answers.map(\.setting) + [single])).sorted()
    guard try runner.ensure(indices(settings: needed, sessions: split.heldOut), &table) else { return nil }
    let broken = judgeOnHeldOut(&answers, single: single, table: table)
    var result = TuneByClass(
      classes: answers, single: single, gain: nil, perClass: false, reason: "", runs: runner.made - before)
    guard answers.contains(where: { $0.setting != single }) else {
      result.reason =
        "each class's own race chose the one setting for all (or had too few sessions to race or judge): one setting for all"
      return result
    }
    decide(&result, singleBroken: broken.single, ownBroken: broken.own, table: table)
    return result
  }

  /// Session `session`'s device class (`Trace.ownProfile` when it names none).
  private func sessionClass(_ session: Int) -> String { request.sessionClasses?[session] ?? Trace.ownProfile }

  /// The budgets that hold on class `name`'s sessions: the class's own and those of every class.
  private func budgets(forClass name: String) -> [TuneBudget] {
    request.budgets.filter { $0.sessionClass == nil || $0.sessionClass == name }
  }

  /// Each class's answer: its own race on its training sessions (when it has two or more) and
  /// the setting it would ship (`single` when it has too few held-out sessions to judge); nil
  /// when stopped.
  private func raceEachClass(
    single: Int, runner: inout RunEnsurer, table: inout SweepTable
  ) throws(SimError) -> [TuneByClass.Answer]? {
    var answers: [TuneByClass.Answer] = []
    for name in classNames {
      let training = split.training.filter { sessionClass($0) == name }
      let held = split.heldOut.filter { sessionClass($0) == name }
      var raced: Int?
      if training.count >= 2 {
        let classRace = TuneRace(candidates: settings.count - 1, eta: request.eta, sessions: training.count)
        guard
          let outcome = try raceSettings(
            classRace, training: training, budgets: budgets(forClass: name), runner: &runner, table: &table,
            forgets: false)
        else { return nil }
        raced = outcome.chosen
      }
      let tooSmall = held.count < 2
      answers.append(
        TuneByClass.Answer(
          name: name, trainingSessions: training.count, heldOutSessions: held.count, raced: raced, tooSmall: tooSmall,
          setting: tooSmall ? single : raced ?? single, single: nil, own: nil))
    }
    return answers
  }

  /// Measures, on each class's held-out sessions, `single` and the class's own setting, and
  /// returns the budgets each breaks ("name (class)").
  private func judgeOnHeldOut(
    _ answers: inout [TuneByClass.Answer], single: Int, table: SweepTable
  ) -> (single: [String], own: [String]) {
    var singleBroken: [String] = []
    var ownBroken: [String] = []
    for index in answers.indices {
      let name = answers[index].name
      let held = split.heldOut.filter { sessionClass($0) == name }
      guard !held.isEmpty else { continue }
      // One setting for all answers to the class's own budgets and kills here; the per-class
      // setting to every budget read on the class's sessions, which keeps them for the whole.
      let classOnly = request.budgets.filter { $0.sessionClass == name }
      let singleMeasured = measure(single, sessions: held, table: table, budgets: classOnly).measured
      let ownMeasured = measure(
        answers[index].setting, sessions: held, table: table, budgets: budgets(forClass: name)
      ).measured
      answers[index].single = singleMeasured
      answers[index].own = ownMeasured
      singleBroken += singleMeasured.broken.map { "\($0) (\(name))" }
      ownBroken += ownMeasured.broken.map { "\($0) (\(name))" }
    }
    return (singleBroken, ownBroken)
  }

  /// Whether the answer is per class, and why: a budget one side breaks decides; otherwise the
  /// paired change of the held-out sessions under their classes' settings against `single`.
  private func decide(
    _ result: inout TuneByClass, singleBroken: [String], ownBroken: [String], table: SweepTable
  ) {
    let single = result.single
    let composite = split.heldOut.map { session in
      indices(setting: result.classes.first { $0.name == sessionClass(session) }?.setting ?? single, session: session)
        .map { table.rows[$0]!.values["waitSeconds"] ?? .nan }
    }
    let gain = TuneGain(
      current: waits(single, sessions: split.heldOut, table: table), tuned: composite, key: request.key,
      seed: request.options.seed, population: request.sessions.count)
    result.gain = gain
    let objective = request.key.phrase
    let interval =
      "\(NumberText.signedPercent(gain.relative?.change)) [\(NumberText.signedPercent(gain.relative?.lower)), \(NumberText.signedPercent(gain.relative?.upper))]"
    if !ownBroken.isEmpty {
      result.reason =
        singleBroken.isEmpty
        ? "the per-class settings break \(ownBroken.joined(separator: "; ")) on the held-out sessions, which one setting for all keeps: one setting for all"
        : "no setting tried keeps \(ownBroken.joined(separator: "; ")) on the held-out sessions, per class or for all: one setting for all (widen --knobs or loosen the budget)"
    } else if !singleBroken.isEmpty {
      result.perClass = true
      result.reason =
        "one setting for all breaks \(singleBroken.joined(separator: "; ")) on the held-out sessions; the per-class settings keep every budget (\(objective) \(interval) against it)"
    } else if gain.isSignificant {
      result.perClass = true
      result.reason =
        "the per-class settings change \(objective) by \(interval) against one setting for all on the held-out sessions (paired, 95 %), and keep every budget"
    } else {
      result.reason =
        "the per-class settings change \(objective) by \(interval) against one setting for all on the held-out sessions, "
        + TuneByClass.notBelowZero(lower: gain.relative?.lower)
    }
  }
}

extension TuneByClass {
  /// What an interval of the per-class change that is not below zero means: above zero, per
  /// class is worse; across zero (or unknown), the sessions cannot tell the two apart.
  static func notBelowZero(lower: Double?) -> String {
    if let lower, lower > 0 { return "an interval above zero: per class is worse, so one setting for all" }
    return "an interval that crosses zero: these sessions cannot tell them apart, so one setting for all, the simpler"
  }
}
