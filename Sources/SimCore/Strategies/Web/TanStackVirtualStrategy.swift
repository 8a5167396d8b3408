/// TanStack Virtual (`useVirtualizer`) with the infinite loading of its own example: the rows
/// from the one at the scroll offset to the one reaching the viewport's end, `overscan` more on
/// each side, sized by `estimateSize` until measured; the next page when the last rendered row
/// is the last loaded one or the loader row after it.
///
/// Source: TanStack/virtual @e9874f03 (virtual-core 3.17.8), `packages/virtual-core/src/index.ts`:
/// - defaults (`setOptions`): `overscan` 1, `isScrollingResetDelay` 150 ms, `useScrollendEvent`
///   false, `paddingStart` 0, `gap` 0, `lanes` 1;
/// - `calculateRangeImpl`: `startIndex` is the row whose start equals the offset, else the last
///   one starting before it (`findNearestBinarySearchFlat`); `endIndex` walks on while the row's
///   end is below `offset + outerSize`; `defaultRangeExtractor` renders
///   `[max(startIndex − overscan, 0), min(endIndex + overscan, count − 1)]`; no range when the
///   count or the outer size is 0; `outerSize` is the scroll element's height, `Math.round`ed
///   (`observeElementRect`);
/// - the offset comes from each `scroll` event (`observeElementOffset`), which sets
///   `isScrolling`; a debounce of `isScrollingResetDelay` after the last clears it;
/// - `measureElement` at mount measures a row at once only while not scrolling; while scrolling
///   the `ResizeObserver` delivers it (`Math.round` of the border box) after the frame's layout,
///   and `resizeItem` re-renders with the new size. So while not scrolling a render measures
///   what it mounts and renders again until nothing changes; while scrolling the rows mounted
///   are measured at the end of the frame (`frameDidFinish`) and rendered once more.
///
/// The infinite loading is `examples/react/infinite-scroll/src/main.tsx` @e9874f03: `count` is
/// the loaded rows plus a loader row while there is a next page, `estimateSize: () => 100`
/// (this strategy's default), and an effect after each render asks for the next page when the
/// last rendered row's index is at least the last loaded row's, there is a next page and none
/// is on its way. The example passes `overscan: 5`; the library's default, 1, is this one's.
/// A page that fails clears `isFetchingNextPage`: the re-render that state change schedules runs
/// the effect, which asks again (`renderDelay` later, an ASSUMPTION: React's scheduler runs it
/// in its next task; logging `Date.now()` in the effect measures an app's own). On a placeholder feed every row exists: a mounted row loads its page.
/// Simplified: the loader row keeps the estimate (its element is the app's); see
/// `VirtualizedRows` for the browser's side. State: `rendered` ([first, last], [−1, −2] when
/// none), `endReached` (the example's `fetchNextPage` calls so far).
package final class TanStackVirtualStrategy: PrefetchStrategy, FrameStateReporting {
  package static let info = StrategyInfo(
    name: "tanstack-virtual", aliases: ["tanstack", "react-virtual"],
    summary:
      "TanStack Virtual: the rows on screen ± overscan 1 (estimateSize 100 until measured); next page at the last row.",
    origin: "TanStack/virtual virtual-core/src/index.ts, examples/react/infinite-scroll",
    parameters: [
      ParameterInfo(
        "overscan", .number(0...10_000), default: "1", "rows rendered beyond each end of the viewport (whole rows)"),
      ParameterInfo("estimateSize", .number(1...100_000), default: "100", "px given to a row until it is measured"),
      ParameterInfo("isScrollingResetDelay", .number(0...10_000), default: "150", "ms after the last scroll event"),
    ] + VirtualizedRows.browserParameters,
    platform: .web)

  package static var callbacks: [StrategyCallback] {
    [
      .listDidLoad, .didScroll, .willDisplay, .didEndDisplaying, .requestDidComplete, .requestDidFail, .timerDidFire,
      .frameDidFinish,
    ]
  }

  private let overscan: Int
  private let resetDelay: Double
  private let rows: VirtualizedRows
  /// `scrollOffset`: the offset of the last scroll event.
  private var offset = 0.0
  private var isScrolling = false
  private var lastScrollTime: Double?
  private var recheckAt: Double?
  private var fetchCalls = 0

  package init(parameters: StrategyParameters) {
    overscan = Int(parameters.number("overscan"))
    resetDelay = parameters.number("isScrollingResetDelay") / 1000
    rows = VirtualizedRows(
      parameters: parameters, sizes: RowSizeTable(estimate: .fixed(parameters.number("estimateSize")), rounds: true))
  }

  /// How long after a state change its re-render runs (s).
  static let renderDelay = 0.001

  package var keepsOffscreenCells: Bool { true }
  package var prioritiesFromLayouts: Bool { rows.prioritiesFromLayouts }
  package var contentQueue: ContentQueue { rows.contentQueue }
  package var memoryPolicy: MemoryPolicy { rows.memoryPolicy }

  package func takeFrameState() -> JSONValue? {
    .object([("rendered", rows.renderedState), ("endReached", .number(Double(fetchCalls)))])
  }

  /// `calculateRangeImpl` then `defaultRangeExtractor` over `count` rows.
  package static func renderedRows(
    count: Int, offset: Double, outerSize: Double, overscan: Int, start: (Int) -> Double, end: (Int) -> Double,
    firstStartAtOrAfter: (Double) -> Int
  ) -> ClosedRange<Int>? {
    guard count > 0, outerSize > 0 else { return nil }
    let lastIndex = count - 1
    var startIndex = 0
    var endIndex = lastIndex
    if count > 1 {
      let atOrAfter = firstStartAtOrAfter(offset)
      startIndex = atOrAfter < count && start(atOrAfter) == offset ? atOrAfter : max(atOrAfter - 1, 0)
      endIndex = startIndex
      while endIndex < lastIndex && end(endIndex) < offset + outerSize { endIndex += 1 }
    }
    return max(startIndex - overscan, 0)...min(endIndex + overscan, lastIndex)
  }

  private func range(_ list: any ListContext) -> ClosedRange<Int>? {
    let sizes = rows.sizes
    return Self.renderedRows(
      count: sizes.count, offset: offset, outerSize: (list.viewportHeight + 0.5).rounded(.down), overscan: overscan,
      start: { sizes.start(of: $0) }, end: { sizes.end(of: $0) },
      firstStartAtOrAfter: { sizes.firstStart(atOrAfter: $0) })
  }

  package func listDidLoad(_ view: any ListContext) {
    let list = rows.lines(of: view)
    offset = list.contentOffset
    update(list)
  }

  package func didScroll(_ view: any ListContext) {
    let list = rows.lines(of: view)
    offset = list.contentOffset
    isScrolling = true
    lastScrollTime = list.time
    list.wakeUp(after: resetDelay)
    update(list)
  }

  package func requestDidComplete(_ view: any ListContext, kind: RequestKind, index: Int) {
    let list = rows.lines(of: view)
    // An image that landed after its row left and came back: the row takes it from the cache.
    if kind == .content { rows.loadImages(list) }
    if kind == .page { update(list) }
  }

  package func requestDidFail(_ view: any ListContext, kind: RequestKind, index: Int) {
    let list = rows.lines(of: view)
    guard kind == .page else { return }
    recheckAt = list.time + Self.renderDelay
    list.wakeUp(after: Self.renderDelay)
  }

  /// The debounce clearing `isScrolling`, or the effect's run after a failed page.
  package func timerDidFire(_ view: any ListContext) {
    let list = rows.lines(of: view)
    var due = false
    if let last = lastScrollTime, list.time - last >= resetDelay - 1e-9 {
      lastScrollTime = nil
      isScrolling = false
      due = true
    }
    if let at = recheckAt, list.time >= at - 1e-9 {
      recheckAt = nil
      due = true
    }
    if due { update(list) }
  }

  /// A row on screen the library did not render is shown in its stead (`VirtualizedRows.show`).
  package func willDisplay(_ view: any ListContext, item: Int) {
    let list = rows.lines(of: view)
    rows.show(item: item, list)
  }

  package func didEndDisplaying(_ view: any ListContext, item: Int) {
    let list = rows.lines(of: view)
    rows.hide(item: item, list)
  }

  /// The frame's `ResizeObserver` delivery: the rows mounted since are measured, and the
  /// library renders again if a size changed.
  package func frameDidFinish(_ view: any ListContext) {
    let list = rows.lines(of: view)
    guard rows.measureMounted(list) else { return }
    update(list)
  }

  /// A render and the example's effect after it; while not scrolling, the measurements the
  /// render brings and the renders (and effects) they cause.
  private func update(_ list: any ListContext) {
    let loader = list.feedKind == .append && list.hasMoreData ? 1 : 0
    rows.follow(list, extraRows: loader)
    rows.render(range(list), list)
    fetchIfAtEnd(list)
    if !isScrolling {
      for _ in 0..<64 {
        guard rows.measureMounted(list) else { break }
        rows.follow(list, extraRows: list.feedKind == .append && list.hasMoreData ? 1 : 0)
        rows.render(range(list), list)
        fetchIfAtEnd(list)
      }
    }
    rows.loadImages(list)
  }

  /// The example's effect: `lastItem.index >= allRows.length - 1 && hasNextPage &&
  /// !isFetchingNextPage`.
  private func fetchIfAtEnd(_ list: any ListContext) {
    guard list.feedKind == .append, let last = rows.mounted?.upperBound else { return }
    if last >= list.itemCount - 1 && list.hasMoreData && list.pageRequestsOutstanding == 0 {
      fetchCalls += 1
      list.requestPage(list.nextPageIndex)
    }
  }
}
