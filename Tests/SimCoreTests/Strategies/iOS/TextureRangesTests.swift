import Testing

@testable import SimCore

/// Texture's range rects and batch-fetch rule (ASAbstractLayoutController, ASBatchFetching).
@Suite struct TextureRangesTests {
  /// Viewport 800 pt at offset 1000, scrolling down, Full preload 2.5 / 1.5 screens:
  /// [1000 − 1.5·800, 1000 + 800 + 2.5·800) = [−200, 3800).
  @Test func fullPreloadRectScrollingDown() {
    let rect = TextureRanges.rect(
      offset: 1000, viewportHeight: 800, tuning: TextureRanges.fullPreload, direction: .down)
    #expect(rect == -200..<3800)
  }

  /// Scrolling up, the leading buffer is above: [1000 − 2.5·800, 1000 + 800 + 1.5·800).
  @Test func fullPreloadRectScrollingUp() {
    let rect = TextureRanges.rect(offset: 1000, viewportHeight: 800, tuning: TextureRanges.fullPreload, direction: .up)
    #expect(rect == -1000..<3000)
  }

  @Test func displayAndMinimumRects() {
    #expect(
      TextureRanges.rect(offset: 1000, viewportHeight: 800, tuning: TextureRanges.fullDisplay, direction: .down)
        == 600..<2600)
    #expect(
      TextureRanges.rect(offset: 1000, viewportHeight: 800, tuning: TextureRanges.minimumPreload, direction: .down)
        == 800..<2200)
    #expect(
      TextureRanges.rect(offset: 1000, viewportHeight: 800, tuning: TextureRanges.minimumDisplay, direction: .up)
        == 800..<2000)
  }

  /// The defaults match Texture's +defaultTuningParameters.
  @Test func defaultsMatchTheSource() {
    #expect(TextureRanges.fullDisplay == .init(leading: 1.0, trailing: 0.5))
    #expect(TextureRanges.fullPreload == .init(leading: 2.5, trailing: 1.5))
    #expect(TextureRanges.minimumDisplay == .init(leading: 0.25, trailing: 0.25))
    #expect(TextureRanges.minimumPreload == .init(leading: 0.5, trailing: 0.25))
  }

  /// remaining = contentLength − viewLength − offset; fetch when remaining <= 2 × viewLength.
  @Test func batchFetchAtItsBoundary() {
    func fetch(
      _ offset: Double, fetching: Bool = false, screens: Double = 2, direction: TextureRanges.Direction = .down,
      content: Double = 10_000
    ) -> Bool {
      TextureRanges.shouldBatchFetch(
        isFetching: fetching, leadingScreens: screens, direction: direction, viewLength: 800, contentLength: content,
        targetOffset: offset)
    }
    // 10000 − 800 − 7600 = 1600 = 2 × 800: fetch; one point earlier: not yet.
    #expect(fetch(7600))
    #expect(!fetch(7599))
    #expect(fetch(9200))
    #expect(!fetch(7600, fetching: true))
    #expect(!fetch(7600, screens: 0))
    #expect(!fetch(7600, direction: .up))
    // Content shorter than the viewport: fetch even scrolling up, but not while fetching.
    #expect(fetch(0, direction: .up, content: 500))
    #expect(!fetch(0, fetching: true, content: 500))
  }
}
