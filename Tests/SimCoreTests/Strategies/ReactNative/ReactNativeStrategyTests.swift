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

  /// High priority (`_scheduleCellsToRenderUpdate`): the viewport past the last rendered
  /// cell's top renders a batch at once, dropping (and cancelling) what left the window.
  @Test func flatListRendersAtOnceWhenTheViewportPassesTheRenderedEdge() throws {
    #expect(
      FlatListStrategy.isHighPriority(distTop: nil, distBottom: -1, velocity: 0, visibleLength: 800, threshold: -1))
    #expect(
      !FlatListStrategy.isHighPriority(distTop: nil, distBottom: 799, velocity: 2000, visibleLength: 800, threshold: -1)
    )
    #expect(
      FlatListStrategy.isHighPriority(distTop: nil, distBottom: 799, velocity: 2001, visibleLength: 800, threshold: -1))
    // With onEndReachedThreshold 0.5 "near" is 200 pt.
    #expect(
      !FlatListStrategy.isHighPriority(
        distTop: nil, distBottom: 399, velocity: 3000, visibleLength: 800, threshold: 0.5))
    let list = FakeList(itemCount: 400)
    let flat = try StrategyChoice.make("flatlist")
    flat.listDidLoad(list)
    list.advance(to: 1, strategy: flat)
    #expect(list.contentRequested == Array(0...87))  // offset 0: [−8000, 8800)
    // One frame jumps to 8100: the last rendered row (87, top 8700) is above the bottom (8900):
    // a batch at once, visible row 88 first, then 89–97.
    list.scroll(to: 8100, strategy: flat)
    #expect(list.contentRequested == Array(0...97))
    #expect(list.contentCancelled == [0])
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
    list.scroll(to: 2799, strategy: flash)
    #expect(list.pagesRequested.isEmpty)
    list.scroll(to: 2800, strategy: flash)
    #expect(list.pagesRequested == [2])
    list.pageRequestsOutstanding = 0
    list.scroll(to: 2900, strategy: flash)
    #expect(list.pagesRequested == [2])
  }
}
