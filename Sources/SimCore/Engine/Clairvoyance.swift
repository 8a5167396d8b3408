/// How the oracle runs: the future is computed once (`Foresight`); then the oracle runs with
/// settings of its knobs (`OracleStrategy.Knobs`), and for each setting runs again without the
/// rows whose image came too late to be seen or was cancelled, until none does (at most
/// `rounds` runs). The search goes by coordinate, from the first value of each knob's list:
/// lead × visibleFirst together, then concurrency, threshold, page lead and rendering ahead one
/// at a time, then lead × visibleFirst again; a knob given a value (not -1) is not searched.
/// The run that makes the user wait least is the result (then fewer wasted, then fewer
/// requests). An offline optimisation over a family of clairvoyant schedules: what it bounds,
/// and what not, is in `docs/strategies.md`.
enum Clairvoyance {
  /// Thresholds tried when `minVisible` is -1: rows seen for less get no content. (Finer grids
  /// beat the coarse ones in 1 of 300 random cases and cost twice the runs.)
  static let thresholds: [Double] = [0, 0.1, 0.4]
  /// Leads tried when `lead` is -1 (-1 itself: everything at once).
  static let leads: [Double] = [0, 0.5, 2, -1]
  /// Page leads tried when `pageLead` is -1 (-1: every page at once).
  static let pageLeads: [Double] = [2, 8, -1]
  static let rounds = 4

  static func isOracle(_ choice: StrategyChoice) -> Bool {
    choice.parts.count == 1 && ObjectIdentifier(choice.parts[0].type) == ObjectIdentifier(OracleStrategy.self)
  }

  private typealias Outcome = (result: RunResult, rank: (Double, Int, Int))

  private typealias Setting = OracleStrategy.Knobs

  static func run(
    trace: Trace, traceName: String, scenario: Scenario, choice: StrategyChoice, physics: any ScrollPhysics,
    options: SimulationOptions
  ) throws(SimError) -> RunResult {
    let foresight = try Foresight.compute(trace: trace, scenario: scenario, physics: physics, options: options)
    let given = OracleStrategy.knobs(choice.parts[0].parameters)
    func values(_ value: Double, search: [Double]) -> [Double] { value < 0 ? search : [value] }
    let leads = values(given.lead, search: Self.leads)
    let visibleFirsts = values(given.visibleFirst, search: [0, 1])
    let concurrencies = values(given.concurrency, search: [0, 1, 3])
    let pageLeads = values(given.pageLead, search: Self.pageLeads)
    let renderAheads = values(given.renderAhead, search: [1, 0])
    let thresholds = values(given.minVisible, search: Self.thresholds)

    func attempt(_ setting: Setting) throws(SimError) -> Outcome {
      var skipped: Set<Int> = []
      var round = 1
      while true {
        let oracle = OracleStrategy(knobs: setting)
        oracle.foresight = foresight
        oracle.skipped = skipped
        let simulation = Simulation(
          trace: trace, scenario: scenario, strategy: oracle, physics: physics, options: options)
        simulation.metrics.strategy = choice.label
        simulation.metrics.trace = traceName
        simulation.metrics.seed = options.seed
        try simulation.execute()
        // Rows whose image came too late to be seen, or was cancelled on its way.
        let late =
          simulation.cells.cells.indices.filter { simulation.cells[$0].fetchShown == false }
          + oracle.cancelledRows
        if late.isEmpty || round == rounds {
          let metrics = simulation.metrics
          return (
            RunResult(metrics: metrics, events: simulation.log.lines),
            (
              metrics.waitSeconds, metrics.wastedContentRequests + metrics.wastedPageRequests,
              metrics.pageRequests + metrics.contentRequests
            )
          )
        }
        skipped.formUnion(late)
        round += 1
      }
    }

    // A setting tried once is not run again (the coordinate steps revisit the current best).
    var tried: [Setting: Outcome] = [:]
    func best(_ settings: [Setting]) throws(SimError) -> (outcome: Outcome, setting: Setting) {
      var best: (outcome: Outcome, setting: Setting)?
      for setting in settings {
        let outcome: Outcome
        if let known = tried[setting] {
          outcome = known
        } else {
          outcome = try attempt(setting)
          tried[setting] = outcome
        }
        if best == nil || outcome.rank < best!.outcome.rank { best = (outcome, setting) }
      }
      return best!
    }

    // By coordinate, from every row and the first of each list: the lead with or without
    // yielding to visible rows (together: each alone can hide the other's gain), how many at
    // once, the threshold, the pages' lead, rendering ahead, then the lead and yielding again.
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
    let start = Setting(
      minVisible: thresholds[0], lead: leads[0], visibleFirst: visibleFirsts[0], concurrency: concurrencies[0],
      pageLead: pageLeads[0], renderAhead: renderAheads[0])
    let timing = { (s: Setting) in each(\.lead, leads)(s).flatMap(each(\.visibleFirst, visibleFirsts)) }
    var found = try best(timing(start))
    func improve(_ vary: (Setting) -> [Setting]) throws(SimError) {
      let candidate = try best(vary(found.setting))
      if candidate.outcome.rank < found.outcome.rank { found = candidate }
    }
    try improve(each(\.concurrency, concurrencies))
    try improve(each(\.minVisible, thresholds))
    try improve(each(\.pageLead, pageLeads))
    try improve(each(\.renderAhead, renderAheads))
    try improve(timing)
    return found.outcome.result
  }
}
