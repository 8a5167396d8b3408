/// Shopify's FlashList v2: recycled cells engaged within `drawDistance` around the viewport,
/// 70 % of the buffer ahead, shifted by the scroll velocity, and `onEndReached` at half a
/// visible length from the end.
///
/// Source: Shopify/flash-list @4c6abc3b, `src/recyclerview/`: `helpers/EngagedIndicesTracker.ts`,
/// `helpers/VelocityTracker.ts`, `utils/findVisibleIndex.ts`, `RecyclerViewManager.ts`,
/// `RecyclerView.tsx` (`onScrollHandler`), `hooks/useBoundDetection.ts`; `drawDistance` 250
/// (`native/config/PlatformHelper*.ts`). What it follows:
/// - each scroll event: `VelocityTracker.computeVelocity` — the offset change since the last
///   `updateScrollOffset` over the whole milliseconds of `Date.now()` since the last update (at
///   least 1) — goes into a 5-slot velocity history that starts as `[0, 0, 0, −0.1, −0.1]` px/ms;
///   the direction is the majority of its signs (a tie is forward);
/// - `updateScrollOffset`: the viewport projected ahead by the history's median × the average
///   render time (16 ms); a buffer of `2 × drawDistance` split 70 % ahead / 30 % behind
///   (`Math.ceil` of each); buffer that would fall before the list's start is added after the
///   viewport, then what would fall past the end is added before it; the engaged rows are
///   `getVisibleLayouts(start, end)`: from the first row with `y + height > start` (or
///   `y >= start`) to the last with `y <= end`;
/// - 100 ms after the last scroll event the momentum ends: `Date.now()` is taken again, the
///   history restarts as `[0, 0, 0, ±0.1, ±0.1]` in the direction it had, a zero velocity goes
///   in and the range is worked out again;
/// - new data (`processDataUpdate`): the range again at the last offset, no velocity;
/// - `checkBounds` after each: `onEndReached` when `Math.ceil(offset + visibleLength) >=
///   contentLength − onEndReachedThreshold × visibleLength` and it was not near before; new
///   data re-arms it. The app's handler asks for the next page unless one is on its way.
/// An engaged cell mounts its image; a cell leaving is recycled for another row, so its row's
/// load is cancelled and its image dropped.
/// Rows measured when rendered (`sizes=measured`, the default, as FlashList v2 does: it has no
/// `estimatedItemSize` or `getItemLayout`): the engaged rows and `onEndReached` are worked out
/// in FlashList's own layout (`FlashListLayout`: measured rows, the rest the average of the last
/// five measured), which each render's layout pass corrects (`RecyclerView.tsx`'s layout
/// effect, `modifyChildrenLayout`, again while `recomputeEngagedIndices` changes the rows); the
/// scroll handler's `checkBounds` sees the layout before the new rows are measured, the
/// commit's after (`onCommitEffect`). The first screen renders progressively
/// (`RecyclerViewManager.renderProgressively`, `initialDrawBatchSize` 2).
/// Simplified: scroll events are scrollsim's drawn frames; `Date.now()` is the run's clock in
/// whole ms (a device's is at any phase); the average render time is the fixed `renderMs`
/// (Android and iOS measure it, `RenderTimeTracker`, when
/// `trackAverageRenderTimeForOffsetProjection`); renders and layout passes take no time (their
/// binds cost the JS thread as usual); `onLoad`'s frame is not waited for; the offset correction
/// (`maintainVisibleContentPosition`, `applyOffsetCorrection`) is not modelled — scrolling down,
/// the rows above the viewport are measured and do not move, so it corrects nothing; scrolling
/// into rows never rendered (a jump) it would; the native content size is the true one (the
/// user's finger and momentum stop where the true list ends); a grid (`numColumns`) keeps its
/// rows' true sizes, and so does a waterfall (FlashList's `GridLayoutManager` and
/// `MasonryLayoutManager` not ported). Checked against that code run frame by
/// frame (`Reports/validation-platforms.md`). State: `engaged` (first, last; −1, −2 when none),
/// `endReached` (calls so far).
package final class FlashListStrategy: PrefetchStrategy, FrameStateReporting {
  package static let info = StrategyInfo(
    name: "flashlist", aliases: ["flash-list"],
    summary: "FlashList v2: engage 2×250 px split 70/30 ahead, shifted by velocity; onEndReached at 0.5.",
    origin: "Shopify/flash-list EngagedIndicesTracker.ts, VelocityTracker.ts, useBoundDetection.ts",
    parameters: [
      ParameterInfo("drawDistance", .number(0...1_000_000), default: "250", "px; the buffer is twice this"),
      ParameterInfo("renderMs", .number(0...32), default: "16", "average render time the window is projected by"),
      ParameterInfo("onEndReachedThreshold", .number(0...100), default: "0.5", "visible lengths from the end"),
      ParameterInfo(
        "sizes", .choice(["measured", "known"]), default: "measured",
        "measured: rows measured once rendered, the rest the average of the last 5 (FlashList v2); known: every row's size up front (no FlashList option: for comparison)"
      ),
    ] + ReactNativeImages.parameters,
    platform: .reactNative)

  package static var callbacks: [StrategyCallback] { [.listDidLoad, .didScroll, .requestDidComplete, .timerDidFire] }

  private let drawDistance: Double
  /// `averageRenderTime`, ms.
  private let renderMs: Double
  private let endThreshold: Double
  /// `velocityHistory`, px/ms, a ring of 5.
  private var history: [Double] = [0, 0, 0, -0.1, -0.1]
  private var historyIndex = 0
  /// `VelocityTracker.lastUpdateTime`: `Date.now()`, whole ms.
  private var lastUpdateTime = 0.0
  /// `scrollOffset`: the offset last given to `updateScrollOffset`.
  private var scrollOffset = 0.0
  /// The last scroll event, while its momentum end is still to come.
  private var lastScrollTime: Double?
  private var engaged: ClosedRange<Int>?
  /// `useBoundDetection`'s `pendingEndReached`, and the rows it was last reset for.
  private var pendingEndReached = false
  private var boundsItemCount = -1
  private var endReachedCalls = 0
  /// Rows measured once rendered (`sizes=measured`); on a grid or a waterfall the rows' true
  /// sizes are used.
  private let measuresRows: Bool
  /// FlashList's own layout and its views, while rows are measured on render.
  private var layout: FlashListLayout?
  private var renderStack = FlashListRenderStack()
  /// `firstItemOffset`: where row 0 starts (the list's header or padding).
  private var firstItemOffset = 0.0
  /// `isFirstLayoutComplete`: `checkBounds` does nothing before it.
  private var isFirstLayoutComplete = false

  /// Engaged cells are mounted off screen with their image until recycled.
  package var keepsOffscreenCells: Bool { true }

  /// The rows' image component (`images`, `cachePolicy`, `prefetch`).
  private let images: ReactNativeImages

  /// React Native's `Image` on Android (Fresco) unless `images` says otherwise.
  package var memoryPolicy: MemoryPolicy { memoryPolicy(on: nil) }
  /// The image component's caches on the session's platform, with FlashList's recycle pool
  /// ("no limit by default", `FlashListProps.ts` `maxItemsInRecyclePool`, flash-list @4c6abc3b).
  package func memoryPolicy(on platform: DevicePlatform?) -> MemoryPolicy {
    images.memoryPolicy(on: platform, pool: .highWater)
  }

  package init(parameters: StrategyParameters) {
    drawDistance = parameters.number("drawDistance")
    renderMs = parameters.number("renderMs")
    endThreshold = parameters.number("onEndReachedThreshold")
    measuresRows = parameters.string("sizes") == "measured"
    images = ReactNativeImages(parameters: parameters)
  }

  package func takeFrameState() -> JSONValue? {
    .object([
      ("engaged", .array([.number(Double(engaged?.lowerBound ?? -1)), .number(Double(engaged?.upperBound ?? -2))])),
      ("endReached", .number(Double(endReachedCalls))),
    ])
  }

  /// The engaged window's edges in content coordinates (`EngagedIndicesTracker
  /// .updateScrollOffset`): `offset` already projected by the velocity shift.
  package static func engagedRange(
    offset: Double, viewportHeight: Double, contentLength: Double, drawDistance: Double, forward: Bool,
    shift: Double
  ) -> Range<Double> {
    let buffer = 2 * drawDistance
    let before = (buffer * (forward ? 0.3 : 0.7)).rounded(.up)
    let after = (buffer * (forward ? 0.7 : 0.3)).rounded(.up)
    let start = offset + shift
    var lower = max(0, start - before)
    var upper = start + viewportHeight + after + max(0, before - start)
    if upper > contentLength {
      lower = max(0, lower - (upper - contentLength))
      upper = contentLength
    }
    return lower..<max(lower, upper)
  }

  /// `LayoutManager.getVisibleLayouts` (`utils/findVisibleIndex.ts`): from the first row whose
  /// bottom passes `start` (or whose top is at or past it) to the last whose top is at or
  /// before `end`; nil where either is missing.
  static func engagedRows(start: Double, end: Double, count: Int, frame: (Int) -> ListLayout.Frame) -> ClosedRange<Int>?
  {
    func search(first: Bool, _ threshold: Double) -> Int {
      var left = 0
      var right = count - 1
      var found = -1
      while left <= right {
        let mid = (left + right) / 2
        let row = frame(mid)
        if first ? (row.top >= threshold || row.top + row.height > threshold) : row.top <= threshold {
          found = mid
          if first { right = mid - 1 } else { left = mid + 1 }
        } else if first {
          left = mid + 1
        } else {
          right = mid - 1
        }
      }
      return found
    }
    let first = search(first: true, start)
    let last = search(first: false, end)
    guard first != -1, last != -1, first <= last else { return nil }
    return first...last
  }

  /// Majority of the history's signs: backward only when negatives outnumber positives.
  static func isForward(_ history: [Double]) -> Bool {
    history.filter { $0 > 0 }.count >= history.filter { $0 < 0 }.count
  }

  /// The median of the 5-slot history (`getMedianVelocity`).
  static func median(_ history: [Double]) -> Double { Percentile.median(history) ?? 0 }

  package func listDidLoad(_ list: any ListContext) {
    lastUpdateTime = Self.dateNow(list)
    // A grid or a waterfall keeps its rows' true sizes (FlashList's grid and masonry layout
    // managers are not ported).
    let columns = 1 + ((0..<min(list.itemCount, 32)).map { list.frame(of: $0).column }.max() ?? 0)
    guard measuresRows, list.rowItems <= 1, columns == 1 else {
      isFirstLayoutComplete = true
      engage(list, at: list.contentOffset)
      checkEnd(list)
      return
    }
    let table = FlashListLayout(density: list.density)
    layout = table
    firstItemOffset = list.itemCount > 0 ? list.frame(of: 0).top : 0
    table.modify([], count: list.itemCount)
    renderProgressively(list, table)
    // `onLoad`'s frame (`useOnLoad`): the engaged range with its buffer, then its layout passes.
    scrollOffset = list.contentOffset
    engage(list, at: scrollOffset)
    layOut(list)
    checkEnd(list)
  }

  /// `renderProgressively`: the rows visible at the top rendered a batch at a time (2, then 4…:
  /// `initialDrawBatchSize ** ceil(passes / 5)` more each pass) and measured, until every visible
  /// row is measured; then `checkBounds` (the first commit).
  private func renderProgressively(_ list: any ListContext, _ table: FlashListLayout) {
    var passes = 0
    while passes < 10_000 {
      passes += 1
      // `applyInitialScrollAdjustment`: the offset of row 0, less the first item's offset.
      let top = table.rows.isEmpty ? 0 : table.layout(0).y
      let visible = table.visibleRows(start: top - firstItemOffset, end: top - firstItemOffset + list.viewportHeight)
      let rows = visible.map(Array.init) ?? []
      if rows.allSatisfy({ table.layout($0).isMeasured }) { break }
      let batch = 1 << ((passes + 4) / 5)
      let rendered = rows.prefix(min(rows.count, renderStack.keyCount + batch))
      let engaged = rendered.isEmpty ? nil : rendered.first!...rendered.last!
      apply(list, engaged)
      renderStack.sync(engaged: engaged, count: list.itemCount)
      table.modify(measurements(list, table), count: list.itemCount)
    }
    isFirstLayoutComplete = true
    checkEnd(list)
  }

  /// What a layout pass reads: each view's row and its measured height, in `refHolder`'s order.
  private func measurements(_ list: any ListContext, _ table: FlashListLayout) -> [FlashListLayout.Measurement] {
    renderStack.rows.map { row in
      .init(index: row, height: table.measuredHeight(RowSizeTable.trueSize(of: row, list), of: row))
    }
  }

  /// The layout effect after each render, until the engaged rows stop changing
  /// (`modifyChildrenLayout`, then `recomputeEngagedIndices`); each render binds the rows it
  /// engaged. With every row's size known, nothing to do.
  private func layOut(_ list: any ListContext) {
    guard let table = layout else { return }
    for _ in 0..<1_000 {
      renderStack.sync(engaged: engaged, count: list.itemCount)
      table.modify(measurements(list, table), count: list.itemCount)
      if !engage(list, at: scrollOffset) { return }
    }
  }

  /// `Date.now()` on the run's clock: whole milliseconds.
  private static func dateNow(_ list: any ListContext) -> Double {
    Double(SimTime.fromSeconds(list.time) / 1_000_000)
  }

  /// `VelocityTracker.computeVelocity`: the offset change over the whole milliseconds since the
  /// last update (at least 1), then `updateScrollOffset` with it.
  package func didScroll(_ list: any ListContext) {
    let now = Self.dateNow(list)
    record((list.contentOffset - scrollOffset) / max(1, now - lastUpdateTime))
    lastUpdateTime = now
    lastScrollTime = list.time
    list.wakeUp(after: Self.momentumEndDelay)
    let changed = engage(list, at: list.contentOffset)
    // `checkBounds` in the scroll handler sees the layout before the new rows are measured; the
    // commit that follows a render checks again.
    checkEnd(list)
    if changed && layout != nil {
      layOut(list)
      checkEnd(list)
    }
  }

  /// `VelocityTracker`'s momentum end: 100 ms without a scroll event, the history is reset
  /// keeping its direction (`resetVelocityHistory`) and a zero velocity goes in.
  package func timerDidFire(_ list: any ListContext) {
    guard let last = lastScrollTime, list.time - last >= Self.momentumEndDelay - 1e-9 else { return }
    lastScrollTime = nil
    lastUpdateTime = Self.dateNow(list)
    history = [0, 0, 0, Self.isForward(history) ? 0.1 : -0.1, Self.isForward(history) ? 0.1 : -0.1]
    historyIndex = 0
    record(0)
    if engage(list, at: scrollOffset) {
      layOut(list)
      checkEnd(list)
    }
  }

  static let momentumEndDelay = 0.1

  private func record(_ velocity: Double) {
    history[historyIndex] = velocity
    historyIndex = (historyIndex + 1) % history.count
  }

  /// New rows (`processDataUpdate`): the engaged range again, and bound detection re-armed.
  package func requestDidComplete(_ list: any ListContext, kind: RequestKind, index: Int) {
    guard kind == .page else { return }
    // `processDataUpdate` lays the new rows out at the estimate, then the render's layout passes.
    layout?.modify([], count: list.itemCount)
    engage(list, at: scrollOffset)
    layOut(list)
    checkEnd(list)
    images.pageDidLoad(list, page: index)
  }

  /// `updateScrollOffset` at `offset`: the engaged rows again, in FlashList's layout (its own
  /// while rows are measured on render, less the first item's offset), applied; whether they
  /// changed. JavaScript knows the offset only from scroll events: a momentum end or new data
  /// works from the last one's.
  @discardableResult private func engage(_ list: any ListContext, at offset: Double) -> Bool {
    scrollOffset = offset
    let forward = Self.isForward(history)
    let shift = Self.median(history) * renderMs
    let now: ClosedRange<Int>?
    if let layout {
      let range = Self.engagedRange(
        offset: scrollOffset - firstItemOffset, viewportHeight: list.viewportHeight,
        contentLength: layout.contentLength, drawDistance: drawDistance, forward: forward, shift: shift)
      now = layout.visibleRows(start: range.lowerBound, end: range.upperBound)
    } else {
      let range = Self.engagedRange(
        offset: scrollOffset, viewportHeight: list.viewportHeight, contentLength: list.contentLength,
        drawDistance: drawDistance, forward: forward, shift: shift)
      now = Self.engagedRows(
        start: range.lowerBound, end: range.upperBound, count: list.itemCount, frame: list.frame(of:))
    }
    guard now != engaged else { return false }
    apply(list, now)
    return true
  }

  /// A render with `now` engaged: the rows that became engaged bind a recycled view and load
  /// their image; those no longer engaged are recycled (their load cancelled).
  private func apply(_ list: any ListContext, _ now: ClosedRange<Int>?) {
    let keep = now.map { Array($0) } ?? []
    let before = engaged.map { Array($0) } ?? []
    for item in before where !(now?.contains(item) ?? false) {
      if !list.hasContent(item) { list.cancelContent(item) }
      list.clearContent(item)
      list.discardRender(item)
    }
    for item in keep where !(engaged?.contains(item) ?? false) {
      // Engaging a row binds a recycled view to it: a render on the JS thread now.
      list.prepareRender(item)
      if list.feedKind == .placeholder { list.load(item, content: false) }
      if list.needsContent(item) { list.requestContent(item) }
    }
    engaged = now
  }

  /// Whether the list is in `onEndReached`'s zone (`useBoundDetection.checkBounds`): the
  /// viewport's bottom, rounded up to a whole px, at or past the threshold.
  package static func isNearEnd(offset: Double, viewportHeight: Double, contentLength: Double, threshold: Double)
    -> Bool
  {
    (offset + viewportHeight).rounded(.up) >= contentLength - threshold * viewportHeight
  }

  /// `checkBounds`: `onEndReached` on entering the zone; new data re-arms it (`useMemo` on
  /// `data`). The app's handler asks for the next page unless one is on its way.
  private func checkEnd(_ list: any ListContext) {
    if list.itemCount != boundsItemCount {
      boundsItemCount = list.itemCount
      pendingEndReached = false
    }
    guard isFirstLayoutComplete else { return }
    let near = Self.isNearEnd(
      offset: scrollOffset, viewportHeight: list.viewportHeight,
      contentLength: layout.map { $0.contentLength + firstItemOffset } ?? list.contentLength,
      threshold: endThreshold)
    if near && !pendingEndReached {
      endReachedCalls += 1
      if list.feedKind == .append, list.hasMoreData, list.pageRequestsOutstanding == 0 {
        list.requestPage(list.nextPageIndex)
      }
    }
    pendingEndReached = near
  }
}
