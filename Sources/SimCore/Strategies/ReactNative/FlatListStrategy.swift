/// React Native's `FlatList` (VirtualizedList): a render window of `windowSize` visible lengths
/// filled in batches, and `onEndReached` for the next page.
///
/// Source: facebook/react-native `packages/virtualized-lists/Lists/VirtualizedList.js`
/// @014c1e34 and `VirtualizeUtils.js` @0de6a152. Defaults `initialNumToRender` 10,
/// `maxToRenderPerBatch` 10, `windowSize` 21, `updateCellsBatchingPeriod` 50 ms. The window
/// reaches `(windowSize − 1) / 2` visible lengths past each edge (the velocity-biased split is
/// commented out in the source); each batch renders at most `maxToRenderPerBatch` new cells,
/// the side the list moves toward first, and drops the cells that left the window.
/// `_scheduleCellsToRenderUpdate` (on every scroll event, at load, when data changes, and in
/// `componentDidUpdate` after a batch changed the window) runs a batch at once when it is
/// high priority — the viewport reaches past the first or last rendered cell, or the list moves
/// faster than 2 px/ms toward an edge less than `threshold × visible length / 2` away
/// (threshold = `onEndReachedThreshold`, 2 when unset) — and otherwise sets one 50 ms timer if
/// none is pending; a high-priority batch's own follow-up is never high priority
/// (`_hiPriInProgress`). So at rest the window fills 10 cells every 50 ms. `onEndReached` fires
/// once per content length, after the last row is rendered, when the distance from the end is
/// ≤ `onEndReachedThreshold × visible length` — or ≤ 2 px when the app sets no threshold
/// (`DEFAULT_THRESHOLD_PX`), which is RN's default here; scrolling back out re-arms it.
/// A rendered cell mounts its `Image`, which loads; a cell leaving the window unmounts, which
/// cancels its load; rendered cells off screen keep their image.
/// Where the work runs ("Threading Model", reactnative.dev, New Architecture): a cell's render
/// and layout run on the JS thread, which feeds the UI thread; a batch of 10 cells is 10 renders
/// in a row ("bigger = longer periods of JavaScript execution", "Optimizing FlatList
/// Configuration"). Images decode natively in the background (the default `threading`).
/// Simplified: scroll events are scrollsim's drawn frames (RN's `scrollEventThrottle`), the
/// velocity is measured between them, and a row that becomes visible is mounted at once (RN's
/// high-priority batch runs at the same scroll event); `initialNumToRender` rows are dropped
/// like the others when they leave the window (RN keeps them mounted). The JS thread is the
/// one main thread of `MainThread`: a batch that overruns the frame delays the next frame.
public final class FlatListStrategy: PrefetchStrategy {
  public static let info = StrategyInfo(
    name: "flatlist", aliases: ["virtualizedlist", "react-native"],
    summary: "RN FlatList: window of 21 visible lengths in batches of 10 every 50 ms; onEndReached.",
    origin: "react-native VirtualizedList.js, VirtualizeUtils.js",
    parameters: [
      ParameterInfo("windowSize", .number(1...1000), default: "21", "visible lengths rendered"),
      ParameterInfo("maxToRenderPerBatch", .number(1...10_000), default: "10", "new cells per batch"),
      ParameterInfo("batchingPeriod", .number(0...10_000), default: "50", "ms between batches"),
      ParameterInfo("initialNumToRender", .number(0...10_000), default: "10", "cells rendered first"),
      ParameterInfo(
        "onEndReachedThreshold", .number(-1...100), default: "-1", "visible lengths; -1 = not set: 2 px from the end"),
    ],
    platform: .reactNative)

  private let windowSize: Double
  private let perBatch: Int
  private let batchingPeriod: Double
  private let initialNumToRender: Int
  private let endThreshold: Double
  private var rendered: Set<Int> = []
  /// When the pending batching timer fires (`_updateCellsToRenderTimeoutID`), if one is set.
  private var batchDue: Double?
  private var sentEndForContentLength = -1.0
  private var frames = FrameVelocity()
  /// pt/s, between the last two scroll events; 0 once scrolling ends.
  private var velocity = 0.0
  private var goingDown = true
  private var band = ListBand()

  public var memoryPolicy: MemoryPolicy { .fresco }

  public init(parameters: StrategyParameters) {
    windowSize = parameters.number("windowSize")
    perBatch = Int(parameters.number("maxToRenderPerBatch"))
    batchingPeriod = parameters.number("batchingPeriod") / 1000
    initialNumToRender = Int(parameters.number("initialNumToRender"))
    endThreshold = parameters.number("onEndReachedThreshold")
  }

  public var keepsOffscreenCells: Bool { true }

  /// `_maybeCallOnEdgeReached`'s distance test.
  public static func isWithinEnd(distanceFromEnd: Double, visibleLength: Double, threshold: Double) -> Bool {
    distanceFromEnd <= (threshold < 0 ? 2 : threshold * visibleLength)
  }

  /// `_scheduleCellsToRenderUpdate`'s high priority: `distTop`/`distBottom` are the offsets of
  /// the first and last rendered cells' tops from the viewport's edges; velocity in pt/s
  /// (RN compares px/ms with 2); `threshold` in visible lengths (2 when unset).
  public static func isHighPriority(
    distTop: Double?, distBottom: Double?, velocity: Double, visibleLength: Double, threshold: Double
  ) -> Bool {
    let scrolling = (threshold < 0 ? 2 : threshold) * visibleLength / 2
    if let distTop, distTop < 0 || (velocity < -2000 && distTop < scrolling) { return true }
    if let distBottom, distBottom < 0 || (velocity > 2000 && distBottom < scrolling) { return true }
    return false
  }

  public func listDidLoad(_ list: any ListContext) {
    for item in 0..<min(initialNumToRender, list.itemCount) { mount(item, list) }
    frames.start(list)
    schedule(list, highPriorityAllowed: true)
  }

  public func didScroll(_ list: any ListContext) {
    if let measured = frames.update(list) {
      velocity = measured.velocity
      if measured.delta != 0 { goingDown = measured.delta > 0 }
    }
    maybeCallOnEndReached(list)
    schedule(list, highPriorityAllowed: true)
  }

  public func didEndDragging(_ list: any ListContext, willDecelerate: Bool) {
    if !willDecelerate { didEndDecelerating(list) }
  }

  public func didEndDecelerating(_ list: any ListContext) {
    velocity = 0
    schedule(list, highPriorityAllowed: true)
  }

  public func requestDidComplete(_ list: any ListContext, kind: RequestKind, index: Int) {
    if kind == .page { schedule(list, highPriorityAllowed: true) }
  }

  public func timerDidFire(_ list: any ListContext) {
    guard let due = batchDue, list.time >= due - 1e-9 else { return }
    batchDue = nil
    batch(list, highPriority: false)
  }

  /// A visible row is always mounted (a batch would not leave the screen blank).
  public func willDisplay(_ list: any ListContext, item: Int) { mount(item, list) }

  /// Renders the cell: its React render is JS work now (`prepareRender`, a bind ahead).
  private func mount(_ item: Int, _ list: any ListContext) {
    guard rendered.insert(item).inserted else { return }
    list.prepareRender(item)
    if list.feedKind == .placeholder { list.load(item, content: false) }
    if list.needsContent(item) { list.requestContent(item) }
  }

  /// `_scheduleCellsToRenderUpdate`: a batch now when high priority, else one timer.
  private func schedule(_ list: any ListContext, highPriorityAllowed: Bool) {
    if highPriorityAllowed, isHighPriority(list) {
      batchDue = nil  // clearTimeout
      batch(list, highPriority: true)
      return
    }
    guard batchDue == nil else { return }
    batchDue = list.time + batchingPeriod
    list.wakeUp(after: batchingPeriod)
  }

  private func isHighPriority(_ list: any ListContext) -> Bool {
    guard let first = rendered.min(), let last = rendered.max() else { return true }
    let top = list.contentOffset
    let bottom = top + list.viewportHeight
    return Self.isHighPriority(
      distTop: first > 0 ? top - list.frame(of: first).top : nil,
      distBottom: last < list.itemCount - 1 ? list.frame(of: last).top - bottom : nil,
      velocity: velocity, visibleLength: list.viewportHeight, threshold: endThreshold)
  }

  /// `_updateCellsToRender`: drop what left the window, render up to a batch of new cells
  /// nearest first (visible, then ahead, then behind); if the window changed,
  /// `componentDidUpdate` schedules again.
  private func batch(_ list: any ListContext, highPriority: Bool) {
    let overscan = (windowSize - 1) / 2 * list.viewportHeight
    let window = list.items(
      in: &band, from: list.contentOffset - overscan, to: list.contentOffset + list.viewportHeight + overscan)
    let inWindow = Set(window)
    var changed = false
    for item in rendered.sorted() where !inWindow.contains(item) {
      rendered.remove(item)
      changed = true
      if !list.hasContent(item) { list.cancelContent(item) }
      list.clearContent(item)
      list.discardRender(item)
    }
    let visible = list.visibleItems
    let top = visible.first ?? 0
    let bottom = visible.last ?? 0
    let ahead = goingDown ? window.filter { $0 > bottom } : window.filter { $0 < top }.reversed()
    let behind = goingDown ? window.filter { $0 < top }.reversed() : window.filter { $0 > bottom }
    var budget = perBatch
    for item in visible + ahead + behind where budget > 0 && !rendered.contains(item) {
      mount(item, list)
      budget -= 1
      changed = true
    }
    maybeCallOnEndReached(list)
    if changed { schedule(list, highPriorityAllowed: !highPriority) }
  }

  private func maybeCallOnEndReached(_ list: any ListContext) {
    guard list.feedKind == .append, list.hasMoreData, list.itemCount > 0 else { return }
    let distance = max(0, list.contentLength - list.viewportHeight - list.contentOffset)
    let within = Self.isWithinEnd(
      distanceFromEnd: distance, visibleLength: list.viewportHeight, threshold: endThreshold)
    if !within {
      sentEndForContentLength = -1  // scrolling away from the end re-arms it
      return
    }
    guard rendered.contains(list.itemCount - 1), sentEndForContentLength != list.contentLength,
      list.pageRequestsOutstanding == 0
    else { return }
    sentEndForContentLength = list.contentLength
    list.requestPage(list.nextPageIndex)
  }
}
