import Testing

@testable import SimCore

/// Whole pixels (`PixelGrid`, `LayoutUnits.wholePixels`): Android's rows are whole pixels tall
/// and start where the one before ended, its offset is a whole pixel, and a row is on screen
/// only if it covers a pixel.
@Suite(.serialized) struct WholePixelsTests {
  /// Heights and gaps round to whole pixels of the density, and each row starts where the one
  /// before it ended: tops are sums of whole pixels, not rounded fractional tops.
  @Test func rowsAreWholePixelsEndToEnd() {
    var spec = ListSpec(heights: .explicit([100.2, 50.1, 33.3, 0.1]), columns: 1)
    spec.rowGap = 0.3  // 0.7875 px: one pixel
    let density = 2.625
    let layout = ListLayout(spec: spec, seed: 1, viewportWidth: 390, grid: PixelGrid(density: density))
    // 263.025 → 263, 131.5125 → 132, 87.4125 → 87, 0.2625 → at least one pixel.
    let heights = [263.0, 132, 87, 1]
    var top = 0.0
    for item in 0..<12 {
      let frame = layout.frame(of: item)
      #expect(abs(frame.top * density - top) < 1e-6, "row \(item)'s top: \(frame.top * density) px, not \(top)")
      #expect(abs(frame.height * density - heights[item % 4]) < 1e-6, "row \(item)'s height")
      top += heights[item % 4] + 1
    }
    // Fractional tops rounded would have put row 2 at round(151.2 × 2.625 + …) instead.
    let points = ListLayout(spec: spec, seed: 1, viewportWidth: 390)
    #expect(abs(points.frame(of: 2).top - (100.2 + 0.3 + 50.1 + 0.3)) < 1e-9)
  }

  /// The rows a viewport shows on a grid of 2 px per point, over rows of 50 pt (100 px) and a
  /// viewport of 200 pt (400 px), at each edge: just inside, exactly on, just outside.
  @Test(
    arguments: [
      (49.5, [0, 1, 2, 3, 4]),  // 99 px: row 0's last pixel shows; row 4 starts at 499 px, inside
      (50.0, [1, 2, 3, 4]),  // 100 px: row 0 ends exactly at the top; row 4 ends exactly at the bottom
      (49.8, [1, 2, 3, 4]),  // 99.6 px rounds to 100: a 0.4 px sliver is not a pixel
      (49.7, [0, 1, 2, 3, 4]),  // 99.4 px rounds to 99
      (0.0, [0, 1, 2, 3]),  // row 4 starts exactly where the viewport ends
      (0.2, [0, 1, 2, 3]),  // 0.4 px rounds to 0
      (0.3, [0, 1, 2, 3, 4]),  // 0.6 px rounds to 1: row 4's first pixel shows
    ] as [(Double, [Int])])
  func aRowShowsIfItCoversAPixel(_ offset: Double, _ rows: [Int]) {
    let grid = PixelGrid(density: 2)
    let layout = ListLayout(columns: 1, heightOf: { _ in 50 }, spec: nil, viewportWidth: 390, grid: grid)
    let band = grid.band(offset: grid.snap(offset), height: grid.length(200))
    var rowsShown = ListBand()
    #expect(rowsShown.update(from: band.lower, to: band.upper, layout: layout, count: 100) == rows, "offset \(offset)")
  }

  /// In points nothing is rounded: a 0.4 px sliver is a row on screen.
  @Test func inPointsASliverShows() {
    let layout = ListLayout(columns: 1) { _ in 50 }
    let band = PixelGrid.points.band(offset: 49.8, height: 200)
    var rowsShown = ListBand()
    #expect(rowsShown.update(from: band.lower, to: band.upper, layout: layout, count: 100) == [0, 1, 2, 3, 4])
  }

  /// What a strategy on whole pixels sees during a drag of 0.37 pt steps at 2.625 px per
  /// point: every offset it reads is a whole pixel, every visible row covers at least one
  /// pixel and every row that covers one is visible, and it hears `didScroll` only when the
  /// offset moved a pixel. The same drag in points shows fractional offsets.
  @Test(arguments: [LayoutUnits.wholePixels, .points])
  func aStrategySeesTheListOnItsGrid(_ units: LayoutUnits) throws {
    PixelWatcher.units = units
    PixelWatcher.seen = []
    let density = 2.625
    var scenario = Fixtures.scenario(
      itemHeight: 100.3, pageSize: 50, initialItems: 50, totalItems: 50, pageLatency: 0.1, contentLatency: 0.05)
    scenario.list.rowGap = 0.2
    var trace = Fixtures.trace(
      Fixtures.constantDrag(start: 0, steps: 400, step: 0.37, interval: 0.02), viewportHeight: 600.1)
    trace.device.density = density
    _ = try Simulation.run(
      trace: trace, traceName: "t", scenario: scenario, strategy: StrategyChoice(PixelWatcher.self),
      options: SimulationOptions(seed: 1))
    let seen = PixelWatcher.seen
    #expect(seen.count > 100)
    let fractional = seen.filter { abs($0.offset * density - ($0.offset * density).rounded()) > 1e-6 }
    if units == .points {
      #expect(!fractional.isEmpty)
      return
    }
    #expect(fractional.isEmpty, "offsets off the pixel grid: \(fractional.prefix(3).map(\.offset))")
    for (a, b) in zip(seen, seen.dropFirst()) { #expect(a.offset != b.offset, "didScroll without a pixel's move") }
    for view in seen {
      let top = (view.offset * density).rounded()
      let bottom = top + (view.viewport * density).rounded()
      let covering = view.frames.indices.filter { item in
        let rowTop = (view.frames[item].top * density).rounded()
        let rowBottom = (view.frames[item].bottom * density).rounded()
        return min(rowBottom, bottom) - max(rowTop, top) >= 1
      }
      #expect(view.visible == covering, "at \(top) px: \(view.visible) shown, \(covering) cover a pixel")
    }
  }
}

/// Notes, at each `didScroll`, the offset, the viewport, the visible rows and every row's frame
/// (statics: the suite runs its cases one at a time).
final class PixelWatcher: PrefetchStrategy {
  static let info = StrategyInfo(name: "pixel-watcher", summary: "Watches.", origin: "a test", parameters: [])
  nonisolated(unsafe) static var units = LayoutUnits.points
  nonisolated(unsafe) static var seen:
    [(offset: Double, viewport: Double, visible: [Int], frames: [ListLayout.Frame])] =
      []
  var layoutUnits: LayoutUnits { Self.units }
  init(parameters: StrategyParameters) {}
  func didScroll(_ list: any ListContext) {
    Self.seen.append(
      (
        list.contentOffset, list.viewportHeight, list.visibleItems,
        (0..<list.itemCount).map { list.frame(of: $0) }
      ))
  }
  func willDisplay(_ list: any ListContext, item: Int) { list.load([item]) }
}
