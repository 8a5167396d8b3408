/// RecyclerView's GapWorker: after each frame that scrolled, one item past the leading edge is
/// created and bound ahead of time, which is what asks the image loader for its image.
///
/// Source (androidx/androidx): `recyclerview/recyclerview/src/main/java/androidx/recyclerview/
/// widget/GapWorker.java` @637e4015 and `LinearLayoutManager.java` @11961cb8
/// (`collectAdjacentPrefetchPositions`): every scroll step with a non-zero delta posts one
/// prefetch run after the frame; LinearLayoutManager offers exactly **one** position past the
/// leading edge, at its distance from the edge. A task whose distance ≤ |dy| ("needed next
/// frame") runs regardless of the deadline; others run only if the view type's average
/// create+bind time fits before the next vsync. Nothing is cancelled; a prefetched view waits
/// in the view cache (`DEFAULT_CACHE_SIZE` = 2, plus the most prefetched at once).
///
/// Simplified: scrollsim has no model of the frame's own CPU work, so the deadline is
/// `frameInterval − frameWorkMs` against `bindMs`, both scrollsim's assumptions (set them from
/// a Systrace of your app); with the defaults a 60 Hz frame has room and a 120 Hz frame has
/// not. Views that leave the screen wait in the 2-view cache with their image; the one pushed
/// out is rebound to another row, and its image load still in flight is cancelled (what
/// Glide's `into()` does to a reused ImageView). Alone it runs with Paging 3's page rule.
public final class GapWorkerStrategy: PrefetchStrategy {
  public static let info = StrategyInfo(
    name: "gapworker", aliases: ["recyclerview"],
    summary: "RecyclerView: bind one item past the leading edge after each scrolled frame.",
    origin: "androidx GapWorker.java, LinearLayoutManager.java",
    parameters: [
      ParameterInfo("bindMs", .number(0...1000), default: "4", "average create+bind time of a row (assumed)"),
      ParameterInfo("frameWorkMs", .number(0...1000), default: "8", "CPU time of the frame itself (assumed)"),
      ParameterInfo("viewCache", .number(0...1000), default: "2", "views kept bound off screen (DEFAULT_CACHE_SIZE)"),
    ],
    platform: .android, role: .content, partner: "paging3")

  private var binder: RecyclerViewBinder

  public init(parameters: StrategyParameters) {
    binder = RecyclerViewBinder(
      prefetch: GapWorkerPrefetch(bindMs: parameters.number("bindMs"), frameWorkMs: parameters.number("frameWorkMs")),
      viewCacheSize: Int(parameters.number("viewCache")))
  }

  public func didScroll(_ list: any ListContext) { binder.didScroll(list) }
  public func willDisplay(_ list: any ListContext, item: Int) { binder.willDisplay(list, item: item) }
  public func didEndDisplaying(_ list: any ListContext, item: Int) { binder.didEndDisplaying(list, item: item) }
}

/// RecyclerView's binds, which load a row's image: GapWorker's one row ahead after each
/// scrolled frame, every row that displays, and the view cache. Shared by `gapworker` and
/// `glide` (Glide's preloader runs on top of RecyclerView's own binds).
struct RecyclerViewBinder {
  private var prefetch: GapWorkerPrefetch
  private var viewCache: RecyclerViewCache

  init(prefetch: GapWorkerPrefetch = GapWorkerPrefetch(), viewCacheSize: Int = 2) {
    self.prefetch = prefetch
    viewCache = RecyclerViewCache(size: viewCacheSize)
  }

  mutating func didScroll(_ list: any ListContext) {
    if let item = prefetch.next(list), list.needsContent(item) { list.requestContent(item) }
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
  let bindMs: Double
  let frameWorkMs: Double
  private var previousOffset: Double?

  init(bindMs: Double = 4, frameWorkMs: Double = 8) {
    self.bindMs = bindMs
    self.frameWorkMs = frameWorkMs
  }

  /// The row bound ahead after this frame, if any: one past the leading edge in the direction
  /// of this frame's movement, skipped when it is not needed next frame and the bind would
  /// miss the deadline.
  mutating func next(_ list: any ListContext) -> Int? {
    defer { previousOffset = list.contentOffset }
    guard let previous = previousOffset else { return nil }
    let dy = list.contentOffset - previous
    guard dy != 0 else { return nil }
    let visible = list.visibleItems
    guard let first = visible.first, let last = visible.last else { return nil }
    let item: Int
    let distance: Double
    if dy > 0 {
      item = last + 1
      guard item < list.itemCount else { return nil }
      distance = list.frame(of: item).top - (list.contentOffset + list.viewportHeight)
    } else {
      item = first - 1
      guard item >= 0 else { return nil }
      distance = list.contentOffset - list.frame(of: item).bottom
    }
    let neededNextFrame = distance <= abs(dy)
    let idleMs = list.frameInterval * 1000 - frameWorkMs
    guard neededNextFrame || bindMs <= idleMs else { return nil }
    return item
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
