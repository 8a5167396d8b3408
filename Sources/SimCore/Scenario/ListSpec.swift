/// How tall the list's items are.
package enum ItemHeights: Equatable, Sendable {
  /// Every item the same height (pt).
  case uniform(Double)
  /// Heights in order; a feed longer than the list repeats it from the start.
  case explicit([Double])
  /// Each item's height drawn from a distribution with the run's seed (same item, same height).
  case distribution(Distribution)
}

package struct ListSpec: Equatable, Sendable {
  /// Default: 120–480 pt uniform, a feed mixing text posts and photo posts.
  package var heights: ItemHeights
  /// 1 = a table; N > 1 = columns side by side, placed as `arrangement` says.
  package var columns: Int
  /// How items are placed (`ListGeometry.swift`): default a list for one column, seed 002's
  /// waterfall for more.
  package var arrangement: ListArrangement
  /// Points between rows (a waterfall: between items of a column) and between columns.
  package var rowGap: Double = 0
  package var columnGap: Double = 0
  package var padding: ContentPadding = .zero
  /// The items' width (pt); nil: what the columns leave of the viewport.
  package var itemWidth: Double?
  /// The image's box in an item; nil: the image fills the item.
  package var imageBox: ImageBox?

  package init(
    heights: ItemHeights = .distribution(.uniform(min: 120, max: 480)), columns: Int = 1,
    arrangement: ListArrangement? = nil
  ) {
    self.heights = heights
    self.columns = columns
    self.arrangement = arrangement ?? (columns > 1 ? .waterfall : .list)
  }
}
