/// FlashList v2's layout of a vertical list as its JavaScript knows it: a row is measured once
/// it has rendered, every other row has the average of the last five sizes measured (200 before
/// the first), and the rows lie one after another from 0. FlashList finds the rows it engages,
/// and `onEndReached` its content length, in this table, not in the native layout.
///
/// Source: Shopify/flash-list @4c6abc3b, `src/recyclerview/layout-managers/LayoutManager.ts`
/// (`modifyLayout`, `getLayout`, `_recomputeLayouts`, `computeEstimatesAndMinMaxChangedLayout`,
/// `maxItemsToProcess` 250, or 10 × the rows measured in one pass),
/// `layout-managers/LinearLayoutManager.ts` (`processLayoutInfo`, `estimateLayout`,
/// `recomputeLayouts`, `getLayoutSize`), `src/utils/AverageWindow.ts` (`MultiTypeAverageWindow(5,
/// 200)`, its running average kept as the code keeps it), `utils/measureLayout.ts` (a size rounds
/// to the nearest device pixel, and one within a pixel of the size held is kept as held). Ported
/// line for line where it decides a number, because the engaged rows and `onEndReached` depend
/// on exactly which rows were re-laid-out: a pass re-lays at most `maxItemsToProcess` rows past
/// the first one that changed, so rows further down keep the positions the previous estimate
/// gave them, and the content length is the last row's stored top plus its stored height.
/// Simplified: one item type (`getItemType` unset), a vertical list, no spans (a grid keeps its
/// rows' true sizes: `FlashListStrategy`), no items removed.
final class FlashListLayout {
  struct Row {
    var y = 0.0
    var height = 0.0
    var isMeasured = false
  }

  /// A row's size as one measuring pass reports it.
  struct Measurement {
    var index: Int
    var height: Double
  }

  /// `layouts`, read in place as the library reads them (stale until laid out again).
  private(set) var rows: [Row] = []
  private var average = AverageWindow(size: 5)
  private var maxItemsToProcess = 250
  private var lastSkippedLayoutIndex = Int.max
  private var currentMaxIndexWithChangedLayout = -1
  /// The device's pixels per point (`PixelRatio.get()`).
  private let density: Double

  init(density: Double) { self.density = density > 0 ? density : 1 }

  /// `getEstimatedHeight`: the average window's value, 200 before any row was measured.
  var estimatedHeight: Double { average.isEmpty ? 200 : average.value }

  /// `getLayout`: an unmeasured row takes the current estimate each time it is read.
  @discardableResult func layout(_ index: Int) -> Row {
    if !rows[index].isMeasured { rows[index].height = estimatedHeight }
    return rows[index]
  }

  /// `getLayoutSize().height`: the last row's stored top and height.
  var contentLength: Double { rows.last.map { $0.y + $0.height } ?? 0 }

  /// `modifyLayout(layoutInfo, totalItemCount)`.
  func modify(_ measured: [Measurement], count: Int) {
    var measured = measured
    maxItemsToProcess = max(maxItemsToProcess, measured.count * 10)
    var minRecompute = Int.max
    if rows.count > count {
      rows.removeLast(rows.count - count)
      minRecompute = count - 1
      measured = measured.filter { $0.index < count }
    }
    minRecompute = min(minRecompute, estimatesAndMinChanged(measured))
    if rows.count < count && count > 0 {
      let start = rows.count
      rows.append(contentsOf: repeatElement(Row(), count: count - start))
      for index in start..<count { layout(index) }
      recomputeLayouts(start, count - 1)
    }
    // Its arguments in the code's order: the second estimate pass sees the rows already marked
    // measured by `processLayoutInfo`.
    let beforeProcessing = minRecompute
    let skipped = lastSkippedLayoutIndex
    process(measured)
    minRecompute = min(minRecompute, skipped, beforeProcessing, estimatesAndMinChanged(measured))
    if minRecompute >= 0 && minRecompute < count {
      let maxRecompute = min(
        max(minRecompute, currentMaxIndexWithChangedLayout) + maxItemsToProcess, rows.count - 1)
      recomputeLayoutsTracked(minRecompute, maxRecompute)
    }
    currentMaxIndexWithChangedLayout = -1
  }

  /// `LinearLayoutManager.processLayoutInfo`.
  private func process(_ measured: [Measurement]) {
    for info in measured {
      rows[info.index].height = info.height
      rows[info.index].isMeasured = true
    }
  }

  /// `computeEstimatesAndMinMaxChangedLayout`: every size reported goes into the average, and
  /// the first row new, changed or past the last skipped one is where the re-layout starts.
  private func estimatesAndMinChanged(_ measured: [Measurement]) -> Int {
    var minRecompute = Int.max
    for info in measured {
      let stored = info.index < rows.count ? rows[info.index] : nil
      if info.index >= lastSkippedLayoutIndex || stored == nil || !stored!.isMeasured
        || !Self.sameSize(stored!.height, info.height, density: density)
      {
        minRecompute = min(minRecompute, info.index)
        currentMaxIndexWithChangedLayout = max(currentMaxIndexWithChangedLayout, info.index)
      }
      average.add(info.height)
    }
    return minRecompute
  }

  /// `_recomputeLayouts`: lays out a range, remembering the first row it left, and lays out the
  /// rest when the last row would otherwise sit above the range's end.
  private func recomputeLayoutsTracked(_ start: Int, _ end: Int) {
    recomputeLayouts(start, end)
    if lastSkippedLayoutIndex >= start && lastSkippedLayoutIndex <= end { lastSkippedLayoutIndex = Int.max }
    if end + 1 < rows.count {
      lastSkippedLayoutIndex = min(end + 1, lastSkippedLayoutIndex)
      let last = rows.count - 1
      if rows[last].y < rows[end].y {
        recomputeLayouts(lastSkippedLayoutIndex, last)
        lastSkippedLayoutIndex = Int.max
      }
    }
  }

  /// `LinearLayoutManager.recomputeLayouts`: each row right below the previous one.
  private func recomputeLayouts(_ start: Int, _ end: Int) {
    guard start <= end else { return }
    for index in start...end {
      layout(index)
      if index == 0 {
        rows[0].y = 0
      } else {
        let previous = layout(index - 1)
        rows[index].y = previous.y + previous.height
      }
    }
  }

  /// `getVisibleLayouts` (`findVisibleIndex.ts`) over the stored rows: from the first whose
  /// bottom passes `start` (or whose top is at or past it) to the last whose top is at or before
  /// `end`.
  func visibleRows(start: Double, end: Double) -> ClosedRange<Int>? {
    FlashListStrategy.engagedRows(start: start, end: end, count: rows.count) {
      ListLayout.Frame(column: 0, top: self.rows[$0].y, height: self.rows[$0].height)
    }
  }

  /// `measureLayout`: a view's height on whole device pixels (`PixelRatio.roundToNearestPixel`),
  /// or the height already held when the two are within a pixel (`areDimensionsEqual`).
  func measuredHeight(_ trueHeight: Double, of index: Int) -> Double {
    let height = (trueHeight * density).rounded(.toNearestOrAwayFromZero) / density
    guard index < rows.count else { return height }
    let held = layout(index).height
    return Self.sameSize(height, held, density: density) ? held : height
  }

  /// `areDimensionsEqual`: within one device pixel, each side rounded to pixels first.
  static func sameSize(_ a: Double, _ b: Double, density: Double) -> Bool {
    abs((a * density).rounded(.toNearestOrAwayFromZero) - (b * density).rounded(.toNearestOrAwayFromZero)) <= 1
  }
}

/// `AverageWindow` (`src/utils/AverageWindow.ts`): the running average of the last `size`
/// values, updated as the code updates it (a value replaces the oldest; the average is adjusted,
/// not recomputed), never below 0.
struct AverageWindow {
  private var values: [Double?]
  private var nextIndex = 0
  private var count = 0
  private(set) var value = 0.0

  init(size: Int) { values = Array(repeating: nil, count: max(1, size)) }

  /// No value yet: `MultiTypeAverageWindow` has no window for the type and answers its default.
  var isEmpty: Bool { count == 0 }

  mutating func add(_ newValue: Double) {
    let target = nextIndex
    nextIndex = (nextIndex + 1) % values.count
    let old = values[target]
    let newCount = old == nil ? count + 1 : count
    values[target] = newValue
    value = max(0, value * (Double(count) / Double(newCount)) + (newValue - (old ?? 0)) / Double(newCount))
    count = newCount
  }
}
