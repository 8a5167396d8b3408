/// What a scroll view knows about itself: where the content is, how long it is, and whether
/// the finger or momentum is moving it (UIScrollView's `isTracking`, `isDragging`,
/// `isDecelerating`, and the `targetContentOffset` of the current deceleration).
struct ScrollViewState {
  let viewportHeight: Double
  var contentOffset = 0.0
  /// Length of the content that exists now (grows as pages append).
  var contentLength = 0.0
  var isTracking = false
  var isDragging = false
  var isDecelerating = false
  var targetContentOffset: Double?
  /// The momentum or edge spring moving the content, if any.
  var motion: ScrollMotion?
  /// A fling the end of the loaded content stopped while the user waits for the next page
  /// (stall policy `wait`); it goes on when the page lands.
  var heldFling: ScrollMotion.HeldFling?
  /// Where the finger meant to drag the content when the end stopped it (policy `wait`); the
  /// content goes there when the page lands.
  var heldDragOffset: Double?
  /// The offset the last `didScroll` reported.
  var lastDidScrollOffset = 0.0
  /// The offset the last display frame showed.
  var frameOffset = 0.0
  /// Momentum ended: the delegate hears `didEndDecelerating` at the next frame.
  var owesDidEndDecelerating = false

  init(viewportHeight: Double) { self.viewportHeight = viewportHeight }

  /// The largest offset the content allows.
  var maxOffset: Double { max(0, contentLength - viewportHeight) }

  /// Stops momentum; with `notify`, the delegate is owed `didEndDecelerating`.
  mutating func stopDeceleration(notify: Bool) {
    isDecelerating = false
    motion = nil
    targetContentOffset = nil
    if notify { owesDidEndDecelerating = true }
  }
}
