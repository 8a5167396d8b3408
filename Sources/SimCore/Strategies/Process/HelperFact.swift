/// The list's facts an event carries (`docs/protocol.md`, "3. event"), each as one double so
/// that "did it change" is one comparison of bit patterns: a flag as 0 or 1, no
/// `targetContentOffset` as NaN. `visibleItems` is a list and goes beside them.
///
/// Shared by the event line (which writes the facts that changed) and a helper's quiet (which
/// names the facts whose change wakes it), so the two can never name them differently.
enum HelperFact: Int, CaseIterable {
  case time, contentOffset, contentLength, targetContentOffset, isTracking, isDragging, isDecelerating
  case frameTimeRemaining, averageBindTime, itemCount, hasMoreData, nextPageIndex, pageRequestsOutstanding
  /// The offset at the end of the previous frame (before the first frame: at `listDidLoad`), so
  /// that a helper told of some frames only still knows each frame's own step.
  case lastFrameOffset

  var isFlag: Bool { self == .isTracking || self == .isDragging || self == .isDecelerating || self == .hasMoreData }

  /// Its name in a message (worked out once: describing an enum case is slow).
  var name: String { Self.names[rawValue] }

  private static let names = allCases.map { "\($0)" }
  static let byName: [String: HelperFact] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })

  /// Its value now, as the event line writes it.
  func value(_ list: any ListContext, lastFrameOffset: Double) -> Double {
    switch self {
    case .time: list.time
    case .contentOffset: list.contentOffset
    case .contentLength: list.contentLength
    case .targetContentOffset: list.targetContentOffset ?? .nan
    case .isTracking: list.isTracking ? 1 : 0
    case .isDragging: list.isDragging ? 1 : 0
    case .isDecelerating: list.isDecelerating ? 1 : 0
    case .frameTimeRemaining: list.frameTimeRemaining
    case .averageBindTime: list.averageBindTime
    case .itemCount: Double(list.itemCount)
    case .hasMoreData: list.hasMoreData ? 1 : 0
    case .nextPageIndex: Double(list.nextPageIndex)
    case .pageRequestsOutstanding: Double(list.pageRequestsOutstanding)
    case .lastFrameOffset: lastFrameOffset
    }
  }

  /// A row's state bits as an event's `rows` sends them: 1 content, 2 content requested,
  /// 4 cached, 8 rendered.
  static func rowBits(_ list: any ListContext, _ item: Int) -> UInt8 {
    UInt8(
      (list.hasContent(item) ? 1 : 0) | (list.isContentRequested(item) ? 2 : 0) | (list.isCached(item) ? 4 : 0)
        | (list.isRendered(item) ? 8 : 0))
  }
}
