/// Flutter's `ListView.builder`: rows are built within `cacheExtent` px on both sides of the
/// viewport, an `Image` defers its load while the list moves fast, and the item builder asks
/// for the next page when it builds one of the last rows.
///
/// Sources (flutter/flutter):
/// - `packages/flutter/lib/src/rendering/viewport.dart` @001fc4d5:
///   `RenderAbstractViewport.defaultCacheExtent = 250.0`, style pixel: children are built in
///   `[offset − 250, offset + viewport + 250]`, with no velocity bias. A built child keeps its
///   image while it stays built, on screen or off; children leaving it are disposed (their
///   image stays in the `ImageCache`, and a load in flight goes on into it: nothing is
///   cancelled).
/// - Edges: `packages/flutter/lib/src/rendering/sliver_list.dart` @eb3072fc
///   (`RenderSliverList.performLayout`) builds children while the last one ends before the
///   cache end (`while (endScrollOffset < targetEndScrollOffset)`: a child is built when its
///   top < cache end) and drops leading children while they end before the cache start
///   (`while (endScrollOffset < scrollOffset)`: a built child whose bottom is exactly at the
///   cache start stays). Scrolling back, it inserts children only while the first one starts
///   after the cache start, so a child ending exactly there is not built anew.
/// - `packages/flutter/lib/src/widgets/scroll_aware_image_provider.dart` @01b403b6 and
///   `scroll_physics.dart` `recommendDeferredLoading`: an uncached image waits while
///   `|velocity| > physicalSize.longestSide`, re-checked every frame. The velocity is in
///   logical px/s and the size in physical px, so the bar is `devicePixelRatio` screen lengths
///   per second; scrollsim takes the viewport's height as the longest side and
///   `devicePixelRatio` from the trace's density unless the parameter is given.
/// - Which velocity (`widgets/scroll_position.dart` `recommendDeferredLoading` passes
///   `activity!.velocity + _impliedVelocity`; `widgets/scroll_activity.dart`): a
///   `DragScrollActivity` reports 0 ("not independently changing velocity yet until the drag
///   is ended"), a `BallisticScrollActivity` its simulation's velocity, an idle one 0. So
///   images defer only in momentum, never under the finger, and a jump (a held drag catching
///   up when a page arrives) defers nothing.
/// - The page rule is an app's, as Flutter ships none: the widespread
///   `infinite_scroll_pagination` package requests the next page when the builder builds row
///   `itemCount − invisibleItemsThreshold` (default 3), once per item count.
/// - Where the work runs (flutter/engine `lib/ui/painting/image_decoder_skia.cc` @97badba8;
///   "Flutter performance profiling", docs.flutter.dev): the UI thread builds and lays out each
///   child as it enters the cache extent, so a child's build costs the frame that builds it
///   (`prepareRender`); images decode on a worker thread (the default `threading`).
/// - `cacheWidth` (`packages/flutter/lib/src/widgets/image.dart` @0a62b6ae: `Image.network(…,
///   cacheWidth:)` wraps the provider in `ResizeImage.resizeIfNeeded`, "decoded at the specified
///   size … primarily intended to reduce the memory usage of ImageCache"; the height follows in
///   proportion and `ResizeImage` does not upscale by default): a team's code sets it per
///   `Image`; the parameter sets it for every row, and wins over the scenario's
///   `image.decodeWidth`.
/// Simplified: the momentum's velocity is measured from the drawn frames' offsets (Flutter
/// reads its ballistic simulation's); `_impliedVelocity` (a `forcePixels` jump, one frame) is
/// left out.
package final class FlutterListStrategy: PrefetchStrategy {
  package static let info = StrategyInfo(
    name: "flutter", aliases: ["flutter-listview"],
    summary: "ListView: build (and load) within 250 px both ways; defer images above dpr screens/s.",
    origin: "flutter viewport.dart defaultCacheExtent, scroll_aware_image_provider.dart; infinite_scroll_pagination",
    parameters: [
      ParameterInfo("cacheExtent", .number(0...1_000_000), default: "250", "px built beyond each edge"),
      ParameterInfo(
        "devicePixelRatio", .number(0...10), default: "3",
        "deferral bar in screens per second (0: off; unset, it follows the trace's density)"),
      ParameterInfo(
        "invisibleItemsThreshold", .number(0...10_000), default: "3", "next page when this row from the end builds"),
      ParameterInfo(
        "cacheWidth", .number(0...100_000), default: "0",
        "px each Image decodes at, as Image.network's cacheWidth (0: not set; the scenario's image.decodeWidth)"),
    ],
    platform: .flutter)

  package static var callbacks: [StrategyCallback] {
    [.listDidLoad, .didScroll, .didEndDragging, .didEndDecelerating, .requestDidComplete, .requestDidFail]
  }

  private let cacheExtent: Double
  private let cacheWidth: Double
  /// Given as a parameter, or nil: the trace's density.
  private let devicePixelRatio: Double?
  private let threshold: Int
  private var band = ListBand()
  private var built: [Int] = []
  private var deferred: Set<Int> = []
  private var frames = FrameVelocity()
  private var velocity = 0.0
  private var requestedForCount = -1

  /// Built children live off screen with their image until they leave the cache extent.
  package var keepsOffscreenCells: Bool { true }

  /// `Image.network(cacheWidth:)`: the image decodes at most that wide, in proportion.
  package var memoryPolicy: MemoryPolicy {
    var policy = MemoryPolicy.flutter
    if cacheWidth > 0 { policy.decodeWidth = cacheWidth }
    return policy
  }

  package init(parameters: StrategyParameters) {
    cacheWidth = parameters.number("cacheWidth")
    cacheExtent = parameters.number("cacheExtent")
    devicePixelRatio = parameters.isGiven("devicePixelRatio") ? parameters.number("devicePixelRatio") : nil
    threshold = Int(parameters.number("invisibleItemsThreshold"))
  }

  /// Whether `ScrollAwareImageProvider` waits at this velocity (logical px/s).
  package static func defers(velocity: Double, viewportHeight: Double, devicePixelRatio: Double) -> Bool {
    devicePixelRatio > 0 && abs(velocity) > viewportHeight * devicePixelRatio
  }

  package func listDidLoad(_ list: any ListContext) {
    frames.start(list)
    layout(list)
  }

  package func didScroll(_ list: any ListContext) {
    let measured = frames.update(list)
    // The activity's velocity: the ballistic one's in momentum, 0 under the finger or at rest.
    velocity = list.isDecelerating && !list.isTracking ? measured?.velocity ?? velocity : 0
    layout(list)
  }

  package func didEndDragging(_ list: any ListContext, willDecelerate: Bool) {
    if !willDecelerate { settle(list) }
  }

  package func didEndDecelerating(_ list: any ListContext) { settle(list) }

  package func requestDidComplete(_ list: any ListContext, kind: RequestKind, index: Int) {
    if kind == .page { layout(list) }
  }

  /// The item builder's own page rule asks again after a failure (as its error row's retry).
  package func requestDidFail(_ list: any ListContext, kind: RequestKind, index: Int) {
    if kind == .page {
      requestedForCount = -1
      layout(list)
    }
  }

  private func settle(_ list: any ListContext) {
    velocity = 0
    layout(list)
  }

  /// The children built for this offset: those overlapping the cache extent, plus a built one
  /// whose bottom is exactly at its start (`sliver_list.dart` keeps it).
  private func layout(_ list: any ListContext) {
    let cacheStart = list.contentOffset - cacheExtent
    var now = list.items(in: &band, from: cacheStart, to: list.contentOffset + list.viewportHeight + cacheExtent)
    if let first = now.first, first > 0, list.frame(of: first - 1).bottom == cacheStart,
      built.contains(first - 1)
    {
      now.insert(first - 1, at: 0)
    }
    let fast = Self.defers(
      velocity: velocity, viewportHeight: list.viewportHeight, devicePixelRatio: devicePixelRatio ?? list.density)
    if now != built {
      let before = Set(built)
      for item in built where !now.contains(item) {
        deferred.remove(item)
        list.clearContent(item)
        list.discardRender(item)
      }
      for item in now where !before.contains(item) { build(item, list) }
      built = now
    }
    guard !fast, !deferred.isEmpty else { return }
    for item in deferred.sorted() where list.needsContent(item) { list.requestContent(item) }
    deferred.removeAll()
  }

  /// Builds the child in this frame's layout, on the UI thread (a bind ahead of display).
  private func build(_ item: Int, _ list: any ListContext) {
    list.prepareRender(item)
    if list.feedKind == .placeholder {
      list.load(item, content: false)
    } else if item == max(0, list.itemCount - threshold), list.hasMoreData, requestedForCount != list.itemCount,
      list.pageRequestsOutstanding == 0
    {
      requestedForCount = list.itemCount
      list.requestPage(list.nextPageIndex)
    }
    guard list.needsContent(item) else { return }
    if Self.defers(
      velocity: velocity, viewportHeight: list.viewportHeight, devicePixelRatio: devicePixelRatio ?? list.density)
    {
      deferred.insert(item)
    } else {
      list.requestContent(item)
    }
  }
}
