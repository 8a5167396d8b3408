/// What the web's lazy loaders share: every row whose box comes within `margin` px of the
/// viewport (above or below) starts loading its image, once, and is never cancelled; the
/// document keeps every loaded image (rows are not recycled). Checked after the scroll of every
/// drawn frame that scrolled and of the first frame after a page lands, as an
/// IntersectionObserver is.
protocol MarginContentRule: PrefetchStrategy {
  /// The root margin for this run, in px.
  func margin(_ list: any ListContext) -> Double
  /// Whether a row exactly touching the margin's edge (zero-area intersection) counts: true
  /// for an observer with threshold 0 (the spec's edge-adjacent rule), false for one with a
  /// threshold just above 0 (`FLT_MIN`), which only a real overlap passes.
  var countsTouchingRows: Bool { get }
  /// Whether a row whose image is in the memory cache when its element is created loads it at
  /// once, wherever the row is: WebKit defers a lazy image only when it cannot reuse one
  /// already loaded (`ImageLoader::updateFromElement`, see `WebKitLazyStrategy`).
  var loadsCachedImagesAtOnce: Bool { get }
  var band: ListBand { get set }
}

extension MarginContentRule {
  package var keepsOffscreenCells: Bool { true }
  /// A browser's images (checked against Chromium by `Validation/`).
  package var prioritiesFromLayouts: Bool { true }
  package var memoryPolicy: MemoryPolicy { .chromium }
  var loadsCachedImagesAtOnce: Bool { false }

  package func listDidLoad(_ list: any ListContext) {
    var page = 0
    while list.isPageLoaded(page) {
      createRows(ofPage: page, list)
      page += 1
    }
    observe(list)
  }
  package func didScroll(_ list: any ListContext) { observe(list) }
  /// Appended rows are observed after the next frame's scroll (the intersection update's
  /// place in a frame), not when their page lands: a list that jumps in that frame never
  /// asks for the rows it jumped over (what Chromium did in `Validation/`).
  package func requestDidComplete(_ list: any ListContext, kind: RequestKind, index: Int) {
    guard kind == .page else { return }
    createRows(ofPage: index, list)
    list.wakeUpAfterNextFrame()
  }
  package func timerDidFire(_ list: any ListContext) { observe(list) }
  /// Visible rows load even if a frame skipped them (a jump larger than the margin).
  package func willDisplay(_ list: any ListContext, item: Int) {
    if list.needsContent(item) { list.requestContent(item) }
  }

  /// A page's script creates its rows' elements when the page lands, on the main thread: the
  /// rows are bound then, not when they scroll into view.
  func createRows(ofPage page: Int, _ list: any ListContext) {
    // A page that lands before the one above it appends no rows yet.
    let first = page * list.pageSize
    for item in first..<max(first, min(first + list.pageSize, list.itemCount)) {
      list.prepareRender(item)
      if loadsCachedImagesAtOnce && list.needsContent(item) { list.loadFromCache(item) }
    }
  }

  /// The rows within the margin: `top ≤ bottom edge` and `bottom ≥ top edge` when a touching
  /// row counts, `<` and `>` when only an overlap does (`countsTouchingRows`).
  func observe(_ list: any ListContext) {
    let margin = margin(list)
    let lower = list.contentOffset - margin
    let upper = list.contentOffset + list.viewportHeight + margin
    let rows =
      countsTouchingRows
      ? list.items(in: &band, from: lower.nextDown, to: upper.nextUp)
      : list.items(in: &band, from: lower, to: upper)
    for item in rows where list.needsContent(item) { list.requestContent(item) }
  }
}

extension MarginContentRule {
  package static var callbacks: [StrategyCallback] {
    [.listDidLoad, .didScroll, .willDisplay, .requestDidComplete, .timerDidFire]
  }
}
