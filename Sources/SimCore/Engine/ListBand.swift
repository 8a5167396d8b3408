/// The rows of a moving band of the list (the viewport, a range rect), remembered with the span
/// of offsets over which they stay the same: while the band only slides within that span, a
/// query is a few comparisons and allocates nothing — most display frames.
///
/// Why the span is safe: a row is in the band [L, L + h) iff `bottom > L` and `top < L + h`.
/// Sliding by δ, a row in the band leaves once δ reaches `bottom − L` (top edge) or
/// `top − (L + h)` (bottom edge); a row outside enters once δ passes `top − (L + h)` for the
/// first row below (tops never decrease with the index) or `bottom − L` for a row above. Rows
/// before the binary-searched window have `bottom ≤ top(first − 1) + tallest ≤ L`, which bounds
/// them without scanning.
public struct ListBand: Sendable {
  /// Changes whenever the rows returned change.
  package private(set) var version = 0
  public private(set) var items: [Int] = []
  /// The rows before the last change, whose storage the next query refills: once the engine
  /// has dropped its copy it is unshared, so a query that changes the rows allocates nothing.
  private var spare: [Int] = []
  private var height = -1.0
  private var count = -1
  private var validFrom = 1.0  // exclusive
  private var validTo = 0.0  // exclusive
  /// Where the last query's searches ended: the next starts there.
  private var hints = (first: 0, end: 0)

  public init() {}

  /// Whether the rows remembered are those of [lower, upper) among the first `count`.
  @inline(__always) func isValid(from lower: Double, to upper: Double, count: Int) -> Bool {
    upper - lower == height && count == self.count && lower > validFrom && lower < validTo
  }

  /// The rows among the first `count` intersecting [lower, upper).
  package mutating func update(from lower: Double, to upper: Double, layout: ListLayout, count: Int) -> [Int] {
    move(from: lower, to: upper, layout: layout, count: count)
    return items
  }

  /// `update` without handing the rows back (`items`, `version`): the engine's per-frame call,
  /// which then reads `items` only when `version` changed.
  mutating func move(from lower: Double, to upper: Double, layout: ListLayout, count: Int) {
    if isValid(from: lower, to: upper, count: count) { return }
    let h = upper - lower
    let query = layout.band(from: lower, to: upper, itemCount: count, near: hints, into: &spare)
    hints = query.hints
    if spare != items {
      version &+= 1
      swap(&items, &spare)
    }
    height = h
    self.count = count
    validFrom = lower + query.slideDown
    validTo = lower + query.slideUp
  }
}

extension ListLayout {
  /// `items(from:to:)`, written over `items`, plus how far the band may slide (down: negative,
  /// up: positive) before the rows change.
  func band(
    from lower: Double, to upper: Double, itemCount count: Int, near hints: (first: Int, end: Int),
    into items: inout [Int]
  ) -> (slideDown: Double, slideUp: Double, hints: (first: Int, end: Int)) {
    items.removeAll(keepingCapacity: true)
    guard count > 0, upper > lower else { return (-.infinity, .infinity, hints) }
    ensure(reaching: upper, count: count)
    // Rows past the laid-out ones start below `upper`: none of them is in the band.
    let count = min(count, laidOutCount)
    // One read of the class's array for the whole query: each access to a class's stored
    // property pays a dynamic exclusivity check, and the searches touch it log n times.
    let frames = self.frames
    let first = Self.firstIndex(frames, count, near: hints.first) { $0.top > lower - tallest }
    let end = Self.firstIndex(frames, count, near: hints.end) { $0.top >= upper }
    var up = end < count ? frames[end].top - upper : Double.infinity
    var down = first > 0 ? frames[first - 1].top + tallest - lower : -Double.infinity
    if first < end {
      items.reserveCapacity(end - first)
      for i in first..<end {
        let frame = frames[i]
        if frame.bottom > lower {
          items.append(i)
          up = min(up, frame.bottom - lower)
          down = max(down, frame.top - upper)
        } else {
          down = max(down, frame.bottom - lower)
        }
      }
    }
    return (down, up, (first, end))
  }
}
