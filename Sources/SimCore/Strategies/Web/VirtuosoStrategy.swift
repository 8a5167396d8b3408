/// react-virtuoso's `Virtuoso` with `endReached`: the rendered rows are kept while they cover the
/// viewport grown by `increaseViewportBy`; when they stop covering it at one end, the range is
/// worked out again from the offset, `overscan` px more in the direction of travel; sizes are
/// the first measured row's until measured; `endReached` when the last row is rendered.
///
/// Source: petyosi/react-virtuoso @5c555359 (4.18.12), `packages/react-virtuoso/src/`:
/// - `sizeRangeSystem.ts` (`visibleRange`): with the rendered list's `[top, bottom]`
///   (`listBoundary`), the direction is up when `top > scrollTop − increaseViewportBy`, down
///   (it wins) when `bottom < scrollTop + viewportHeight + increaseViewportBy`; only then the
///   range becomes `[max(scrollTop − overscanᵤₚ − increase, 0), scrollTop + viewportHeight +
///   overscan_down + increase]`, a number `overscan` counting only at the end the list moves
///   towards (`getOverscan`); defaults `overscan` 0, `increaseViewportBy` 0;
/// - `listStateSystem.ts` (`listState`): no rows before the viewport is measured (`[0, 0]`:
///   the scroll offset reaches the streams with the first scroll event or the list's first
///   `ResizeObserver` delivery, `hooks/useChangedChildSizes.ts`, at the end of the first frame);
///   with no size known, the probe: row 0 alone; otherwise from the row holding the range's
///   start (`Math.floor` within its size run) every row starting before the range's end; the
///   rendered `[top, bottom]` feeds `listBoundary` back; `endReached` when the last rendered row
///   is `totalCount − 1`, once per count (`distinctUntilChanged` on `[totalCount − 1, data]`);
/// - `sizeSystem.ts` (`insertRanges`): the first size reported fills the whole size tree; a
///   measured row keeps its own (`Math.round` of its bounding box, `utils/correctItemSize.ts`);
///   `defaultItemHeight` fills the tree before any measurement instead (0 here: not set).
/// The scroller reports `Math.max(scrollTop, 0)` and the viewport `Math.round`ed
/// (`hooks/useScrollTop.ts`, `Virtuoso.tsx`'s viewport). The app loads the next page in `endReached` unless one is on its way (virtuoso's endless
/// scrolling example has no guard; its `endReached` fires once per count). A page that fails
/// changes no count, so `endReached` does not fire again for it until more rows land.
/// The streams settle after each event (their combinators are synchronous); the list's
/// `ResizeObserver` delivery is taken at the end of each frame (`frameDidFinish`). Simplified: headers,
/// groups, `topItemCount` and `minOverscanItemCount` are not modelled. State: `rendered`
/// ([first, last], [−1, −2] when none), `visibleRange` ([start, end] px), `endReached`
/// (calls so far).
package final class VirtuosoStrategy: PrefetchStrategy, FrameStateReporting {
  package static let info = StrategyInfo(
    name: "virtuoso", aliases: ["react-virtuoso"],
    summary: "react-virtuoso: rows re-ranged when they stop covering the viewport + increaseViewportBy; endReached.",
    origin: "petyosi/react-virtuoso sizeRangeSystem.ts, listStateSystem.ts, sizeSystem.ts",
    parameters: [
      ParameterInfo(
        "overscan", .number(0...1_000_000), default: "0", "px rendered beyond the end the list moves towards"),
      ParameterInfo(
        "increaseViewportBy", .number(0...1_000_000), default: "0", "px added to the viewport at both ends"),
      ParameterInfo(
        "defaultItemHeight", .number(0...100_000), default: "0", "px for unmeasured rows; 0: the first measured row's"),
    ] + VirtualizedRows.browserParameters,
    platform: .web)

  package static var callbacks: [StrategyCallback] {
    [.listDidLoad, .didScroll, .willDisplay, .didEndDisplaying, .requestDidComplete, .frameDidFinish]
  }

  private let overscan: Double
  private let increase: Double
  private let rows: VirtualizedRows
  private var visibleRange: (start: Double, end: Double) = (0, 0)
  private var boundary: (top: Double, bottom: Double) = (0, 0)
  /// The scroller's state has been published (`scrollContainerState`): by a scroll event or by
  /// the list's first `ResizeObserver` delivery; until then `visibleRange` has no input.
  private var scrollKnown = false
  /// The last `scrollContainerState`'s `scrollTop`: JavaScript reads the offset in a scroll
  /// event or the list's `ResizeObserver` callback, not when a page lands.
  private var scrollTop = 0.0
  private var lastEndReached = -1
  private var endReachedCalls = 0

  package init(parameters: StrategyParameters) {
    overscan = parameters.number("overscan")
    increase = parameters.number("increaseViewportBy")
    let height = parameters.number("defaultItemHeight")
    rows = VirtualizedRows(
      parameters: parameters,
      sizes: RowSizeTable(estimate: height > 0 ? .fixed(height) : .firstMeasured(fallback: 0), rounds: true))
    probes = height == 0
  }

  /// No `defaultItemHeight`: the size tree stays empty until the probe row is measured.
  private let probes: Bool

  package var keepsOffscreenCells: Bool { true }
  package var prioritiesFromLayouts: Bool { rows.prioritiesFromLayouts }
  package var contentQueue: ContentQueue { rows.contentQueue }
  package var memoryPolicy: MemoryPolicy { rows.memoryPolicy }

  package func takeFrameState() -> JSONValue? {
    .object([
      ("rendered", rows.renderedState),
      ("visibleRange", .array([.number(visibleRange.start), .number(visibleRange.end)])),
      ("endReached", .number(Double(endReachedCalls))),
    ])
  }

  /// `visibleRange`'s map: the new range, or nil while the rendered rows cover the viewport.
  package static func nextRange(
    scrollTop: Double, viewportHeight: Double, listTop: Double, listBottom: Double, overscan: Double,
    increase: Double
  ) -> (start: Double, end: Double)? {
    var down: Bool?
    if listTop > scrollTop - increase { down = false }
    if listBottom < scrollTop + viewportHeight + increase { down = true }
    guard let down else { return nil }
    return (
      max(scrollTop - (down ? 0 : overscan) - increase, 0),
      scrollTop + viewportHeight + (down ? overscan : 0) + increase
    )
  }

  package func listDidLoad(_ view: any ListContext) {
    let list = rows.lines(of: view)
    update(list, listInputsChanged: true)
  }
  package func didScroll(_ view: any ListContext) {
    let list = rows.lines(of: view)
    scrollKnown = true
    scrollTop = max(list.contentOffset, 0)
    update(list, listInputsChanged: false)
  }
  /// New rows: `totalCount` changes, and `listState` is worked out again.
  package func requestDidComplete(_ view: any ListContext, kind: RequestKind, index: Int) {
    let list = rows.lines(of: view)
    // An image that landed after its row left and came back: the row takes it from the cache.
    if kind == .content { rows.loadImages(list) }
    if kind == .page { update(list, listInputsChanged: true) }
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

  /// The frame's `ResizeObserver` delivery: the scroller's state (the first one starts the
  /// streams), then the new sizes, which change `listState`'s input.
  package func frameDidFinish(_ view: any ListContext) {
    let list = rows.lines(of: view)
    let first = !scrollKnown
    scrollKnown = true
    scrollTop = max(list.contentOffset, 0)
    let measured = rows.measureMounted(list)
    guard measured || first else { return }
    update(list, listInputsChanged: measured)
  }

  private func update(_ list: any ListContext, listInputsChanged: Bool) {
    rows.follow(list)
    propagate(list, listInputsChanged: listInputsChanged)
    rows.loadImages(list)
  }

  /// The streams' synchronous propagation: `visibleRange` from the scroll offset and the last
  /// `listBoundary`; `listState` when its inputs changed; its boundary back into `visibleRange`,
  /// and so on while the range changes. urx delivers depth first, so the subscribers (React's
  /// render, `endReached`) get the innermost `listState` first and the first one computed last:
  /// the list renders the rows of the cascade's first `listState`, while the range and boundary
  /// the streams keep are the last ones (what `Validation/platforms/` found running
  /// `listSystem`). `endReached` sees each of them, innermost first.
  private func propagate(_ list: any ListContext, listInputsChanged: Bool) {
    var recompute = listInputsChanged
    if let next = nextRange(list), next != visibleRange {
      visibleRange = next
      recompute = true
    }
    guard recompute else { return }
    var cascade: [ClosedRange<Int>?] = []
    for _ in 0..<16 {
      let items = listItems(list)
      cascade.append(items)
      boundary = boundary(of: items)
      guard let next = nextRange(list), next != visibleRange else { break }
      visibleRange = next
    }
    for items in cascade.reversed() { endReached(items, list) }
    rows.render(cascade.first ?? nil, list)
  }

  private func nextRange(_ list: any ListContext) -> (start: Double, end: Double)? {
    guard scrollKnown else { return nil }
    return Self.nextRange(
      scrollTop: scrollTop, viewportHeight: (list.viewportHeight + 0.5).rounded(.down),
      listTop: boundary.top, listBottom: boundary.bottom, overscan: overscan, increase: increase)
  }

  /// `endReached`: the last row rendered, once per `totalCount`; the app asks for the next page.
  private func endReached(_ items: ClosedRange<Int>?, _ list: any ListContext) {
    guard let last = items?.upperBound, last == list.itemCount - 1, last != lastEndReached else { return }
    lastEndReached = last
    endReachedCalls += 1
    if list.feedKind == .append, list.hasMoreData, list.pageRequestsOutstanding == 0 {
      list.requestPage(list.nextPageIndex)
    }
  }

  /// `listState`'s rows for the visible range.
  private func listItems(_ list: any ListContext) -> ClosedRange<Int>? {
    let count = rows.sizes.count
    guard count > 0, !(visibleRange.start == 0 && visibleRange.end == 0) else { return nil }
    if probes && rows.sizes.isEmpty { return 0...0 }
    let sizes = rows.sizes
    let atOrAfter = sizes.firstStart(atOrAfter: visibleRange.start)
    let first =
      atOrAfter < count && sizes.start(of: atOrAfter) == visibleRange.start ? atOrAfter : max(atOrAfter - 1, 0)
    var last = first - 1
    while last + 1 < count && sizes.start(of: last + 1) < visibleRange.end { last += 1 }
    return last >= first ? first...last : nil
  }

  /// The rendered rows' `[top, bottom]` in the library's layout (`[0, 0]` for none, and for the
  /// probe, which renders at offset 0 with size 0).
  private func boundary(of items: ClosedRange<Int>?) -> (top: Double, bottom: Double) {
    guard let items, !(probes && rows.sizes.isEmpty) else { return (0, 0) }
    return (rows.sizes.start(of: items.lowerBound), rows.sizes.end(of: items.upperBound))
  }
}
