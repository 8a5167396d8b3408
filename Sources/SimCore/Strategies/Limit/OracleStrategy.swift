/// The clairvoyant limit: a strategy that knows the future and has the fastest network any
/// strategy could have.
///
/// It is told (`Foresight`) when every row will be visible, from a free run of the same input
/// with nothing to wait for, and plans on a relaxed network that no real one beats
/// (`LimitSchedule`: transfers paused and resumed for free, one at a time in the order of the
/// plan's rule, no connection limit, no failures, the least of a few latency draws). The engine then plays
/// that plan (`ArrivalPlan`, the engine's planned arrivals): the oracle asks for every page at the start and for each
/// planned image as soon as its row's data is in, and each arrives when the plan says. It
/// keeps all it loaded and renders ahead (`renderAhead`). Rows seen for less than `minVisible`
/// seconds get no image; a row the free path never shows gets one when it shows. What it bounds, and why: `docs/strategies.md`, "The clairvoyant
/// limit".
package final class OracleStrategy: SearchingStrategy {
  package static let info = StrategyInfo(
    name: "oracle", aliases: ["clairvoyant"],
    summary: "The clairvoyant limit: what will be seen, on a network no real one beats, planned for the least wait.",
    origin:
      "offline prefetching with a known future (Cao et al. 1995); preemptive scheduling on a relaxed link (EDF, apparent tardiness cost)",
    parameters: [
      ParameterInfo(
        "minVisible", .number(-1...3600), default: "-1",
        "s; rows seen for less get no image; -1: the plan of least estimated wait (earliest deadline first at 0, 0.1 and 0.3; the other rules at 0)"
      ),
      ParameterInfo(
        "renderAhead", .number(-1...1), default: "1",
        "1: render a row as soon as its data is in; 0: when it shows (leaves the workers free); -1: the better of both (two runs)"
      ),
    ],
    platform: .limit)

  package static var callbacks: [StrategyCallback] { [.listDidLoad, .willDisplay, .requestDidComplete] }

  let renderAhead: Bool
  /// Set by the search before the run.
  var foresight = Foresight(firstVisible: [:], visibleSeconds: [:], lastVisible: [:])
  var plan = LimitSchedule()
  /// Rows to ask for or render once their data is in, by index.
  private var waitingForData: [Int] = []

  package convenience init(parameters: StrategyParameters) {
    self.init(renderAhead: parameters.number("renderAhead") != 0)
  }

  /// What the limit bounds is the wait, not memory: it keeps every image it loaded, decoded at
  /// the view's size, with no cache budget, and is never killed (`MemoryPolicy.limit`). Its
  /// memory columns report what that costs (2 GB on the default fling), and are never held
  /// against it; a strategy that waits near the limit with far less memory is the better
  /// answer, and a memory-bounded limit is not modelled.
  package var memoryPolicy: MemoryPolicy { .limit }

  init(renderAhead: Bool) { self.renderAhead = renderAhead }

  /// The oracle's run: the foresight, the plan on the relaxed network, then the engine playing
  /// it (with `renderAhead` -1 twice, with and without rendering ahead); the run that makes the
  /// user wait least is the result (then fewer wasted, then fewer requests).
  static func search(_ setup: RunSetup, parameters: StrategyParameters) throws(SimError) -> RunResult {
    let foresight = try Foresight.compute(
      trace: setup.trace, scenario: setup.scenario, physics: setup.physics, options: setup.options)
    let minVisible = parameters.number("minVisible")
    let plan = LimitSchedule.best(
      foresight: foresight, scenario: setup.scenario, seed: setup.options.seed,
      minVisible: minVisible < 0 ? nil : minVisible)
    let given = parameters.number("renderAhead")
    var best: (result: RunResult, rank: (Double, Int, Int))?
    for renderAhead in given < 0 ? [true, false] : [given != 0] {
      let oracle = OracleStrategy(renderAhead: renderAhead)
      oracle.foresight = foresight
      oracle.plan = plan
      let metrics = try Simulation.runOnce(setup, callbacks: oracle)
      let m = metrics.metrics
      let rank = (m.waitSeconds, m.wastedContentRequests + m.wastedPageRequests, m.pageRequests + m.contentRequests)
      if best == nil || rank < best!.rank { best = (metrics, rank) }
    }
    return best!.result
  }

  package var keepsOffscreenCells: Bool { true }
  package var arrivalPlan: ArrivalPlan? { plan.arrivals }

  package func listDidLoad(_ list: any ListContext) {
    for page in plan.pages.keys.sorted() where !list.isPageLoaded(page) { list.requestPage(page) }
    waitingForData = foresight.seenRows.filter { plan.content[$0] != nil || renderAhead }.sorted()
    serveRowsWithData(list)
  }

  package func requestDidComplete(_ list: any ListContext, kind: RequestKind, index: Int) {
    if kind == .page { serveRowsWithData(list) }
  }

  /// A row the foresight never saw is shown only where the run left the free path (a drag
  /// held at a late page's end; a 10⁹ pt drag beyond the free path's last row): no plan
  /// names it, so it is asked for as it shows, over the real network, as `on-display` would.
  /// Left blank, it would keep the run drawing frames for as long as the user holds on.
  package func willDisplay(_ list: any ListContext, item: Int) {
    if foresight.firstVisible(item) == nil && list.needsContent(item) { list.requestContent(item) }
  }

  /// Asks for the planned image of each row whose data is in, and renders it ahead, in row
  /// order. The rows waiting are sorted, so those past the list's length (most of them, on an
  /// endless feed) are not looked at: looking at each on every page cost the oracle a fifth of
  /// its run.
  private func serveRowsWithData(_ list: any ListContext) {
    let count = list.itemCount
    let end = waitingForData.firstIndex { $0 >= count } ?? waitingForData.endIndex
    var stillWaiting: [Int] = []
    for item in waitingForData[..<end] {
      guard list.hasData(item) else {
        stillWaiting.append(item)
        continue
      }
      if renderAhead { list.prepareRender(item) }
      if plan.content[item] != nil && list.needsContent(item) { list.requestContent(item) }
    }
    waitingForData.replaceSubrange(..<end, with: stillWaiting)
  }
}

extension StrategyChoice {
  /// The clairvoyant limit with its defaults: what comparisons and sweeps measure
  /// `waitOverLimit` against when the limit is not among their strategies.
  package static let limit = try! StrategyChoice(OracleStrategy.self)
}
