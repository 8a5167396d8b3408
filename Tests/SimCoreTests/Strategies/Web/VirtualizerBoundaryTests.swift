import Testing

@testable import SimCore

/// The web's virtualized lists at their edges: TanStack's `calculateRangeImpl` and its
/// example's effect, react-window's `getStartStopIndices` and its infinite loader, virtuoso's
/// `visibleRange` and `listState` (see each strategy's doc comment for the source lines).
@Suite struct VirtualizerBoundaryTests {
  /// Rows of 100 from 0: starts 0, 100, 200, …; ends 100, 200, ….
  private static func tanstack(offset: Double, outer: Double = 800, overscan: Int = 0, count: Int = 100)
    -> ClosedRange<Int>?
  {
    TanStackVirtualStrategy.renderedRows(
      count: count, offset: offset, outerSize: outer, overscan: overscan, start: { Double($0) * 100 },
      end: { Double($0 + 1) * 100 }, firstStartAtOrAfter: { min(count, Int(($0 / 100).rounded(.up))) })
  }

  /// The start is the row whose start equals the offset (`findNearestBinarySearch` returns the
  /// match), else the last one starting before it: 1000 starts row 10, 999.75 is still row 9.
  @Test func tanstackStartsAtTheRowStartingAtOrBeforeTheOffset() {
    #expect(Self.tanstack(offset: 999.75)?.lowerBound == 9)
    #expect(Self.tanstack(offset: 1000)?.lowerBound == 10)
    #expect(Self.tanstack(offset: 1000.25)?.lowerBound == 10)
  }

  /// The end walks on while the row's end is below `offset + outerSize`: at offset 1000 with 800,
  /// row 17 ends exactly at 1800 and the walk stops there; 0.25 more of offset takes row 18.
  @Test func tanstackEndStopsAtARowEndingOnTheViewportsEnd() {
    #expect(Self.tanstack(offset: 999.75)?.upperBound == 17)
    #expect(Self.tanstack(offset: 1000)?.upperBound == 17)
    #expect(Self.tanstack(offset: 1000.25)?.upperBound == 18)
  }

  /// Overscan adds whole rows at both ends, clamped to the list; no rows or no viewport, no range.
  @Test func tanstackOverscanIsClampedAndEmptyListsRenderNothing() {
    #expect(Self.tanstack(offset: 0, overscan: 3) == 0...10)
    #expect(Self.tanstack(offset: 9300, overscan: 3, count: 100) == 90...99)
    #expect(Self.tanstack(offset: 0, count: 0) == nil)
    #expect(Self.tanstack(offset: 0, outer: 0) == nil)
    #expect(Self.tanstack(offset: 500, count: 1) == 0...0)
  }

  /// The example's effect asks for the next page when the last rendered row's index is at
  /// least the last loaded row's: 20 rows of 100 with overscan 1 render the last row, 19, once
  /// the walk takes row 18, that is once the viewport, `Math.round`ed, passes 1800: 1800.25
  /// rounds to 1800 (no page), 1800.5 to 1801 (a page, once: the next is on its way).
  @Test func tanstackAsksForAPageWhenTheLastRowIsRendered() throws {
    for (viewport, pages) in [(800.0, 0), (1800.25, 0), (1800.5, 1), (1900.0, 1)] {
      let list = FakeList(rowHeight: 100, viewportHeight: viewport, itemCount: 20)
      let strategy = try StrategyChoice.make("tanstack-virtual")
      strategy.listDidLoad(list)
      list.scroll(to: 0, strategy: strategy)
      #expect(list.pagesRequested.count == pages, "viewport \(viewport)")
    }
  }

  /// While not scrolling a render measures what it mounts (TanStack's synchronous
  /// `measureElement`): rows of 300 with the estimate 100 first render 10 rows for 800, and the
  /// measured sizes bring the list to rows 0–3 (± overscan 1) before the first frame.
  @Test func tanstackMeasuresAtOnceWhileIdle() throws {
    let list = FakeList(rowHeight: 300, viewportHeight: 800, itemCount: 40)
    let strategy = try StrategyChoice.make("tanstack-virtual")
    strategy.listDidLoad(list)
    #expect(list.rendersPrepared.max() == 8)
    let state = try #require((strategy as? TanStackVirtualStrategy)?.takeFrameState())
    #expect(JSONWriter.compact(state) == #"{"rendered":[0,3],"endReached":0}"#)
  }

  /// react-window's visible start is the first row whose end passes the offset: at 1000 row 9
  /// ends exactly there and is out; 0.25 less, it is in. The visible stop is the first row
  /// whose end reaches `offset + containerSize`: row 17 at offset 1000.
  @Test func reactWindowIndicesAtTheirEdges() throws {
    func indices(_ offset: Double) throws -> (visible: ClosedRange<Int>, rendered: ClosedRange<Int>) {
      try #require(
        ReactWindowStrategy.startStopIndices(
          count: 100, offset: offset, containerSize: 800, overscanCount: 3, end: { Double($0 + 1) * 100 }))
    }
    #expect(try indices(999.75).visible == 9...17)
    #expect(try indices(1000).visible == 10...17)
    #expect(try indices(1000.25).visible == 10...18)
    #expect(try indices(1000).rendered == 7...20)
    #expect(try indices(0).rendered == 0...10)
    #expect(
      ReactWindowStrategy.startStopIndices(count: 0, offset: 0, containerSize: 800, overscanCount: 3) { _ in 0 } == nil)
  }

  /// `scanForUnloadedIndices`: a run of unloaded rows is stretched forward to the minimum batch
  /// (not past `rowCount`), and back when it ended early; loaded rows split runs.
  @Test func theInfiniteLoaderScansAndStretchesRuns() {
    let loaded = { (i: Int) in i < 20 }
    #expect(
      ReactWindowStrategy.unloadedRuns(from: 5, to: 20, rowCount: 21, minimumBatchSize: 10, isLoaded: loaded) == [
        20...20
      ])
    #expect(
      ReactWindowStrategy.unloadedRuns(from: 5, to: 19, rowCount: 21, minimumBatchSize: 10, isLoaded: loaded) == [])
    #expect(
      ReactWindowStrategy.unloadedRuns(from: 0, to: 30, rowCount: 100, minimumBatchSize: 15, isLoaded: loaded)
        == [20...34])
    let holes = { (i: Int) in i != 3 && i != 8 }
    #expect(
      ReactWindowStrategy.unloadedRuns(from: 0, to: 9, rowCount: 10, minimumBatchSize: 1, isLoaded: holes)
        == [3...3, 8...8])
  }

  /// The loader asks within `threshold` rows of the visible stop: 20 rows of 100 in 800 show
  /// 0–7; the loader row 20 is 13 past 7, so threshold 13 asks for a page and 12 does not.
  @Test func reactWindowAsksWithinTheThreshold() throws {
    for (threshold, pages) in [(12, 0), (13, 1)] {
      let list = FakeList(rowHeight: 100, viewportHeight: 800, itemCount: 20)
      let strategy = try StrategyChoice.make("react-window", ["threshold=\(threshold)", "defaultRowHeight=100"])
      strategy.listDidLoad(list)
      #expect(list.pagesRequested.count == pages, "threshold \(threshold)")
    }
  }

  /// `visibleRange` changes only when the rendered rows stop covering the viewport grown by
  /// `increaseViewportBy`: a rendered bottom exactly at the grown viewport's end still covers.
  @Test func virtuosoReRangesOnlyWhenTheRowsStopCovering() {
    func next(top: Double, bottom: Double, scrollTop: Double = 1000) -> (start: Double, end: Double)? {
      VirtuosoStrategy.nextRange(
        scrollTop: scrollTop, viewportHeight: 800, listTop: top, listBottom: bottom, overscan: 300, increase: 50)
    }
    #expect(next(top: 950, bottom: 1850) == nil)
    #expect(next(top: 950, bottom: 1849.75).map { [$0.start, $0.end] } == [950, 2150])
    #expect(next(top: 950.25, bottom: 1850).map { [$0.start, $0.end] } == [650, 1850])
    #expect(next(top: 951, bottom: 1800).map { [$0.start, $0.end] } == [950, 2150])
    #expect(next(top: 0, bottom: 900, scrollTop: 30).map { [$0.start, $0.end] } == [0, 880])
  }

  /// `listState` renders from the row holding the range's start: a row ending exactly on it is
  /// out, every row starting before the end is in; `endReached` once per count.
  @Test func virtuosoRendersTheRowsOfItsRange() throws {
    let list = FakeList(rowHeight: 100, viewportHeight: 800, itemCount: 30)
    let strategy = try StrategyChoice.make("virtuoso", ["defaultItemHeight=100"])
    strategy.listDidLoad(list)
    #expect(list.rendersPrepared.isEmpty)  // no scroll offset reached the streams yet
    strategy.frameDidFinish(list)
    #expect(list.rendersPrepared == Array(0...7))
    list.scroll(to: 1000, strategy: strategy)
    #expect(list.rendersPrepared.max() == 17)
    #expect(!list.rendersPrepared.contains(9))
    list.scroll(to: 2200, strategy: strategy)
    #expect(list.pagesRequested == [2])
    list.pageRequestsOutstanding = 0
    list.scroll(to: 2199, strategy: strategy)
    list.scroll(to: 2200, strategy: strategy)
    #expect(list.pagesRequested == [2])
  }

  /// The probe: with no `defaultItemHeight` virtuoso renders row 0 alone, then sizes every
  /// unmeasured row as it measured.
  @Test func virtuosoProbesWithTheFirstRow() throws {
    let list = FakeList(rowHeight: 200, viewportHeight: 800, itemCount: 30)
    let strategy = try StrategyChoice.make("virtuoso")
    strategy.listDidLoad(list)
    strategy.frameDidFinish(list)
    #expect(list.rendersPrepared == [0])
    strategy.frameDidFinish(list)
    #expect(list.rendersPrepared == [0, 1, 2, 3])
  }

  /// The estimate stands until a row is rendered; measured rows keep their size, rounded as the
  /// library reads it; react-window's leaves a 0 unmeasured.
  @Test func theSizeTableEstimatesUntilMeasured() {
    let table = RowSizeTable(estimate: .fixed(50), rounds: true)
    table.resize(to: 4, origin: 10)
    #expect(table.start(of: 3) == 160)
    table.measure(1, size: 120.4)
    #expect(table.start(of: 3) == 230)
    table.measure(1, size: 500)
    #expect(table.size(of: 1) == 120)
    #expect(table.firstStart(atOrAfter: 180) == 2)
    #expect(table.firstStart(atOrAfter: 181) == 3)
    let first = RowSizeTable(estimate: .firstMeasured(fallback: 0), rounds: false, ignoresZero: true)
    first.resize(to: 3, origin: 0)
    first.measure(2, size: 0)
    #expect(first.isEmpty)
    first.measure(2, size: 70.5)
    #expect(first.size(of: 0) == 70.5)
  }
}
