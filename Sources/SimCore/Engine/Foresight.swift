/// What the future holds for a run, as only the clairvoyant strategy may know it: when each row
/// will first be visible and for how long in all, if nothing ever made the user wait.
///
/// It comes from a free run of the same trace, physics, display and seed over the same list
/// with every row loaded, nothing to fetch and free rendering: the trajectory the input
/// produces when no stall holds it, and so the rows it shows and when. A run whose pages are
/// late stalls (policy `wait` delays the rest of the input), which only moves the same rows
/// later; a fling that ends at the end of a late page is the one way the real trajectory can
/// leave the free one.
struct Foresight: Sendable {
  /// Per row seen: the time it first becomes visible (absent: never). Rows are keys, not array
  /// slots: a list of millions of rows shows a few thousand.
  let firstVisible: [Int: Double]
  /// Per row seen: its total visible time (over every visibility episode).
  let visibleSeconds: [Int: Double]
  /// Per row seen: when it stops being visible for the last time (infinity: still visible
  /// when the session ends, which a late image prolongs).
  let lastVisible: [Int: Double]

  /// Rows that will be visible, earliest first (ties by index): sorted once, read by each of
  /// the oracle's runs.
  let seenRows: [Int]

  init(firstVisible: [Int: Double], visibleSeconds: [Int: Double], lastVisible: [Int: Double]) {
    self.firstVisible = firstVisible
    self.visibleSeconds = visibleSeconds
    self.lastVisible = lastVisible
    seenRows = firstVisible.keys.sorted { (firstVisible[$0]!, $0) < (firstVisible[$1]!, $1) }
  }

  /// The free run of `trace` over `scenario`: rows enough that the input never reaches the end
  /// of the list unless the server's list ends first.
  static func compute(
    trace: Trace, scenario: Scenario, physics: any ScrollPhysics, options: SimulationOptions
  ) throws(SimError) -> Foresight {
    var options = options
    options.recordEvents = false
    let pageSize = scenario.feed.pageSize
    var rows = max(scenario.feed.initialItems, 50 * pageSize)
    if let total = scenario.feed.totalItems { rows = total }
    while true {
      var free = scenario
      free.feed = FeedSpec(kind: .append, pageSize: pageSize, initialItems: rows, totalItems: rows)
      free.cell.hasContent = false
      free.cell.renderTime = .fixed(0)
      let watcher = VisibilityRecorder()
      let simulation = Simulation(trace: trace, scenario: free, strategy: watcher, physics: physics, options: options)
      try simulation.execute()
      let reachedEnd = watcher.firstVisible.keys.contains(rows - 1)
      // An endless feed: lay out more rows until the input no longer reaches the end.
      if reachedEnd && scenario.feed.totalItems == nil && rows < 10_000_000 {
        rows *= 4
        continue
      }
      watcher.close(at: simulation.now.seconds)
      return Foresight(
        firstVisible: watcher.firstVisible, visibleSeconds: watcher.visibleSeconds, lastVisible: watcher.lastVisible)
    }
  }
}

/// Notes when rows come on screen and leave it; asks for nothing.
private final class VisibilityRecorder: ListCallbacks {
  var firstVisible: [Int: Double] = [:]
  var visibleSeconds: [Int: Double] = [:]
  var lastVisible: [Int: Double] = [:]
  private var since: [Int: Double] = [:]

  func willDisplay(_ list: any ListContext, item: Int) {
    if firstVisible[item] == nil { firstVisible[item] = list.time }
    since[item] = list.time
  }

  func didEndDisplaying(_ list: any ListContext, item: Int) {
    guard let start = since.removeValue(forKey: item) else { return }
    visibleSeconds[item, default: 0] += list.time - start
    lastVisible[item] = list.time
  }

  /// Rows still visible when the session ends count until then, and stay wanted after it.
  func close(at end: Double) {
    for (item, start) in since {
      visibleSeconds[item, default: 0] += end - start
      lastVisible[item] = .infinity
    }
    since = [:]
  }
}
