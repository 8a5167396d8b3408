import Testing

@testable import SimCore

/// RecyclerView's GapWorker and Glide's preloader at their edges, from the sources in each
/// strategy's doc comment.
@Suite struct AndroidBoundaryTests {
  /// Rows of 100 on a viewport of 800; after `listDidLoad` at 0, one frame scrolls to `offset`.
  func gapWorkerBinds(to offset: Double, average: Double, remaining: Double) throws -> [Int] {
    let list = FakeList(itemCount: 100)
    list.averageBindTime = average
    list.frameTimeRemaining = remaining
    let gap = try StrategyChoice.make("gapworker")
    gap.listDidLoad(list)
    list.scroll(to: offset, strategy: gap)
    gap.frameDidFinish(list)
    return list.rendersPrepared
  }

  /// The first scrolled frame of a session posts a prefetch (RecyclerView posts on every step
  /// with a non-zero delta): 0 → 10 binds row 9 (no bind measured yet, avg 0).
  @Test func gapWorkerPrefetchesOnTheFirstScrolledFrame() throws {
    #expect(try gapWorkerBinds(to: 10, average: 0, remaining: 0.008) == [9])
  }

  /// Needed next frame when distance ≤ |dy| (`GapWorker.java`: `distanceToItem <= viewVelocity`):
  /// with no time left, only that binds. 0 → 50: row 9's top (900) is 50 px past the new edge
  /// (850), equal to dy: bound. 0 → 49.75: 50.5 px past, dy 49.75: skipped.
  @Test func gapWorkerNeededNextFrameIncludesTheEdge() throws {
    #expect(try gapWorkerBinds(to: 50, average: 0.004, remaining: 0) == [9])
    #expect(try gapWorkerBinds(to: 49.75, average: 0.004, remaining: 0).isEmpty)
    // Rows 0–8 are on screen until the offset passes 100: dy 100.25 reaches row 10's edge.
    #expect(try gapWorkerBinds(to: 100, average: 0.004, remaining: 0) == [9])
  }

  /// Otherwise a bind runs only if `now + avg < deadline`: strictly before it.
  @Test func gapWorkerDeadlineIsStrict() throws {
    #expect(try gapWorkerBinds(to: 10, average: 0.004, remaining: 0.00401) == [9])
    #expect(try gapWorkerBinds(to: 10, average: 0.004, remaining: 0.004).isEmpty)
  }

  /// `RecyclerToListViewScrollListener` passes `|first − last|`: at rest with rows 0–9 visible
  /// and maxPreload 10, Glide preloads rows 9–18 (row 9 is on screen), never row 19. The first
  /// layout binds rows 0–9 before it calls the listeners (`dispatchOnScrolled(0, 0)`), so they
  /// ask first, and the preload of row 9 finds its bind's request.
  @Test func glideWindowStartsAtTheLastVisibleRow() throws {
    let list = FakeList(viewportHeight: 1000, itemCount: 100)
    let glide = try StrategyChoice.make("glide", ["maxPreload=10"])
    glide.listDidLoad(list)
    #expect(list.contentRequested == Array(0...18))
    #expect(!list.contentRequested.contains(19))
  }

  /// A row is visible while any sliver is on screen (child start < parent end, end > start):
  /// at 0 row 10's top is exactly the bottom (not visible); at 0.25 it is.
  @Test func glideCountsARowVisibleFromItsFirstSliver() {
    var preloader = GlideStrategy.Preloader(maxPreload: 10)
    let list = FakeList(viewportHeight: 1000, itemCount: 100)
    list.contentOffset = 0
    #expect(list.visibleItems.last == 9)
    list.contentOffset = 0.25
    #expect(list.visibleItems.last == 10)
    // first 0, last 10 → visibleCount 10 → [10, 20).
    #expect(preloader.onScroll(firstVisible: 0, visibleCount: abs(0 - 10), totalCount: 100).rows == Array(10..<20))
  }
}
