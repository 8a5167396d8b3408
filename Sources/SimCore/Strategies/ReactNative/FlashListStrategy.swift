/// Shopify's FlashList v2: recycled cells engaged within `drawDistance` around the viewport,
/// 70 % of the buffer ahead, shifted by the scroll velocity, and `onEndReached` at half a
/// visible length from the end.
///
/// Source: Shopify/flash-list `src/recyclerview/helpers/EngagedIndicesTracker.ts` @18fa3703,
/// `VelocityTracker.ts` @4a88b471, `RecyclerViewManager.ts` @06fae510,
/// `hooks/useBoundDetection.ts` @06fae510. `drawDistance` 250 px (native); the buffer
/// `2 × drawDistance` is split 70 % ahead / 30 % behind (`Math.ceil` of each), the direction
/// being the majority vote of a 5-slot velocity history that starts as `[0, 0, 0, −0.1, −0.1]`
/// px/ms (so "backward" until three forward samples arrive; a tie is forward). Buffer that
/// would fall before the list's start is added after the viewport, and then what would fall
/// past the end is added before it (both edges, in that order). The viewport is projected
/// ahead by the median of the history × the average render time (starts at 16 ms, capped at
/// 32 ms; scrollsim keeps a fixed `renderMs`). `onEndReachedThreshold` 0.5 visible lengths,
/// once per entry into the zone or data change. An engaged cell mounts its image; a cell
/// leaving is recycled for another row, so its row's load is cancelled and its image dropped.
/// Simplified: velocities are measured between drawn frames (FlashList: between onScroll
/// events); the visible rows are always engaged. 100 ms after the last scroll event
/// `VelocityTracker` reports the momentum's end: the history restarts as
/// `[0, 0, 0, ±0.1, ±0.1]` in the direction it had, and a zero velocity goes in.
/// Edges: a row is engaged when it touches the window (`LayoutManager.getVisibleLayouts` with
/// `utils/findVisibleIndex.ts` @38b1d736: first row with `y + height >= start`, last with
/// `y <= end`), and the end zone is entered when `Math.ceil(offset + visibleLength) >=
/// contentLength − threshold × visibleLength` (`useBoundDetection.ts`).
public final class FlashListStrategy: PrefetchStrategy {
  public static let info = StrategyInfo(
    name: "flashlist", aliases: ["flash-list"],
    summary: "FlashList v2: engage 2×250 px split 70/30 ahead, shifted by velocity; onEndReached at 0.5.",
    origin: "Shopify/flash-list EngagedIndicesTracker.ts, VelocityTracker.ts, useBoundDetection.ts",
    parameters: [
      ParameterInfo("drawDistance", .number(0...1_000_000), default: "250", "px; the buffer is twice this"),
      ParameterInfo("renderMs", .number(0...32), default: "16", "average render time the window is projected by"),
      ParameterInfo("onEndReachedThreshold", .number(0...100), default: "0.5", "visible lengths from the end"),
    ],
    platform: .reactNative)

  private let drawDistance: Double
  private let renderTime: Double
  private let endThreshold: Double
  /// Velocities in pt/s, a ring of 5 as `velocityHistory` (−0.1 px/ms = −100 pt/s).
  private var history: [Double] = [0, 0, 0, -100, -100]
  private var historyIndex = 0
  /// The last scroll event, while its momentum end is still to come.
  private var lastScrollTime: Double?
  private var frames = FrameVelocity()
  private var engaged: [Int] = []
  private var band = ListBand()
  private var inEndZone = false
  private var endZoneItemCount = -1

  /// Engaged cells are mounted off screen with their image until recycled.
  public var keepsOffscreenCells: Bool { true }

  public var memoryPolicy: MemoryPolicy { .flashList }

  public init(parameters: StrategyParameters) {
    drawDistance = parameters.number("drawDistance")
    renderTime = parameters.number("renderMs") / 1000
    endThreshold = parameters.number("onEndReachedThreshold")
  }

  /// The engaged window's edges in content coordinates (a row touching either is engaged) (`EngagedIndicesTracker
  /// .updateScrollOffset`): `offset` already projected by the velocity shift.
  public static func engagedRange(
    offset: Double, viewportHeight: Double, contentLength: Double, drawDistance: Double, forward: Bool,
    shift: Double
  ) -> Range<Double> {
    let buffer = 2 * drawDistance
    let before = (buffer * (forward ? 0.3 : 0.7)).rounded(.up)
    let after = (buffer * (forward ? 0.7 : 0.3)).rounded(.up)
    let start = offset + shift
    var lower = max(0, start - before)
    var upper = start + viewportHeight + after + max(0, before - start)
    if upper > contentLength {
      lower = max(0, lower - (upper - contentLength))
      upper = contentLength
    }
    return lower..<max(lower, upper)
  }

  /// Majority of the history's signs: backward only when negatives outnumber positives.
  static func isForward(_ history: [Double]) -> Bool {
    history.filter { $0 > 0 }.count >= history.filter { $0 < 0 }.count
  }

  /// The median of the 5-slot history (`getMedianVelocity`).
  static func median(_ history: [Double]) -> Double { Percentile.median(history) ?? 0 }

  public func listDidLoad(_ list: any ListContext) {
    frames.start(list)
    engage(list)
  }

  public func didScroll(_ list: any ListContext) {
    if let measured = frames.update(list) { record(measured.velocity) }
    lastScrollTime = list.time
    list.wakeUp(after: Self.momentumEndDelay)
    engage(list)
  }

  /// `VelocityTracker`'s momentum end: 100 ms without a scroll event, the history is reset
  /// keeping its direction (`resetVelocityCompute`) and a zero velocity goes in.
  public func timerDidFire(_ list: any ListContext) {
    guard let last = lastScrollTime, list.time - last >= Self.momentumEndDelay - 1e-9 else { return }
    lastScrollTime = nil
    let sign: Double = Self.isForward(history) ? 1 : -1
    history = [0, 0, 0, 100 * sign, 100 * sign]
    historyIndex = 0
    record(0)
    engage(list)
  }

  static let momentumEndDelay = 0.1

  private func record(_ velocity: Double) {
    history[historyIndex] = velocity
    historyIndex = (historyIndex + 1) % history.count
  }

  public func requestDidComplete(_ list: any ListContext, kind: RequestKind, index: Int) {
    if kind == .page { engage(list) }
  }

  private func engage(_ list: any ListContext) {
    let range = Self.engagedRange(
      offset: list.contentOffset, viewportHeight: list.viewportHeight, contentLength: list.contentLength,
      drawDistance: drawDistance, forward: Self.isForward(history), shift: Self.median(history) * renderTime)
    // The viewport itself is always engaged; a row touching either edge is too.
    let now = list.items(
      in: &band, from: min(range.lowerBound, list.contentOffset).nextDown,
      to: max(range.upperBound, list.contentOffset + list.viewportHeight).nextUp)
    if now != engaged {
      let keep = Set(now)
      for item in engaged where !keep.contains(item) {
        if !list.hasContent(item) { list.cancelContent(item) }
        list.clearContent(item)
        list.discardRender(item)
      }
      let before = Set(engaged)
      for item in now where !before.contains(item) {
        // Engaging a row binds a recycled view to it: a render on the JS thread now.
        list.prepareRender(item)
        if list.feedKind == .placeholder { list.load(item, content: false) }
        if list.needsContent(item) { list.requestContent(item) }
      }
      engaged = now
    }
    checkEnd(list)
  }

  /// Whether the list is in `onEndReached`'s zone (`useBoundDetection.checkBounds`): the
  /// viewport's bottom, rounded up to a whole px, at or past the threshold.
  public static func isNearEnd(offset: Double, viewportHeight: Double, contentLength: Double, threshold: Double)
    -> Bool
  {
    (offset + viewportHeight).rounded(.up) >= contentLength - threshold * viewportHeight
  }

  private func checkEnd(_ list: any ListContext) {
    guard list.feedKind == .append else { return }
    let within = Self.isNearEnd(
      offset: list.contentOffset, viewportHeight: list.viewportHeight, contentLength: list.contentLength,
      threshold: endThreshold)
    defer { inEndZone = within }
    guard within, !inEndZone || endZoneItemCount != list.itemCount else { return }
    guard list.hasMoreData, list.pageRequestsOutstanding == 0 else { return }
    endZoneItemCount = list.itemCount
    list.requestPage(list.nextPageIndex)
  }
}
