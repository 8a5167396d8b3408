/// react-window 2's `List` with `useDynamicRowHeight` and react-window-infinite-loader: the rows
/// from the first ending past the scroll offset to the first reaching the viewport's end,
/// `overscanCount` more on each side, each `defaultRowHeight` until measured; the loader asks
/// for rows not loaded within `threshold` rows of the visible ones.
///
/// Source: bvaughn/react-window @94b465be (2.2.7), `lib/core/getStartStopIndices.ts` (the
/// visible start is the first row, below the last, whose `scrollOffset + size` passes the
/// offset; the visible stop goes on to the first, below the last, whose end reaches
/// `offset + containerSize`; overscan `overscanCount` each side, clamped),
/// `lib/components/list/List.tsx` (`overscanCount = 3`; `onRowsRendered(visible, all)` in an
/// effect when the indices change), `lib/core/useVirtualizer.ts` (indices again on each
/// `scroll` event and whenever the sizes change), `lib/components/list/useDynamicRowHeight.ts`
/// (an unmeasured row is `defaultRowHeight`; a `ResizeObserver` on the rendered rows sets the
/// measured `borderBoxSize` block size, unrounded, ignoring 0; the docs' example sets
/// `defaultRowHeight: 50`, this strategy's default).
/// bvaughn/react-window-infinite-loader @addc390f (2.0.1), `src/useInfiniteLoader.ts` and
/// `src/scanForUnloadedIndices.ts`: `threshold` 15, `minimumBatchSize` 10; the rows from the
/// visible start − threshold to the visible stop + threshold, clamped to `rowCount`, are scanned
/// for runs not loaded nor pending; the last run is stretched forward to the minimum batch, the
/// first backward; `loadMoreRows(start, stop)` is called for every other run (the loop steps by
/// 2, as the code does) and its rows marked pending until the loader's callbacks change.
/// The app, as the infinite loader's usual pattern: `rowCount` the loaded rows plus one while
/// there is a next page; `loadMoreRows` asks for the next page unless one is on its way (on a
/// placeholder feed, the pages of the rows asked for); `isRowLoaded` changes with the data, so a
/// page that lands clears the pending rows. A page that fails leaves them pending (the data did
/// not change): the loader asks again only when other data lands.
/// The `ResizeObserver`'s delivery is taken at the end of each frame (`frameDidFinish`): the
/// rows mounted since are measured and the indices worked out again. State: `rendered` (the overscanned [first, last], [−1, −2] when none),
/// `visible` ([first, last] visible), `endReached` (`loadMoreRows` calls so far).
package final class ReactWindowStrategy: PrefetchStrategy, FrameStateReporting {
  package static let info = StrategyInfo(
    name: "react-window", aliases: ["react-window-infinite-loader"],
    summary: "react-window 2: visible rows ± overscanCount 3; the infinite loader asks within 15 rows.",
    origin: "bvaughn/react-window getStartStopIndices.ts, useDynamicRowHeight.ts; react-window-infinite-loader",
    parameters: [
      ParameterInfo("overscanCount", .number(0...10_000), default: "3", "rows rendered beyond each end (whole rows)"),
      ParameterInfo("defaultRowHeight", .number(1...100_000), default: "50", "px given to a row until it is measured"),
      ParameterInfo("threshold", .number(0...100_000), default: "15", "rows beyond the visible ones the loader scans"),
      ParameterInfo("minimumBatchSize", .number(1...100_000), default: "10", "rows a load asks for at least"),
    ] + VirtualizedRows.browserParameters,
    platform: .web)

  package static var callbacks: [StrategyCallback] {
    [.listDidLoad, .didScroll, .willDisplay, .didEndDisplaying, .requestDidComplete, .frameDidFinish]
  }

  private let overscanCount: Int
  private let threshold: Int
  private let minimumBatchSize: Int
  private let rows: VirtualizedRows
  private var visible: ClosedRange<Int>?
  private var pending: Set<Int> = []
  private var loadCalls = 0

  package init(parameters: StrategyParameters) {
    overscanCount = Int(parameters.number("overscanCount"))
    threshold = Int(parameters.number("threshold"))
    minimumBatchSize = Int(parameters.number("minimumBatchSize"))
    rows = VirtualizedRows(
      parameters: parameters,
      sizes: RowSizeTable(estimate: .fixed(parameters.number("defaultRowHeight")), rounds: false, ignoresZero: true))
  }

  package var keepsOffscreenCells: Bool { true }
  package var prioritiesFromLayouts: Bool { rows.prioritiesFromLayouts }
  package var contentQueue: ContentQueue { rows.contentQueue }
  package var memoryPolicy: MemoryPolicy { rows.memoryPolicy }

  package func takeFrameState() -> JSONValue? {
    .object([
      ("rendered", rows.renderedState),
      ("visible", .array([.number(Double(visible?.lowerBound ?? -1)), .number(Double(visible?.upperBound ?? -2))])),
      ("endReached", .number(Double(loadCalls))),
    ])
  }

  /// `getStartStopIndices`: the visible rows and the rendered (overscanned) ones; nil when the
  /// list has no rows.
  package static func startStopIndices(
    count: Int, offset: Double, containerSize: Double, overscanCount: Int, end: (Int) -> Double
  ) -> (visible: ClosedRange<Int>, rendered: ClosedRange<Int>)? {
    guard count > 0 else { return nil }
    let maxIndex = count - 1
    // The library steps row by row from 0; rows' ends never decrease, so the first row passing
    // each test is found by halving instead (the same row: the walk stops at the first that
    // passes, or at the last row).
    let startVisible = firstPassing(from: 0, below: maxIndex) { end($0) > offset }
    let stopVisible = firstPassing(from: startVisible, below: maxIndex) { end($0) >= offset + containerSize }
    return (
      startVisible...stopVisible, max(0, startVisible - overscanCount)...min(maxIndex, stopVisible + overscanCount)
    )
  }

  /// The first index in `lower..<upper` for which `passes` holds, `upper` when none does;
  /// `passes` must be false then true over the range.
  private static func firstPassing(from lower: Int, below upper: Int, _ passes: (Int) -> Bool) -> Int {
    var low = lower
    var high = upper
    while low < high {
      let middle = low + (high - low) / 2
      if passes(middle) { high = middle } else { low = middle + 1 }
    }
    return low
  }

  package func listDidLoad(_ view: any ListContext) {
    let list = rows.lines(of: view)
    update(list)
  }
  package func didScroll(_ view: any ListContext) {
    let list = rows.lines(of: view)
    update(list)
  }

  package func requestDidComplete(_ view: any ListContext, kind: RequestKind, index: Int) {
    let list = rows.lines(of: view)
    // An image that landed after its row left and came back: the row takes it from the cache.
    if kind == .content { rows.loadImages(list) }
    guard kind == .page else { return }
    pending.removeAll()
    update(list, callbacksChanged: true)
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

  /// The frame's `ResizeObserver` delivery: new sizes, new bounds, the indices again.
  package func frameDidFinish(_ view: any ListContext) {
    let list = rows.lines(of: view)
    guard rows.measureMounted(list) else { return }
    update(list)
  }

  private func rowCount(_ list: any ListContext) -> Int {
    list.itemCount + (list.feedKind == .append && list.hasMoreData ? 1 : 0)
  }

  /// The indices from the offset and the sizes known, a render, then `onRowsRendered` if the
  /// indices changed (or the loader's callbacks did).
  private func update(_ list: any ListContext, callbacksChanged: Bool = false) {
    let before = (visible, rows.mounted)
    rows.follow(list, extraRows: rowCount(list) - list.itemCount)
    renderIndices(list)
    rows.loadImages(list)
    if callbacksChanged || before.0 != visible || before.1 != rows.mounted { onRowsRendered(list) }
  }

  private func renderIndices(_ list: any ListContext) {
    let sizes = rows.sizes
    let indices = Self.startStopIndices(
      count: sizes.count, offset: list.contentOffset, containerSize: list.viewportHeight,
      overscanCount: overscanCount, end: { sizes.end(of: $0) })
    visible = indices?.visible
    rows.render(indices?.rendered, list)
  }

  private func isRowLoaded(_ item: Int, _ list: any ListContext) -> Bool {
    item < list.itemCount && list.hasData(item)
  }

  /// `useInfiniteLoader`'s `onRowsRendered` with the visible rows.
  private func onRowsRendered(_ list: any ListContext) {
    guard let visible else { return }
    let count = rowCount(list)
    let runs = Self.unloadedRuns(
      from: max(0, visible.lowerBound - threshold), to: min(count - 1, visible.upperBound + threshold),
      rowCount: count, minimumBatchSize: minimumBatchSize
    ) { isRowLoaded($0, list) || pending.contains($0) }
    for run in stride(from: 0, to: runs.count, by: 2).map({ runs[$0] }) {
      pending.formUnion(run)
      loadCalls += 1
      loadMoreRows(run, list)
    }
  }

  /// `scanForUnloadedIndices`.
  package static func unloadedRuns(
    from start: Int, to stop: Int, rowCount: Int, minimumBatchSize: Int, isLoaded: (Int) -> Bool
  ) -> [ClosedRange<Int>] {
    var runs: [ClosedRange<Int>] = []
    var runStart = -1
    var runStop = -1
    if start <= stop {
      for index in start...stop {
        if !isLoaded(index) {
          runStop = index
          if runStart < 0 { runStart = index }
        } else if runStop >= 0 {
          runs.append(runStart...runStop)
          runStart = -1
          runStop = -1
        }
      }
    }
    if runStop >= 0 {
      let potentialStop = min(max(runStop, runStart + minimumBatchSize - 1), rowCount - 1)
      var index = runStop + 1
      while index <= potentialStop && !isLoaded(index) {
        runStop = index
        index += 1
      }
      runs.append(runStart...runStop)
    }
    if var first = runs.first {
      while first.count < minimumBatchSize && first.lowerBound > 0 && !isLoaded(first.lowerBound - 1) {
        first = (first.lowerBound - 1)...first.upperBound
      }
      runs[0] = first
    }
    return runs
  }

  /// The app's `loadMoreRows`: the next page (append), or the pages of the rows (placeholder).
  private func loadMoreRows(_ run: ClosedRange<Int>, _ list: any ListContext) {
    if list.feedKind == .append {
      if list.hasMoreData && list.pageRequestsOutstanding == 0 { list.requestPage(list.nextPageIndex) }
    } else {
      for item in run where item < list.itemCount { list.load(item, content: false) }
    }
  }
}
