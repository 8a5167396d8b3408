/// `scrollsim tune` as library calls (`docs/tuning.md`): every run it may need is one
/// configuration of a sweep plan (the candidate settings and the clairvoyant limit × networks ×
/// sessions × replicates, each session with its own luck), so its runs live in a sweep table
/// that `--resume` continues, `--shard K/N` splits and `scrollsim merge` joins. The race
/// (`TuneRace`) asks for the runs it needs rung by rung; the held-out sessions then judge the
/// setting it chose against the current one.
package struct TuneSearch: Sendable {
  package let request: TuneRequest
  package let settings: [[ParameterAssignment]]
  package let split: TuneSplit
  package let race: TuneRace
  package let input: SweepRunner.Input
  /// Every configuration of the plan, in index order.
  package let configurations: SweepPlan.Configurations
  let strategy: String

  package init(_ request: TuneRequest) throws(SimError) {
    self.request = request
    guard (2...10_000).contains(request.candidates) else {
      throw SimError(.usage, "--candidates must be in 2...10000, got \(request.candidates)")
    }
    guard (2...100).contains(request.eta) else { throw SimError(.usage, "--eta must be in 2...100") }
    try Self.checkClassBudgets(request)
    settings = request.space.candidates(count: request.candidates, seed: request.options.seed)
    guard settings.count >= 2 else {
      throw SimError(.usage, "--knobs: the values given leave only the current setting; nothing to compare it with")
    }
    split = try TuneSplit(names: request.sessions.names, holdout: request.holdout, seed: request.options.seed)
    race = TuneRace(candidates: settings.count - 1, eta: request.eta, sessions: split.training.count)
    strategy = try request.catalog.canonicalName(request.space.stack.strategy)
    let limit = StrategyChoice.limit.name
    var plan = SweepPlan(
      strategies: [strategy, limit], traceNames: request.sessions.names, catalog: request.catalog)
    plan.listedSets = [strategy: settings, limit: [[]]]
    plan.networks = request.networks
    for network in plan.networks where network != "scenario" { _ = try NetworkProfiles.lookup(network) }
    plan.replicates = request.replicates
    plan.seed = request.options.seed
    plan.sessionLuck = true
    input = SweepRunner.Input(
      plan: plan, sessions: request.sessions, scenario: request.scenario, options: request.options, measuresLimit: false
    )
    configurations = try plan.configurations()
  }

  /// A budget of one device class (`@low-end`) needs sessions of that class.
  static func checkClassBudgets(_ request: TuneRequest) throws(SimError) {
    for budget in request.budgets {
      guard let name = budget.sessionClass else { continue }
      guard let classes = request.sessionClasses else {
        throw SimError(
          .usage,
          "--budget \(budget.description): @\(name) reads one device class, but the sessions run on one phone (--device, or none names its deviceProfile)"
        )
      }
      var known: [String] = []
      for item in classes where !known.contains(item) { known.append(item) }
      guard known.contains(name) else {
        throw SimError(
          .usage,
          "--budget \(budget.description): no session runs on device class \(name)\(NameSuggestion.hint(for: name, among: known)) (the sessions' classes: \(known.joined(separator: ", ")))"
        )
      }
    }
  }

  /// Runs per setting on one session: every network and replicate.
  var runsPerSession: Int { request.networks.count * request.replicates }

  /// The configuration index of `setting`'s run (the limit's: `settings.count`) on `session`.
  func indices(setting: Int, session: Int) -> [Int] {
    let traces = request.sessions.count
    let base = setting * traces * runsPerSession
    return (0..<request.networks.count).flatMap { network in
      (0..<request.replicates).map { replicate in
        base + (network * traces + session) * request.replicates + replicate
      }
    }
  }

  /// The runs a rung or the held-out check needs, in index order.
  func indices(settings: [Int], sessions: [Int]) -> [Int] {
    settings.flatMap { setting in sessions.flatMap { indices(setting: setting, session: $0) } }.sorted()
  }

  /// An empty table for this tune, or the rows of a previous run's CSV at `file` (`--resume`;
  /// no such file yet: empty); another tune's table (another fingerprint) is refused.
  package func table(resumingFrom file: String? = nil) throws(SimError) -> SweepTable {
    try SweepTable.resuming(file: file, fingerprint: input.fingerprint(), total: configurations.count)
  }

  /// How many runs the race and the held-out check take at most (the progress bar's total).
  package var plannedRuns: Int {
    var total = 0
    for (settingsCount, sessions) in zip(race.settings, race.sessionsPerRung) {
      total += (settingsCount + 1) * sessions * runsPerSession
    }
    let finalists = (race.settings.count > 1 ? race.settings[race.settings.count - 2] : race.settings[0]) + 2
    return total + finalists * split.heldOut.count * runsPerSession
  }

  /// Runs `shard`'s slice of every configuration (`--shard K/N`): no race, since a race needs
  /// every earlier result; the merged shards hold every run any race can ask for, so
  /// `tune --resume` over them answers at once, as one machine would.
  package func runShard(
    _ shard: Shard, into table: inout SweepTable, jobs: Int, shouldStop: @escaping @Sendable () -> Bool,
    progress: @escaping @Sendable (Int) -> Void
  ) throws(SimError) -> Int {
    let mine = configurations.filter { shard.contains($0.index) && table.rows[$0.index] == nil }
    try SweepRunner.run(
      input, configurations: mine, into: &table, jobs: jobs, shouldStop: shouldStop, progress: progress)
    return mine.count
  }

  /// Races the settings and checks the chosen one on the held-out sessions, running into
  /// `table` what it lacks; nil when `shouldStop` stopped it (the table keeps what finished).
  /// Sessions of two device classes or more (`TuneRequest.sessionClasses`) are also raced class
  /// by class, and the per-class settings judged against the single answer (`TuneByClass`).
  ///
  /// Without `keepsEveryRun` (no `--runs` to write) the race folds its rows as it goes: a
  /// setting's rows are dropped once it is out of the race, and the training rows once the
  /// race is decided, so a tune over a day of sessions holds one rung's rows, not every run
  /// (the class races, which reuse the whole race's runs, keep them).
  package func run(
    into table: inout SweepTable, jobs: Int, shouldStop: @escaping @Sendable () -> Bool = { false },
    progress: @escaping @Sendable (Int) -> Void = { _ in }, keepsEveryRun: Bool = true
  ) throws(SimError) -> TuneResult? {
    var runner = RunEnsurer(job: self, jobs: jobs, shouldStop: shouldStop, progress: progress)
    let forgets = !keepsEveryRun && classNames.count < 2
    guard
      let whole = try raceSettings(
        race, training: split.training, budgets: request.budgets, runner: &runner, table: &table, forgets: forgets)
    else { return nil }
    let chosen = whole.chosen

    // The held-out check: the current and chosen settings, the settings that entered the
    // next-to-last rung (the frontier is drawn among them), and the limit.
    let finalists = Array(Set([0, chosen] + whole.previous)).sorted()
    let limit = settings.count
    guard try runner.ensure(indices(settings: finalists + [limit], sessions: split.heldOut), &table) else {
      return nil
    }
    let heldOut = finalists.map { measure($0, sessions: split.heldOut, table: table).measured }
    let limitMeasured = measure(limit, sessions: split.heldOut, table: table).measured
    let gain = TuneGain(
      current: waits(0, sessions: split.heldOut, table: table),
      tuned: waits(chosen, sessions: split.heldOut, table: table), key: request.key, seed: request.options.seed,
      population: request.sessions.count, spread: whole.finalWaits)
    let (recommended, reason) = verdict(
      chosen: chosen, tuned: heldOut.first { $0.setting == chosen }!, gain: gain, currentBroken: whole.currentBroken)
    var result = TuneResult(
      request: request, settings: settings, split: split, rungs: whole.rungs, chosen: chosen,
      currentBroken: whole.currentBroken, heldOut: heldOut, limit: limitMeasured, gain: gain, recommended: recommended,
      reason: reason)
    result.breakdown = breakdown(chosen: chosen, gain: gain, table: table)
    if classNames.count >= 2 {
      guard let byClass = try byClass(single: result.answer, runner: &runner, table: &table) else { return nil }
      result.byClass = byClass
    }
    guard request.movesKnobs else { return result }
    guard let sensitivity = try sensitivity(answer: result.answer, table: table, jobs: jobs, shouldStop: shouldStop)
    else { return nil }
    result.sensitivity = sensitivity
    return result
  }

  /// Runs what a rung or a check needs and is not in the table yet, counting progress.
  struct RunEnsurer {
    let job: TuneSearch
    let jobs: Int
    let shouldStop: @Sendable () -> Bool
    let progress: @Sendable (Int) -> Void
    var done = 0
    /// Runs made that no earlier call had in the table.
    var made = 0

    mutating func ensure(_ needed: [Int], _ table: inout SweepTable) throws(SimError) -> Bool {
      let missing = needed.filter { table.rows[$0] == nil }.map { job.configurations[$0] }
      let base = done
      let progress = self.progress
      try SweepRunner.run(
        job.input, configurations: missing, into: &table, jobs: jobs, shouldStop: shouldStop,
        progress: { progress(base + $0) })
      done += needed.count
      made += missing.count
      progress(done)
      return !shouldStop() && needed.allSatisfy { table.rows[$0] != nil }
    }
  }

  /// What one race decided: its rungs, the setting it chose (0: none beat the current one
  /// within the budgets), the settings that entered its next-to-last rung, and what the
  /// current setting breaks on its sessions.
  struct RaceOutcome {
    var rungs: [TuneResult.Rung]
    var chosen: Int
    var previous: [Int]
    var currentBroken: [String]
    /// The final rung's waits per training session of the current setting and of the one chosen
    /// (kept before the rows are dropped): the spread `TuneGain.predicted` pools.
    var finalWaits: (current: [[Double]], tuned: [[Double]])
  }

  /// Successive halving of every setting over `training` (in race order) under `budgets`; nil
  /// when stopped.
  func raceSettings(
    _ race: TuneRace, training: [Int], budgets: [TuneBudget], runner: inout RunEnsurer, table: inout SweepTable,
    forgets: Bool
  ) throws(SimError) -> RaceOutcome? {
    func forget(_ settings: [Int], sessions: [Int], _ table: inout SweepTable) {
      guard forgets else { return }
      for index in indices(settings: settings, sessions: sessions) { table.rows[index] = nil }
    }
    var alive = Array(1..<settings.count)
    var rungs: [TuneResult.Rung] = []
    // A rung repeats the earlier rungs' runs of the settings that go on: they count once.
    var counted: Set<Int> = []
    var previous = alive
    var finalStandings: [TuneRace.Standing] = []
    var finalWaits: [Int: [[Double]]] = [:]
    for (rung, sessionCount) in race.sessionsPerRung.enumerated() {
      let sessions = Array(training.prefix(sessionCount))
      let members = [0] + alive
      let needed = indices(settings: members, sessions: sessions)
      guard try runner.ensure(needed, &table) else { return nil }
      let new = needed.filter { counted.insert($0).inserted }.count
      rungs.append(TuneResult.Rung(settings: alive.count, sessions: sessions.count, runs: new))
      let standings = members.map { measure($0, sessions: sessions, table: table, budgets: budgets).standing }
      if rung == race.sessionsPerRung.count - 1 {
        finalStandings = standings
        for member in members { finalWaits[member] = waits(member, sessions: sessions, table: table) }
        forget(members, sessions: sessions, &table)
      } else {
        previous = alive
        alive = TuneRace.survivors(standings, keep: race.settings[rung + 1])
        forget(previous.filter { !alive.contains($0) }, sessions: sessions, &table)
      }
    }
    let best = TuneRace.ranked(finalStandings).first!
    let chosen = best.broken.isEmpty ? best.setting : 0
    return RaceOutcome(
      rungs: rungs, chosen: chosen, previous: previous, currentBroken: finalStandings[0].broken,
      finalWaits: (finalWaits[0] ?? [], finalWaits[chosen] ?? []))
  }

  /// Whether the chosen setting is the answer: it must keep every budget and never be killed
  /// on the held-out sessions too, and wait less than the current setting with the interval
  /// below zero — unless the current setting itself breaks a budget on the training sessions,
  /// when the best setting within them is the answer whatever its wait.
  func verdict(chosen: Int, tuned: TuneResult.Measured, gain: TuneGain, currentBroken: [String]) -> (Bool, String) {
    let objective = request.key.phrase
    guard chosen != 0 else {
      if !currentBroken.isEmpty {
        return (
          false,
          "no setting tried keeps the budgets (\(currentBroken.joined(separator: "; "))); widen --knobs or loosen a --budget"
        )
      }
      return (false, "no setting tried beats yours on the sessions it was chosen on")
    }
    guard tuned.broken.isEmpty else {
      return (
        false,
        "the best setting on the training sessions breaks \(tuned.broken.joined(separator: "; ")) on the held-out sessions"
      )
    }
    if !currentBroken.isEmpty {
      return (
        true,
        "your setting breaks \(currentBroken.joined(separator: "; ")); this is the best setting within the budgets"
      )
    }
    guard gain.isSignificant else {
      return (
        false,
        "no setting beats yours significantly on the held-out sessions: the best one found changes \(objective) by \(NumberText.signedPercent(gain.relative?.change)) [\(NumberText.signedPercent(gain.relative?.lower)), \(NumberText.signedPercent(gain.relative?.upper))], an interval that is not below zero"
      )
    }
    return (true, "it lowers \(objective) on the held-out sessions, and its 95 % interval is below zero")
  }

  /// The waits of `setting`'s runs on each of `sessions`.
  func waits(_ setting: Int, sessions: [Int], table: SweepTable) -> [[Double]] {
    sessions.map { session in
      indices(setting: setting, session: session).map { table.rows[$0]!.values["waitSeconds"] ?? .nan }
    }
  }

  /// One setting's figures on `sessions`, `budgets` (the request's by default) read against the
  /// current setting's runs there; a budget of one device class (`@low-end`) reads that class's
  /// sessions only, and holds where `sessions` has none of them.
  func measure(_ setting: Int, sessions: [Int], table: SweepTable, budgets: [TuneBudget]? = nil) -> (
    standing: TuneRace.Standing, measured: TuneResult.Measured
  ) {
    func rows(_ setting: Int, _ sessions: [Int]) -> [[String: Double]] {
      indices(settings: [setting], sessions: sessions).map { table.rows[$0]!.values.dictionary }
    }
    let runs = rows(setting, sessions)
    func mean(_ key: String) -> Double { runs.reduce(0) { $0 + ($1[key] ?? 0) } / Double(max(runs.count, 1)) }
    let waits = runs.map { $0["waitSeconds"] ?? .nan }
    let kills = runs.filter { ($0["kills"] ?? 0) > 0 }.count
    var broken: [String] = []
    // The limit is held to no budget: it bounds the wait, it is not a setting to ship.
    if setting < settings.count {
      if kills > 0 { broken.append("killed in \(kills) of \(runs.count) runs") }
      for budget in budgets ?? request.budgets {
        var covered = sessions
        if let wanted = budget.sessionClass {
          covered = sessions.filter { request.sessionClasses?[$0] == wanted }
          guard !covered.isEmpty else { continue }
        }
        let mine = covered.count == sessions.count ? runs : rows(setting, covered)
        if !budget.holds(budget.read(mine), current: budget.read(rows(0, covered))) {
          broken.append(budget.description)
        }
      }
    }
    let objective = TuneGain.value(waits, request.key)
    return (
      TuneRace.Standing(setting: setting, objective: objective, broken: broken),
      TuneResult.Measured(
        setting: setting, objective: objective, meanWait: mean("waitSeconds"), bytes: mean("bytes"),
        meanMemory: mean("meanMemory"), hitchRatio: mean("hitchTimeRatio"),
        peakMemory: runs.map { $0["peakMemory"] ?? 0 }.max() ?? 0, kills: kills, broken: broken)
    )
  }
}
