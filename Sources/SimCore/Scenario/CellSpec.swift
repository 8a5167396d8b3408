/// What it costs to show one cell once its data and content are there.
package struct CellSpec: Equatable, Sendable {
  /// Whether cells need a per-item content fetch (an image). Default true.
  package var hasContent: Bool
  /// CPU time to decode and draw a cell's image (s), on the main thread or a background worker
  /// as the platform decodes (`RowThreading`); on a list that binds asynchronously (Texture),
  /// the whole cell's display. Default uniform 4–12 ms: a mid-range phone decoding a feed image
  /// (seed 004: rendering alone causes blanks on slow devices).
  package var renderTime: Distribution
  /// Background workers that decode and render cells. Default 2.
  package var renderWorkers: Int

  package init(
    hasContent: Bool = true, renderTime: Distribution = .uniform(min: 0.004, max: 0.012), renderWorkers: Int = 2
  ) {
    self.hasContent = hasContent
    self.renderTime = renderTime
    self.renderWorkers = renderWorkers
  }
}
