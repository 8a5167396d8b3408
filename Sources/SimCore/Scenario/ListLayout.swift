/// Where each item sits: one column, or seed 002's waterfall (each new item goes into the
/// shortest column, leftmost on ties).
///
/// Items are laid out lazily as the feed grows. Because an item's top is the height of the
/// shortest column when it is placed, tops never decrease with the index, so rows in a band
/// are found by binary search: O(log n + k).
public final class ListLayout {
  public struct Frame: Equatable, Sendable {
    public var column: Int
    public var top: Double
    public var height: Double
    public var bottom: Double { top + height }
  }

  public let columns: Int
  private let heightOf: (Int) -> Double
  private var columnBottoms: [Double]
  private(set) var frames: [Frame] = []
  /// contentLengthAfter[i] = content length when items 0...i exist.
  private var contentLengthAfter: [Double] = []
  /// The tallest item laid out so far (bounds the binary search).
  private(set) var tallest: Double = 0

  public init(columns: Int, heightOf: @escaping (Int) -> Double) {
    self.columns = columns
    self.heightOf = heightOf
    columnBottoms = Array(repeating: 0, count: columns)
  }

  /// The heights function of a scenario's list with the run's seed.
  public convenience init(spec: ListSpec, seed: UInt64) {
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
    self.init(columns: spec.columns, heightOf: heightOf)
  }

  /// Lays out items up to `count`. The arrays are moved into locals for the loop: touching a
  /// class's stored properties row by row pays a dynamic exclusivity check each time, which
  /// made laying out a million-row list cost ~70 ns per row.
  public func ensure(_ count: Int) {
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
      let height = heightOf(frames.count)
      var column = 0
      for c in 1..<columns where bottoms[c] < bottoms[column] { column = c }
      let frame = Frame(column: column, top: bottoms[column], height: height)
      bottoms[column] = frame.bottom
      frames.append(frame)
      lengths.append(max(lengths.last ?? 0, frame.bottom))
      tallest = max(tallest, height)
    }
    swap(&frames, &self.frames)
    swap(&lengths, &contentLengthAfter)
    swap(&bottoms, &columnBottoms)
    self.tallest = tallest
  }

  public func frame(of item: Int) -> Frame {
    ensure(item + 1)
    return frames[item]
  }

  /// Content length when the first `count` items exist.
  public func contentLength(itemCount count: Int) -> Double {
    guard count > 0 else { return 0 }
    ensure(count)
    return contentLengthAfter[count - 1]
  }

  /// Items among the first `count` whose frame intersects [lower, upper) (at least a sliver).
  public func items(from lower: Double, to upper: Double, itemCount count: Int) -> [Int] {
    band(from: lower, to: upper, itemCount: count, near: (count / 2, count / 2)).items
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
