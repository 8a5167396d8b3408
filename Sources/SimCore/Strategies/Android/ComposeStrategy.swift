/// Jetpack Compose's `LazyColumn` (and `LazyVerticalGrid`, by lines) as a Compose team ships
/// it: Compose Foundation's cache window composes lines ahead in the main thread's idle time,
/// Paging Compose (`collectAsLazyPagingItems()`) hears every composed item's read as Paging 3's
/// access hint, and Coil 3's `AsyncImage` asks for an item's image when the item is composed.
///
/// - The window: `ComposeCacheWindow` (Compose's `CacheWindowLogic`), in whole pixels of the
///   trace's density, or `ComposeLegacyPrefetch` (`cacheWindow=legacy`). Every drawn frame
///   that scrolled is a measure pass (`onVisibleItemsUpdated`, then `onScroll` with the
///   pass's whole-pixel delta, negative forward, as `LazyListState.onScroll` calls them), and
///   so is a page that lands (the item count changes; Compose measures at the next frame,
///   scrollsim at once). Visible lines are the list's visible rows.
/// - Idle time: `ComposePrefetchScheduler` (Android's `AndroidPrefetchScheduler`). Requests run
///   after the frame (`frameDidFinish`); when none fits, at the next frame, or, with no frame
///   drawn, at the vsync after it, where after two frames without a draw the first runs
///   whatever its cost. Composing a line binds its items on the main thread
///   (`prepareRender`), which is what the frame pays.
/// - Composition: an item composed, on screen or ahead, reads its row from Paging
///   (`LazyPagingItems[index]`: `PagingFetcher.access`) and starts its `AsyncImage` request;
///   a line that leaves composition (neither visible nor kept by the window) is disposed:
///   Coil cancels a request still in flight (`AsyncImagePainter` is forgotten, its scope
///   cancelled), the decoded image stays in Coil's memory cache (`MemoryPolicy.coil`).
/// - Coil's requests go through OkHttp (`coil-network-okhttp` `calls.kt` @1102d99b: `enqueue`),
///   whose `Dispatcher` runs at most `maxRequestsPerHost = 5` per host, the rest in the order
///   enqueued (square/okhttp `Dispatcher.kt`): a loader pool of 5, one priority.
/// Simplified: a prefetch is composed and measured as one step (see `ComposePrefetchScheduler`);
/// a waterfall is one lane by index (Compose's staggered grid fills each lane).
package final class ComposeStrategy: PrefetchStrategy, FrameStateReporting {
  package static let info = StrategyInfo(
    name: "compose", aliases: ["lazycolumn"],
    summary: "Jetpack Compose LazyColumn: a cache window composes ahead in idle time; Paging Compose; Coil 3.",
    origin: "androidx compose foundation CacheWindowLogic.kt, LazyListPrefetchStrategy.kt; paging-compose; coil 3",
    parameters: [
      ParameterInfo(
        "ahead", .number(-1...100_000), default: "-1",
        "the window ahead: dp (viewports with cacheWindow=fraction); -1: LazyListDefaults.cacheWindow, the average visible item clamped to 10-50 % of the viewport"
      ),
      ParameterInfo("behind", .number(0...100_000), default: "0", "the window kept behind: dp, or viewports"),
      ParameterInfo(
        "cacheWindow", .choice(["dp", "fraction", "legacy"]), default: "dp",
        "dp or fraction: LazyLayoutCacheWindow(ahead, behind) in those units; legacy: one item ahead (DefaultLazyListPrefetchStrategy)"
      ),
      ParameterInfo(
        "nonScrollCaching", .flag, default: "true",
        "a window of ahead >= 0 fills at rest too (isNonScrollCachingEnabled; the default window never does)"),
    ] + PagingFetcher.parameters + [
      ParameterInfo(
        "memoryCachePercent", .number(0...1), default: "0.2",
        "Coil's memory cache as a share of the memory class (MemoryCache.Builder.maxSizePercent)"),
      ParameterInfo(
        "maxRequestsPerHost", .number(1...64), default: "5", "images fetched at once: OkHttp's Dispatcher"),
    ],
    platform: .android)

  package static var callbacks: [StrategyCallback] {
    [
      .listDidLoad, .didScroll, .willDisplay, .didEndDisplaying, .requestDidComplete, .requestDidFail, .timerDidFire,
      .frameDidFinish,
    ]
  }

  private var window: ComposeCacheWindow?
  private var legacy: ComposeLegacyPrefetch?
  private var scheduler = ComposePrefetchScheduler()
  private var fetcher: PagingFetcher
  /// Lines composed: on screen, ahead, or kept behind.
  private var composed: Set<Int> = []
  private var previousOffset = 0
  private var lastFrameTime = -Double.infinity
  private var wakeDue: Double?
  /// The lines prefetched since the last drawn frame, with the engine's clock (ns), kept only
  /// while frames are recorded.
  private var prefetchedSinceFrame: [(line: Int, ns: Int64)]?
  /// The legacy strategy's handles scheduled and cancelled since the last drawn frame, in
  /// order, kept only while frames are recorded.
  private var legacyHandlesSinceFrame: (scheduled: [Int], cancelled: [Int])?

  package let memoryPolicy: MemoryPolicy
  package let contentQueue: ContentQueue
  /// A composed line keeps its image, on screen or off, until it is disposed.
  package var keepsOffscreenCells: Bool { true }
  package init(parameters: StrategyParameters) {
    fetcher = PagingFetcher(parameters: parameters)
    memoryPolicy = .coil(memoryCacheShare: parameters.number("memoryCachePercent"))
    contentQueue = .loaderPool(threads: Int(parameters.number("maxRequestsPerHost")), lowPreloads: false)
    let ahead = parameters.number("ahead")
    let behind = parameters.number("behind")
    let nonScroll = parameters.flag("nonScrollCaching")
    switch parameters.string("cacheWindow") {
    case "legacy": legacy = ComposeLegacyPrefetch()
    case _ where ahead < 0: window = ComposeCacheWindow(extent: .listDefault, isNonScrollCachingEnabled: false)
    case "fraction":
      window = ComposeCacheWindow(
        extent: .fraction(ahead: ahead, behind: behind), isNonScrollCachingEnabled: nonScroll)
    default:
      window = ComposeCacheWindow(extent: .dp(ahead: ahead, behind: behind), isNonScrollCachingEnabled: nonScroll)
    }
  }

  // MARK: Callbacks

  package func listDidLoad(_ list: any ListContext) {
    previousOffset = Self.px(list.contentOffset, list)
    fetcher.load(list)
    measure(list, delta: 0)
    wakeIfWaiting(list)
  }

  package func didScroll(_ list: any ListContext) {
    let offset = Self.px(list.contentOffset, list)
    let delta = previousOffset - offset
    previousOffset = offset
    measure(list, delta: delta)
  }

  package func willDisplay(_ list: any ListContext, item: Int) {
    composed.insert(line(of: item, list))
    if list.needsContent(item) { list.requestContent(item) }
    fetcher.access(item, list)
  }

  package func didEndDisplaying(_ list: any ListContext, item: Int) {
    let line = line(of: item, list)
    if window?.cached[line] == nil { dispose(line, list) }
  }

  package func requestDidComplete(_ list: any ListContext, kind: RequestKind, index: Int) {
    fetcher.requestDidComplete(list, kind: kind)
    if kind == .page {
      measure(list, delta: 0)
      wakeIfWaiting(list)
    }
  }

  package func requestDidFail(_ list: any ListContext, kind: RequestKind, index: Int) {
    fetcher.requestDidFail(list, kind: kind)
  }

  package func frameDidFinish(_ list: any ListContext) {
    lastFrameTime = list.time
    runPrefetches(list, idle: false)
    wakeIfWaiting(list)
  }

  /// The vsync after a frame that left requests waiting: with no frame drawn since, they run
  /// now, with the whole of it once two frames passed without a draw (`isFrameIdle`).
  package func timerDidFire(_ list: any ListContext) {
    guard let due = wakeDue, list.time >= due - 1e-9 else { return }
    wakeDue = nil
    runPrefetches(list, idle: list.time - lastFrameTime > 2 * list.frameInterval)
    wakeIfWaiting(list)
  }

  // MARK: The per-frame record

  package func beginFrameReports() {
    prefetchedSinceFrame = []
    legacyHandlesSinceFrame = ([], [])
  }

  /// The window as a referee compares it: `window` [first, last] line (null before it has
  /// bounds), `cached` and `handles` (sorted lines), and `prefetched` [line, ns] since the last
  /// frame, in order. The legacy strategy: `target` (the line it last scheduled, −1 when none)
  /// and the lines it `scheduled` and `cancelled` since the last frame, in order.
  package func takeFrameState() -> JSONValue? {
    if let legacy, let handles = legacyHandlesSinceFrame {
      legacyHandlesSinceFrame = ([], [])
      return .object([
        ("target", .number(Double(legacy.target))),
        ("scheduled", .array(handles.scheduled.map { .number(Double($0)) })),
        ("cancelled", .array(handles.cancelled.map { .number(Double($0)) })),
      ])
    }
    guard let window, let prefetched = prefetchedSinceFrame else { return nil }
    prefetchedSinceFrame = []
    let bounds: JSONValue =
      window.startLine == .max || window.endLine == .min
      ? .null : .array([.number(Double(window.startLine)), .number(Double(window.endLine))])
    return .object([
      ("window", bounds),
      ("cached", .array(window.cached.lines.map { .number(Double($0)) })),
      ("handles", .array(window.handles.lines.map { .number(Double($0)) })),
      ("prefetched", .array(prefetched.map { .array([.number(Double($0.line)), .number(Double($0.ns))]) })),
    ])
  }

  // MARK: Measure passes and prefetches

  /// A measure pass: the window hears the visible lines, then the scroll if there was one.
  private func measure(_ list: any ListContext, delta: Int) {
    let pass = self.pass(list)
    if window != nil {
      window!.visibleItemsUpdated(pass)
      if delta != 0 { window!.scrolled(pass, delta: delta) }
      apply(window!.takeActions(), list)
    } else if legacy != nil {
      legacy!.visibleItemsUpdated(visible: pass.visible)
      if delta != 0 { legacy!.scrolled(visible: pass.visible, lineCount: pass.lineCount, delta: delta) }
      let actions = legacy!.takeActions()
      if legacyHandlesSinceFrame != nil { noteLegacyHandles(actions) }
      apply(actions, list)
    }
  }

  private func apply(_ actions: [ComposeCacheWindow.Action], _ list: any ListContext) {
    for action in actions {
      switch action {
      case .schedule(let line, let urgent): scheduler.schedule(line, urgent: urgent)
      case .markUrgent(let line): scheduler.markUrgent(line)
      case .cancel(let line): scheduler.cancel(line)
      case .release(let line): dispose(line, list)
      }
    }
  }

  private func noteLegacyHandles(_ actions: [ComposeCacheWindow.Action]) {
    for action in actions {
      switch action {
      case .schedule(let line, _): legacyHandlesSinceFrame!.scheduled.append(line)
      case .cancel(let line): legacyHandlesSinceFrame!.cancelled.append(line)
      case .markUrgent, .release: break
      }
    }
  }

  /// Runs the requests that fit in the time left (all of it when `idle`, for the first).
  private func runPrefetches(_ list: any ListContext, idle: Bool) {
    var idle = idle
    while let line = scheduler.next(
      available: idle ? .infinity : list.frameTimeRemaining, average: list.averageBindTime)
    {
      idle = false
      guard line < lineCount(list) else { continue }  // the index no longer exists: dropped
      compose(line, list)
      prefetchedSinceFrame?.append((line, Int64((list.time * 1e9).rounded())))
      if window != nil {
        window!.prefetched(line: line, size: Self.size(of: line, perLine: perLine(list), list))
        apply(window!.takeActions(), list)
      }
    }
  }

  private func wakeIfWaiting(_ list: any ListContext) {
    guard !scheduler.isEmpty, wakeDue == nil else { return }
    wakeDue = list.wakeUpAfterNextFrame()
  }

  /// Composes a line ahead: its items bind, read their rows and ask for their images.
  private func compose(_ line: Int, _ list: any ListContext) {
    composed.insert(line)
    for item in items(of: line, list) {
      list.prepareRender(item)
      if list.needsContent(item) { list.requestContent(item) }
      fetcher.access(item, list)
    }
  }

  /// Disposes a composed line that is not on screen: its image load is cancelled, its image
  /// stays only in the cache.
  private func dispose(_ line: Int, _ list: any ListContext) {
    guard composed.contains(line), !isVisible(line, list) else { return }
    composed.remove(line)
    for item in items(of: line, list) {
      if list.isContentRequested(item) && !list.hasContent(item) { list.cancelContent(item) }
      list.clearContent(item)
      list.discardRender(item)
    }
  }

  // MARK: Lines in whole pixels

  /// A position or length in points as whole pixels of the trace's density.
  static func px(_ points: Double, _ list: any ListContext) -> Int {
    let value = points * list.density
    return value.isFinite ? Int(min(max(value, -1e12), 1e12).rounded()) : 0
  }

  private func perLine(_ list: any ListContext) -> Int { max(1, list.rowItems) }
  private func line(of item: Int, _ list: any ListContext) -> Int { item / perLine(list) }
  private func lineCount(_ list: any ListContext) -> Int { (list.itemCount + perLine(list) - 1) / perLine(list) }

  private func items(of line: Int, _ list: any ListContext) -> Range<Int> {
    Self.items(of: line, perLine: perLine(list), list)
  }

  private static func items(of line: Int, perLine: Int, _ list: any ListContext) -> Range<Int> {
    let first = line * perLine
    return first..<min(first + perLine, list.itemCount)
  }

  private func visibleLines(_ list: any ListContext) -> ClosedRange<Int>? {
    let visible = list.visibleItems
    guard let first = visible.first, let last = visible.last else { return nil }
    return line(of: first, list)...line(of: last, list)
  }

  private func isVisible(_ line: Int, _ list: any ListContext) -> Bool { visibleLines(list)?.contains(line) ?? false }

  /// A line's main-axis size: its tallest item's, in whole pixels.
  private static func size(of line: Int, perLine: Int, _ list: any ListContext) -> Int {
    items(of: line, perLine: perLine, list).reduce(0) { max($0, px(list.frame(of: $1).height, list)) }
  }

  /// Where the next line starts (the spacing after `line` included), or where `line` ends if it
  /// is the last.
  private func end(of line: Int, _ list: any ListContext) -> Int {
    let next = items(of: line, list).upperBound
    if next < list.itemCount { return Self.px(list.frame(of: next).top, list) }
    return items(of: line, list).reduce(0) { max($0, Self.px(list.frame(of: $1).bottom, list)) }
  }

  private func pass(_ list: any ListContext) -> ComposeCacheWindow.Pass {
    let offset = Self.px(list.contentOffset, list)
    let viewport = Self.px(list.viewportHeight, list)
    let visible = visibleLines(list)
    var extraStart = 0
    var extraEnd = 0
    if let visible {
      let firstTop = Self.px(list.frame(of: items(of: visible.lowerBound, list).lowerBound).top, list)
      extraStart = max(0, offset - firstTop)
      extraEnd = abs(end(of: visible.upperBound, list) - (offset + viewport))
    }
    // The window reads each visible line's size twice a pass (to cache it, and for the default
    // window's average): measured once here.
    let perLine = perLine(list)
    let first = visible?.lowerBound ?? 0
    let sizes = visible.map { $0.map { Self.size(of: $0, perLine: perLine, list) } } ?? []
    return ComposeCacheWindow.Pass(
      lineCount: lineCount(list), visible: visible,
      size: { line in
        line >= first && line - first < sizes.count ? sizes[line - first] : Self.size(of: line, perLine: perLine, list)
      },
      extraStart: extraStart, extraEnd: extraEnd, viewport: viewport, density: list.density)
  }
}
