import Testing

@testable import SimCore

/// Each web lazy loader's margin edges, just inside, exactly on and just outside (a quarter
/// pixel either way), below the viewport and above it. Values from the sources in each
/// strategy's doc comment: Chromium's threshold FLT_MIN leaves a touching row out; Firefox's,
/// WebKit's and an app's observer (threshold 0) count it.
@Suite struct WebBoundaryTests {
  /// (strategy, parameters, margin in px for a viewport of 800 on a 4g link, touching counts)
  static let loaders: [(String, [String], Double, Bool)] = [
    ("chromium-lazy", [], 1250, false),
    ("firefox-lazy", [], 600, true),
    ("webkit-lazy", [], 800, true),
    ("intersection-observer", [], 0, true),
    ("intersection-observer", ["rootMargin=300"], 300, true),
  ]

  /// Whether one `didScroll` at `offset` asks for `row`'s image.
  func loads(_ name: String, _ parameters: [String], row: Int, at offset: Double) throws -> Bool {
    let list = FakeList(rowHeight: 50, itemCount: 400)
    list.networkLatency = 0.165  // 4g
    let strategy = try StrategyChoice.make(name, parameters)
    list.scroll(to: offset, strategy: strategy)
    return list.contentRequested.contains(row)
  }

  /// Row 100 (top 5000, bottom 5050) with its top `gap` px below the viewport's bottom.
  @Test(arguments: loaders)
  func belowTheViewport(_ name: String, _ parameters: [String], margin: Double, touching: Bool) throws {
    let offset = { (gap: Double) in 5000 - 800 - gap }
    #expect(try loads(name, parameters, row: 100, at: offset(margin - 0.25)), "\(name): inside")
    #expect(try loads(name, parameters, row: 100, at: offset(margin)) == touching, "\(name): on the edge")
    #expect(try !loads(name, parameters, row: 100, at: offset(margin + 0.25)), "\(name): outside")
  }

  /// Row 100 with its bottom `gap` px above the viewport's top.
  @Test(arguments: loaders)
  func aboveTheViewport(_ name: String, _ parameters: [String], margin: Double, touching: Bool) throws {
    let offset = { (gap: Double) in 5050 + gap }
    #expect(try loads(name, parameters, row: 100, at: offset(margin - 0.25)), "\(name): inside")
    #expect(try loads(name, parameters, row: 100, at: offset(margin)) == touching, "\(name): on the edge")
    #expect(try !loads(name, parameters, row: 100, at: offset(margin + 0.25)), "\(name): outside")
  }

  /// WebKit's margin is a share of the viewport: 100 % of a 600 px viewport is 600 px.
  @Test func webKitMarginFollowsTheViewport() throws {
    let list = FakeList(rowHeight: 50, viewportHeight: 600, itemCount: 400)
    let lazy = try StrategyChoice.make("webkit-lazy")
    list.scroll(to: 0, strategy: lazy)
    #expect(list.contentRequested.max() == (600 + 600) / 50)
  }
}
