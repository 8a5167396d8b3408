import Testing

@testable import SimCore

/// FlashList's engaged window and `onEndReached` at their edges (`findVisibleIndex.ts`,
/// `useBoundDetection.ts`; see `FlashListStrategy`).
@Suite struct FlashListBoundaryTests {
  /// `Math.ceil(offset + visibleLength) >= contentLength − 0.5 × visibleLength`: with 2000 of
  /// content and a viewport of 800, the zone starts at 1600, so any offset above 799 is in.
  @Test func onEndReachedRoundsTheBottomUp() {
    func near(_ offset: Double) -> Bool {
      FlashListStrategy.isNearEnd(offset: offset, viewportHeight: 800, contentLength: 2000, threshold: 0.5)
    }
    #expect(!near(798.75))
    #expect(!near(799))
    #expect(near(799.25))
    #expect(near(800))
  }

  /// At load the history says backward: 350 px behind, 150 ahead, and the 350 that would fall
  /// before the top goes after the viewport: the window is [0, 1300]. A row whose top is exactly
  /// 1300 touches it and is engaged (`y <= end`); with 0.25 px more of the list above, it is not.
  @Test func aRowTouchingTheWindowIsEngaged() throws {
    for (rowHeight, engagedLast) in [(100.0, 13), (100.25 / 1, 12)] {
      let list = FakeList(rowHeight: rowHeight, itemCount: 100)
      let flash = try StrategyChoice.make("flashlist")
      flash.listDidLoad(list)
      #expect(list.rendersPrepared.max() == engagedLast, "rows of \(rowHeight)")
    }
  }

  /// The top edge: the window's lower edge at offset 1000 going forward is 1000 + shift − 150
  /// = 850. A row whose bottom is exactly 850 is not engaged (`position + size > threshold`,
  /// Shopify/flash-list @4c6abc3b; @38b1d736 had `>=`); 0.001 pt lower, it is.
  @Test func theTopEdgeIsExclusive() throws {
    let range = FlashListStrategy.engagedRange(
      offset: 1000, viewportHeight: 800, contentLength: 10_000, drawDistance: 250, forward: true, shift: 0)
    #expect(range.lowerBound == 850)
    #expect(range.upperBound == 2150)
    let rows = { (item: Int) in ListLayout.Frame(column: 0, top: Double(item) * 85, height: 85) }
    #expect(FlashListStrategy.engagedRows(start: 850, end: 2150, count: 100, frame: rows)?.lowerBound == 10)
    #expect(FlashListStrategy.engagedRows(start: 849.999, end: 2150, count: 100, frame: rows)?.lowerBound == 9)
  }
}
