/// What a strategy sees and may ask (`ListContext`): reads of the parts, and requests that go
/// through the engine so that metrics and the timeline see them.
extension Simulation: ListContext {
  public var time: Double { now.seconds }
  public var viewportHeight: Double { shownViewportHeight }
  public var density: Double { trace.device.density }
  public var contentOffset: Double { shownOffset }
  public var contentLength: Double { scroll.contentLength }
  public var isTracking: Bool { scroll.isTracking }
  public var isDragging: Bool { scroll.isDragging }
  public var isDecelerating: Bool { scroll.isDecelerating }
  public var targetContentOffset: Double? { scroll.targetContentOffset }
  public var frameInterval: Double { 1 / Double(refreshRate) }
  public var frameTimeRemaining: Double { main.remaining(at: now).seconds }
  public var averageBindTime: Double { main.averageBind.seconds }
  public var networkLatency: Double { scenario.network.link.latency }
  public var seed: UInt64 { options.seed }

  public var feedKind: FeedKind { feed.kind }
  public var pageSize: Int { feed.pageSize }
  public var itemCount: Int { feed.itemCount }
  public var hasMoreData: Bool { feed.hasMoreData }
  public var nextPageIndex: Int { feed.nextPageIndex }
  public var pageRequestsOutstanding: Int { feed.pageRequestsOutstanding }

  public var visibleItems: [Int] {
    // Most reads come while the rows on screen are the frame's: handed over without copying
    // the band (a pair's halves read them every frame: a copy and release each time).
    let band = shownBand
    if visible.isCurrent(band, count: feed.itemCount) { return visible.items }
    return visible.rows(band, layout: layout, count: feed.itemCount)
  }

  /// The offset as the platform has it: on its grid (`PixelGrid`).
  var shownOffset: Double {
    let raw = scroll.contentOffset
    if raw != gridOffset.raw { gridOffset = (raw, grid.snap(raw)) }
    return gridOffset.shown
  }

  /// The band whose rows are on screen: the viewport at the shown offset, as the grid tests it.
  var shownBand: (lower: Double, upper: Double) { grid.band(offset: shownOffset, height: shownViewportHeight) }

  public var rowItems: Int { layout.rowItems }

  public func items(from lower: Double, to upper: Double) -> [Int] {
    layout.items(from: lower, to: upper, itemCount: feed.itemCount)
  }

  public func items(in band: inout ListBand, from lower: Double, to upper: Double) -> [Int] {
    band.update(from: lower, to: upper, layout: layout, count: feed.itemCount)
  }

  public func frame(of item: Int) -> ListLayout.Frame { layout.frame(of: item) }
  public func page(of item: Int) -> Int { feed.page(of: item) }
  public func isPageLoaded(_ page: Int) -> Bool { feed.isPageLoaded(page) }
  public func isPageRequested(_ page: Int) -> Bool { feed.isPageRequested(page) }
  public func hasData(_ item: Int) -> Bool { rowHasData(item) }

  public func hasContent(_ item: Int) -> Bool { cells.contains(item) && cells[item].hasContent }
  public func isContentRequested(_ item: Int) -> Bool { cells.contains(item) && cells[item].isContentRequested }
  public func isCached(_ item: Int) -> Bool { cache.contains(item) }
  public func isRendered(_ item: Int) -> Bool { cells.contains(item) && cells[item].isRendered }

  public func requestPage(_ page: Int) {
    decisionLog?.act("requestPage", String(page), before: footprint(nil))
    defer { decisionLog?.done(after: footprint(nil)) }
    guard feed.exists(page) else {
      record(.requestIgnored(page: page, reason: "no such page"))
      return
    }
    issuePageRequest(page)
  }

  public func requestContent(_ item: Int) {
    decisionLog?.act("requestContent", String(item), before: footprint(item))
    defer { decisionLog?.done(after: footprint(item)) }
    guard scenario.cell.hasContent, item >= 0, item < feed.itemCount else { return }
    guard rowHasData(item) else {
      if !cells[item].contentAwaitsData {
        cells[item].contentAwaitsData = true
        record(.requestDeferred(item: item))
      }
      return
    }
    if cells[item].hasContent || loadFromCache(item) || readFromDisk(item) { return }
    issueContentRequest(item)
  }

  @discardableResult
  public func loadFromCache(_ item: Int) -> Bool {
    decisionLog?.act("loadFromCache", String(item), before: footprint(item))
    defer { decisionLog?.done(after: footprint(item)) }
    guard cells.contains(item), rowHasData(item), cache.contains(item) else { return false }
    if cells[item].hasContent { return true }
    cache.touch(item)
    metrics.cacheHits += 1
    record(.cacheHit(item: item))
    // A request still in flight for it goes on; its response is ignored.
    cells[item].content = .loaded
    // The memory tier holds decoded images: a hit needs no decode, wherever the platform
    // decodes (SDWebImage decodes before it caches, `SDImageCoderHelper.decodedImage(with:)`;
    // Glide caches the decoded `Bitmap`). Simplified: a main-thread decoder's arrival counts
    // as decoded in the tier while its row still decodes it at render.
    cells[item].isDecoded = true
    renderIfPossible(item)
    settleMemory(item)
    return true
  }

  public func cancelContent(_ item: Int) {
    decisionLog?.act("cancelContent", String(item), before: footprint(item))
    defer { decisionLog?.done(after: footprint(item)) }
    guard cells.contains(item) else { return }
    cells[item].contentAwaitsData = false
    guard cells[item].content == .requested else { return }
    cells[item].content = .none
    for id in cells.forgetAll(of: item) { cancelRequest(id) }
  }

  public func clearContent(_ item: Int) {
    decisionLog?.act("clearContent", String(item), before: footprint(item))
    defer { decisionLog?.done(after: footprint(item)) }
    guard cells.contains(item), cells[item].content != .none else { return }
    // A load in flight goes on into the caches; the row no longer takes it.
    if cells[item].content == .requested { cells.dropRequests(of: item) }
    cells[item].content = .none
    discardRender(item)  // settles the row's memory
    record(.clear(item: item))
  }

  public func prepareRender(_ item: Int) {
    decisionLog?.act("prepareRender", String(item), before: footprint(item))
    defer { decisionLog?.done(after: footprint(item)) }
    guard cells.contains(item) else { return }
    cells[item].renderWanted = true
    bindIfNeeded(item)
    renderIfPossible(item)
    settleMemory(item)
  }

  public func discardRender(_ item: Int) {
    decisionLog?.act("discardRender", String(item), before: footprint(item))
    defer { decisionLog?.done(after: footprint(item)) }
    guard cells.contains(item) else { return }
    defer { settleMemory(item) }
    cells[item].renderWanted = false
    cells[item].isBound = false
    switch cells[item].render {
    case .queued: renderer.removeQueued(item)
    case .none: return
    default: break
    }
    cells[item].render = .none
  }

  public func wakeUp(after seconds: Double) {
    decisionLog?.act("wakeUp", JSONWriter.number(seconds), before: nil)  // a timer always changes the run
    defer { decisionLog?.done(after: nil) }
    // At most a day ahead: a strategy's timer is milliseconds; nothing can overflow the clock.
    let delay = seconds.isFinite ? min(max(seconds, 0), 86_400) : 0
    queue.schedule(.strategyTimer, at: now + SimTime.fromSeconds(delay))
  }
}

extension Simulation {
  /// What an action on `item` (nil: on no row) can change, for the decision log
  /// (`DecisionLog.Footprint`); computed only when the run keeps one.
  func footprint(_ item: Int?) -> DecisionLog.Footprint {
    let cell = item.flatMap { cells.contains($0) ? cells[$0] : nil }
    return DecisionLog.Footprint(cell: cell, requests: network.requests.count)
  }
}

extension Simulation: ObservableList {
  var listChanges: ListChanges? { changes }
  var laidOutRows: Int { layout.laidOutCount }
  var layoutColumns: Int { layout.columns }
  var layoutArrangement: ListArrangement { layout.placement.arrangement }
  var layoutRowGap: Double { layout.placement.rowGap }
  var layoutPaddingTop: Double { layout.placement.paddingTop }
  var initialPages: Int { feed.initialPages }
}
