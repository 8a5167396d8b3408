/// React Native's `FlatList` (VirtualizedList): a render window of `windowSize` visible lengths
/// filled in batches, the first `initialNumToRender` cells kept mounted, and `onEndReached` for
/// the next page.
///
/// Source: facebook/react-native `packages/virtualized-lists/Lists/VirtualizedList.js`
/// @014c1e34, `VirtualizeUtils.js` @0de6a152 (`FlatListWindow`), `VirtualizedListProps.js`
/// @002c1bb1 (defaults: `initialNumToRender` 10, `maxToRenderPerBatch` 10, `windowSize` 21,
/// `onEndReachedThreshold` and `onStartReachedThreshold` 2; `updateCellsBatchingPeriod` 50 ms in
/// `_scheduleCellsToRenderUpdate`). What it follows, call by call:
/// - `_onScroll` (each drawn frame that moved, RN's scroll event): `dt` is the time since the
///   last scroll event in ms, at least 1, and 1 for the first; velocity `dOffset / dt` px/ms;
///   then `_maybeCallOnEdgeReached`, then `_scheduleCellsToRenderUpdate`.
/// - `_scheduleCellsToRenderUpdate`: high priority — the viewport's top above the first
///   rendered cell's top, or moving up faster than 2 px/ms within `onStartReachedThreshold ×
///   visible length / 2` of it; the same at the bottom against the last rendered cell's top
///   with `onEndReachedThreshold` (2 when unset) — updates at once unless `_hiPriInProgress`,
///   which only `componentDidUpdate` clears (a high-priority update that changes nothing leaves
///   it set); otherwise one `setTimeout` of `updateCellsBatchingPeriod` if none is pending.
/// - `_updateCellsToRender` (`FlatListWindow.limits`): the new window; a change re-renders, and
///   `componentDidUpdate` schedules again and checks `onEndReached`. State updates run after
///   the callback that asked for them, in order, as React batches them.
/// - `onScrollEndDrag` (iOS sends it from `scrollViewWillEndDragging`) sets the velocity to the
///   release velocity; `onMomentumScrollEnd` sets it to 0. Neither schedules.
/// - New data (a page): `getDerivedStateFromProps` constrains the window to the rows, the list
///   re-renders (`componentDidUpdate`), then `_onContentSizeChange` with the new length
///   schedules and checks `onEndReached`.
/// - `_maybeCallOnEdgeReached`: once per content length while within `onEndReachedThreshold ×
///   visible length` of the end, or 2 px when the app sets none (`DEFAULT_THRESHOLD_PX`), and
///   only when the window's last cell is the last row; leaving the zone re-arms it. The app's
///   handler asks for the next page unless one is on its way (the usual loading guard).
/// A mounted cell renders its `Image`, which loads; a cell leaving the mask unmounts, which
/// cancels its load. Where the work runs ("Threading Model", reactnative.dev, New
/// Architecture): renders on the JS thread, the one main thread of `MainThread`; images decode
/// natively in the background.
/// Simplified: rows are known by their frames (an app with `getItemLayout`; without it RN
/// estimates unmeasured rows from the average measured length); the content size is reported
/// when the page's rows are inserted (RN reports it after the native layout that follows);
/// RN's scroll events are scrollsim's drawn frames (`scrollEventThrottle` at its default of
/// every frame). On a grid (`list.layout: "grid"`) it is FlatList with `numColumns`: every
/// count above is in rows of items (`FlatListRows`). State: `first`, `last` (`cellsAroundViewport`), `mask` (mounted rows as
/// ranges), `endReached` (calls so far).
package final class FlatListStrategy: PrefetchStrategy, FrameStateReporting {
  package static let info = StrategyInfo(
    name: "flatlist", aliases: ["virtualizedlist", "react-native"],
    summary: "RN FlatList: window of 21 visible lengths in batches of 10 every 50 ms; onEndReached.",
    origin: "react-native VirtualizedList.js, VirtualizeUtils.js",
    parameters: [
      ParameterInfo("windowSize", .number(1...1000), default: "21", "visible lengths rendered"),
      ParameterInfo("maxToRenderPerBatch", .number(1...10_000), default: "10", "new cells per batch"),
      ParameterInfo("batchingPeriod", .number(0...10_000), default: "50", "ms between batches"),
      ParameterInfo("initialNumToRender", .number(0...10_000), default: "10", "cells rendered first, kept mounted"),
      ParameterInfo(
        "onEndReachedThreshold", .number(-1...100), default: "-1", "visible lengths; -1 = not set: 2 px from the end"),
    ] + ReactNativeImages.parameters,
    platform: .reactNative)

  package static var callbacks: [StrategyCallback] {
    [.listDidLoad, .didScroll, .willEndDragging, .didEndDecelerating, .requestDidComplete, .timerDidFire]
  }

  private let windowSize: Double
  private let perBatch: Int
  private let batchingPeriod: Double
  private let initialNumToRender: Int
  private let endThreshold: Double
  /// `state.cellsAroundViewport`, and the row count the state was made for.
  private var window = FlatListWindow.Cells(first: 0, last: -1)
  private var stateCount = 0
  private var mounted: [FlatListWindow.Cells] = []
  /// `_scrollMetrics`: offset, visible length, velocity (px/ms), last scroll event (ms).
  private var offset = 0.0
  private var visibleLength = 0.0
  private var velocity = 0.0
  private var timestamp = 0.0
  /// `_listMetrics.getContentLength()`, nil until `_onContentSizeChange`.
  private var contentLength: Double?
  private var hiPriInProgress = false
  /// When the pending `setTimeout` fires (`_updateCellsToRenderTimeoutID`), if one is set.
  private var timerDue: Double?
  private var sentEndForContentLength = 0.0
  private var endReachedCalls = 0
  /// State updates asked for and not yet run (`setState` with `_updateCellsToRender`'s updater).
  private var pendingUpdates = 0
  private var draining = false

  /// The rows' image component (`images`, `cachePolicy`, `prefetch`).
  private let images: ReactNativeImages

  /// React Native's `Image` on Android (Fresco) unless `images` says otherwise.
  package var memoryPolicy: MemoryPolicy { memoryPolicy(on: nil) }
  /// The image component's caches on the session's platform (FlatList pools no rows).
  package func memoryPolicy(on platform: DevicePlatform?) -> MemoryPolicy {
    images.memoryPolicy(on: platform, pool: .spare(0))
  }
  package var keepsOffscreenCells: Bool { true }

  package init(parameters: StrategyParameters) {
    windowSize = parameters.number("windowSize")
    perBatch = Int(parameters.number("maxToRenderPerBatch"))
    batchingPeriod = parameters.number("batchingPeriod") / 1000
    initialNumToRender = Int(parameters.number("initialNumToRender"))
    endThreshold = parameters.number("onEndReachedThreshold")
    images = ReactNativeImages(parameters: parameters)
  }

  package func takeFrameState() -> JSONValue? {
    .object([
      ("first", .number(Double(window.first))), ("last", .number(Double(window.last))),
      ("mask", .array(mounted.map { .array([.number(Double($0.first)), .number(Double($0.last))]) })),
      ("endReached", .number(Double(endReachedCalls))),
    ])
  }

  /// `_maybeCallOnEdgeReached`'s distance test.
  package static func isWithinEnd(distanceFromEnd: Double, visibleLength: Double, threshold: Double) -> Bool {
    distanceFromEnd <= (threshold < 0 ? 2 : threshold * visibleLength)
  }

  /// `_shouldRenderWithPriority`: `distTop`/`distBottom` are the offsets of the first and last
  /// rendered cells' tops from the viewport's edges (nil where no cell lies beyond); velocity
  /// in px/ms; thresholds in visible lengths (`onStartReachedThreshold`,
  /// `onEndReachedThreshold`; 2 when unset).
  package static func isHighPriority(
    distTop: Double?, distBottom: Double?, velocity: Double, visibleLength: Double, startThreshold: Double = 2,
    endThreshold: Double
  ) -> Bool {
    if let distTop, distTop < 0 || (velocity < -2 && distTop < startThreshold * visibleLength / 2) { return true }
    if let distBottom, distBottom < 0 || (velocity > 2 && distBottom < endThreshold * visibleLength / 2) {
      return true
    }
    return false
  }

  // MARK: Callbacks, as React Native's events

  /// The list mounts with its initial cells, then `_onLayout` and `_onContentSizeChange`.
  package func listDidLoad(_ list: any ListContext) {
    let list = rows(list)
    stateCount = list.itemCount
    window = FlatListWindow.initialRegion(count: stateCount, initialNumToRender: initialNumToRender)
    commitMask(list)
    event(list) {
      visibleLength = list.viewportHeight
      schedule(list)
      maybeCallOnEndReached(list)
    }
    event(list) { contentSizeChanged(list) }
  }

  package func didScroll(_ list: any ListContext) {
    let list = rows(list)
    event(list) {
      let now = list.time * 1000
      let dOffset = list.contentOffset - offset
      let dt = timestamp != 0 ? max(1, now - timestamp) : 1
      offset = list.contentOffset
      timestamp = now
      velocity = dOffset / dt
      maybeCallOnEndReached(list)
      schedule(list)
    }
  }

  /// `onScrollEndDrag` carries the release velocity (UIKit's, in pt/ms).
  package func willEndDragging(_ list: any ListContext, velocity: Double, targetContentOffset: Double) {
    self.velocity = velocity / 1000
  }

  package func didEndDecelerating(_ list: any ListContext) { velocity = 0 }

  package func requestDidComplete(_ list: any ListContext, kind: RequestKind, index: Int) {
    if kind == .page { images.pageDidLoad(list, page: index) }
    let list = rows(list)
    guard kind == .page, list.itemCount != stateCount else { return }
    event(list) {
      // getDerivedStateFromProps, then the re-render's componentDidUpdate.
      stateCount = list.itemCount
      window = FlatListWindow.constrained(window, count: stateCount, perBatch: perBatch)
      commitMask(list)
      componentDidUpdate(list)
    }
    event(list) { contentSizeChanged(list) }
  }

  package func timerDidFire(_ list: any ListContext) {
    let list = rows(list)
    guard let due = timerDue, list.time >= due - 1e-9 else { return }
    event(list) {
      timerDue = nil
      pendingUpdates += 1
    }
  }

  // MARK: VirtualizedList

  /// The list as VirtualizedList sees it: on a grid, rows of `numColumns` items (`FlatListRows`),
  /// made again if another list calls.
  private var rowsView: (of: ObjectIdentifier, view: FlatListRows)?

  private func rows(_ list: any ListContext) -> any ListContext {
    guard list.rowItems > 1 else { return list }
    if rowsView?.of != ObjectIdentifier(list) {
      rowsView = (ObjectIdentifier(list), FlatListRows(list, perRow: list.rowItems))
    }
    return rowsView!.view
  }

  /// Runs one event handler, then the state updates it asked for (React's batching).
  private func event(_ list: any ListContext, _ handler: () -> Void) {
    handler()
    guard !draining else { return }
    draining = true
    defer { draining = false }
    while pendingUpdates > 0 {
      pendingUpdates -= 1
      updateCellsToRender(list)
    }
  }

  private func contentSizeChanged(_ list: any ListContext) {
    contentLength = list.contentLength
    schedule(list)
    maybeCallOnEndReached(list)
  }

  /// `_scheduleCellsToRenderUpdate`.
  private func schedule(_ list: any ListContext) {
    if shouldRenderWithPriority(list) && !hiPriInProgress {
      hiPriInProgress = true
      timerDue = nil  // clearTimeout
      pendingUpdates += 1
    } else if timerDue == nil {
      timerDue = list.time + batchingPeriod
      list.wakeUp(after: batchingPeriod)
    }
  }

  private func shouldRenderWithPriority(_ list: any ListContext) -> Bool {
    Self.isHighPriority(
      distTop: window.first > 0 ? offset - list.frame(of: window.first).top : nil,
      distBottom: window.last >= 0 && window.last < stateCount - 1
        ? list.frame(of: window.last).top - (offset + visibleLength) : nil,
      velocity: velocity, visibleLength: visibleLength, endThreshold: endThreshold < 0 ? 2 : endThreshold)
  }

  /// `_updateCellsToRender` → `_adjustCellsAroundViewport`: a new window if the metrics are
  /// there; a change re-renders and runs `componentDidUpdate`.
  private func updateCellsToRender(_ list: any ListContext) {
    guard visibleLength > 0, let contentLength, contentLength > 0 else { return }
    let next = FlatListWindow.limits(
      count: stateCount, perBatch: perBatch, windowSize: windowSize, previous: window, offset: offset,
      visibleLength: visibleLength, velocity: velocity, frame: list.frame(of:))
    guard next != window else { return }
    window = next
    commitMask(list)
    componentDidUpdate(list)
  }

  private func componentDidUpdate(_ list: any ListContext) {
    let hiPri = hiPriInProgress
    schedule(list)
    if hiPri { hiPriInProgress = false }
    maybeCallOnEndReached(list)
  }

  /// `_maybeCallOnEdgeReached` for the end (the app sets no `onStartReached`).
  private func maybeCallOnEndReached(_ list: any ListContext) {
    guard let contentLength, visibleLength != 0 else { return }
    var distanceFromEnd = contentLength - visibleLength - offset
    if distanceFromEnd < 0.001 { distanceFromEnd = 0 }
    let within = Self.isWithinEnd(
      distanceFromEnd: distanceFromEnd, visibleLength: visibleLength, threshold: endThreshold)
    if stateCount > 0 && window.last == stateCount - 1 && within && contentLength != sentEndForContentLength {
      sentEndForContentLength = contentLength
      onEndReached(list)
    }
    if !within { sentEndForContentLength = 0 }
  }

  /// The app's handler: the next page, unless one is on its way.
  private func onEndReached(_ list: any ListContext) {
    endReachedCalls += 1
    guard list.feedKind == .append, list.hasMoreData, list.pageRequestsOutstanding == 0 else { return }
    list.requestPage(list.nextPageIndex)
  }

  // MARK: Mounting

  /// Mounts the cells the new mask adds (each renders and loads its image) and unmounts those
  /// it drops (cancelling their loads).
  private func commitMask(_ list: any ListContext) {
    let next = FlatListWindow.mask(window: window, count: stateCount, initialNumToRender: initialNumToRender)
    let before = Set(mounted.flatMap { Array($0.first...$0.last) })
    let after = next.flatMap { Array($0.first...$0.last) }
    let keep = Set(after)
    for item in before.sorted() where !keep.contains(item) {
      if !list.hasContent(item) { list.cancelContent(item) }
      list.clearContent(item)
      list.discardRender(item)
    }
    for item in after where !before.contains(item) {
      list.prepareRender(item)
      if list.feedKind == .placeholder { list.load(item, content: false) }
      if list.needsContent(item) { list.requestContent(item) }
    }
    mounted = next
  }
}
