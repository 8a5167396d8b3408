import Testing

@testable import SimCore

/// React Native's FlatList and Shopify's FlashList v2, on numbers from their sources.
@Suite struct ReactNativeStrategyTests {
  /// `_maybeCallOnEdgeReached`: 2 px when no threshold is set, else threshold × visible length.
  @Test func flatListOnEndReachedDistance() {
    #expect(FlatListStrategy.isWithinEnd(distanceFromEnd: 2, visibleLength: 800, threshold: -1))
    #expect(!FlatListStrategy.isWithinEnd(distanceFromEnd: 2.5, visibleLength: 800, threshold: -1))
    #expect(FlatListStrategy.isWithinEnd(distanceFromEnd: 400, visibleLength: 800, threshold: 0.5))
    #expect(!FlatListStrategy.isWithinEnd(distanceFromEnd: 401, visibleLength: 800, threshold: 0.5))
  }

  /// Window of 21 visible lengths: 10 past each edge, filled 10 cells per 50 ms timer after
  /// the `initialNumToRender` first ones; at rest the timers go on until the window is full.
  @Test func flatListRendersInBatches() throws {
    let list = FakeList(itemCount: 400)  // rows of 100, viewport 800
    let flat = try StrategyChoice.make("flatlist")
    flat.listDidLoad(list)
    #expect(list.contentRequested == Array(0..<10))
    #expect(list.wakeUps == [0.05])
    list.advance(to: 0.05, strategy: flat)
    #expect(list.contentRequested == Array(0..<20))
    list.advance(to: 0.1, strategy: flat)
    #expect(list.contentRequested == Array(0..<30))
    // A slow scroll is not high priority: the pending timer stays the only one.
    list.scroll(to: 1, strategy: flat, dt: 0.01)
    #expect(list.contentRequested == Array(0..<30))
    #expect(list.wakeUps.map { ($0 * 1000).rounded() } == [150])
    // Offset 1 → window [−7999, 8801) → rows 0–88: 59 more cells, six batches, by 0.40 s.
    list.advance(to: 0.35, strategy: flat)
    #expect(list.contentRequested == Array(0..<80))
    list.advance(to: 1, strategy: flat)
    #expect(list.contentRequested == Array(0...88))
    #expect(list.wakeUps.isEmpty)
  }

  /// `_shouldRenderWithPriority`: past the rendered edge, or faster than 2 px/ms within
  /// threshold × visible length / 2 of it; the top uses `onStartReachedThreshold` (2 when
  /// unset), not `onEndReachedThreshold`.
  @Test func flatListHighPriorityBoundaries() {
    #expect(
      FlatListStrategy.isHighPriority(distTop: nil, distBottom: -1, velocity: 0, visibleLength: 800, endThreshold: 2))
    #expect(
      !FlatListStrategy.isHighPriority(distTop: nil, distBottom: 0, velocity: 0, visibleLength: 800, endThreshold: 2))
    #expect(
      !FlatListStrategy.isHighPriority(distTop: nil, distBottom: 799, velocity: 2, visibleLength: 800, endThreshold: 2))
    #expect(
      FlatListStrategy.isHighPriority(
        distTop: nil, distBottom: 799, velocity: 2.001, visibleLength: 800, endThreshold: 2))
    #expect(
      !FlatListStrategy.isHighPriority(distTop: nil, distBottom: 800, velocity: 3, visibleLength: 800, endThreshold: 2))
    // With onEndReachedThreshold 0.5 "near" the bottom is 200 pt ...
    #expect(
      FlatListStrategy.isHighPriority(distTop: nil, distBottom: 199, velocity: 3, visibleLength: 800, endThreshold: 0.5)
    )
    #expect(
      !FlatListStrategy.isHighPriority(
        distTop: nil, distBottom: 200, velocity: 3, visibleLength: 800, endThreshold: 0.5))
    // ... and the top keeps onStartReachedThreshold's 2: 800 pt.
    #expect(
      FlatListStrategy.isHighPriority(
        distTop: 799, distBottom: nil, velocity: -3, visibleLength: 800, endThreshold: 0.5))
    #expect(
      !FlatListStrategy.isHighPriority(
        distTop: 800, distBottom: nil, velocity: -3, visibleLength: 800, endThreshold: 0.5))
    #expect(
      !FlatListStrategy.isHighPriority(
        distTop: 799, distBottom: nil, velocity: -2, visibleLength: 800, endThreshold: 0.5))
  }

  /// `computeWindowedRenderLimits` on rows of 100 pt and a viewport of 800: the visible rows,
  /// grown until 10 are new; cells already rendered come free; faster than 1 px/ms down it
  /// grows down first.
  @Test func flatListWindowLimits() {
    let frame = { (item: Int) in ListLayout.Frame(column: 0, top: Double(item) * 100, height: 100) }
    func limits(_ previous: FlatListWindow.Cells, offset: Double, velocity: Double = 0) -> FlatListWindow.Cells {
      FlatListWindow.limits(
        count: 400, perBatch: 10, windowSize: 21, previous: previous, offset: offset, visibleLength: 800,
        velocity: velocity, frame: frame)
    }
    // Offset 800 lies on row 7's bottom (a top is exclusive but row 0's): visible 0–7.
    #expect(FlatListWindow.rowsOverlapping([0, 100, 800, 800.5], count: 400, frame: frame) == [0, 0, 7, 8])
    #expect(limits(.init(first: 0, last: 9), offset: 0) == .init(first: 0, last: 19))
    #expect(limits(.init(first: 0, last: 19), offset: 0) == .init(first: 0, last: 29))
    // Expected values below are what React Native's own VirtualizeUtils.js returns for the
    // same inputs (run under node, Validation/platforms/README.md).
    // At 4000 with 0–29 rendered: visible 39–47 are 9 new, then one more: 38.
    #expect(limits(.init(first: 0, last: 29), offset: 4000) == .init(first: 38, last: 48))
    // Moving down faster than 1 px/ms the growth goes down first; at exactly 1 it alternates.
    #expect(limits(.init(first: 40, last: 48), offset: 4000, velocity: 1.001) == .init(first: 38, last: 56))
    #expect(limits(.init(first: 40, last: 48), offset: 4000, velocity: 1) == .init(first: 34, last: 52))
    // The whole list before the overscan: the last perBatch + 1 rows.
    #expect(limits(.init(first: 0, last: 9), offset: 100_000) == .init(first: 389, last: 399))
  }

  /// The render mask keeps the first `initialNumToRender` cells mounted ("scroll-to-top"),
  /// and merges regions that touch.
  @Test func flatListMaskKeepsTheInitialCells() {
    #expect(
      FlatListWindow.mask(window: .init(first: 50, last: 60), count: 100, initialNumToRender: 10) == [
        .init(first: 0, last: 9), .init(first: 50, last: 60),
      ])
    #expect(
      FlatListWindow.mask(window: .init(first: 10, last: 60), count: 100, initialNumToRender: 10) == [
        .init(first: 0, last: 60)
      ])
    #expect(
      FlatListWindow.mask(window: .init(first: 2, last: 3), count: 4, initialNumToRender: 10) == [
        .init(first: 0, last: 3)
      ])
    #expect(FlatListWindow.mask(window: .init(first: 0, last: -1), count: 0, initialNumToRender: 10).isEmpty)
    #expect(
      FlatListWindow.constrained(.init(first: 95, last: 120), count: 100, perBatch: 10) == .init(first: 89, last: 99))
  }

  /// A jump far down (one frame): high priority at once; the visible rows 92–100 are 9 new
  /// cells, row 91 the tenth, so the window is 91–100 (React Native's own code gives the same):
  /// rows 10–87 unmount (their loads cancelled) and rows 0–9 stay mounted.
  @Test func flatListJumpKeepsTheInitialCellsAndDropsTheRest() throws {
    let list = FakeList(itemCount: 400)
    let flat = try StrategyChoice.make("flatlist")
    flat.listDidLoad(list)
    list.advance(to: 1, strategy: flat)
    #expect(list.contentRequested == Array(0...87))  // offset 0: [0, 8800)
    list.scroll(to: 9200, strategy: flat)
    #expect(list.contentCancelled == Array(10...87))
    #expect(list.contentRequested.suffix(10) == Array(91...100))
    let state = try #require((flat as? FlatListStrategy)?.takeFrameState())
    #expect(JSONWriter.compact(state) == #"{"first":91,"last":100,"mask":[[0,9],[91,100]],"endReached":0}"#)
  }

  /// FlashList's JavaScript knows the offset only from scroll events: new data engages the
  /// rows around the last scroll event's offset, not where a drag has since moved the list.
  /// (React Native's own code run on a fling-stress record parted here before this rule.)
  @Test func flashListNewDataUsesTheLastScrollEventsOffset() throws {
    let list = FakeList(itemCount: 100)
    let flash = try StrategyChoice.make("flashlist")
    flash.listDidLoad(list)
    list.scroll(to: 1000, strategy: flash, dt: 0.2)
    let before = try #require((flash as? FlashListStrategy)?.takeFrameState())
    list.contentOffset = 3000  // moved by a touch, no scroll event yet
    list.pageRequestsOutstanding = 1
    list.completePage(5, strategy: flash)
    let after = try #require((flash as? FlashListStrategy)?.takeFrameState())
    #expect(JSONWriter.compact(after) == JSONWriter.compact(before))
    list.scroll(to: 3000, strategy: flash)
    #expect(
      JSONWriter.compact(try #require((flash as? FlashListStrategy)?.takeFrameState())) != JSONWriter.compact(before))
  }

  /// `VelocityTracker` divides by whole milliseconds of `Date.now()`: scroll events 1/120 s
  /// apart from 0.1 s are 8, 8, 9, 8 ms apart, so 3 pt each is 0.375 px/ms (the median), and
  /// × 16 ms the window reaches 1044 + 6 + 800 + 350 = 2200, row 22's top. With exact
  /// intervals (0.36 px/ms) it would stop at 2199.76, row 21.
  @Test func flashListVelocityUsesWholeMilliseconds() throws {
    let list = FakeList(itemCount: 100)
    let flash = try StrategyChoice.make("flashlist")
    flash.listDidLoad(list)
    list.scroll(to: 1032, strategy: flash, dt: 0.1)
    for offset in [1035.0, 1038, 1041, 1044] { list.scroll(to: offset, strategy: flash, dt: 1.0 / 120) }
    let state = try #require((flash as? FlashListStrategy)?.takeFrameState())
    #expect(JSONWriter.compact(state) == #"{"engaged":[9,22],"endReached":0}"#)
  }

  /// `getVisibleLayouts`' edges on rows of 100: a row is engaged from the first whose bottom
  /// passes the start to the last whose top is at or before the end.
  @Test func flashListEngagedRowsEdges() {
    #expect(
      FlashListStrategy.engagedRows(
        start: 100, end: 900, count: 20, frame: { ListLayout.Frame(column: 0, top: Double($0) * 100, height: 100) })
        == 1...9)
    // Row 0 ends at 100: not engaged from 100 (its bottom must pass the start), engaged from 99.999.
    #expect(
      FlashListStrategy.engagedRows(
        start: 99.999, end: 900, count: 20, frame: { ListLayout.Frame(column: 0, top: Double($0) * 100, height: 100) })
        == 0...9)
    // The last row is the last whose top is at or before the end: 900 is row 9's top.
    #expect(
      FlashListStrategy.engagedRows(
        start: 0, end: 899.999, count: 20, frame: { ListLayout.Frame(column: 0, top: Double($0) * 100, height: 100) })
        == 0...8)
  }

  /// `EngagedIndicesTracker`: 2 × 250 px, 70 % ahead, 30 % behind; at an edge it all goes behind.
  @Test func flashListEngagedRange() {
    let middle = FlashListStrategy.engagedRange(
      offset: 1000, viewportHeight: 800, contentLength: 10_000, drawDistance: 250, forward: true, shift: 0)
    #expect(middle == 850..<2150)
    let up = FlashListStrategy.engagedRange(
      offset: 1000, viewportHeight: 800, contentLength: 10_000, drawDistance: 250, forward: false, shift: 0)
    #expect(up == 650..<1950)
    let atEnd = FlashListStrategy.engagedRange(
      offset: 1200, viewportHeight: 800, contentLength: 2000, drawDistance: 250, forward: true, shift: 0)
    #expect(atEnd == 700..<2000)
    // 2000 pt/s × 16 ms shifts the window 32 pt ahead.
    let moving = FlashListStrategy.engagedRange(
      offset: 1000, viewportHeight: 800, contentLength: 10_000, drawDistance: 250, forward: true, shift: 32)
    #expect(moving == 882..<2182)
    // At the top, the 150 pt that cannot go before 0 go after: [0, 800 + 350 + 150).
    let top = FlashListStrategy.engagedRange(
      offset: 0, viewportHeight: 800, contentLength: 10_000, drawDistance: 250, forward: true, shift: 0)
    #expect(top == 0..<1300)
    // Backward at the top: all 350 behind are unused, so 150 + 350 after.
    let topBackward = FlashListStrategy.engagedRange(
      offset: 0, viewportHeight: 800, contentLength: 10_000, drawDistance: 250, forward: false, shift: 0)
    #expect(topBackward == 0..<1300)
    // A list shorter than the window: clamped at both ends.
    let short = FlashListStrategy.engagedRange(
      offset: 0, viewportHeight: 800, contentLength: 1000, drawDistance: 250, forward: true, shift: 0)
    #expect(short == 0..<1000)
  }

  /// The velocity history starts as [0, 0, 0, −0.1, −0.1] px/ms: backward until three forward
  /// samples outvote it; a tie is forward; the median of five.
  @Test func flashListDirectionAndMedian() {
    var history: [Double] = [0, 0, 0, -100, -100]
    #expect(!FlashListStrategy.isForward(history))
    #expect(FlashListStrategy.median(history) == 0)
    history[0] = 2000
    history[1] = 3000
    #expect(FlashListStrategy.isForward(history))  // 2 against 2
    history[3] = 1000
    #expect(FlashListStrategy.isForward(history))
    #expect(FlashListStrategy.median(history) == 1000)  // sorted: -100, 0, 1000, 2000, 3000
    #expect(!FlashListStrategy.isForward([-5, -5, 1, 0, 0]))
  }

  /// 3000 pt/s × 16 ms projects the window 48 pt ahead: at 1040 it reaches 2238 (row 22 in).
  /// 100 ms after the last scroll event the momentum ends, the median drops to 0 and the
  /// window is [890, 2190): row 22 is recycled (its load cancelled) and row 8 engaged.
  @Test func flashListMomentumEndDropsTheProjection() throws {
    let list = FakeList(itemCount: 100)
    let flash = try StrategyChoice.make("flashlist")
    flash.listDidLoad(list)
    for offset in stride(from: 790.0, through: 1040, by: 50) { list.scroll(to: offset, strategy: flash) }
    #expect(list.contentRequested.last == 22)
    #expect(list.contentCancelled == Array(0...8))  // the window left the top behind
    list.advance(to: list.time + 0.099, strategy: flash)
    #expect(list.contentCancelled == Array(0...8))
    list.advance(to: list.time + 0.002, strategy: flash)
    #expect(list.contentCancelled == Array(0...8) + [22])
    #expect(list.contentRequested.last == 8)
  }

  /// onEndReached at 0.5 visible lengths, once per entry into the zone.
  @Test func flashListOnEndReached() throws {
    let list = FakeList(itemCount: 40)  // 4000 pt: the zone starts at offset 4000 − 800 − 400
    let flash = try StrategyChoice.make("flashlist")
    flash.listDidLoad(list)
    list.scroll(to: 2799, strategy: flash)
    #expect(list.pagesRequested.isEmpty)
    list.scroll(to: 2800, strategy: flash)
    #expect(list.pagesRequested == [2])
    list.pageRequestsOutstanding = 0
    list.scroll(to: 2900, strategy: flash)
    #expect(list.pagesRequested == [2])
  }
}
