/// `scrollsim tune` as library calls (`docs/tuning.md`): every run it may need is one
/// configuration of a sweep plan (the candidate settings and the clairvoyant limit × networks ×
/// sessions × replicates, each session with its own luck), so its runs live in a sweep table
/// that `--resume` continues, `--shard K/N` splits and `scrollsim merge` joins. The race
/// (`TuneRace`) asks for the runs it needs rung by rung; the held-out sessions then judge the
/// setting it chose against the current one.
public struct TuneJob: Sendable {
  public let request: TuneRequest
  public let settings: [[ParameterAssignment]]
  public let split: TuneSplit
  public let race: TuneRace
  public let input: SweepRunner.Input
  /// Every configuration of the plan, in index order.
  public let configurations: SweepPlan.Configurations
  let strategy: String

  public init(_ request: TuneRequest) throws(SimError) {
    self.request = request
    guard (2...10_000).contains(request.candidates) else {
      throw SimError(.usage, "--candidates must be in 2...10000, got \(request.candidates)")
    }
    guard (2...100).contains(request.eta) else { throw SimError(.usage, "--eta must be in 2...100") }
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
  public func table(resumingFrom file: String? = nil) throws(SimError) -> SweepTable {
    try SweepTable.resuming(file: file, fingerprint: input.fingerprint(), total: configurations.count)
  }

  /// How many runs the race and the held-out check take at most (the progress bar's total).
  public var plannedRuns: Int {
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
  public func runShard(
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
  ///
  /// Without `keepsEveryRun` (no `--runs` to write) the race folds its rows as it goes: a
  /// setting's rows are dropped once it is out of the race, and the training rows once the
  /// race is decided, so a tune over a day of sessions holds one rung's rows, not every run.
  public func run(
    into table: inout SweepTable, jobs: Int, shouldStop: @escaping @Sendable () -> Bool = { false },
    progress: @escaping @Sendable (Int) -> Void = { _ in }, keepsEveryRun: Bool = true
  ) throws(SimError) -> TuneResult? {
    func forget(_ settings: [Int], sessions: [Int], _ table: inout SweepTable) {
      guard !keepsEveryRun else { return }
      for index in indices(settings: settings, sessions: sessions) { table.rows[index] = nil }
    }
    var done = 0
    func ensure(_ needed: [Int], _ table: inout SweepTable) throws(SimError) -> Bool {
      let missing = needed.filter { table.rows[$0] == nil }.map { configurations[$0] }
      let base = done
      try SweepRunner.run(
        input, configurations: missing, into: &table, jobs: jobs, shouldStop: shouldStop,
        progress: { progress(base + $0) })
      done += needed.count
      progress(done)
      return !shouldStop() && needed.allSatisfy { table.rows[$0] != nil }
    }

    var alive = Array(1..<settings.count)
    var rungs: [TuneResult.Rung] = []
    // A rung repeats the earlier rungs' runs of the settings that go on: they count once.
    var counted: Set<Int> = []
    var previous = alive
    var finalStandings: [TuneRace.Standing] = []
    var currentBroken: [String] = []
    for (rung, sessionCount) in race.sessionsPerRung.enumerated() {
      let sessions = Array(split.training.prefix(sessionCount))
      let members = [0] + alive
      let needed = indices(settings: members, sessions: sessions)
      guard try ensure(needed, &table) else { return nil }
      let new = needed.filter { counted.insert($0).inserted }.count
      rungs.append(TuneResult.Rung(settings: alive.count, sessions: sessions.count, runs: new))
      let standings = members.map { measure($0, sessions: sessions, table: table).standing }
      if rung == race.sessionsPerRung.count - 1 {
        finalStandings = standings
        currentBroken = standings[0].broken
        forget(members, sessions: sessions, &table)
      } else {
        previous = alive
        alive = TuneRace.survivors(standings, keep: race.settings[rung + 1])
        forget(previous.filter { !alive.contains($0) }, sessions: sessions, &table)
      }
    }
    let best = TuneRace.ranked(finalStandings).first!
    let chosen = best.broken.isEmpty ? best.setting : 0

    // The held-out check: the current and chosen settings, the settings that entered the
    // next-to-last rung (the frontier is drawn among them), and the limit.
    let finalists = Array(Set([0, chosen] + previous)).sorted()
    let limit = settings.count
    guard try ensure(indices(settings: finalists + [limit], sessions: split.heldOut), &table) else { return nil }
    let heldOut = finalists.map { measure($0, sessions: split.heldOut, table: table).measured }
    let limitMeasured = measure(limit, sessions: split.heldOut, table: table).measured
    let gain = TuneGain(
      current: waits(0, sessions: split.heldOut, table: table),
      tuned: waits(chosen, sessions: split.heldOut, table: table), key: request.key, seed: request.options.seed)
    let (recommended, reason) = verdict(
      chosen: chosen, tuned: heldOut.first { $0.setting == chosen }!, gain: gain, currentBroken: currentBroken)
    return TuneResult(
      request: request, settings: settings, split: split, rungs: rungs, chosen: chosen,
      currentBroken: currentBroken, heldOut: heldOut, limit: limitMeasured, gain: gain, recommended: recommended,
      reason: reason)
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
        "no setting beats yours significantly on the held-out sessions: the best one found changes \(objective) by \(TuneReport.signedPercent(gain.relative?.change)) [\(TuneReport.signedPercent(gain.relative?.lower)), \(TuneReport.signedPercent(gain.relative?.upper))], an interval that is not below zero"
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

  /// One setting's figures on `sessions`, budgets read against the current setting's runs there.
  func measure(_ setting: Int, sessions: [Int], table: SweepTable) -> (
    standing: TuneRace.Standing, measured: TuneResult.Measured
  ) {
    let runs = indices(settings: [setting], sessions: sessions).map { table.rows[$0]!.values.dictionary }
    let current = indices(settings: [0], sessions: sessions).map { table.rows[$0]!.values.dictionary }
    func mean(_ key: String) -> Double { runs.reduce(0) { $0 + ($1[key] ?? 0) } / Double(max(runs.count, 1)) }
    let waits = runs.map { $0["waitSeconds"] ?? .nan }
    let kills = runs.filter { ($0["kills"] ?? 0) > 0 }.count
    var broken: [String] = []
    // The limit is held to no budget: it bounds the wait, it is not a setting to ship.
    if setting < settings.count {
      if kills > 0 { broken.append("killed in \(kills) of \(runs.count) runs") }
      for budget in request.budgets where !budget.holds(budget.read(runs), current: budget.read(current)) {
        broken.append(budget.description)
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
