/// `VirtualizedList`'s render window, as pure functions over the rows' frames: which cells are
/// around the viewport (`computeWindowedRenderLimits`), and which are mounted (the render mask:
/// that window plus the `initialNumToRender` first cells, kept for scrolling back to the top).
///
/// Source: facebook/react-native `packages/virtualized-lists/Lists/VirtualizeUtils.js`
/// @0de6a152 (`elementsThatOverlapOffsets`, `newRangeCount`, `computeWindowedRenderLimits`) and
/// `VirtualizedList.js` @014c1e34 (`_createRenderMask`, `_initialRenderRegion`,
/// `_constrainToItemCount`). Rows are known by their frames, as with `getItemLayout`.
/// Checked against that code run frame by frame (`Validation/platforms/`,
/// `Reports/validation-platforms.md`).
enum FlatListWindow {
  /// An inclusive range of cells; `last == first - 1` is empty (`{first: 0, last: -1}`).
  struct Cells: Equatable {
    var first: Int
    var last: Int
  }

  /// `elementsThatOverlapOffsets`: for each offset the first row containing it, bounds
  /// inclusive except a row's top (row 0's top is inclusive); nil where no row does.
  static func rowsOverlapping(_ offsets: [Double], count: Int, frame: (Int) -> ListLayout.Frame) -> [Int?] {
    offsets.map { offset in
      var left = 0
      var right = count - 1
      while left <= right {
        let mid = left + (right - left) / 2
        let row = frame(mid)
        if (mid == 0 && offset < row.top) || (mid != 0 && offset <= row.top) {
          right = mid - 1
        } else if offset > row.top + row.height {
          left = mid + 1
        } else {
          return mid
        }
      }
      return nil
    }
  }

  /// `newRangeCount`: cells of `next` not in `previous`.
  static func newCount(_ previous: Cells, _ next: Cells) -> Int {
    next.last - next.first + 1 - max(0, 1 + min(next.last, previous.last) - max(next.first, previous.first))
  }

  /// `computeWindowedRenderLimits`: the visible cells, grown toward an overscan of
  /// `(windowSize − 1)` visible lengths split evenly, with at most `perBatch` cells new since
  /// `previous` (cells already rendered are kept for free), toward the side the list moves
  /// when it moves faster than 1 px/ms. `velocity` in pt/ms.
  static func limits(
    count: Int, perBatch: Int, windowSize: Double, previous: Cells, offset: Double, visibleLength: Double,
    velocity: Double, frame: (Int) -> ListLayout.Frame
  ) -> Cells {
    guard count > 0 else { return Cells(first: 0, last: -1) }
    let visibleBegin = max(0, offset)
    let visibleEnd = visibleBegin + visibleLength
    let overscanLength = (windowSize - 1) * visibleLength
    let leadFactor = 0.5
    let after = velocity > 1
    let before = velocity < -1
    let overscanBegin = max(0, visibleBegin - (1 - leadFactor) * overscanLength)
    let overscanEnd = max(0, visibleEnd + leadFactor * overscanLength)
    if frame(count - 1).top < overscanBegin {
      return Cells(first: max(0, count - 1 - perBatch), last: count - 1)
    }
    let found = rowsOverlapping([overscanBegin, visibleBegin, visibleEnd, overscanEnd], count: count, frame: frame)
    let overscanFirst = found[0] ?? 0
    var first = found[1] ?? max(0, overscanFirst)
    let overscanLast = found[3] ?? count - 1
    var last = found[2] ?? min(overscanLast, first + perBatch - 1)
    var newCells = newCount(previous, Cells(first: first, last: last))
    while !(first <= overscanFirst && last >= overscanLast) {
      let maxNewCells = newCells >= perBatch
      let firstWillAddMore = first <= previous.first || first > previous.last
      let firstShouldIncrement = first > overscanFirst && (!maxNewCells || !firstWillAddMore)
      let lastWillAddMore = last >= previous.last || last < previous.first
      let lastShouldIncrement = last < overscanLast && (!maxNewCells || !lastWillAddMore)
      if maxNewCells && !firstShouldIncrement && !lastShouldIncrement { break }
      if firstShouldIncrement && !(after && lastShouldIncrement && lastWillAddMore) {
        if firstWillAddMore { newCells += 1 }
        first -= 1
      }
      if lastShouldIncrement && !(before && firstShouldIncrement && firstWillAddMore) {
        if lastWillAddMore { newCells += 1 }
        last += 1
      }
    }
    return Cells(first: first, last: last)
  }

  /// `_initialRenderRegion` without `initialScrollIndex`: the first `initialNumToRender` cells.
  static func initialRegion(count: Int, initialNumToRender: Int) -> Cells {
    Cells(first: 0, last: min(count, initialNumToRender) - 1)
  }

  /// `_constrainToItemCount`, when the data changes.
  static func constrained(_ cells: Cells, count: Int, perBatch: Int) -> Cells {
    let lastPossible = count - 1
    let maxFirst = max(0, lastPossible - perBatch)
    return Cells(first: min(max(0, cells.first), maxFirst), last: min(lastPossible, cells.last))
  }

  /// `_createRenderMask` as the mounted rows, in order: the window and the initial region
  /// (no sticky headers, no focused cell).
  static func mask(window: Cells, count: Int, initialNumToRender: Int) -> [Cells] {
    guard count > 0 else { return [] }
    let initial = initialRegion(count: count, initialNumToRender: initialNumToRender)
    let regions = [window, initial].filter { $0.last >= $0.first }.sorted { $0.first < $1.first }
    var merged: [Cells] = []
    for region in regions {
      if let end = merged.last, region.first <= end.last + 1 {
        merged[merged.count - 1].last = max(end.last, region.last)
      } else {
        merged.append(region)
      }
    }
    return merged
  }
}
