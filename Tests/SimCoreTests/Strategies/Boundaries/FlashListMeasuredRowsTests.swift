import Testing

@testable import SimCore

/// FlashList v2 measures a row once it renders and estimates the rest (`FlashListLayout`,
/// `FlashListRenderStack`; Shopify/flash-list @4c6abc3b): each rule at its edge.
@Suite struct FlashListMeasuredRowsTests {
  /// `AverageWindow(5)`: the average of the last five values, the oldest replaced.
  @Test func theEstimateIsTheAverageOfTheLastFive() {
    var window = AverageWindow(size: 5)
    #expect(window.isEmpty)
    for value in [100.0, 200, 300, 400] { window.add(value) }
    #expect(window.value == 250)
    window.add(500)  // exactly five
    #expect(window.value == 300)
    window.add(600)  // the sixth replaces the first
    #expect(window.value == 400)
  }

  /// Before any row is measured every row is 200 pt (`MultiTypeAverageWindow(5, 200)`).
  @Test func unmeasuredRowsAreTwoHundredUntilOneIsMeasured() {
    let layout = FlashListLayout(density: 3)
    layout.modify([], count: 10)
    #expect(layout.contentLength == 2000)
    layout.modify([.init(index: 0, height: 90)], count: 10)
    #expect(layout.contentLength == 900)  // 90 measured, nine more at the average of 90 and 90
  }

  /// A height within one device pixel of the one held keeps the held one (`areDimensionsEqual`:
  /// `|round(a × 3) − round(b × 3)| ≤ 1`); a pixel more is taken, on whole pixels.
  @Test func aHeightWithinOnePixelOfTheEstimateKeepsTheEstimate() {
    let layout = FlashListLayout(density: 3)
    layout.modify([], count: 3)
    #expect(layout.measuredHeight(200.4, of: 0) == 200)  // 601.2 → 601 against 600: kept
    #expect(layout.measuredHeight(200.5, of: 0) == 602.0 / 3)  // 601.5 → 602: taken
    #expect(layout.measuredHeight(199.5, of: 0) == 200)  // 598.5 → 599 (away from zero): kept
    #expect(layout.measuredHeight(199.49, of: 0) == 598.0 / 3)
  }

  /// A pass re-lays at most 250 rows past the first that changed (`maxItemsToProcess`): with 251
  /// rows every row moves to the new estimate; with 252 the last keeps its old top and height,
  /// so the content length is the old one.
  @Test func rowsPastTheProcessingLimitKeepTheirOldPlace() {
    for (count, length) in [(251, 100.0 * 251), (252, 200.0 * 252)] {
      let layout = FlashListLayout(density: 1)
      layout.modify([], count: count)
      layout.modify([.init(index: 0, height: 100)], count: count)
      #expect(layout.contentLength == length, "\(count) rows")
    }
  }

  /// Rows move to the end of the measuring order when a view is bound to them; views keep their
  /// rows while not engaged, and the first key freed is the first reused.
  @Test func theMeasuringOrderFollowsTheViews() {
    var stack = FlashListRenderStack()
    stack.sync(engaged: 0...3, count: 10)
    #expect(stack.rows == [0, 1, 2, 3])
    stack.sync(engaged: 2...5, count: 10)  // views of 0 and 1 go to 4 and 5
    #expect(stack.rows == [2, 3, 4, 5])
    stack.sync(engaged: 2...3, count: 10)  // 4 and 5 leave the window, their views stay
    #expect(stack.rows == [2, 3, 4, 5])
    stack.sync(engaged: 2...6, count: 10)  // 4 and 5 keep theirs; 6 is a new view
    #expect(stack.rows == [2, 3, 4, 5, 6])
    #expect(stack.keyCount == 5)
  }

  /// At load rows 0–13 are measured at 100 pt, so the six rows below are estimated at 100 and
  /// the list looks 2000 pt long, not its true 3800: at offset 800 `checkBounds` finds
  /// `ceil(800 + 800) = 1600 ≥ 2000 − 400` and calls `onEndReached`, which the true layout
  /// (3800 − 400) would not; at 799 it does not. With the sizes known, no call.
  @Test func onEndReachedFiresOnTheEstimatedLength() throws {
    for (sizes, offset, calls) in [("measured", 799.0, 0), ("measured", 800, 1), ("known", 800, 0)] {
      let list = FakeList(itemCount: 20, heightOf: { $0 < 14 ? 100 : 400 })
      list.loadedPages = [0]
      let flash = try StrategyChoice.make("flashlist", ["sizes=\(sizes)"])
      flash.listDidLoad(list)
      list.scroll(to: offset, strategy: flash)
      let state = try #require((flash as? FlashListStrategy)?.takeFrameState())
      #expect(JSONWriter.compact(state).hasSuffix("\"endReached\":\(calls)}"), "\(sizes) at \(offset)")
    }
  }
}
