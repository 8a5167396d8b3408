/// What the web's virtualized lists (`tanstack-virtual`, `react-window`, `virtuoso`) share once
/// each has decided which rows it renders: only those rows are in the document. A row that
/// mounts is bound (its component renders on the main thread), measured (`RowSizeTable`) and
/// its `<img>` starts loading, at once or, with `loading="lazy"`, when the browser's lazy-load
/// margin reaches it; a row that unmounts leaves the document with its decoded image, while
/// its image's bytes stay in the browser's memory cache for the next mount.
///
/// The browser (`engine`) decides the order image requests wait in and what memory keeps, as
/// for `intersection-observer`: Chromium moves the requests of the rows on screen ahead at each
/// layout; Firefox and WebKit keep the order asked.
///
/// Simplified: the engine's geometry is the true layout, so the rows the user sees are where
/// the true sizes put them; the library's own layout (estimates below the measured rows) decides
/// only what it renders. They agree wherever every row above has been rendered, as when a feed
/// is scrolled from its top; the scroll correction a library applies when a row above the
/// viewport is measured for the first time (TanStack's `shouldAdjustScrollPositionOnItemSizeChange`,
/// virtuoso's `deviation`) is not modelled. ASSUMPTION: an `<img>` leaving the document keeps
/// its fetch (nothing in the HTML standard's image loading aborts it), so an unmounted row's
/// load is not cancelled; it goes on into the cache.
final class VirtualizedRows {
  /// The browser the list runs in.
  enum Engine: String, CaseIterable {
    case chromium, firefox, webkit
  }

  let engine: Engine
  /// `<img loading="lazy">` in each row.
  let lazyImages: Bool
  let sizes: RowSizeTable
  /// A fixed grid's lines, as the library sees them (see `lines(of:)`).
  private var linesView: (of: ObjectIdentifier, view: FlatListRows?)?
  /// The rows in the document, as [first, last].
  private(set) var mounted: ClosedRange<Int>?
  /// Mounted rows not measured yet: the next `measureMounted` reads them.
  private var unmeasured: [Int] = []
  /// The list's rows at the last render: a mounted row past them was the app's loader row,
  /// which renders as a real row once its page lands.
  private var rowsAtRender = 0
  /// Items per library row (a grid's line), 1 for a list.
  private var perRow = 1
  /// Rows on screen that the library did not render (`show(item:)`).
  private var shownOutside: Set<Int> = []
  /// Rows on screen now (the engine's `willDisplay` to `didEndDisplaying`).
  private var displayed: Set<Int> = []

  init(parameters: StrategyParameters, sizes: RowSizeTable) {
    engine = Engine(rawValue: parameters.string("engine")) ?? .chromium
    lazyImages = parameters.string("loading") == "lazy"
    self.sizes = sizes
  }

  /// The two parameters every virtualizer takes.
  static let browserParameters = [
    ParameterInfo(
      "engine", .choice(Engine.allCases.map(\.rawValue)), default: "chromium",
      "the browser: chromium moves the rows on screen ahead at each layout; firefox and webkit keep the order asked"),
    ParameterInfo(
      "loading", .choice(["eager", "lazy"]), default: "eager",
      "each row's <img loading>: eager starts at mount; lazy waits for the browser's lazy-load margin"),
  ]

  var prioritiesFromLayouts: Bool { engine == .chromium }
  var contentQueue: ContentQueue { engine == .chromium ? .network : .inOrder }
  var memoryPolicy: MemoryPolicy { engine == .chromium ? .chromium : .otherBrowsers }

  /// The list as the library sees it: a fixed grid's lines of `rowItems` items are its rows (an
  /// app renders a line per row, as `FlatListRows` shows FlatList's `numColumns`), each line's
  /// items mounting and loading together; a list as it is. Simplified: a waterfall is taken as
  /// lines of as many consecutive items as it has columns, each line as tall as its tallest
  /// (TanStack's `lanes` and virtuoso's masonry are not modelled).
  func lines(of list: any ListContext) -> any ListContext {
    // The columns are read once the list has rows to read them from.
    if linesView?.of != ObjectIdentifier(list) && (list.itemCount > 1 || list.rowItems > 1) {
      perRow = list.rowItems > 1 ? list.rowItems : Self.columns(of: list)
      linesView = (ObjectIdentifier(list), perRow > 1 ? FlatListRows(list, perRow: perRow) : nil)
    }
    return linesView?.view ?? list
  }

  /// The columns a list's first rows stand in (1 for a list).
  private static func columns(of list: any ListContext) -> Int {
    guard list.itemCount > 1 else { return 1 }
    return 1 + (0..<min(list.itemCount, 32)).map { list.frame(of: $0).column }.max()!
  }

  /// The table sized to the list's rows now (plus `extraRows` the app renders after them, as a
  /// loader row).
  func follow(_ list: any ListContext, extraRows: Int = 0) {
    let origin = list.itemCount > 0 ? list.frame(of: 0).top : 0
    sizes.resize(to: list.itemCount + extraRows, origin: origin)
  }

  /// Renders exactly `rows` (nil: none): rows leaving unmount, rows entering mount. Returns
  /// whether the rendered rows changed.
  @discardableResult
  func render(_ rows: ClosedRange<Int>?, _ list: any ListContext) -> Bool {
    let grown = list.itemCount > rowsAtRender
    guard rows != mounted || grown else { return false }
    if let before = mounted {
      for item in before where !(rows?.contains(item) ?? false) && item < list.itemCount {
        // A row still on screen stays, as `show` keeps one.
        if displayed.contains(item) {
          shownOutside.insert(item)
          continue
        }
        list.clearContent(item)
        list.discardRender(item)
      }
    }
    if let rows {
      for item in rows where !(mounted?.contains(item) ?? false) || item >= rowsAtRender {
        unmeasured.append(item)
        guard item < list.itemCount else { continue }
        list.prepareRender(item)
        if list.feedKind == .placeholder { list.load(item, content: false) }
      }
    }
    let changed = rows != mounted
    if let rows { shownOutside.subtract(rows) }
    mounted = rows
    rowsAtRender = list.itemCount
    return changed
  }

  /// An item coming on screen (the engine's `willDisplay`, in the true layout) that the library
  /// has not rendered: where the library's estimates and the true sizes disagree after a jump
  /// past the measured rows, the browser shows the rows the library rendered in its place. The
  /// engine's geometry is the true layout (see above), so the row on screen is mounted in their
  /// stead, loads its image and leaves with `hide`; it is not part of the library's state.
  func show(item: Int, _ list: any ListContext) {
    let row = item / perRow
    displayed.insert(row)
    guard !(mounted?.contains(row) ?? false), row < list.itemCount, shownOutside.insert(row).inserted else { return }
    list.prepareRender(row)
    if list.feedKind == .placeholder { list.load(row, content: false) }
    if list.needsContent(row) { list.requestContent(row) }
  }

  /// An item leaving the screen: a row mounted only by `show` leaves the document.
  func hide(item: Int, _ list: any ListContext) {
    let row = item / perRow
    displayed.remove(row)
    guard !(mounted?.contains(row) ?? false), row < list.itemCount, shownOutside.remove(row) != nil else { return }
    list.clearContent(row)
    list.discardRender(row)
  }

  /// The layout's measurement of the rows mounted since the last one (a ResizeObserver's
  /// delivery after the frame's layout). Returns whether any size changed.
  func measureMounted(_ list: any ListContext) -> Bool {
    guard !unmeasured.isEmpty else { return false }
    var changed = false
    for item in unmeasured where mounted?.contains(item) ?? false {
      guard item < list.itemCount, !sizes.isMeasured(item) else { continue }
      let before = sizes.size(of: item)
      sizes.measure(item, size: RowSizeTable.trueSize(of: item, list))
      changed = changed || sizes.size(of: item) != before
    }
    unmeasured.removeAll(keepingCapacity: true)
    return changed
  }

  /// Starts the images of mounted rows that need one: all of them, or with lazy images those
  /// within the browser's lazy-load margin (checked after each scroll, as its observer is).
  func loadImages(_ list: any ListContext) {
    guard let mounted else { return }
    let margin = lazyImages ? lazyMargin(list) : .infinity
    let lower = list.contentOffset - margin
    let upper = list.contentOffset + list.viewportHeight + margin
    for item in mounted where item < list.itemCount && list.needsContent(item) {
      if lazyImages {
        let frame = list.frame(of: item)
        let inside =
          engine == .chromium ? frame.top < upper && frame.bottom > lower : frame.top <= upper && frame.bottom >= lower
        guard inside else { continue }
      }
      list.requestContent(item)
    }
  }

  /// The engine's `loading="lazy"` margin: Chromium's by connection type, Firefox's 600 px,
  /// WebKit's one viewport height (`ChromiumLazyStrategy`, `FirefoxLazyStrategy`,
  /// `WebKitLazyStrategy`, and their edges: Chromium counts only an overlap).
  func lazyMargin(_ list: any ListContext) -> Double {
    switch engine {
    case .chromium: EffectiveConnectionType(httpRTT: list.networkLatency).lazyImageMargin
    case .firefox: 600
    case .webkit: list.viewportHeight
    }
  }

  /// `[first, last]` of the rendered rows for the frame record (`[−1, −2]` when none).
  var renderedState: JSONValue {
    .array([.number(Double(mounted?.lowerBound ?? -1)), .number(Double(mounted?.upperBound ?? -2))])
  }
}
