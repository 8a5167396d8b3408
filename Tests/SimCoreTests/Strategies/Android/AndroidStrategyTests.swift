import Testing

@testable import SimCore

/// Paging 3, RecyclerView's GapWorker and Glide's ListPreloader, on numbers worked out from
/// their sources (see each strategy's doc comment for the files).
@Suite struct AndroidStrategyTests {
  /// `nextLoadKeyOrNull`: no load once the rows loaded after the anchor reach prefetchDistance.
  /// Pages of 20, distance 20, 40 rows loaded: binding row 20 (19 rows after it) asks for page
  /// 2; binding row 19 (20 after it) does not.
  @Test func paging3AppendsWhenTheBoundRowIsWithinTheDistance() throws {
    #expect(!Paging3Strategy.shouldAppend(anchor: 19, loadedRows: 40, prefetchDistance: 20))
    #expect(Paging3Strategy.shouldAppend(anchor: 20, loadedRows: 40, prefetchDistance: 20))
    let list = FakeList(pageSize: 20, itemCount: 40)
    let paging = try StrategyChoice.make("paging3", ["initialLoadSize=40"])
    paging.listDidLoad(list)
    paging.willDisplay(list, item: 19)
    #expect(list.pagesRequested.isEmpty)
    paging.willDisplay(list, item: 20)
    #expect(list.pagesRequested == [2])
    // Sequential: nothing more while page 2 is in flight, however far the user goes.
    paging.willDisplay(list, item: 39)
    #expect(list.pagesRequested == [2])
    // Page 2 lands (60 rows): row 39 has 20 after it, so the distance is met.
    list.completePage(2, strategy: paging)
    #expect(list.pagesRequested == [2])
    paging.willDisplay(list, item: 40)
    #expect(list.pagesRequested == [2, 3])
  }

  /// A row GapWorker binds ahead is a `get(index)` too: at offset 1110 row 20 (top 2000, 90 pt
  /// past the edge) is bound after the frame when the average bind (4 ms) fits in the 8 ms left
  /// before the deadline, so page 2 is asked for before row 20 shows; with 3 ms left GapWorker
  /// skips it, and so does Paging's hint.
  @Test func paging3CountsGapWorkersBindsWithTheMainThreadsTime() throws {
    for (remaining, pages) in [(0.008, [2]), (0.003, [Int]())] {
      let list = FakeList(pageSize: 20, itemCount: 40)
      list.averageBindTime = 0.004
      list.frameTimeRemaining = remaining
      let paging = try StrategyChoice.make("paging3+gapworker", ["initialLoadSize=40"])
      for offset in [1100.0, 1110] {
        list.scroll(to: offset, strategy: paging)
        paging.frameDidFinish(list)
      }
      #expect(list.pagesRequested == pages, "\(remaining) s left")
    }
  }

  /// `initialLoadSize` defaults to 3 × pageSize: pages load one after another until 60 rows.
  @Test func paging3LoadsTheInitialSizeFirst() throws {
    let list = FakeList(pageSize: 20, itemCount: 20)
    let paging = try StrategyChoice.make("paging3")
    paging.listDidLoad(list)
    #expect(list.pagesRequested == [1])
    list.completePage(1, strategy: paging)
    #expect(list.pagesRequested == [1, 2])
    list.completePage(2, strategy: paging)
    #expect(list.pagesRequested == [1, 2])
  }

  /// A failed append stays in LoadState.Error until retry(): nothing more loads.
  @Test func paging3StopsAfterAFailure() throws {
    let list = FakeList(pageSize: 20, itemCount: 60)
    let paging = try StrategyChoice.make("paging3")
    paging.willDisplay(list, item: 45)
    #expect(list.pagesRequested == [3])
    list.pageRequestsOutstanding = 0
    paging.requestDidFail(list, kind: .page, index: 3)
    paging.willDisplay(list, item: 59)
    #expect(list.pagesRequested == [3])
    let retrying = try StrategyChoice.make("paging3", ["retry=true"])
    let other = FakeList(pageSize: 20, itemCount: 60)
    retrying.willDisplay(other, item: 45)
    other.pageRequestsOutstanding = 0
    retrying.requestDidFail(other, kind: .page, index: 3)
    #expect(other.pagesRequested == [3, 3])
  }

  /// LinearLayoutManager offers the one row past the leading edge; after the frame GapWorker
  /// binds it when it is needed next frame (distance ≤ |dy|) or when `avg == 0 || now + avg <
  /// deadline`: the average bind fits in the time the main thread has left.
  @Test func gapWorkerBindsOneRowPastTheLeadingEdge() throws {
    // Rows of 100, viewport 800. Offset 0 → 10: rows 0–8 visible; row 9 (top 900) is 90 pt past
    // the edge at 810, more than dy = 10; a 4 ms average fits in 8 ms left.
    let list = FakeList(itemCount: 100)
    let gap = try StrategyChoice.make("gapworker")
    func frame(to offset: Double) {
      list.scroll(to: offset, strategy: gap)
      gap.frameDidFinish(list)
    }
    list.averageBindTime = 0.004
    list.frameTimeRemaining = 0.008
    frame(to: 0)
    frame(to: 10)
    #expect(list.contentRequested == [9])
    #expect(list.rendersPrepared == [9])
    // 3 ms left: row 10 (90 pt past 910) waits until it is needed next frame.
    list.frameTimeRemaining = 0.003
    frame(to: 110)  // dy 100 ≥ distance 1000 − 910 = 90: needed next frame
    #expect(list.contentRequested == [9, 10])
    #expect(list.rendersPrepared == [9, 10])
    frame(to: 120)  // row 10 again: 1000 − 920 = 80 > 10, no room: skipped
    #expect(list.rendersPrepared == [9, 10])
    // No bind measured yet (avg 0): GapWorker binds (row 10, 70 pt past the edge, once more).
    list.averageBindTime = 0
    frame(to: 130)
    #expect(list.rendersPrepared == [9, 10, 10])
    // Scrolling up binds the row above the top edge.
    list.averageBindTime = 0.004
    list.frameTimeRemaining = 0.008
    frame(to: 125)
    #expect(list.contentRequested.last == 0)
  }

  /// "Needed next frame" at its edge: a distance equal to the step is needed (GapWorker's
  /// `distanceToItem <= viewVelocity`, whole pixels), within a floating-point rounding too (a
  /// layout's tops are sums of whole pixels in points), and a tenth of a point more is not.
  @Test(arguments: [(50.0, true), (50 - 1e-9, true), (49.9, false)])
  func gapWorkerNeedsTheRowWhenTheStepReachesIt(_ offset: Double, _ needed: Bool) throws {
    let list = FakeList(itemCount: 100)
    let gap = try StrategyChoice.make("gapworker")
    list.averageBindTime = 0.004
    list.frameTimeRemaining = 0.003  // no room: only a row needed next frame binds
    list.scroll(to: 0, strategy: gap)
    gap.frameDidFinish(list)
    list.scroll(to: offset, strategy: gap)  // row 9 starts at 900; the edge is at offset + 800
    gap.frameDidFinish(list)
    #expect(list.rendersPrepared == (needed ? [9] : []), "offset \(offset)")
  }

  /// Views leaving the screen wait in the 2-view cache; the third one out is rebound, and its
  /// image load still in flight is cancelled. Nothing else is ever cancelled.
  @Test func gapWorkerCancelsOnlyWhatTheViewCacheRecycles() throws {
    let list = FakeList(itemCount: 100)
    let gap = try StrategyChoice.make("gapworker")
    for item in 0..<3 { gap.willDisplay(list, item: item) }
    gap.didEndDisplaying(list, item: 0)
    gap.didEndDisplaying(list, item: 1)
    #expect(list.contentCancelled.isEmpty)
    gap.didEndDisplaying(list, item: 2)
    #expect(list.contentCancelled == [0])
  }

  /// `ListPreloader.onScroll`, step by step with maxPreload 10 and 8 rows visible.
  @Test func glidePreloadsAheadAndCancelsOnReversal() {
    var preloader = GlideStrategy.Preloader(maxPreload: 10)
    // First call: firstVisible 0 > −1 → [0 + 8, 18).
    var step = preloader.onScroll(firstVisible: 0, visibleCount: 8, totalCount: 100)
    #expect(step.rows == Array(8..<18) && !step.cancelAll)
    // Same first row: nothing.
    step = preloader.onScroll(firstVisible: 0, visibleCount: 8, totalCount: 100)
    #expect(step.rows.isEmpty)
    // One row on: [9, 19) minus what is covered (lastEnd 18) → [18].
    step = preloader.onScroll(firstVisible: 1, visibleCount: 8, totalCount: 100)
    #expect(step.rows == [18])
    // Back to 0: direction changes → cancelAll; [−10, 0) clipped to nothing.
    step = preloader.onScroll(firstVisible: 0, visibleCount: 8, totalCount: 100)
    #expect(step.cancelAll && step.rows.isEmpty)
    // The end of the list clips the range.
    var near = GlideStrategy.Preloader(maxPreload: 10)
    step = near.onScroll(firstVisible: 88, visibleCount: 8, totalCount: 100)
    #expect(step.rows == Array(96..<100))
  }

  /// At most maxPreload + 1 live preloads: the twelfth clears the first.
  @Test func glideKeepsMaxPreloadPlusOneTargets() throws {
    let list = FakeList(itemCount: 100)
    let glide = try StrategyChoice.make("glide", ["maxPreload=10"])
    // Rows 0–7 visible: visibleCount = |0 − 7| = 7, so it preloads 7…16.
    list.scroll(to: 0, strategy: glide)
    // First row 10 (rows 10–17 visible) → [17, 27): the 11th target fits, the 12th clears the
    // oldest (7), then 8 and 9; 10 onward are on screen and keep loading.
    list.scroll(to: 1000, strategy: glide)
    #expect(list.contentCancelled == [7, 8, 9])
  }
}
