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

  /// Window of 21 visible lengths: 10 past each edge; the first batch at load renders
  /// initialNumToRender then up to 10 more, nearest first.
  @Test func flatListRendersInBatches() throws {
    let list = FakeList(itemCount: 400)  // rows of 100, viewport 800
    let flat = try StrategyChoice.make("flatlist")
    flat.listDidLoad(list)
    #expect(list.contentRequested == Array(0..<20))
    // 50 ms later at the same place: the next 10.
    list.scroll(to: 0, strategy: flat, dt: 0.05)
    #expect(list.contentRequested == Array(0..<30))
    // 10 ms later: the batching period has not passed.
    list.scroll(to: 1, strategy: flat, dt: 0.01)
    #expect(list.contentRequested == Array(0..<30))
    // At rest the whole window renders: offset 1 → [−7999, 8801) → rows 0–88.
    flat.didEndDecelerating(list)
    #expect(list.contentRequested == Array(0...88))
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
