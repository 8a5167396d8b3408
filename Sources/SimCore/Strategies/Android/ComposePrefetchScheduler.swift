/// When Compose runs the prefetch requests its lazy list schedules: in the main thread's idle
/// time after a frame, one after another while each fits.
///
/// Sources (androidx/androidx `compose/foundation/foundation/src/`):
/// - `androidMain/…/lazy/layout/PrefetchScheduler.android.kt` @31adf48a
///   (`AndroidPrefetchScheduler`): requests run after the frame (`view.post`) while time is
///   left before the next frame (`nextFrameTimeNs − now`); a request that cannot finish waits
///   for the next frame (`postFrameCallback`); when the last draw was more than 2 frames ago
///   the frame is idle and the first request runs whatever its cost (`Long.MAX_VALUE`).
/// - `commonMain/…/lazy/layout/LazyLayoutPrefetchState.kt` @080d2b3e (`HandleAndRequestImpl`):
///   a step runs if `available > average` of its past durations, or `available > 0` once the
///   request is urgent; the averages are a running mean, the first sample then 3/4 old + 1/4 new.
/// Simplified: a request is one step (composition and measure together, at the row's bind
/// cost), where Compose checks composition, apply and measure each and, since Foundation 1.10,
/// pauses a composition mid-way (`isPausableCompositionInPrefetchEnabled`); the average is the
/// main thread's running bind average, which also counts the binds of rows composed on screen
/// (Compose averages its prefetches only, per content type); requests run in the order
/// scheduled (Compose's queue orders by priority, and all of these share one).
struct ComposePrefetchScheduler {
  private(set) var queue: [(line: Int, urgent: Bool)] = []

  var isEmpty: Bool { queue.isEmpty }

  mutating func schedule(_ line: Int, urgent: Bool) {
    queue.removeAll { $0.line == line }
    queue.append((line, urgent))
  }

  mutating func markUrgent(_ line: Int) {
    if let index = queue.firstIndex(where: { $0.line == line }) { queue[index].urgent = true }
  }

  mutating func cancel(_ line: Int) { queue.removeAll { $0.line == line } }

  /// Whether a step whose past steps averaged `average` s runs with `available` s left.
  static func runs(available: Double, average: Double, urgent: Bool) -> Bool {
    available > 0 && available > (urgent ? 0 : average)
  }

  /// The next request to run now, taken off the queue; nil if none fits (it waits for the
  /// next frame).
  mutating func next(available: Double, average: Double) -> Int? {
    guard let first = queue.first, Self.runs(available: available, average: average, urgent: first.urgent) else {
      return nil
    }
    queue.removeFirst()
    return first.line
  }
}
