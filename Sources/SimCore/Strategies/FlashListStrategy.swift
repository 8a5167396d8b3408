/// Shopify's FlashList v2: recycled cells engaged within `drawDistance` around the viewport,
/// 70 % of the buffer ahead, shifted by the scroll velocity, and `onEndReached` at half a
/// visible length from the end.
///
/// Source: Shopify/flash-list `src/recyclerview/helpers/EngagedIndicesTracker.ts` @18fa3703,
/// `VelocityTracker.ts`, `hooks/useBoundDetection.ts` @06fae510. `drawDistance` 250 px
/// (native); the buffer `2 × drawDistance` is split 70 % ahead / 30 % behind, the direction
/// being the majority of the last 5 velocities; buffer that would fall past a list edge moves
/// to the other side. The engaged window is shifted ahead by the median of the last 5
/// velocities × the average render time (starts at 16 ms, capped at 32 ms; scrollsim keeps
/// 16 ms, its `renderMs`). `onEndReachedThreshold` 0.5 visible lengths, once per entry into
/// the zone or data change. An engaged cell mounts its image; a cell leaving is recycled for
/// another row, so its row's load is cancelled and its image dropped.
/// Simplified: velocities are measured from drawn frames.
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
  private var velocities: [Double] = []
  private var previous: (offset: Double, time: Double)?
  private var engaged: [Int] = []
  private var band = ListBand()
  private var inEndZone = false
  private var endZoneItemCount = -1

  public init(parameters: StrategyParameters) {
    drawDistance = parameters.number("drawDistance")
    renderTime = parameters.number("renderMs") / 1000
    endThreshold = parameters.number("onEndReachedThreshold")
  }

  /// The engaged range [lower, upper) in content coordinates (`EngagedIndicesTracker`).
  public static func engagedRange(
    offset: Double, viewportHeight: Double, contentLength: Double, drawDistance: Double, forward: Bool,
    shift: Double
  ) -> Range<Double> {
    let buffer = 2 * drawDistance
    var ahead = buffer * 0.7
    var behind = buffer * 0.3
    let start = offset + shift
    let end = start + viewportHeight
    // Buffer that would fall past an edge moves to the other side.
    if forward {
      let room = max(0, contentLength - end)
      if ahead > room {
        behind += ahead - room
        ahead = room
      }
      return (start - behind)..<(end + ahead)
    }
    let room = max(0, start)
    if ahead > room {
      behind += ahead - room
      ahead = room
    }
    return (start - ahead)..<(end + behind)
  }

  public func listDidLoad(_ list: any ListContext) {
    previous = (list.contentOffset, list.time)
    engage(list)
  }

  public func didScroll(_ list: any ListContext) {
    if let previous, list.time > previous.time {
      velocities.append((list.contentOffset - previous.offset) / (list.time - previous.time))
      if velocities.count > 5 { velocities.removeFirst() }
    }
    previous = (list.contentOffset, list.time)
    engage(list)
  }

  public func didEndDecelerating(_ list: any ListContext) {
    velocities.removeAll()
    engage(list)
  }

  public func requestDidComplete(_ list: any ListContext, kind: RequestKind, index: Int) {
    if kind == .page { engage(list) }
  }

  private func engage(_ list: any ListContext) {
    let forward = velocities.filter { $0 > 0 }.count >= velocities.filter { $0 < 0 }.count
    let sorted = velocities.sorted()
    let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    let range = Self.engagedRange(
      offset: list.contentOffset, viewportHeight: list.viewportHeight, contentLength: list.contentLength,
      drawDistance: drawDistance, forward: forward, shift: median * renderTime)
    // The viewport itself is always engaged.
    let now = list.items(
      in: &band, from: min(range.lowerBound, list.contentOffset),
      to: max(range.upperBound, list.contentOffset + list.viewportHeight))
    if now != engaged {
      let keep = Set(now)
      for item in engaged where !keep.contains(item) {
        if !list.hasContent(item) { list.cancelContent(item) }
        list.clearContent(item)
      }
      let before = Set(engaged)
      for item in now where !before.contains(item) {
        if list.feedKind == .placeholder { list.load([item], content: false) }
        if list.needsContent(item) { list.requestContent(item) }
      }
      engaged = now
    }
    checkEnd(list)
  }

  private func checkEnd(_ list: any ListContext) {
    guard list.feedKind == .append else { return }
    let distance = list.contentLength - list.viewportHeight - list.contentOffset
    let within = distance <= endThreshold * list.viewportHeight
    defer { inEndZone = within }
    guard within, !inEndZone || endZoneItemCount != list.itemCount else { return }
    guard list.hasMoreData, list.pageRequestsOutstanding == 0 else { return }
    endZoneItemCount = list.itemCount
    list.requestPage(list.nextPageIndex)
  }
}
