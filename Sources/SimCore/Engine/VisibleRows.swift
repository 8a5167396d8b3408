/// The rows on screen (at least a sliver), in index order, and what changed since the last
/// frame. The viewport's band remembers the offsets over which its rows stay the same, so most
/// frames find no change without searching.
struct VisibleRows {
  private(set) var items: [Int] = []
  private var band = ListBand()
  private var version = -1

  /// Moves the viewport to [offset, offset + height); returns the rows that left and came, or
  /// nil when the rows are the same.
  /// Whether the rows on screen are certainly the same at `offset` (most frames): answered
  /// without the layout, so the engine need not hand it over (a retain) to learn nothing.
  func isCurrent(offset: Double, height: Double, count: Int) -> Bool {
    band.isValid(from: offset, to: offset + height, count: count)
  }

  mutating func update(offset: Double, height: Double, layout: ListLayout, count: Int) -> (
    hidden: [Int], appeared: [Int]
  )? {
    band.move(from: offset, to: offset + height, layout: layout, count: count)
    guard band.version != version else { return nil }
    version = band.version
    let (hidden, appeared) = sortedDifference(from: items, to: band.items)
    items = band.items
    return (hidden, appeared)
  }

  /// The rows a viewport at `offset` shows now (between frames the list may have grown).
  func rows(offset: Double, height: Double, layout: ListLayout, count: Int) -> [Int] {
    var band = band
    return band.update(from: offset, to: offset + height, layout: layout, count: count)
  }
}
