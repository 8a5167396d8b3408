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
/// Simplified: scroll events are scrollsim's drawn frames; `Date.now()` is the run's clock in
/// whole ms (a device's is at any phase); the average render time is the fixed `renderMs`
/// (Android and iOS measure it, `RenderTimeTracker`, when
/// `trackAverageRenderTimeForOffsetProjection`); the first screen is engaged at once (FlashList
/// renders it progressively, `initialDrawBatchSize`). Checked against that code run frame by
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
    engage(list, at: list.contentOffset)
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
    engage(list, at: list.contentOffset)
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
    engage(list, at: scrollOffset)
  }

  static let momentumEndDelay = 0.1

  private func record(_ velocity: Double) {
    history[historyIndex] = velocity
    historyIndex = (historyIndex + 1) % history.count
  }

  /// New rows (`processDataUpdate`): the engaged range again, and bound detection re-armed.
  package func requestDidComplete(_ list: any ListContext, kind: RequestKind, index: Int) {
    guard kind == .page else { return }
    engage(list, at: scrollOffset)
    images.pageDidLoad(list, page: index)
  }

  /// `updateScrollOffset` at `offset`: the rows that became engaged bind a recycled view and
  /// load their image; those no longer engaged are recycled (their load cancelled). Then
  /// `checkBounds`. JavaScript knows the offset only from scroll events: a momentum end or new
  /// data works from the last one's.
  private func engage(_ list: any ListContext, at offset: Double) {
    scrollOffset = offset
    let range = Self.engagedRange(
      offset: scrollOffset, viewportHeight: list.viewportHeight, contentLength: list.contentLength,
      drawDistance: drawDistance, forward: Self.isForward(history), shift: Self.median(history) * renderMs)
    let now = Self.engagedRows(
      start: range.lowerBound, end: range.upperBound, count: list.itemCount, frame: list.frame(of:))
    if now != engaged {
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
    checkEnd(list)
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
    let near = Self.isNearEnd(
      offset: scrollOffset, viewportHeight: list.viewportHeight, contentLength: list.contentLength,
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
