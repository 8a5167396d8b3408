import Foundation
import SimCore

/// done/total, rate and time left on stderr, only when stderr is a terminal.
final class ProgressBar: BatchProgress, @unchecked Sendable {
  private var total: Int
  private var start = Date()
  private let lock = NSLock()
  private var lastDraw = Date.distantPast
  private let enabled = !CommandLineContext.current.console.capturing && isatty(STDERR_FILENO) != 0

  init(total: Int = 0) { self.total = total }

  /// A batch's total once it is known (what a resumed table lacks).
  func start(total: Int) {
    lock.lock()
    defer { lock.unlock() }
    self.total = total
    start = Date()
  }

  func update(_ reported: Int) {
    guard enabled else { return }
    lock.lock()
    defer { lock.unlock() }
    // A batch may run more than it planned (tune's class races): the bar stays full.
    let done = total > 0 ? min(max(reported, 0), total) : max(reported, 0)
    let now = Date()
    guard done == total || now.timeIntervalSince(lastDraw) > 0.1 else { return }
    lastDraw = now
    let elapsed = now.timeIntervalSince(start)
    let rate = elapsed > 0 ? Double(done) / elapsed : 0
    let left = rate > 0 ? Double(total - done) / rate : 0
    let width = 30
    let filled = total > 0 ? width * done / total : width
    let bar = String(repeating: "=", count: filled) + String(repeating: " ", count: width - filled)
    let line =
      "\r[\(bar)] \(done)/\(total)  \(Int(rate))/s  \(Int(left) / 60):\(String(format: "%02d", Int(left) % 60)) left "
    writeStandardError(line)
  }

  func finish() {
    if enabled { writeStandardError("\n") }
  }
}
