/// The rows on screen (at least a sliver), in index order, and what changed since the last
/// frame. The viewport's band remembers the offsets over which its rows stay the same, so most
/// frames find no change without searching.
struct VisibleRows {
  private(set) var items: [Int] = []
  private var band = ListBand()
  private var version = -1

  /// What a move changed: the rows on screen before and after (sorted). The engine visits
  /// their difference (`visitSortedDifference`) rather than collecting it.
  struct Change {
    let before: [Int]
    let after: [Int]
    var hidden: [Int] { sortedDifference(from: before, to: after).removed }
    var appeared: [Int] { sortedDifference(from: before, to: after).added }
  }

  /// Whether the rows on screen are certainly the same for the viewport's band [lower, upper)
  /// (most frames): answered without the layout, so the engine need not hand it over (a
  /// retain) to learn nothing.
  func isCurrent(_ viewport: (lower: Double, upper: Double), count: Int) -> Bool {
    band.isValid(from: viewport.lower, to: viewport.upper, count: count)
  }

  /// Moves the viewport's band to [lower, upper); returns the rows before and after, or nil
  /// when they are the same.
  mutating func update(_ viewport: (lower: Double, upper: Double), layout: ListLayout, count: Int) -> Change? {
    band.move(from: viewport.lower, to: viewport.upper, layout: layout, count: count)
    guard band.version != version else { return nil }
    version = band.version
    let before = items
    items = band.items
    return Change(before: before, after: items)
  }

  /// The rows the viewport's band shows now (between frames the list may have grown).
  func rows(_ viewport: (lower: Double, upper: Double), layout: ListLayout, count: Int) -> [Int] {
    var band = band
    return band.update(from: viewport.lower, to: viewport.upper, layout: layout, count: count)
  }
}
