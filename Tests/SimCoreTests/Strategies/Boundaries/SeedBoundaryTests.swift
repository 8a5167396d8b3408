import Testing

@testable import SimCore

/// The seed strategies' page and content rules at their edges, just inside, exactly on and just
/// outside, with numbers worked out from the seeds' formulas (../shared/SEEDS.md; each
/// strategy's doc comment). Rows of 100 on a viewport of 800, 20 rows (2000 pt) unless said.
@Suite struct SeedBoundaryTests {
  /// Whether one scroll callback at `offset` asks for a page.
  func pages(_ name: String, _ parameters: [String] = [], itemCount: Int = 20, at offset: Double) throws -> Bool {
    let list = FakeList(itemCount: itemCount)
    let strategy = try StrategyChoice.make(name, parameters)
    list.scroll(to: offset, strategy: strategy)
    return !list.pagesRequested.isEmpty
  }

  /// Threshold: offsetY / 2000 ≥ 0.7, so offsetY 1400 (offset 600) fires.
  @Test func thresholdFiresOnTheRatio() throws {
    #expect(try !pages("threshold", at: 599.75))
    #expect(try pages("threshold", at: 600))
    #expect(try pages("threshold", at: 600.25))
  }

  /// Remain 1: offsetY > 2000 / 20 · 19 = 1900, strictly: offset 1100 does not fire.
  @Test func remainFiresPastTheLastRowButOne() throws {
    #expect(try !pages("remain", at: 1099.75))
    #expect(try !pages("remain", at: 1100))
    #expect(try pages("remain", at: 1100.25))
  }

  /// Modulo, gap 10 and offset 3 on 25 rows (2500 pt): 25 % 10 = 5 > 3, so need = 2500 − 2·100
  /// = 2300; offsetY > 2300 fires (offset above 1500).
  @Test func moduloFiresPastTheNeed() throws {
    #expect(ModuloStrategy.needOffsetY(totalHeight: 2500, rows: 25, gap: 10, offset: 3) == 2300)
    #expect(try !pages("modulo", itemCount: 25, at: 1499.75))
    #expect(try !pages("modulo", itemCount: 25, at: 1500))
    #expect(try pages("modulo", itemCount: 25, at: 1500.25))
  }

  /// Remaining height 1000: 2000 − offsetY < 1000, strictly: offset 200 leaves exactly 1000.
  @Test func remainingHeightFiresUnderTheHeight() throws {
    #expect(try !pages("remaining-height", at: 199.75))
    #expect(try !pages("remaining-height", at: 200))
    #expect(try pages("remaining-height", at: 200.25))
  }

  /// The bottom, with 1 pt of slack: offsetY ≥ 1999 fires.
  @Test func infiniteListFiresAtTheBottomLessTheSlack() throws {
    #expect(try !pages("infinite-list", at: 1198.75))
    #expect(try pages("infinite-list", at: 1199))
    #expect(try pages("infinite-list", at: 1199.25))
  }

  /// Seed 002's page rule: 20 − row < 19, so displaying row 1 does not fire and row 2 does.
  @Test func lazyTargetRectFetchesFewerThanRemainingRowsFromTheEnd() throws {
    for (row, fires) in [(1, false), (2, true)] {
      let list = FakeList(itemCount: 20)
      let lazy = try StrategyChoice.make("lazy-target-rect")
      lazy.willDisplay(list, item: row)
      #expect(!list.pagesRequested.isEmpty == fires, "row \(row)")
    }
  }

  /// While decelerating, a row loads only if it overlaps the target rect [t, t + 800]: with
  /// t = 1000 row 9 (900–1000) only touches it and comes from memory only; with t = 999.75 it
  /// overlaps and loads (the target rect asks for it at once); row 18 (top 1800) touches the far
  /// edge and does not load.
  @Test func lazyTargetRectLoadsRowsOverlappingTheTarget() throws {
    for (target, row, loads) in [(1000.0, 9, false), (999.75, 9, true), (1000, 18, false), (1000.25, 18, true)] {
      let list = FakeList(itemCount: 40)
      let lazy = try StrategyChoice.make("lazy-target-rect")
      lazy.willEndDragging(list, velocity: 3000, targetContentOffset: target)
      list.isDecelerating = true
      lazy.willDisplay(list, item: row)
      #expect(list.contentRequested.contains(row) == loads, "target \(target), row \(row)")
    }
  }
}
