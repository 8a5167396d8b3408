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

  /// The free run of `trace` over `scenario`: rows enough that the input never reaches the end
  /// of the list unless the server's list ends first.
  static func compute(
    trace: Trace, scenario: Scenario, physics: any ScrollPhysics, options: SimulationOptions
  ) throws(SimError) -> FreePath {
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
      return FreePath(
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
