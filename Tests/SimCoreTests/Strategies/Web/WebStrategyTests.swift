import Testing

@testable import SimCore

/// Chromium's and Firefox's `loading="lazy"`, an app's IntersectionObserver and the sentinel
/// page rule, on numbers from their sources.
@Suite struct WebStrategyTests {
  /// `network_state_notifier.cc` with `network_quality_estimator_params.cc`'s thresholds.
  @Test func effectiveConnectionTypeFromTheRTT() {
    #expect(EffectiveConnectionType(httpRTT: 0) == .unknown)
    #expect(EffectiveConnectionType(httpRTT: 0.271) == .fourG)
    #expect(EffectiveConnectionType(httpRTT: 0.272) == .threeG)
    #expect(EffectiveConnectionType(httpRTT: 1.419) == .threeG)
    #expect(EffectiveConnectionType(httpRTT: 1.420) == .twoG)
    #expect(EffectiveConnectionType(httpRTT: 2.010) == .slow2G)
    // The bundled profiles: 4g → 1250 px, slow-4g and 3g → 2500, slow-3g (2.0 s) → 2g, 6000.
    let margins = ["wifi", "4g", "slow-4g", "3g", "slow-3g", "none"].map {
      EffectiveConnectionType(httpRTT: NetworkProfiles.named($0)!.latency).lazyImageMargin
    }
    #expect(margins == [1250, 1250, 2500, 2500, 6000, 3000])
  }

  /// On 4g an image whose top is 1,249 px below the viewport's bottom loads; one exactly 1,250
  /// px below only touches the margin, below the FLT_MIN threshold: not loaded.
  @Test func chromiumOn4gLoadsWithin1250px() throws {
    let list = FakeList(rowHeight: 50, itemCount: 200)
    list.networkLatency = 0.165
    let lazy = try StrategyChoice.make("chromium-lazy")
    // Offset 50: the bottom is at 850; row 42's top (2100) is exactly 1,250 px below it.
    list.scroll(to: 50, strategy: lazy)
    #expect(list.contentRequested.max() == 41)
    // Offset 51: row 42's top is 1,249 px below the bottom: loaded.
    list.scroll(to: 51, strategy: lazy)
    #expect(list.contentRequested.max() == 42)
    // Never cancelled, one-shot: going back requests nothing again.
    list.scroll(to: 0, strategy: lazy)
    #expect(list.contentCancelled.isEmpty)
    #expect(Set(list.contentRequested).count == list.contentRequested.count)
  }

  @Test func chromiumMarginFollowsTheConnection() throws {
    // Bottom 800 + margin is a row's top each time: that row only touches, so the one above
    // it is the last loaded.
    for (latency, lastRow) in [(0.165, 40), (1.125, 65), (2.0, 135), (0.0, 75)] {
      let list = FakeList(rowHeight: 50, itemCount: 400)
      list.networkLatency = latency
      let lazy = try StrategyChoice.make("chromium-lazy")
      list.scroll(to: 0, strategy: lazy)
      #expect(list.contentRequested.max() == lastRow, "latency \(latency)")
    }
    let forced = FakeList(rowHeight: 50, itemCount: 400)
    let slow = try StrategyChoice.make("chromium-lazy", ["connection=slow-2g"])
    slow.didScroll(forced)
    #expect(forced.contentRequested.max() == (800 + 8000) / 50 - 1)
  }

  @Test func firefoxLoadsWithin600px() throws {
    let list = FakeList(rowHeight: 50, itemCount: 200)
    let lazy = try StrategyChoice.make("firefox-lazy")
    list.scroll(to: 0, strategy: lazy)
    #expect(list.contentRequested.max() == (800 + 600) / 50)
    #expect(list.contentRequested.min() == 0)
  }

  /// WebKit does not defer a lazy image it can reuse (`ImageLoader::updateFromElement`): a row
  /// created while its image is in the memory cache takes it at once, however far below the
  /// margin; an uncached row there waits for the margin; Chromium's and Firefox's loaders do
  /// not take a far row's image early.
  @Test func webkitLoadsACachedImageWhenItsRowIsCreated() throws {
    for (name, takesIt) in [("webkit-lazy", true), ("chromium-lazy", false), ("firefox-lazy", false)] {
      let list = FakeList(rowHeight: 100, viewportHeight: 800, pageSize: 20, itemCount: 40)
      list.cached = [5, 35]  // 35 is 2,700 px below the viewport's margin of one viewport
      let lazy = try StrategyChoice.make(name)
      lazy.listDidLoad(list)
      #expect(list.loadedFromCache.contains(35) == takesIt, "\(name)")
      #expect(!list.contentRequested.contains(35), "\(name)")
      #expect(!list.contentRequested.contains(34), "\(name)")  // uncached, beyond the margin
    }
  }

  /// The sentinel asks for a page when it starts to intersect, not while it stays intersecting.
  @Test func sentinelFiresOnTheTransition() throws {
    let list = FakeList(itemCount: 20)  // 2000 pt, viewport 800: the sentinel at 2000
    let sentinel = try StrategyChoice.make("sentinel", ["rootMargin=200"])
    list.scroll(to: 999, strategy: sentinel)  // 999 + 800 + 200 = 1999 < 2000
    #expect(list.pagesRequested.isEmpty)
    list.scroll(to: 1000, strategy: sentinel)  // edge-adjacent: intersecting
    #expect(list.pagesRequested == [1])
    list.pageRequestsOutstanding = 0
    list.scroll(to: 1100, strategy: sentinel)  // still intersecting: no new callback
    #expect(list.pagesRequested == [1])
    list.scroll(to: 500, strategy: sentinel)
    list.scroll(to: 1050, strategy: sentinel)
    #expect(list.pagesRequested == [1, 1])
  }

  /// A page lands while the list sits at its end (1200 of 2000 pt): the sentinel is checked
  /// after the next frame's scroll, as the intersection update follows scrolling in a frame.
  /// If the list stays put, the new end is out of reach, and scrolling to it asks again; if
  /// that frame jumps straight to the new end (an offsets replay pinned at the end), the
  /// sentinel never left, and nothing more is asked for: what Chromium did in Validation/.
  @Test func sentinelIsCheckedAfterTheFrameThatFollowsAPage() throws {
    for jumps in [false, true] {
      let list = FakeList(itemCount: 20)
      let sentinel = try StrategyChoice.make("sentinel")
      list.scroll(to: 1200, strategy: sentinel)
      #expect(list.pagesRequested == [1])
      list.completePage(1, strategy: sentinel)  // 40 rows: the end at 4000
      #expect(!list.wakeUps.isEmpty)
      if jumps { list.scroll(to: 3200, strategy: sentinel) }
      list.advance(to: list.time + list.frameInterval + 0.001, strategy: sentinel)
      list.scroll(to: 3200, strategy: sentinel)
      #expect(list.pagesRequested == (jumps ? [1] : [1, 2]), "jumps: \(jumps)")
    }
  }
}
