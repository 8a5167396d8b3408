/// The rows on screen (at least a sliver), in index order, and what changed since the last
/// frame. The viewport's band remembers the offsets over which its rows stay the same, so most
/// frames find no change without searching.
struct VisibleRows {
  private(set) var items: [Int] = []
  private var band = ListBand()
  private var version = -1

  /// Moves the viewport to [offset, offset + height); returns the rows that left and came, or
  /// nil when the rows are the same.
  mutating func update(offset: Double, height: Double, layout: ListLayout, count: Int) -> (
    hidden: [Int], appeared: [Int]
  )? {
    let onScreen = band.update(from: offset, to: offset + height, layout: layout, count: count)
    guard band.version != version else { return nil }
    version = band.version
    let (hidden, appeared) = sortedDifference(from: items, to: onScreen)
    items = onScreen
    return (hidden, appeared)
  }

  /// The rows a viewport at `offset` shows now (between frames the list may have grown).
  func rows(offset: Double, height: Double, layout: ListLayout, count: Int) -> [Int] {
    var band = band
    return band.update(from: offset, to: offset + height, layout: layout, count: count)
  }
}
