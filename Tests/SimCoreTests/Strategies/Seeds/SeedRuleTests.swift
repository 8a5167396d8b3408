import Testing

@testable import SimCore

/// Seed 003's remain and modulo rules, seed 002's UI-level rule, and the fixes the seeds ask of
/// threshold and lazy-target-rect, checked on numbers worked out by hand from the articles.
@Suite struct SeedRuleTests {
  /// Seed 003 RemainStrategy: rowHeight = total / rows; fire when offsetY > rowHeight·(rows − remain).
  @Test func remainFiresPastTheLastRowsTop() {
    // 20 rows, 2000 pt: rowHeight 100; remain 1 → 1900.
    #expect(!RemainStrategy.shouldFetch(totalHeight: 2000, offsetY: 1900, rows: 20, remain: 1))
    #expect(RemainStrategy.shouldFetch(totalHeight: 2000, offsetY: 1900.5, rows: 20, remain: 1))
    // 30 rows of mixed heights, 2400 pt: average 80; remain 3 → 80 · 27 = 2160.
    #expect(!RemainStrategy.shouldFetch(totalHeight: 2400, offsetY: 2160, rows: 30, remain: 3))
    #expect(RemainStrategy.shouldFetch(totalHeight: 2400, offsetY: 2161, rows: 30, remain: 3))
  }

  /// Seed 003 OffsetStrategy: actual = rows % gap; need = actual > offset ? total − (actual −
  /// offset)·rh : total − (2·gap + offset)·rh.
  @Test func moduloFollowsBothBranches() {
    // gap 10, offset 3, rows 25 (rh 100): actual 5 > 3 → 2500 − 2·100 = 2300.
    #expect(ModuloStrategy.needOffsetY(totalHeight: 2500, rows: 25, gap: 10, offset: 3) == 2300)
    // rows 37: actual 7 → 3700 − 400 = 3300.
    #expect(ModuloStrategy.needOffsetY(totalHeight: 3700, rows: 37, gap: 10, offset: 3) == 3300)
    // rows 33: actual 3, not > 3 → 3300 − 23·100 = 1000.
    #expect(ModuloStrategy.needOffsetY(totalHeight: 3300, rows: 33, gap: 10, offset: 3) == 1000)
    // rows 20: actual 0 → 2000 − 2300 = −300: the seed's second branch fires at once.
    #expect(ModuloStrategy.needOffsetY(totalHeight: 2000, rows: 20, gap: 10, offset: 3) == -300)
  }

  @Test func moduloRequestsThroughTheList() throws {
    // 25 rows of 100 pt, viewport 800: need 2300 → offset 1500 gives offsetY 2300 (not >), 1501 fires.
    let list = FakeList(pageSize: 25, itemCount: 25)
    let modulo = try StrategyChoice.make("modulo")
    list.scroll(to: 1500, strategy: modulo)
    #expect(list.pagesRequested.isEmpty)
    list.scroll(to: 1501, strategy: modulo)
    #expect(list.pagesRequested == [1])
  }

  /// Seed 003's prefetcher checks nothing once offsetY ≥ totalHeight.
  @Test func seed003RulesSkipAtTheEnd() throws {
    for name in ["remain", "modulo", "remaining-height", "threshold"] {
      let list = FakeList(itemCount: 20)  // 2000 pt, viewport 800: the end is offset 1200
      let strategy = try StrategyChoice.make(name)
      list.scroll(to: 1200, strategy: strategy)
      #expect(list.pagesRequested.isEmpty, "\(name) at the very end")
      list.scroll(to: 1199, strategy: strategy)
      #expect(list.pagesRequested == [1], "\(name) one point before the end")
    }
    let list = FakeList(itemCount: 20)
    let threshold = try StrategyChoice.make("threshold", ["skipAtEnd=false"])
    list.scroll(to: 1200, strategy: threshold)
    #expect(list.pagesRequested == [1])
  }

  /// Seed 002's UI rule: contentSize.height − contentOffset.y − frame.height < threshold.
  @Test func remainingHeightCountsPoints() throws {
    let list = FakeList(itemCount: 40)  // 4000 pt, viewport 800
    let strategy = try StrategyChoice.make("remaining-height", ["height=500"])
    list.scroll(to: 2700, strategy: strategy)  // 4000 − 2700 − 800 = 500: not under
    #expect(list.pagesRequested.isEmpty)
    list.scroll(to: 2700.5, strategy: strategy)
    #expect(list.pagesRequested == [2])
    list.scroll(to: 2800, strategy: strategy)  // in flight: guarded
    #expect(list.pagesRequested == [2])
  }

  /// A page rule alone runs with its partner for content: remain alone loads content on display.
  @Test func pageRulesRunWithTheirPartner() throws {
    let choice = try StrategyChoice(name: "remain", parameters: [])
    #expect(choice.parts.map(\.name) == ["remain", "on-display"])
    let list = FakeList()
    let strategy = choice.make()
    strategy.willDisplay(list, item: 3)
    #expect(list.contentRequested == [3])
  }

  /// A one-role strategy is named with its partner, so `all` runs each distinct pair once and
  /// every strategy of the catalog in at least one of them.
  @Test func allRunsEveryStrategyOnce() throws {
    let catalog = StrategyCatalog.builtIn
    #expect(try StrategyChoice(name: "glide", parameters: []).name == "paging3+glide")
    #expect(try StrategyChoice(name: "smart", parameters: []).name == "smart-range")
    #expect(
      try catalog.expressions("paging,recyclerview,sentinel+firefox-lazy") == [
        "paging3+gapworker", "paging3+gapworker", "sentinel+firefox-lazy",
      ])
    let all = try catalog.expressions("all")
    #expect(Set(all).count == all.count)
    #expect(all.contains("paging3+gapworker") && all.contains("sentinel+chromium-lazy"))
    let covered = Set(all.flatMap { $0.split(separator: "+").map(String.init) })
    #expect(covered == Set(catalog.names))
    #expect(all.count == 23)  // 22 distinct runs and the oracle
  }

  /// Seed 002: scrollViewWillBeginDragging clears the target rect and loads the visible cells,
  /// so a fling caught by the finger loads the rows it stopped on before the finger lifts.
  @Test func lazyTargetRectLoadsVisibleRowsWhenADragBegins() throws {
    let list = FakeList(itemCount: 60)
    let lazy = try StrategyChoice.make("lazy-target-rect")
    list.isDecelerating = true
    lazy.willEndDragging(list, velocity: 3000, targetContentOffset: 4000)
    list.contentRequested = []
    list.contentOffset = 2000  // flying over rows 20–27, outside the target rect
    for item in list.visibleItems { lazy.willDisplay(list, item: item) }
    #expect(list.contentRequested.isEmpty)
    list.isDecelerating = false
    list.isTracking = true
    lazy.willBeginDragging(list)
    #expect(list.contentRequested == Array(20..<28))
  }
}
