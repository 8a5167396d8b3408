/// Texture's intelligent preloading: preload, display and visible ranges, plus batch fetching.
///
/// Origin: seed 001 scheme 4 and seed 004, with Texture's current source defaults (see
/// `TextureRanges` for files and numbers). Behaviour copied from Texture:
/// - Mode (`ASRangeController.mm`): Minimum tuning until the user first drags
///   (`scrollViewWillBeginDragging` marks the content as scrolled), Full after.
/// - Direction (`ASCollectionView.mm -scrollDirection`): while the finger drags, from the pan
///   movement; while decelerating, from `targetContentOffset − contentOffset`; otherwise the
///   previous direction; initially down.
/// - Entering preload starts the content (image) fetch — and the data fetch on a placeholder
///   feed; leaving preload cancels the download and clears the image (`ASNetworkImageNode
///   didExitPreloadState`) when `clear=true`. Entering display starts rendering; leaving
///   display drops the rendering when `clear=true`.
/// - Batch fetching (`leadingScreens` 2.0): checked at will-end-dragging with the target
///   offset, after data updates and at the end of deceleration; one batch in flight; none
///   while scrolling toward the head.
/// Simplified: ranges update once per frame and on data changes (Texture updates on layout
/// passes); no memory-pressure modes.
package final class SmartRangeStrategy: PrefetchStrategy {
  package static let info = StrategyInfo(
    name: "smart-range", aliases: ["smart"],
    summary: "Texture's preload/display ranges in screenfuls plus batch fetching.",
    origin: "seeds 001 scheme 4 and 004; Texture ASAbstractLayoutController, ASRangeController, ASBatchFetching",
    parameters: [
      ParameterInfo(
        "mode", .choice(["auto", "full", "minimum"]), default: "auto",
        "auto: Minimum until the first drag, then Full (Texture)"),
      ParameterInfo("preloadLeading", .number(0...100), default: "2.5", "Full preload range ahead, screenfuls"),
      ParameterInfo("preloadTrailing", .number(0...100), default: "1.5", "Full preload range behind, screenfuls"),
      ParameterInfo("displayLeading", .number(0...100), default: "1", "Full display range ahead, screenfuls"),
      ParameterInfo("displayTrailing", .number(0...100), default: "0.5", "Full display range behind, screenfuls"),
      ParameterInfo("minPreloadLeading", .number(0...100), default: "0.5", "Minimum preload range ahead"),
      ParameterInfo("minPreloadTrailing", .number(0...100), default: "0.25", "Minimum preload range behind"),
      ParameterInfo("minDisplayLeading", .number(0...100), default: "0.25", "Minimum display range ahead"),
      ParameterInfo("minDisplayTrailing", .number(0...100), default: "0.25", "Minimum display range behind"),
      ParameterInfo(
        "leadingScreens", .number(0...100), default: "2", "batch fetch when this many screens from the end (0 = off)"),
      ParameterInfo("clear", .flag, default: "true", "leaving a range cancels and clears (Texture)"),
    ],
    platform: .seeds)

  package static var callbacks: [StrategyCallback] {
    [
      .listDidLoad, .didScroll, .willBeginDragging, .willEndDragging, .didEndDecelerating, .didEndDisplaying,
      .requestDidComplete, .requestDidFail,
    ]
  }

  private let mode: String
  private let full: (display: TextureRanges.Tuning, preload: TextureRanges.Tuning)
  private let minimum: (display: TextureRanges.Tuning, preload: TextureRanges.Tuning)
  private let leadingScreens: Double
  private let clearOnExit: Bool

  // Release builds skip the runtime's exclusivity checks on the state read every frame (why
  // and what it saves: docs/performance.md, "Where release builds skip exclusivity checks").
  private var hasScrolled = false
  private var direction = TextureRanges.Direction.down
  private var previousOffset: Double?
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var preloadBand = ListBand()
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var displayBand = ListBand()
  /// The rows in each range (sorted), as of the last change.
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var preloadItems: [Int] = []
  #if !DEBUG
    @exclusivity(unchecked)
  #endif
  private var displayItems: [Int] = []

  package init(parameters: StrategyParameters) {
    mode = parameters.string("mode")
    full = (
      TextureRanges.Tuning(
        leading: parameters.number("displayLeading"), trailing: parameters.number("displayTrailing")),
      TextureRanges.Tuning(leading: parameters.number("preloadLeading"), trailing: parameters.number("preloadTrailing"))
    )
    minimum = (
      TextureRanges.Tuning(
        leading: parameters.number("minDisplayLeading"), trailing: parameters.number("minDisplayTrailing")),
      TextureRanges.Tuning(
        leading: parameters.number("minPreloadLeading"), trailing: parameters.number("minPreloadTrailing"))
    )
    leadingScreens = parameters.number("leadingScreens")
    clearOnExit = parameters.flag("clear")
  }

  package var keepsOffscreenCells: Bool { true }
  /// Texture allocates and lays out cell nodes on a background queue (`ASDataController.h`)
  /// and draws them on a display queue (`displaysAsynchronously`, `ASDisplayNode.h`
  /// @be0b74b4): a slow cell is blank, never a late frame.
  package var threading: RowThreading { RowThreading(bind: .asynchronous, decode: .background) }

  package func listDidLoad(_ list: any ListContext) {
    updateRanges(list)
    batchFetchIfNeeded(list, offset: list.contentOffset)
  }

  package func didScroll(_ list: any ListContext) {
    updateDirection(list)
    updateRanges(list)
  }

  package func willBeginDragging(_ list: any ListContext) {
    hasScrolled = true
  }

  package func willEndDragging(_ list: any ListContext, velocity: Double, targetContentOffset: Double) {
    if targetContentOffset != list.contentOffset {
      direction = targetContentOffset > list.contentOffset ? .down : .up
    }
    batchFetchIfNeeded(list, offset: targetContentOffset)
  }

  package func didEndDecelerating(_ list: any ListContext) {
    batchFetchIfNeeded(list, offset: list.contentOffset)
  }

  package func didEndDisplaying(_ list: any ListContext, item: Int) {
    if !displayItems.contains(item) && clearOnExit { list.discardRender(item) }
  }

  package func requestDidComplete(_ list: any ListContext, kind: RequestKind, index: Int) {
    guard kind == .page else { return }
    updateRanges(list)
    batchFetchIfNeeded(list, offset: list.contentOffset)
  }

  /// A failed batch ends the batch context (`completeBatchFetching`); the check runs again.
  package func requestDidFail(_ list: any ListContext, kind: RequestKind, index: Int) {
    if kind == .page { batchFetchIfNeeded(list, offset: list.contentOffset) }
  }

  private func updateDirection(_ list: any ListContext) {
    defer { previousOffset = list.contentOffset }
    if list.isDecelerating, let target = list.targetContentOffset {
      if target != list.contentOffset { direction = target > list.contentOffset ? .down : .up }
    } else if list.isTracking, let previous = previousOffset, previous != list.contentOffset {
      direction = list.contentOffset > previous ? .down : .up
    }
  }

  private func updateRanges(_ list: any ListContext) {
    let useFull = mode == "full" || (mode == "auto" && hasScrolled)
    let tuning = useFull ? full : minimum
    let offset = list.contentOffset
    let height = list.viewportHeight
    let preloadRect = TextureRanges.rect(
      offset: offset, viewportHeight: height, tuning: tuning.preload, direction: direction)
    let displayRect = TextureRanges.rect(
      offset: offset, viewportHeight: height, tuning: tuning.display, direction: direction)
    // Only a band whose rows may have changed is asked of the list (most frames: neither). A
    // band's version moves exactly when its rows change, and its rows as last acted on are
    // `preloadItems`/`displayItems`.
    let count = list.itemCount
    var preloadChanged = false
    var displayChanged = false
    if !preloadBand.isValid(from: preloadRect.lowerBound, to: preloadRect.upperBound, count: count) {
      let version = preloadBand.version
      _ = list.items(in: &preloadBand, from: preloadRect.lowerBound, to: preloadRect.upperBound)
      preloadChanged = preloadBand.version != version
    }
    if !displayBand.isValid(from: displayRect.lowerBound, to: displayRect.upperBound, count: count) {
      let version = displayBand.version
      _ = list.items(in: &displayBand, from: displayRect.lowerBound, to: displayRect.upperBound)
      displayChanged = displayBand.version != version
    }
    guard preloadChanged || displayChanged else { return }
    let (oldPreload, oldDisplay) = (preloadItems, displayItems)
    let (newPreload, newDisplay) = (preloadBand.items, displayBand.items)
    preloadItems = newPreload
    displayItems = newDisplay
    // The rects contain the viewport, so visible implies display implies preload. Rows that
    // left the ranges first, then rows that came; the differences are visited, not collected.
    if clearOnExit {
      if preloadChanged {
        visitSortedDifference(
          from: oldPreload, to: newPreload,
          removed: { item in
            list.cancelContent(item)
            list.clearContent(item)
          })
      }
      if displayChanged {
        let visible = list.visibleItems
        visitSortedDifference(
          from: oldDisplay, to: newDisplay, removed: { item in if !visible.contains(item) { list.discardRender(item) } }
        )
      }
    }
    if preloadChanged { visitSortedDifference(from: oldPreload, to: newPreload, added: { item in list.load(item) }) }
    if displayChanged {
      visitSortedDifference(from: oldDisplay, to: newDisplay, added: { item in list.prepareRender(item) })
    }
  }

  private func batchFetchIfNeeded(_ list: any ListContext, offset: Double) {
    guard list.feedKind == .append, list.hasMoreData else { return }
    let fetch = TextureRanges.shouldBatchFetch(
      isFetching: list.pageRequestsOutstanding > 0, leadingScreens: leadingScreens, direction: direction,
      viewLength: list.viewportHeight, contentLength: list.contentLength, targetOffset: offset)
    if fetch { list.requestPage(list.nextPageIndex) }
  }
}
