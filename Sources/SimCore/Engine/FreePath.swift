/// The path the input takes when nothing makes the user wait, and the rows it shows: a run of
/// the same trace, physics, display and seed over the same list with every row loaded, nothing
/// to fetch and free rendering. A run whose pages are late stalls (policy `wait` delays the rest
/// of the input), which only moves the same rows later; a fling that ends at the end of a late
/// page is the one way a real trajectory can leave the free one.
///
/// The engine reads the last row it reaches (what giving up leaves unserved,
/// `unservedDemandCharge`); a strategy that knows the future reads the rest.
struct FreePath: Sendable {
  /// Per row seen: the time it first becomes visible (absent: never). Rows are keys, not array
  /// slots: a list of millions of rows shows a few thousand.
  let firstVisible: [Int: Double]
  /// Per row seen: its total visible time (over every visibility episode).
  let visibleSeconds: [Int: Double]
  /// Per row seen: when it stops being visible for the last time (infinity: still visible
  /// when the session ends).
  let lastVisible: [Int: Double]
  /// Per row seen: how much of the screen it has covered so far, as (time, cumulative share of
  /// the viewport's height × seconds) points, flat, one per frame it is on screen, and one
  /// where it comes back on screen: what a blank row costs until a given time, for the limit's
  /// schedule. Rows on screen at the end go on covering it through the drain
  /// (`SimulationOptions.drainSeconds`), as a blank row keeps a real run going.
  let coverage: [Int: [Double]]

  /// Rows an endless feed's free run lays out at most: 100 000, about 30 million pt at the
  /// default heights, which flings at the fastest any platform allows take half an hour to
  /// cross. A path that would go further (a drag of 10⁹ pt in one sample) ends there, as if the
  /// list did: it bounds the work and memory of any input (~170 bytes a row laid out), and so
  /// the rows the limit plans for and the demand a run is charged for.
  static let endlessRows = 100_000

  /// The free run of `trace` over `scenario`: rows enough that the input never reaches the end
  /// of the list unless the server's list ends first.
  static func compute(
    trace: Trace, scenario: Scenario, physics: any ScrollPhysics, options: SimulationOptions
  ) throws(SimError) -> FreePath {
    var options = options
    options.recordEvents = false
    // An endless feed's length here is a bound on the work, not a list's end (`endlessRows`):
    // estimated, so that its rows are laid out only as far as the path goes.
    options.estimatesLength = scenario.feed.totalItems == nil
    let pageSize = scenario.feed.pageSize
    // An endless feed is laid out as far as any input reaches: rows are laid out lazily, as
    // the path reaches them, so the length costs nothing until then.
    let rows = scenario.feed.totalItems ?? Self.endlessRows
    var free = scenario
    free.feed = FeedSpec(kind: .append, pageSize: pageSize, initialItems: rows, totalItems: rows)
    free.cell.hasContent = false
    free.cell.renderTime = .fixed(0)
    let watcher = VisibilityRecorder(columns: scenario.list.columns)
    let simulation = Simulation(trace: trace, scenario: free, strategy: watcher, physics: physics, options: options)
    watcher.layout = simulation.layout
    try simulation.execute()
    // A real run whose visible rows are blank when the input is over goes on until they fill
    // or `drainSeconds` have passed: the rows on screen at the end cover it that long.
    let drainEnd = (simulation.input.doneAt?.seconds ?? 0) + options.drainSeconds
    watcher.close(at: simulation.now.seconds, drainingUntil: drainEnd)
    return FreePath(
      firstVisible: watcher.firstVisible, visibleSeconds: watcher.visibleSeconds, lastVisible: watcher.lastVisible,
      coverage: watcher.coverage)
  }
}

/// Notes when rows come on screen and leave it; asks for nothing.
private final class VisibilityRecorder: ListCallbacks {
  var firstVisible: [Int: Double] = [:]
  var visibleSeconds: [Int: Double] = [:]
  var lastVisible: [Int: Double] = [:]
  var coverage: [Int: [Double]] = [:]
  private var since: [Int: Double] = [:]
  /// The share of the viewport each visible row covers since `sampledAt`.
  private var share: [Int: Double] = [:]
  private var sampledAt = 0.0
  /// Columns side by side: a row covers its column's share of the screen's width.
  private let columns: Double
  /// The run's layout: what of an item shows blank waiting for its image (its image's box).
  /// Not counted: the simulation that calls this owns it and outlives every callback.
  unowned(unsafe) var layout: ListLayout?

  init(columns: Int) { self.columns = Double(max(columns, 1)) }

  func willDisplay(_ list: any ListContext, item: Int) {
    accumulate(to: list.time)
    if firstVisible[item] == nil { firstVisible[item] = list.time }
    // Back on screen: nothing was covered while it was away (no interpolation across the gap).
    if let last = coverage[item]?.last { coverage[item]!.append(contentsOf: [list.time, last]) }
    since[item] = list.time
    share[item] = share(of: item, list)
  }

  func didEndDisplaying(_ list: any ListContext, item: Int) {
    accumulate(to: list.time)
    share[item] = nil
    guard let start = since.removeValue(forKey: item) else { return }
    visibleSeconds[item, default: 0] += list.time - start
    lastVisible[item] = list.time
  }

  func frameDidFinish(_ list: any ListContext) {
    accumulate(to: list.time)
    for item in share.keys { share[item] = share(of: item, list) }
  }

  /// The part of the viewport `item` covers (as `FrameMeter` counts a blank row).
  private func share(of item: Int, _ list: any ListContext) -> Double {
    let frame = list.frame(of: item)
    let (top, bottom) = (list.contentOffset, list.contentOffset + list.viewportHeight)
    let covered =
      layout?.blankExtent(frame, between: top, and: bottom, hasData: true) ?? frame.height(between: top, and: bottom)
    return covered / columns / max(list.viewportHeight, 1e-9)
  }

  /// Adds each visible row's coverage since the last sample.
  private func accumulate(to time: Double) {
    guard time > sampledAt else { return }
    for (item, part) in share {
      // Appended in place: a copy per frame would cost each row its whole history.
      if coverage[item] == nil { coverage[item] = [sampledAt, 0] }
      let total = coverage[item]!.last! + part * (time - sampledAt)
      coverage[item]!.append(time)
      coverage[item]!.append(total)
    }
    sampledAt = time
  }

  /// Rows still visible when the session ends count until then, and stay wanted after it;
  /// their coverage goes on, at their last share, until `drainEnd` (the longest a run whose
  /// rows are blank lasts).
  func close(at end: Double, drainingUntil drainEnd: Double) {
    accumulate(to: end)
    accumulate(to: drainEnd)
    for (item, start) in since {
      visibleSeconds[item, default: 0] += end - start
      lastVisible[item] = .infinity
    }
    since = [:]
  }
}
