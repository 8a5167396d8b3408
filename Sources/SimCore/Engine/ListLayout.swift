/// Where each item sits: one column, seed 002's waterfall (each new item goes into the
/// shortest column, leftmost on ties), or a fixed grid of equal rows (item `i` in row
/// `i / columns`, each row as tall as its tallest item), with the gaps and padding the
/// scenario gives (`ListSpec`, `ListGeometry.swift`). On a platform that lays out whole
/// pixels (`PixelGrid`) heights, gaps and padding are rounded to whole pixels and each row starts
/// where the one before it ended, as Android places its children.
///
/// Rows are laid out as the list reaches them: a band query lays out rows until one starts
/// below the band, `frame(of:)` up to its row. Because an item's top is the height of the
/// shortest column when it is placed, tops never decrease with the index, so rows in a band
/// are found by binary search: O(log n + k).
///
/// The content length of rows not laid out yet: a list of up to `exactLengthLimit` rows is
/// laid out whole when its length is first asked, so its length is exact (UIKit's table view
/// does the same when it has no estimated row height: it asks every row's height up front).
/// A longer list — a placeholder feed of millions of rows — counts its laid-out rows exactly
/// and extrapolates the rest from their average extent, as Flutter's lazy lists do
/// (`SliverMultiBoxAdaptorElement._extrapolateMaxScrollOffset`, flutter/flutter
/// `packages/flutter/lib/src/widgets/sliver.dart`: trailing offset + average extent ×
/// remaining children). Simplified: Flutter averages the children built now, this averages
/// every row laid out so far (rows are never dropped here). The estimate is refined as rows
/// are laid out and is exact once the last row is.
public final class ListLayout {
  /// Lists up to this many rows get an exact length (every row laid out when it is asked).
  package static let exactLengthLimit = 100_000
  /// This layout's limit: `exactLengthLimit`, or 0 where every length is estimated
  /// (`SimulationOptions.estimatesLength`).
  var exactLengthUpTo = ListLayout.exactLengthLimit

  /// Where a row sits: its column (0 in a list) and its top and height in points along the scroll.
  public struct Frame: Equatable, Sendable {
    public var column: Int
    public var top: Double
    public var height: Double
    public var bottom: Double { top + height }

    /// How much of the row lies between `top` and `bottom` (a viewport): what of the screen
    /// it covers.
    func height(between top: Double, and bottom: Double) -> Double {
      max(0, min(self.bottom, bottom) - max(self.top, top))
    }
  }

  package let columns: Int
  private let heightOf: (Int) -> Double
  private let arrangement: ListArrangement
  private let rowGap: Double
  private let padding: ContentPadding
  /// The items' width, and theirs over one column's share of the viewport (1 for a plain list:
  /// a blank item covers its column).
  package let itemWidth: Double
  private let widthShare: Double
  private let imageBox: ImageBox?
  /// No gaps, padding, set width or image box: the plain paths, as before layouts.
  private let isPlain: Bool
  /// Points, or the device's whole pixels.
  private let grid: PixelGrid
  /// A grid's current row: its top and height so far.
  private var gridRowTop: Double
  private var gridRowHeight = 0.0
  // Release builds skip the runtime's exclusivity checks on these (why and what it saves:
  // docs/performance.md, "Where release builds skip exclusivity checks").
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var columnBottoms: [Double]
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private(set) var frames: [Frame] = []
  /// contentLengthAfter[i] = content length when items 0...i exist.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var contentLengthAfter: [Double] = []
  /// The tallest item laid out so far (bounds the binary search).
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private(set) var tallest: Double = 0

  /// Items in `columns` placed as `spec` says (its heights aside) on a viewport
  /// `viewportWidth` wide; a plain list or waterfall without one.
  package convenience init(
    columns: Int, heightOf: @escaping (Int) -> Double, spec: ListSpec? = nil, viewportWidth: Double = 390
  ) {
    self.init(columns: columns, heightOf: heightOf, spec: spec, viewportWidth: viewportWidth, grid: .points)
  }

  /// The same on `grid`: points, or the device's whole pixels.
  init(columns: Int, heightOf: @escaping (Int) -> Double, spec: ListSpec?, viewportWidth: Double, grid: PixelGrid) {
    self.columns = columns
    self.heightOf = heightOf
    self.grid = grid
    let spec = spec ?? ListSpec(heights: .uniform(1), columns: columns)
    arrangement = spec.arrangement
    rowGap = grid.length(spec.rowGap)
    var padding = spec.padding
    padding.top = grid.length(padding.top)
    padding.bottom = grid.length(padding.bottom)
    self.padding = padding
    imageBox = spec.imageBox
    isPlain = spec.isPlain
    itemWidth = spec.itemWidth(viewportWidth: viewportWidth)
    widthShare = isPlain ? 1 : itemWidth / max(viewportWidth / Double(max(columns, 1)), 1e-9)
    columnBottoms = Array(repeating: padding.top, count: columns)
    gridRowTop = padding.top
  }

  /// The heights function of a scenario's list with the run's seed, on a viewport
  /// `viewportWidth` wide (the items' width, where the scenario does not give it).
  convenience init(spec: ListSpec, seed: UInt64, viewportWidth: Double = 390, grid: PixelGrid) {
    let heightOf: (Int) -> Double
    switch spec.heights {
    case .uniform(let h): heightOf = { _ in h }
    case .explicit(let hs): heightOf = { hs[$0 % hs.count] }
    case .distribution(let d):
      let stream = RandomStream("item-height")
      heightOf = { index in
        var random = SeededRandom(seed: seed, stream: stream, index: index)
        return max(1, d.sample(&random))
      }
    }
    self.init(columns: spec.columns, heightOf: heightOf, spec: spec, viewportWidth: viewportWidth, grid: grid)
  }

  package convenience init(spec: ListSpec, seed: UInt64, viewportWidth: Double = 390) {
    self.init(spec: spec, seed: seed, viewportWidth: viewportWidth, grid: .points)
  }

  /// Lays out items up to `count`. The arrays are moved into locals for the loop: touching a
  /// class's stored properties row by row pays a dynamic exclusivity check each time, which
  /// made laying out a million-row list cost ~70 ns per row.
  package func ensure(_ count: Int) {
    guard count > frames.count else { return }
    var frames: [Frame] = []
    var lengths: [Double] = []
    var bottoms: [Double] = []
    swap(&frames, &self.frames)
    swap(&lengths, &contentLengthAfter)
    swap(&bottoms, &columnBottoms)
    var tallest = self.tallest
    // Grow at least geometrically: an append feed calls this once per page, and reserving the
    // exact count each time would copy the whole layout per page.
    if frames.capacity < count {
      frames.reserveCapacity(max(count, 2 * frames.capacity))
      lengths.reserveCapacity(max(count, 2 * lengths.capacity))
    }
    while frames.count < count {
      let height = grid.length(heightOf(frames.count), atLeastOnePixel: true)
      let frame: Frame
      if arrangement == .grid {
        let column = frames.count % columns
        if column == 0 && !frames.isEmpty {
          gridRowTop = grid.snap(gridRowTop + gridRowHeight + rowGap)
          gridRowHeight = 0
        }
        gridRowHeight = max(gridRowHeight, height)
        frame = Frame(column: column, top: gridRowTop, height: height)
      } else {
        var column = 0
        for c in 1..<columns where bottoms[c] < bottoms[column] { column = c }
        // A gap above every item but a column's first (heights are above 0).
        let gap = rowGap > 0 && bottoms[column] > padding.top ? rowGap : 0
        frame = Frame(column: column, top: grid.snap(bottoms[column] + gap), height: height)
        bottoms[column] = frame.bottom
      }
      frames.append(frame)
      lengths.append(max(lengths.last ?? 0, frame.bottom))
      tallest = max(tallest, height)
    }
    swap(&frames, &self.frames)
    swap(&lengths, &contentLengthAfter)
    swap(&bottoms, &columnBottoms)
    self.tallest = tallest
  }

  package func frame(of item: Int) -> Frame {
    ensure(item + 1)
    return frames[item]
  }

  /// Rows laid out so far.
  package var laidOutCount: Int { frames.count }

  /// How items are placed, the gap between rows and the top padding (what a helper's mirror
  /// of the list needs to place rows as this does).
  var placement: (arrangement: ListArrangement, rowGap: Double, paddingTop: Double) {
    (arrangement, rowGap, padding.top)
  }

  /// Items in one row of a fixed grid; 1 for a list or a waterfall (`ListContext.rowItems`).
  package var rowItems: Int { arrangement == .grid ? columns : 1 }

  /// Lays out rows until one starts at or below `offset`, or `count` rows are laid out: then
  /// every row that can intersect a band ending at `offset` is laid out.
  package func ensure(reaching offset: Double, count: Int) {
    while frames.count < count, frames.last.map({ $0.top < offset }) ?? true {
      ensure(min(count, frames.count + max(256, frames.count / 4)))
    }
  }

  /// Content length when the first `count` items exist: exact when they are laid out or there
  /// are at most `exactLengthLimit`, else extrapolated from the rows laid out (see the type).
  package func contentLength(itemCount count: Int) -> Double {
    guard count > 0 else { return 0 }
    if count <= frames.count || count <= exactLengthUpTo {
      ensure(count)
      return contentLengthAfter[count - 1] + padding.bottom
    }
    ensure(1)
    let known = contentLengthAfter[frames.count - 1]
    return known + known / Double(frames.count) * Double(count - frames.count) + padding.bottom
  }

  /// What of the screen a blank item covers between `top` and `bottom` (a viewport), in
  /// heights of one column (a plain list's item covers its height): with no data yet, the
  /// whole item; with its data, its image's box alone (a card's text shows with its page).
  @inline(__always)
  func blankExtent(_ frame: Frame, between top: Double, and bottom: Double, hasData: Bool) -> Double {
    guard !isPlain else { return frame.height(between: top, and: bottom) }
    guard hasData, let imageBox else { return frame.height(between: top, and: bottom) * widthShare }
    let box = Frame(
      column: frame.column, top: frame.top + imageBox.top,
      height: imageBox.height(width: itemWidth, itemHeight: frame.height))
    return box.height(between: top, and: bottom) * widthShare
  }

  /// The height of item `frame`'s image on screen: its box's, or the item's.
  func imageHeight(_ frame: Frame) -> Double {
    imageBox.map { $0.height(width: itemWidth, itemHeight: frame.height) } ?? frame.height
  }

  /// Items among the first `count` whose frame intersects [lower, upper) (at least a sliver).
  package func items(from lower: Double, to upper: Double, itemCount count: Int) -> [Int] {
    var items: [Int] = []
    _ = band(from: lower, to: upper, itemCount: count, near: (count / 2, count / 2), into: &items)
    return items
  }

  /// The first index in 0..<count whose frame satisfies `predicate` (monotone in the index;
  /// `count` if none), searched from `hint` outward in doubling steps, then by bisection: a
  /// band that slid a little since the last query is found in a few steps instead of log n.
  @inline(__always)
  static func firstIndex(
    _ frames: [Frame], _ count: Int, near hint: Int, where predicate: (Frame) -> Bool
  ) -> Int {
    var low = 0
    var high = count
    let start = min(max(hint, 0), count)
    var step = 1
    if start == count || predicate(frames[start]) {
      high = start
      while high - step >= 0 && predicate(frames[high - step]) {
        high -= step
        step *= 2
      }
      low = max(0, high - step + 1)
    } else {
      low = min(start + 1, count)
      while low < count && !predicate(frames[min(low + step - 1, count - 1)]) {
        low = min(low + step, count)
        step *= 2
      }
      high = min(low + step - 1, count)
    }
    while low < high {
      let mid = (low + high) / 2
      if predicate(frames[mid]) { high = mid } else { low = mid + 1 }
    }
    return low
  }
}
