import Testing

@testable import SimCore

/// UIKit prefetching with the image prefetchers' limits, and Flutter's ListView, on numbers
/// from their sources.
@Suite struct MobileStrategyTests {
  /// Nothing before the first drag; then rows past the leading edge, half a screen deep,
  /// nearest first; at most 3 loading at once with SDWebImage, 2 with Nuke.
  @Test func uikitPrefetchesNearestFirstWithinTheLoaderLimit() throws {
    let list = FakeList(itemCount: 100)  // rows of 100, viewport 800
    let uikit = try StrategyChoice.make("uikit")
    list.scroll(to: 0, strategy: uikit)
    list.scroll(to: 10, strategy: uikit)
    #expect(list.contentRequested.isEmpty)
    uikit.willBeginDragging(list)
    list.scroll(to: 20, strategy: uikit)
    // Window [820, 1220): rows 9–12; row 8 is on screen. SDWebImage takes 3 of them.
    #expect(list.contentRequested == [9, 10, 11])
    list.completeContent(9, strategy: uikit)
    #expect(list.contentRequested == [9, 10, 11, 12])
    // Scrolling up: the rows below are no longer expected and are cancelled.
    list.scroll(to: 10, strategy: uikit)
    #expect(Set(list.contentCancelled) == [10, 11, 12])
    let nuke = try StrategyChoice.make("uikit", ["loader=nuke"])
    let other = FakeList(itemCount: 100)
    nuke.willBeginDragging(other)
    other.scroll(to: 0, strategy: nuke)  // window [800, 1200): rows 8–11, Nuke takes 2
    #expect(other.contentRequested == [8, 9])
  }

  /// `concurrency` replaces the library's limit (SDWebImage's `maxConcurrentPrefetchCount`,
  /// Kingfisher's `maxConcurrentDownloads`, Nuke's `maxConcurrentRequestCount`); 0 keeps it.
  /// The window holds rows 8–11: just under, exactly at and just over its four rows.
  @Test func uikitConcurrencyReplacesTheLoaderLimit() throws {
    for (settings, expected) in [
      (["loader=nuke"], [8, 9]), (["loader=nuke", "concurrency=0"], [8, 9]),
      (["loader=nuke", "concurrency=3"], [8, 9, 10]), (["concurrency=4"], [8, 9, 10, 11]),
      (["loader=kingfisher", "concurrency=5"], [8, 9, 10, 11]),
    ] {
      let uikit = try StrategyChoice.make("uikit", settings)
      let list = FakeList(itemCount: 100)
      uikit.willBeginDragging(list)
      list.scroll(to: 0, strategy: uikit)
      #expect(list.contentRequested == expected, "\(settings)")
    }
  }

  /// `UIKitPrefetchStrategy.window` reproduces the measurement it is set from: 8 rows on
  /// screen, rows 2–10 visible, rows 11–14 asked for.
  @Test func uikitWindowMatchesTheMeasurement() {
    let list = FakeList(rowHeight: 100, viewportHeight: 800, itemCount: 100)
    // Rows 2–10 visible: offset 250 shows 2 (from 200) to 10 (to 1050).
    let window = UIKitPrefetchStrategy.window(offset: 250, viewportHeight: 800, lookahead: 0.5, down: true, list: list)
    #expect(window == [11, 12, 13, 14])
  }

  /// `recommendDeferredLoading`: |v| > physical longest side; 800 pt at dpr 3 → 2400 pt/s.
  @Test func flutterDefersAboveDprScreensPerSecond() {
    #expect(!FlutterListStrategy.defers(velocity: 2400, viewportHeight: 800, devicePixelRatio: 3))
    #expect(FlutterListStrategy.defers(velocity: -2401, viewportHeight: 800, devicePixelRatio: 3))
    #expect(!FlutterListStrategy.defers(velocity: 1e6, viewportHeight: 800, devicePixelRatio: 0))
  }

  /// The device pixel ratio follows the trace's density unless given: a 3000 pt/s momentum
  /// frame over an 800 pt viewport defers at density 3 (bar 2400 pt/s) and not at 4 (3200);
  /// `devicePixelRatio=3` given on a density-4 trace defers again.
  @Test func flutterTakesTheTracesDensityUnlessGiven() throws {
    func deferred(density: Double, _ parameters: String...) throws -> Bool {
      let list = FakeList(itemCount: 100)
      list.density = density
      let flutter = try StrategyChoice.make("flutter", parameters)
      flutter.listDidLoad(list)
      list.isDecelerating = true
      list.scroll(to: 3000, strategy: flutter, dt: 1)
      return list.contentRequested == Array(0...10)
    }
    #expect(try deferred(density: 3))
    #expect(try !deferred(density: 4))
    #expect(try deferred(density: 4, "devicePixelRatio=3"))
  }

  /// Rows within 250 px of either edge are built and load; the page is asked for when row
  /// itemCount − 3 builds.
  @Test func flutterBuildsWithinTheCacheExtent() throws {
    let list = FakeList(itemCount: 20)  // 2000 pt
    let flutter = try StrategyChoice.make("flutter")
    flutter.listDidLoad(list)
    // [−250, 1050): rows 0–10.
    #expect(list.contentRequested == Array(0...10))
    #expect(list.pagesRequested.isEmpty)
    // Offset 1000 at 1000 pt/s (slow): [750, 2050) builds rows 11–19; row 17 = 20 − 3 asks.
    list.scroll(to: 1000, strategy: flutter, dt: 1)
    #expect(list.pagesRequested == [1])
    #expect(list.contentRequested == Array(0...19))
    // A fast momentum frame (3000 pt/s > 2400) builds rows but defers their images until it
    // slows.
    let fast = FakeList(itemCount: 100)
    let other = try StrategyChoice.make("flutter")
    other.listDidLoad(fast)
    fast.isDecelerating = true
    fast.scroll(to: 3000, strategy: other, dt: 1)
    #expect(fast.contentRequested == Array(0...10))
    fast.isDecelerating = false
    other.didEndDecelerating(fast)
    // [2750, 4050): rows 27–40.
    #expect(fast.contentRequested == Array(0...10) + Array(27...40))
  }

  /// `DragScrollActivity.velocity` is 0: a drag as fast as the fling above defers nothing,
  /// and the momentum that follows defers from its first frame.
  @Test func flutterNeverDefersUnderTheFinger() throws {
    let list = FakeList(itemCount: 100)
    let flutter = try StrategyChoice.make("flutter")
    flutter.listDidLoad(list)
    list.isTracking = true
    list.isDragging = true
    list.scroll(to: 3000, strategy: flutter, dt: 1)
    #expect(list.contentRequested == Array(0...10) + Array(27...40))
    list.isTracking = false
    list.isDragging = false
    list.isDecelerating = true
    list.scroll(to: 6000, strategy: flutter, dt: 1)
    #expect(list.contentRequested.max() == 40)
  }
}
