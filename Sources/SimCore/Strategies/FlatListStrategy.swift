/// React Native's `FlatList` (VirtualizedList): a render window of `windowSize` visible lengths
/// filled in batches, and `onEndReached` for the next page.
///
/// Source: facebook/react-native `packages/virtualized-lists/Lists/VirtualizedList.js`
/// @014c1e34 and `VirtualizeUtils.js` @0de6a152. Defaults `initialNumToRender` 10,
/// `maxToRenderPerBatch` 10, `windowSize` 21, `updateCellsBatchingPeriod` 50 ms. The window
/// reaches `(windowSize − 1) / 2` visible lengths past each edge (the velocity-biased split is
/// commented out in the source); each batch renders at most `maxToRenderPerBatch` new cells,
/// the side the list moves toward first; batches wait 50 ms unless a visible row is not
/// rendered. `onEndReached` fires once per content length, after the last row is rendered,
/// when the distance from the end is ≤ `onEndReachedThreshold × visible length` — or ≤ 2 px
/// when the app sets no threshold (`DEFAULT_THRESHOLD_PX`), which is RN's default here.
/// A rendered cell mounts its `Image`, which loads; a cell leaving the window unmounts, which
/// cancels its load; rendered cells off screen keep their image.
/// Simplified: scrollsim has no timers, so batches run at drawn frames and, when scrolling
/// stops, the rest of the window renders at once (RN would take 50 ms per 10 cells).
public final class FlatListStrategy: PrefetchStrategy {
  public static let info = StrategyInfo(
    name: "flatlist", aliases: ["virtualizedlist", "react-native"],
    summary: "RN FlatList: window of 21 visible lengths in batches of 10 every 50 ms; onEndReached.",
    origin: "react-native VirtualizedList.js, VirtualizeUtils.js",
    parameters: [
      ParameterInfo("windowSize", .number(1...1000), default: "21", "visible lengths rendered"),
      ParameterInfo("maxToRenderPerBatch", .number(1...10_000), default: "10", "new cells per batch"),
      ParameterInfo("batchingPeriod", .number(0...10_000), default: "50", "ms between batches"),
      ParameterInfo("initialNumToRender", .number(0...10_000), default: "10", "cells rendered first"),
      ParameterInfo(
        "onEndReachedThreshold", .number(-1...100), default: "-1", "visible lengths; -1 = not set: 2 px from the end"),
    ],
    platform: .reactNative)

  private let windowSize: Double
  private let perBatch: Int
  private let batchingPeriod: Double
  private let initialNumToRender: Int
  private let endThreshold: Double
  private var rendered: Set<Int> = []
  private var lastBatch = -Double.infinity
  private var sentEndForContentLength = -1.0
  private var previousOffset: Double?
  private var goingDown = true
  private var band = ListBand()

  public init(parameters: StrategyParameters) {
    windowSize = parameters.number("windowSize")
    perBatch = Int(parameters.number("maxToRenderPerBatch"))
    batchingPeriod = parameters.number("batchingPeriod") / 1000
    initialNumToRender = Int(parameters.number("initialNumToRender"))
    endThreshold = parameters.number("onEndReachedThreshold")
  }

  public var keepsOffscreenCells: Bool { true }

  /// `_maybeCallOnEdgeReached`'s distance test.
  public static func isWithinEnd(distanceFromEnd: Double, visibleLength: Double, threshold: Double) -> Bool {
    distanceFromEnd <= (threshold < 0 ? 2 : threshold * visibleLength)
  }

  public func listDidLoad(_ list: any ListContext) {
    for item in 0..<min(initialNumToRender, list.itemCount) { mount(item, list) }
    update(list, force: true)
  }

  public func didScroll(_ list: any ListContext) {
    if let previous = previousOffset, previous != list.contentOffset { goingDown = list.contentOffset > previous }
    previousOffset = list.contentOffset
    update(list, force: false)
  }

  public func didEndDragging(_ list: any ListContext, willDecelerate: Bool) {
    if !willDecelerate { update(list, force: true, all: true) }
  }
  public func didEndDecelerating(_ list: any ListContext) { update(list, force: true, all: true) }

  public func requestDidComplete(_ list: any ListContext, kind: RequestKind, index: Int) {
    if kind == .page { update(list, force: true) }
  }

  /// A visible row is always mounted (a batch would not leave the screen blank).
  public func willDisplay(_ list: any ListContext, item: Int) { mount(item, list) }

  private func mount(_ item: Int, _ list: any ListContext) {
    guard rendered.insert(item).inserted else { return }
    if list.feedKind == .placeholder { list.load([item], content: false) }
    if list.needsContent(item) { list.requestContent(item) }
  }

  private func update(_ list: any ListContext, force: Bool, all: Bool = false) {
    let overscan = (windowSize - 1) / 2 * list.viewportHeight
    let window = list.items(
      in: &band, from: list.contentOffset - overscan, to: list.contentOffset + list.viewportHeight + overscan)
    let inWindow = Set(window)
    for item in rendered.sorted() where !inWindow.contains(item) {
      rendered.remove(item)
      if !list.hasContent(item) { list.cancelContent(item) }
      list.clearContent(item)
    }
    let blank = list.visibleItems.contains { !rendered.contains($0) }
    if force || blank || list.time - lastBatch >= batchingPeriod {
      lastBatch = list.time
      // Nearest the viewport first, the side of travel before the other.
      let visible = list.visibleItems
      let top = visible.first ?? 0
      let bottom = visible.last ?? 0
      let ahead = goingDown ? window.filter { $0 > bottom } : window.filter { $0 < top }.reversed()
      let behind = goingDown ? window.filter { $0 < top }.reversed() : window.filter { $0 > bottom }
      var budget = all ? Int.max : perBatch
      for item in visible + ahead + behind where budget > 0 && !rendered.contains(item) {
        mount(item, list)
        budget -= 1
      }
    }
    maybeCallOnEndReached(list)
  }

  private func maybeCallOnEndReached(_ list: any ListContext) {
    guard list.feedKind == .append, list.hasMoreData, list.itemCount > 0 else { return }
    let distance = max(0, list.contentLength - list.viewportHeight - list.contentOffset)
    guard rendered.contains(list.itemCount - 1),
      Self.isWithinEnd(distanceFromEnd: distance, visibleLength: list.viewportHeight, threshold: endThreshold),
      sentEndForContentLength != list.contentLength, list.pageRequestsOutstanding == 0
    else { return }
    sentEndForContentLength = list.contentLength
    list.requestPage(list.nextPageIndex)
  }
}
