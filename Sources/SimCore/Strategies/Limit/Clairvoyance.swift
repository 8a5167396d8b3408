/// How the oracle runs: the future is computed once (`Foresight`); then the oracle runs with
/// settings of its knobs (`OracleStrategy.Knobs`), and for each setting runs again without the
/// rows whose image came too late to be seen or was cancelled, until none does (at most
/// `rounds` runs). The search: by coordinate from each `visibleFirst` (lead, concurrency,
/// threshold, page lead, rendering ahead, lead again, in passes until one changes nothing); the
/// lead refined between the values of its list; then each row retimed from the best run, and
/// the rows that still came late each tried alone at times of its own, sent then whatever else
/// is on its way, the best of those refined by halving. A knob
/// given a value (not -1) is not searched. The run that makes the user wait least is the result
/// (then fewer wasted, then fewer requests). An offline optimisation over a family of
/// clairvoyant schedules: what it bounds, and what not, is in `docs/strategies.md`.
enum Clairvoyance {
  /// Thresholds tried when `minVisible` is -1: rows seen for less get no content. (Finer grids
  /// beat the coarse ones in 1 of 300 random cases and cost twice the runs.)
  static let thresholds: [Double] = [0, 0.1, 0.4]
  /// Leads tried when `lead` is -1 (-1 itself: everything at once).
  static let leads: [Double] = [0, 0.5, 2, -1]
  /// Page leads tried when `pageLead` is -1 (-1: every page at once).
  static let pageLeads: [Double] = [2, 8, -1]
  static let rounds = 4
  /// Passes of the coordinate search at most.
  static let passes = 3
  /// Halvings of the step when the lead is refined around the best of `leads`.
  static let leadRefinements = 3
  /// Rounds of retiming each row from when its image arrived in the best run.
  static let retimings = 4
  /// Rows that came late, retimed one at a time: the leads before its deadline tried for each,
  /// and how much sooner than it was asked for, in units of how late it came.
  static let lateRowsRetimed = 6
  static let rowLeads: [Double] = [0, 0.25, 0.5, 1]
  static let rowAdvances: [Double] = [0.5, 1, 2]
  /// Halvings of the step when a row's time is refined around the best of those.
  static let rowRefinements = 4

  private typealias Outcome = (result: RunResult, rank: (Double, Int, Int))

  private typealias Setting = OracleStrategy.Knobs

  /// A run's outcome and the oracle that ran it (which knows when each row was asked for and
  /// arrived).
  private typealias Run = (outcome: Outcome, oracle: OracleStrategy)

  /// The best run of a search so far, with its setting.
  private typealias Found = (outcome: Outcome, setting: Setting, oracle: OracleStrategy)

  static func run(_ setup: RunSetup, parameters: StrategyParameters) throws(SimError) -> RunResult {
    let foresight = try Foresight.compute(
      trace: setup.trace, scenario: setup.scenario, physics: setup.physics, options: setup.options)
    let given = OracleStrategy.knobs(parameters)
    func values(_ value: Double, search: [Double]) -> [Double] { value < 0 ? search : [value] }
    let leads = values(given.lead, search: Self.leads)
    let visibleFirsts = values(given.visibleFirst, search: [0, 1, 2])
    let concurrencies = values(given.concurrency, search: [0, 1, 3])
    let pageLeads = values(given.pageLead, search: Self.pageLeads)
    let renderAheads = values(given.renderAhead, search: [1, 0])
    let thresholds = values(given.minVisible, search: Self.thresholds)

    /// One setting: runs until no row's image comes too late (each run skips the late rows
    /// of the one before), with the rows of `retimed` asked for at the times given (those of
    /// `exact` at that time whatever else is on its way).
    func attempt(_ setting: Setting, retimed: [Int: Double] = [:], exact: Set<Int> = []) throws(SimError) -> Run {
      var skipped: Set<Int> = []
      var round = 1
      while true {
        let oracle = OracleStrategy(knobs: setting)
        oracle.foresight = foresight
        oracle.skipped = skipped
        oracle.retimed = retimed
        oracle.exact = exact
        let finished = try Simulation.runOnce(setup, callbacks: oracle)
        // Rows whose image came too late to be seen, or was cancelled on its way.
        let late = finished.rowsFetchedUnseen + oracle.cancelledRows
        if late.isEmpty || round == rounds {
          let metrics = finished.result.metrics
          let rank = (
            metrics.waitSeconds, metrics.wastedContentRequests + metrics.wastedPageRequests,
            metrics.pageRequests + metrics.contentRequests
          )
          return ((finished.result, rank), oracle)
        }
        skipped.formUnion(late)
        round += 1
      }
    }

    // A setting tried once is not run again (the coordinate steps revisit the current best).
    var tried: [Setting: Run] = [:]
    func best(_ settings: [Setting]) throws(SimError) -> Found {
      var best: Found?
      for setting in settings {
        let run: Run
        if let known = tried[setting] {
          run = known
        } else {
          run = try attempt(setting)
          tried[setting] = run
        }
        if best == nil || run.outcome.rank < best!.outcome.rank { best = (run.outcome, setting, run.oracle) }
      }
      return best!
    }

    // One knob over its values, the others as given.
    func each(_ knob: WritableKeyPath<Setting, Double>, _ values: [Double]) -> (Setting) -> [Setting] {
      { s in
        values.map {
          var t = s
          t[keyPath: knob] = $0
          return t
        }
      }
    }
    func improve(_ point: inout Found, _ vary: (Setting) -> [Setting]) throws(SimError) {
      let candidate = try best(vary(point.setting))
      if candidate.outcome.rank < point.outcome.rank { point = candidate }
    }
    // From each way of yielding to the visible rows (each gates the rest so differently that a
    // search from one seldom crosses to another), by coordinate from the first value of each
    // list: the lead, how many at once, the threshold, the pages' lead, rendering ahead, the
    // lead again, in passes until one changes nothing (each knob's best depends on the others').
    var found: Found?
    for visibleFirst in visibleFirsts {
      let start = Setting(
        minVisible: thresholds[0], lead: leads[0], visibleFirst: visibleFirst, concurrency: concurrencies[0],
        pageLead: pageLeads[0], renderAhead: renderAheads[0])
      var point = try best(each(\.lead, leads)(start))
      for _ in 0..<Self.passes {
        let before = point.setting
        try improve(&point, each(\.concurrency, concurrencies))
        try improve(&point, each(\.minVisible, thresholds))
        try improve(&point, each(\.pageLead, pageLeads))
        try improve(&point, each(\.renderAhead, renderAheads))
        try improve(&point, each(\.lead, leads))
        if point.setting == before { break }
      }
      if found == nil || point.outcome.rank < found!.outcome.rank { found = point }
    }
    var chosen = found!
    // The lead between the values of the list, by halving the step around the best (a request
    // timed between two leads can beat both: late enough not to slow the rows on screen, early
    // enough to be in when its row shows).
    if given.lead < 0, chosen.setting.lead >= 0 {
      let finite = leads.filter { $0 >= 0 }.sorted()
      let gaps = zip(finite, finite.dropFirst()).map { $1 - $0 }
      var step = (gaps.min() ?? 1) / 2
      for _ in 0..<Self.leadRefinements {
        try improve(&chosen) { s in
          [s.lead - step, s.lead + step].filter { $0 >= 0 }.map {
            var t = s
            t.lead = $0
            return t
          }
        }
        step /= 2
      }
    }
    // Then each row on its own: a row whose image came late is asked for that much sooner, one
    // that came early half its slack later (less in the way of the others), for a few rounds
    // from the best so far.
    for _ in 0..<Self.retimings {
      var times: [Int: Double] = [:]
      for (row, requested) in chosen.oracle.requestedAt {
        guard let deadline = foresight.firstVisible[row], let arrived = chosen.oracle.arrivedAt[row] else {
          continue
        }
        times[row] = arrived > deadline ? requested - (arrived - deadline) : requested + (deadline - arrived) / 2
      }
      let run = try attempt(chosen.setting, retimed: times)
      if run.outcome.rank < chosen.outcome.rank {
        chosen = (run.outcome, chosen.setting, run.oracle)
      } else {
        break
      }
    }
    // Last, the rows that still came late (not those on screen from the start), earliest
    // deadline first (a few): each alone at times of its own, the others as planned, asked
    // for then whatever else is on its way (a row held back behind the rows on screen can
    // be worth sending past them). Sooner can make it in time (or less late); later can
    // leave the rows on screen the bandwidth when its own wait is set by its latency.
    typealias LateRow = (deadline: Double, row: Int, requested: Double, lateness: Double)
    let lateRows = chosen.oracle.requestedAt.compactMap { row, requested -> LateRow? in
      guard let deadline = foresight.firstVisible[row], deadline > 0,
        let arrived = chosen.oracle.arrivedAt[row], arrived > deadline
      else { return nil }
      return (deadline, row, requested, arrived - deadline)
    }.sorted { ($0.deadline, $0.row) < ($1.deadline, $1.row) }.prefix(Self.lateRowsRetimed)
    for (deadline, row, requested, lateness) in lateRows {
      let times = Set(
        Self.rowLeads.map { deadline - $0 } + Self.rowAdvances.map { max(0, requested - $0 * lateness) }
      ).sorted()
      // When it was asked for in the best run so far: where the search stands at first.
      var bestTime = requested
      func tryTime(_ time: Double) throws(SimError) {
        var planned = chosen.oracle.plannedAt
        planned[row] = time
        let run = try attempt(chosen.setting, retimed: planned, exact: [row])
        if run.outcome.rank < chosen.outcome.rank {
          chosen = (run.outcome, chosen.setting, run.oracle)
          bestTime = time
        }
      }
      for time in times { try tryTime(time) }
      // Then between the times, by halving the step around the best (from half the gap to
      // its nearer neighbour).
      var step = ((times + [requested]).filter { $0 != bestTime }.map { abs($0 - bestTime) }.min() ?? 0.5) / 2
      for _ in 0..<Self.rowRefinements {
        let center = bestTime
        for time in [center - step, center + step] where time >= 0 { try tryTime(time) }
        step /= 2
      }
    }
    return chosen.outcome.result
  }
}
