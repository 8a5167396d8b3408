/// What a virtualized list knows of its rows' sizes: a row rendered once is measured, every
/// other row has the library's estimate, and the rows' starts are the running sum of those
/// sizes. The library decides what it renders from this table, not from the true layout, so a
/// row far below that was never rendered sits where the estimate puts it.
///
/// A row's measured size is its pitch in the true layout (its top to the next row's top; the
/// last row's height): a virtualizer positions its rows one after another, so the space between
/// two rows belongs to a row's element (its padding or margin). The first row starts at the
/// true first row's top (the list's padding, TanStack's `paddingStart`).
///
/// The table holds the rows up to the last one measured; past it every row has the estimate, so
/// a feed of ten million rows costs what the rows rendered cost. A grid's rows are its lines
/// (`VirtualizedRows.lines(of:)`). Simplified: a measured row keeps its first measured size
/// (rows here do not resize once laid out). A class: the strategy's renders share one table and
/// read it in place.
final class RowSizeTable {
  /// How an unmeasured row's size is estimated.
  enum Estimate: Equatable {
    /// A fixed size: TanStack's `estimateSize`, react-window's `defaultRowHeight`.
    case fixed(Double)
    /// The first row measured, until then `fallback`: react-virtuoso's probe item (its size
    /// tree starts with the first size reported), unless `defaultItemHeight` is set.
    case firstMeasured(fallback: Double)
  }

  private let estimate: Estimate
  /// Rounds a measured size as the library reads it (`Math.round` of the border box, or none).
  private let rounds: Bool
  /// Leaves a row measuring 0 unmeasured (react-window skips a height not yet laid out).
  private let ignoresZero: Bool
  /// The sizes measured, up to the last row measured (nil: not measured).
  private var measured: [Double?] = []
  private var firstMeasured: Double?
  /// Starts of rows `0...measured.count` (the row after the last measured one included), right
  /// below `validStarts`.
  private var starts: [Double] = []
  private var validStarts = 0
  private var origin = 0.0

  init(estimate: Estimate, rounds: Bool, ignoresZero: Bool = false) {
    self.estimate = estimate
    self.rounds = rounds
    self.ignoresZero = ignoresZero
  }

  /// Rows the table covers.
  private(set) var count = 0

  /// No row has been measured yet.
  var isEmpty: Bool { firstMeasured == nil }

  /// The table for `count` rows (rows appended keep the estimate), the first at `origin`.
  func resize(to count: Int, origin: Double) {
    if origin != self.origin { validStarts = 0 }
    if count < measured.count {
      measured.removeLast(measured.count - count)
      validStarts = min(validStarts, count)
    }
    self.count = count
    self.origin = origin
  }

  func isMeasured(_ item: Int) -> Bool { item < measured.count && measured[item] != nil }

  private var estimated: Double {
    switch estimate {
    case .fixed(let size): size
    case .firstMeasured(let fallback): firstMeasured ?? fallback
    }
  }

  /// The size the library gives `item`.
  func size(of item: Int) -> Double {
    if item < measured.count, let size = measured[item] { return size }
    return estimated
  }

  /// Records the size `item` measured (a rendered row), as the library reads it.
  func measure(_ item: Int, size raw: Double) {
    guard item < count, !isMeasured(item), !(ignoresZero && raw == 0) else { return }
    let size = rounds ? (raw + 0.5).rounded(.down) : raw
    if item >= measured.count { measured.append(contentsOf: repeatElement(nil, count: item + 1 - measured.count)) }
    measured[item] = size
    if firstMeasured == nil {
      firstMeasured = size
      validStarts = 0
    } else {
      validStarts = min(validStarts, item + 1)
    }
  }

  /// Where `item` starts in the library's layout.
  func start(of item: Int) -> Double {
    let tableEnd = measured.count
    if starts.count < tableEnd + 1 { starts.append(contentsOf: repeatElement(0, count: tableEnd + 1 - starts.count)) }
    if validStarts == 0 {
      starts[0] = origin
      validStarts = 1
    }
    while validStarts <= min(item, tableEnd) {
      starts[validStarts] = starts[validStarts - 1] + size(of: validStarts - 1)
      validStarts += 1
    }
    if item <= tableEnd { return starts[item] }
    return starts[tableEnd] + Double(item - tableEnd) * estimated
  }

  func end(of item: Int) -> Double { start(of: item) + size(of: item) }

  /// The library's whole length.
  func totalSize() -> Double { count == 0 ? origin : end(of: count - 1) }

  /// The first row whose start is at or after `offset`, if one is; `count` otherwise (a binary
  /// search over the measured rows' starts, arithmetic past them).
  func firstStart(atOrAfter offset: Double) -> Int {
    guard count > 0 else { return 0 }
    let tableEnd = min(measured.count, count - 1)
    if start(of: tableEnd) < offset {
      let step = estimated
      guard step > 0 else { return count }
      // The rows past the table start at starts[tableEnd] + k × step.
      var k = max(1, Int(((offset - start(of: tableEnd)) / step).rounded(.up)))
      while k > 1 && start(of: tableEnd + k - 1) >= offset { k -= 1 }
      while tableEnd + k < count && start(of: tableEnd + k) < offset { k += 1 }
      return min(count, tableEnd + k)
    }
    var low = 0
    var high = tableEnd
    while low < high {
      let middle = (low + high) / 2
      if start(of: middle) < offset { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The size a row of the true layout measures: its pitch to the next row, or the last row's
  /// height.
  static func trueSize(of item: Int, _ list: any ListContext) -> Double {
    let frame = list.frame(of: item)
    guard item + 1 < list.itemCount else { return frame.height }
    return max(0, list.frame(of: item + 1).top - frame.top)
  }
}
