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

  /// The top edge: the window's lower edge at offset 1000 going forward (history filled with
  /// forward samples) is 1000 + shift − 150; a row whose bottom equals it stays engaged.
  @Test func theTopEdgeIsInclusive() throws {
    let range = FlashListStrategy.engagedRange(
      offset: 1000, viewportHeight: 800, contentLength: 10_000, drawDistance: 250, forward: true, shift: 0)
    #expect(range.lowerBound == 850)
    #expect(range.upperBound == 2150)
  }
}
