/// RecyclerView's GapWorker: after each frame that scrolled, one item past the leading edge is
/// created and bound ahead of time, which is what asks the image loader for its image.
///
/// Source (androidx/androidx): `recyclerview/recyclerview/src/main/java/androidx/recyclerview/
/// widget/GapWorker.java` @637e4015 and `LinearLayoutManager.java` @11961cb8
/// (`collectAdjacentPrefetchPositions`): every scroll step with a non-zero delta posts one
/// prefetch run after the frame; LinearLayoutManager offers exactly **one** position past the
/// leading edge, at its distance from the edge. A task whose distance ≤ |dy| ("needed next
/// frame") runs regardless of the deadline (`FOREVER_NS`); others run only if
/// `avg == 0 || now + avg < deadline`, where the deadline is the frame's vsync plus
/// `mFrameIntervalNs` and `avg` is the `RecycledViewPool`'s running bind average (first sample,
/// then 3/4 old + 1/4 new). Nothing is cancelled; a prefetched view waits in the view cache
/// (`DEFAULT_CACHE_SIZE` = 2, plus the most prefetched at once).
///
/// The prefetch runs after the frame's main-thread work (`frameDidFinish`), in the gap before
/// the next vsync (`ListContext.frameTimeRemaining`), and its bind costs the main thread
/// (`prepareRender`); a bind that does not fit delays the next frame. Simplified: create and
/// bind are one cost (`mainThread.bindTime`), and RenderThread is not modelled. Views that
/// leave the screen wait in the 2-view cache with their image; the one pushed out is rebound
/// to another row, and its image load still in flight is cancelled (what Glide's `into()` does
/// to a reused ImageView). Alone it runs with Paging 3's page rule.
package final class GapWorkerStrategy: PrefetchStrategy {
  package static let info = StrategyInfo(
    name: "gapworker", aliases: ["recyclerview"],
    summary: "RecyclerView: bind one item past the leading edge after each scrolled frame.",
    origin: "androidx GapWorker.java, LinearLayoutManager.java",
    parameters: [
      ParameterInfo("viewCache", .number(0...1000), default: "2", "views kept bound off screen (DEFAULT_CACHE_SIZE)")
    ],
    platform: .android, role: .content, partner: "paging3")

  package static var callbacks: [StrategyCallback] { [.listDidLoad, .willDisplay, .didEndDisplaying, .frameDidFinish] }

  private var binder: RecyclerViewBinder

  package var memoryPolicy: MemoryPolicy { .glide }

  package init(parameters: StrategyParameters) {
    binder = RecyclerViewBinder(viewCacheSize: Int(parameters.number("viewCache")))
  }

  package func listDidLoad(_ list: any ListContext) { binder.start(list) }
  package func frameDidFinish(_ list: any ListContext) { binder.frameDidFinish(list) }
  package func willDisplay(_ list: any ListContext, item: Int) { binder.willDisplay(list, item: item) }
  package func didEndDisplaying(_ list: any ListContext, item: Int) { binder.didEndDisplaying(list, item: item) }
}

/// RecyclerView's binds, which load a row's image: GapWorker's one row ahead after each
/// scrolled frame (bound ahead on the main thread), every row that displays, and the view cache. Shared by `gapworker` and
/// `glide` (Glide's preloader runs on top of RecyclerView's own binds).
struct RecyclerViewBinder {
  private var prefetch: GapWorkerPrefetch
  private var viewCache: RecyclerViewCache

  init(prefetch: GapWorkerPrefetch = GapWorkerPrefetch(), viewCacheSize: Int = 2) {
    self.prefetch = prefetch
    viewCache = RecyclerViewCache(size: viewCacheSize)
  }

  /// Takes the list's first offset as where the first scroll step starts.
  mutating func start(_ list: any ListContext) { prefetch.start(list) }

  /// Binds the row ahead when its bind fits the frame's idle time. Simplified on a grid: the
  /// row's items are judged once, against the time left when GapWorker starts (GapWorker checks
  /// each against the clock its earlier binds moved), so that a port can decide the same from
  /// the facts it is given.
  mutating func frameDidFinish(_ list: any ListContext) {
    guard let ahead = prefetch.ahead(list), GapWorkerPrefetch.fits(list, neededNextFrame: ahead.neededNextFrame)
    else { return }
    for item in ahead.items {
      list.prepareRender(item)
      if list.needsContent(item) { list.requestContent(item) }
    }
  }

  mutating func willDisplay(_ list: any ListContext, item: Int) {
    viewCache.displayed(item)
    if list.needsContent(item) { list.requestContent(item) }
  }

  mutating func didEndDisplaying(_ list: any ListContext, item: Int) { viewCache.hidden(item, list: list) }
}

/// GapWorker's choice of the one row to bind ahead, shared by `gapworker` and Paging 3's hint
/// (a prefetch bind calls the adapter's `getItem`, which Paging counts as an access).
struct GapWorkerPrefetch {
  /// The offset at the end of the last frame (the list's first offset before any frame):
  /// `dy` is this frame's scroll step, the first step of a session included, as
  /// `RecyclerView.onTouchEvent` and `ViewFlinger.run` post `postFromTraversal(dx, dy)` for
  /// every step with a non-zero delta.
  private var previousOffset = 0.0

  /// Items in a grid row, read once (a run's layout does not change).
  private var perRow = 1

  mutating func start(_ list: any ListContext) {
    previousOffset = list.contentOffset
    perRow = max(1, list.rowItems)
  }

  /// The rows bound ahead after this frame, if any: the row past the leading edge in the
  /// direction of this frame's movement — one item, or on a grid the `rowItems` of its next row,
  /// as `GridLayoutManager.collectPrefetchPositionsForLayoutState` adds a position per span
  /// (androidx recyclerview `GridLayoutManager.java` @637e4015) — and whether it is needed next
  /// frame. They are bound only if `fits` (`GapWorker.prefetchPositionWithDeadline`).
  /// (Every frame of a scrolling list asks: a stride, not an array, so that asking allocates
  /// nothing.)
  mutating func ahead(_ list: any ListContext) -> (items: StrideTo<Int>, neededNextFrame: Bool)? {
    defer { previousOffset = list.contentOffset }
    let dy = list.contentOffset - previousOffset
    guard dy != 0 else { return nil }
    let visible = list.visibleItems
    guard let first = visible.first, let last = visible.last else { return nil }
    let items: StrideTo<Int>
    let distance: Double
    if dy > 0 {
      let item = last + 1
      let count = list.itemCount
      guard item < count else { return nil }
      items = stride(from: item, to: min(item + perRow, count), by: 1)
      distance = list.frame(of: item).top - (list.contentOffset + list.viewportHeight)
    } else {
      let item = first - 1
      guard item >= 0 else { return nil }
      items = stride(from: item, to: max(-1, item - perRow), by: -1)
      distance = list.contentOffset - list.frame(of: item).bottom
    }
    // GapWorker compares whole pixels (`distanceToItem <= viewVelocity`, ints); here both are
    // whole pixels to within the rounding of floating-point sums, so a tie within a millionth
    // of a point is a tie (a port summing the heights it is sent decides the same).
    return (items, distance <= abs(dy) + 1e-6)
  }

  /// Whether a row bound ahead ends before the frame's deadline: needed next frame, no bind
  /// measured yet, or the average bind fits the time left.
  static func fits(_ list: any ListContext, neededNextFrame: Bool) -> Bool {
    let average = list.averageBindTime
    return neededNextFrame || average == 0 || average < list.frameTimeRemaining
  }

  /// The one row bound ahead after this frame, if any (a list's `ahead`, its first item).
  mutating func next(_ list: any ListContext) -> Int? {
    guard let ahead = ahead(list), Self.fits(list, neededNextFrame: ahead.neededNextFrame) else { return nil }
    return ahead.items.first { _ in true }
  }
}

/// RecyclerView's view cache: the last views to leave the screen stay bound to their rows; the
/// one pushed out goes to the pool and is rebound to another row, which cancels its row's
/// image load still in flight.
struct RecyclerViewCache {
  let size: Int
  private var rows: [Int] = []

  init(size: Int) { self.size = size }

  mutating func displayed(_ item: Int) { rows.removeAll { $0 == item } }

  mutating func hidden(_ item: Int, list: any ListContext) {
    rows.append(item)
    while rows.count > size {
      let recycled = rows.removeFirst()
      if !list.hasContent(recycled) { list.cancelContent(recycled) }
    }
  }
}
