/// Compose's prefetch before the cache window (`cacheWindow=legacy`): one line past the
/// leading edge, scheduled when a scroll moves the edge, cancelled when the edge moves on or
/// the direction turns.
///
/// Source: androidx/androidx `compose/foundation/foundation/src/commonMain/kotlin/androidx/
/// compose/foundation/lazy/LazyListPrefetchStrategy.kt` @00348094, `DefaultLazyListPrefetchStrategy`
/// (deprecated for the cache window in Foundation 1.13.0-rc01): `onScroll` schedules
/// `last + 1` (`delta < 0`, forward) or `first − 1` when it differs from the line it last
/// scheduled and exists, cancelling the last one if the direction turned; `onVisibleItemsUpdated`
/// cancels it once the line it expects next is another. Simplified: the nested prefetch of 2
/// (`nestedPrefetchItemCount`) is left out, as scrollsim's rows hold no nested lists.
/// The same file compiled and run on scrollsim's frames agrees on every handle scheduled and
/// cancelled (Reports/validation-platforms.md).
struct ComposeLegacyPrefetch {
  private var lineToPrefetch = -1
  /// The line last scheduled and not cancelled since (`indexToPrefetch`), −1 when none.
  var target: Int { lineToPrefetch }
  private var current: Int?
  private var wasScrollingForward = false
  private(set) var actions: [ComposeCacheWindow.Action] = []

  mutating func takeActions() -> [ComposeCacheWindow.Action] {
    defer { actions.removeAll(keepingCapacity: true) }
    return actions
  }

  mutating func scrolled(visible: ClosedRange<Int>?, lineCount: Int, delta: Int) {
    guard let visible else { return }
    let forward = delta < 0
    let line = forward ? visible.upperBound + 1 : visible.lowerBound - 1
    guard line != lineToPrefetch, (0..<lineCount).contains(line) else { return }
    if wasScrollingForward != forward, let current { cancel(current) }
    wasScrollingForward = forward
    lineToPrefetch = line
    current = line
    actions.append(.schedule(line: line, urgent: false))
  }

  mutating func visibleItemsUpdated(visible: ClosedRange<Int>?) {
    guard lineToPrefetch != -1, let visible else { return }
    let expected = wasScrollingForward ? visible.upperBound + 1 : visible.lowerBound - 1
    guard lineToPrefetch != expected else { return }
    lineToPrefetch = -1
    if let current { cancel(current) }
    current = nil
  }

  /// A cancelled handle drops a request not run yet and disposes a line composed ahead (a no-op
  /// for a line now on screen, which the strategy keeps).
  private mutating func cancel(_ line: Int) {
    actions.append(.cancel(line: line))
    actions.append(.release(line: line))
  }
}
