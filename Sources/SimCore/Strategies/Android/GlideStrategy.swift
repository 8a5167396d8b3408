/// Glide's `RecyclerViewPreloader`: images of the next `maxPreload` rows in the direction of
/// travel load into the memory cache; a change of direction cancels every preload. Rows bind as
/// RecyclerView binds them (`GapWorkerStrategy`), each bind loading its image; alone it runs
/// with Paging 3's pages. The rules to the letter, and where the images wait:
/// `docs/strategies.md` ("glide, to the letter", "Glide's preloads and the rows on screen").
///
/// Source: bumptech/glide @bf4901de (every Glide fact here):
/// - `library/src/main/java/com/bumptech/glide/ListPreloader.java`: `onScroll` acts when the
///   first visible row changes, forward `[firstVisible + visibleCount, + maxPreload)`, backward
///   `[firstVisible − maxPreload, firstVisible)`, skipping what the last call covered;
///   `cancelAll()` on a change of direction; a `PreloadTargetQueue` of `maxPreload + 1`.
/// - `integration/recyclerview/…/RecyclerToListViewScrollListener.java`: `visibleCount =
///   abs(firstVisible − lastVisible)`, one less than the rows on screen.
/// - `maxPreload` 10: the example of Glide's RecyclerView docs (gh-pages
///   `_posts/2017-05-10-recyclerview.md`, "just a placeholder").
/// - `sourceThreads` 4: `GlideExecutor.calculateBestThreadCount()` = min(4, cores), the source
///   executor every load runs on (`ContentQueue.loaderPool`), ordered by `Priority` then
///   creation (`DecodeJob.compareTo`); a preload is `Priority.NORMAL` unless the app sets one
///   (`preloadPriority=low`); a bind joins a preload already running (`Engine.load`).
///
/// Checked against that code run on scrollsim's scroll events, every preload and clear in
/// order (`Reports/validation-platforms.md`). State (`takeFrameState`): `preloads` and
/// `cleared`, the rows preloaded and whose targets were cleared since the last frame.
package final class GlideStrategy: PrefetchStrategy, FrameStateReporting {
  package static let info = StrategyInfo(
    name: "glide", aliases: ["glide-preloader"],
    summary: "Glide ListPreloader: maxPreload rows ahead in the direction of travel; reversing cancels all.",
    origin: "bumptech/glide ListPreloader.java; RecyclerView GapWorker binds",
    parameters: [
      ParameterInfo("maxPreload", .number(0...10_000), default: "10", "rows preloaded ahead (Glide docs' example)"),
      ParameterInfo(
        "viewCache", .number(0...1000), default: "2",
        "views kept bound off screen: RecyclerView.setItemViewCacheSize (DEFAULT_CACHE_SIZE 2)"),
      ParameterInfo(
        "sourceThreads", .number(1...64), default: "4",
        "images fetched at once: GlideExecutor's source pool, min(4, cores) threads"),
      ParameterInfo(
        "preloadPriority", .choice(["normal", "low"]), default: "normal",
        "normal: preloads and bound rows in the order made (Glide's default); low: the app sets Priority.LOW on preloads"
      ),
      ParameterInfo(
        "override", .number(0...100_000), default: "0",
        "px wide each image decodes at, as RequestOptions.override (0: not set, the view's size)"),
    ],
    platform: .android, role: .content, partner: "paging3")

  package static var callbacks: [StrategyCallback] {
    [.listDidLoad, .didScroll, .willDisplay, .didEndDisplaying, .frameDidFinish]
  }

  private let maxPreload: Int
  private var preloader: Preloader
  /// The preload targets, oldest first (at most maxPreload + 1).
  private var targets: [Int] = []
  /// RecyclerView's binds, with GapWorker's defaults.
  private var binder: RecyclerViewBinder
  /// Whether the run's frames are recorded (`beginFrameReports`): only then are the lists below
  /// kept.
  private var reportsFrames = false
  /// Since the last frame: the rows preloaded (`into`) and the rows whose preload target was
  /// cleared (`RequestManager.clear`), in order (`takeFrameState`).
  private var preloadedSinceFrame: [Int] = []
  private var clearedSinceFrame: [Int] = []

  /// `override(width, height)` (`request/BaseRequestOptions.java` @f0f85add: "Overrides the
  /// Target's width and height with the given values. This is useful for thumbnails"): the
  /// image decodes at that width, never above the source's, in proportion.
  package var memoryPolicy: MemoryPolicy {
    var policy = MemoryPolicy.glide
    if override > 0 { policy.decodeWidth = override }
    return policy
  }
  private let override: Double
  /// Glide's source executor (see above).
  package let contentQueue: ContentQueue

  package init(parameters: StrategyParameters) {
    override = parameters.number("override")
    maxPreload = Int(parameters.number("maxPreload"))
    preloader = Preloader(maxPreload: maxPreload)
    binder = RecyclerViewBinder(viewCacheSize: Int(parameters.number("viewCache")))
    contentQueue = .loaderPool(
      threads: Int(parameters.number("sourceThreads")), lowPreloads: parameters.string("preloadPriority") == "low")
  }

  /// The rows one `onScroll` preloads, in order, and the state it leaves (`ListPreloader`).
  package struct Preloader: Equatable, Sendable {
    package var maxPreload: Int
    package var lastFirstVisible = -1
    package var lastStart = 0
    package var lastEnd = 0
    package var isIncreasing = true

    package init(maxPreload: Int) { self.maxPreload = maxPreload }

    /// Returns the rows to preload and whether every earlier preload is cancelled first.
    package mutating func onScroll(firstVisible: Int, visibleCount: Int, totalCount: Int) -> (
      rows: [Int], cancelAll: Bool
    ) {
      defer { lastFirstVisible = firstVisible }
      if firstVisible > lastFirstVisible {
        return preload(start: firstVisible + visibleCount, increasing: true, total: totalCount)
      } else if firstVisible < lastFirstVisible {
        return preload(start: firstVisible, increasing: false, total: totalCount)
      }
      return ([], false)
    }

    private mutating func preload(start: Int, increasing: Bool, total: Int) -> (rows: [Int], cancelAll: Bool) {
      let cancel = isIncreasing != increasing
      isIncreasing = increasing
      let from = start
      let to = start + (increasing ? maxPreload : -maxPreload)
      var first: Int
      var end: Int
      if from < to {
        first = max(lastEnd, from)
        end = to
      } else {
        first = to
        end = min(lastStart, from)
      }
      end = min(total, end)
      first = min(total, max(0, first))
      let rows = first < end ? Array(first..<end) : []
      lastStart = first
      lastEnd = end
      return (from < to ? rows : rows.reversed(), cancel)
    }
  }

  /// The first layout binds the rows on screen, then tells the scroll listeners: androidx
  /// `RecyclerView.java` @a9b06aaf, `dispatchLayoutStep3` ends with `dispatchOnScrolled(0, 0)`
  /// when the laid-out range changed. So the rows on screen ask for their images before the
  /// preloader's first rows, and go first in Glide's queue.
  package func listDidLoad(_ list: any ListContext) {
    binder.start(list)
    for item in list.visibleItems where list.needsContent(item) { list.requestContent(item) }
    onScroll(list)
  }

  package func didScroll(_ list: any ListContext) { onScroll(list) }
  package func frameDidFinish(_ list: any ListContext) { binder.frameDidFinish(list) }

  package func willDisplay(_ list: any ListContext, item: Int) { binder.willDisplay(list, item: item) }
  package func didEndDisplaying(_ list: any ListContext, item: Int) { binder.didEndDisplaying(list, item: item) }

  private func onScroll(_ list: any ListContext) {
    let visible = list.visibleItems
    guard let first = visible.first, let last = visible.last else { return }
    let step = preloader.onScroll(firstVisible: first, visibleCount: abs(first - last), totalCount: list.itemCount)
    if step.cancelAll {
      if reportsFrames { clearedSinceFrame += targets }
      for item in targets where !visible.contains(item) { list.cancelContent(item) }
      targets.removeAll()
    }
    for item in step.rows {
      if reportsFrames { preloadedSinceFrame.append(item) }
      if targets.count == maxPreload + 1 {
        // Never the row being preloaded: within one direction the rows only move on, and a
        // reversal empties the targets first.
        let oldest = targets.removeFirst()
        if reportsFrames { clearedSinceFrame.append(oldest) }
        if !list.hasContent(oldest) && !visible.contains(oldest) { list.cancelContent(oldest) }
      }
      targets.append(item)
      if list.needsContent(item) { list.requestContent(item) }
    }
  }

  package func beginFrameReports() { reportsFrames = true }

  /// The rows preloaded and cleared since the last frame, in order.
  package func takeFrameState() -> JSONValue? {
    defer {
      preloadedSinceFrame.removeAll(keepingCapacity: true)
      clearedSinceFrame.removeAll(keepingCapacity: true)
    }
    return .object([
      ("preloads", .array(preloadedSinceFrame.map { .number(Double($0)) })),
      ("cleared", .array(clearedSinceFrame.map { .number(Double($0)) })),
    ])
  }
}
