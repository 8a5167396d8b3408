/// A grid seen as FlatList sees it with `numColumns`: FlatList hands VirtualizedList one item
/// per row of `numColumns` items (`FlatList.js` `_getItem` slices `numColumns` items per row,
/// `_getItemCount` is `ceil(data.length / numColumns)`; facebook/react-native
/// `packages/react-native/Libraries/Lists/FlatList.js` @014c1e34), so the window, the batches
/// (`maxToRenderPerBatch`), `initialNumToRender` and every frame are counted in rows, and a row
/// mounts and unmounts its items together. Here each "item" is a row: its frame spans the row
/// (the tallest of its items), and each action applies to every item in it. The web's
/// virtualized lists see a grid the same way: an app renders a line per row
/// (`VirtualizedRows.lines(of:)`).
final class FlatListRows: ListContext {
  /// Read only inside the callbacks of the list that owns the strategy owning this view.
  private unowned(unsafe) let list: any ListContext
  private let perRow: Int

  init(_ list: any ListContext, perRow: Int) {
    self.list = list
    self.perRow = max(1, perRow)
  }

  /// The items of row `row`.
  private func items(_ row: Int) -> Range<Int> { row * perRow..<min((row + 1) * perRow, list.itemCount) }

  var time: Double { list.time }
  var viewportHeight: Double { list.viewportHeight }
  var density: Double { list.density }
  var contentOffset: Double { list.contentOffset }
  var contentLength: Double { list.contentLength }
  var isTracking: Bool { list.isTracking }
  var isDragging: Bool { list.isDragging }
  var isDecelerating: Bool { list.isDecelerating }
  var targetContentOffset: Double? { list.targetContentOffset }
  var frameInterval: Double { list.frameInterval }
  var frameTimeRemaining: Double { list.frameTimeRemaining }
  var averageBindTime: Double { list.averageBindTime }
  var networkLatency: Double { list.networkLatency }
  var seed: UInt64 { list.seed }
  var feedKind: FeedKind { list.feedKind }
  var pageSize: Int { list.pageSize }
  var itemCount: Int { (list.itemCount + perRow - 1) / perRow }
  var hasMoreData: Bool { list.hasMoreData }
  var nextPageIndex: Int { list.nextPageIndex }
  var pageRequestsOutstanding: Int { list.pageRequestsOutstanding }

  var visibleItems: [Int] { rows(of: list.visibleItems) }
  func items(from lower: Double, to upper: Double) -> [Int] { rows(of: list.items(from: lower, to: upper)) }
  func items(in band: inout ListBand, from lower: Double, to upper: Double) -> [Int] {
    rows(of: list.items(in: &band, from: lower, to: upper))
  }

  /// The rows of `items` (in index order), each once.
  private func rows(of items: [Int]) -> [Int] {
    var rows: [Int] = []
    for item in items where rows.last != item / perRow { rows.append(item / perRow) }
    return rows
  }

  /// The row's frame: from its items' top, as tall as the tallest.
  func frame(of row: Int) -> ListLayout.Frame {
    let first = list.frame(of: row * perRow)
    let height = items(row).map { list.frame(of: $0).height }.max() ?? first.height
    return ListLayout.Frame(column: 0, top: first.top, height: height)
  }

  func page(of row: Int) -> Int { list.page(of: row * perRow) }
  func isPageLoaded(_ page: Int) -> Bool { list.isPageLoaded(page) }
  func isPageRequested(_ page: Int) -> Bool { list.isPageRequested(page) }
  func hasData(_ row: Int) -> Bool { items(row).allSatisfy(list.hasData) }
  func hasContent(_ row: Int) -> Bool { items(row).allSatisfy(list.hasContent) }
  func isCached(_ row: Int) -> Bool { items(row).allSatisfy(list.isCached) }
  func isContentRequested(_ row: Int) -> Bool {
    items(row).allSatisfy { list.hasContent($0) || list.isContentRequested($0) }
  }
  func isRendered(_ row: Int) -> Bool { items(row).allSatisfy(list.isRendered) }

  func requestPage(_ page: Int) { list.requestPage(page) }
  /// Each of the row's items that still needs its image asks for it.
  func requestContent(_ row: Int) {
    for item in items(row) where list.needsContent(item) { list.requestContent(item) }
  }
  @discardableResult func loadFromCache(_ row: Int) -> Bool {
    items(row).map { list.loadFromCache($0) }.allSatisfy { $0 }
  }
  /// Cancels the loads of the row's items that do not hold their image.
  func cancelContent(_ row: Int) {
    for item in items(row) where !list.hasContent(item) { list.cancelContent(item) }
  }
  func clearContent(_ row: Int) { for item in items(row) { list.clearContent(item) } }
  func prepareRender(_ row: Int) { for item in items(row) { list.prepareRender(item) } }
  func discardRender(_ row: Int) { for item in items(row) { list.discardRender(item) } }
  func wakeUp(after seconds: Double) { list.wakeUp(after: seconds) }
}
