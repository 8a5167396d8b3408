import Foundation

/// Whether a run and its helper may busy-wait for each other's next line, and for how long.
///
/// An answer usually comes within microseconds, and a reader that is not asleep spares a
/// scheduler wake-up on every line: scrollsim's side measured 46 → 20 µs per decision with a
/// helper that answers at once, a Python helper that waits the same way 19.9 → 11.8 ms on 60 s
/// of fling-stress (docs/performance.md). But a busy-waiting pair needs two cores: with more
/// runs than that, the waiting takes the cores the work needs (a sweep of a Python helper with
/// two jobs on two cores: 0.73 → 1.05 s). So a run may wait busily only while every run that
/// has a helper can have two cores; the begin message tells the helper (`spin`,
/// docs/protocol.md).
enum HelperSpin {
  /// How long a reader busy-waits before it sleeps, when it may.
  static let seconds = 0.0002
  private static let lock = NSLock()
  nonisolated(unsafe) private static var runs = 0

  /// A run with a helper begins: the seconds it and its helper may busy-wait (`seconds`, or 0
  /// when the runs with helpers would then need more cores than there are).
  static func enter() -> Double {
    lock.lock()
    defer { lock.unlock() }
    runs += 1
    return 2 * runs <= ProcessInfo.processInfo.activeProcessorCount ? seconds : 0
  }

  /// A run that entered is over.
  static func leave() {
    lock.lock()
    runs -= 1
    lock.unlock()
  }
}
