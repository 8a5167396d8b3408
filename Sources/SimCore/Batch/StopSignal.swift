import Foundation

/// Set by Ctrl-C (SIGINT) or SIGTERM once `onInterrupt` listens: a batch stops starting new
/// runs and keeps the finished ones; `signal` says which came first (exit 130 or 143). Without
/// `onInterrupt` it is never set (a library caller's batch runs to its end).
package final class StopSignal: @unchecked Sendable {
  private let lock = NSLock()
  private var received: Int32?
  private var sources: [DispatchSourceSignal] = []

  package init() {}

  package var isSet: Bool { signal != nil }

  package var signal: Int32? {
    lock.lock()
    defer { lock.unlock() }
    return received
  }

  /// Listens for SIGINT and SIGTERM from now on; `note` is told the first.
  package func onInterrupt(_ note: @escaping @Sendable (Int32) -> Void) {
    for number in [SIGINT, SIGTERM] {
      Foundation.signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { [weak self] in
        guard let self, self.receive(number) else { return }
        note(number)
      }
      source.resume()
      sources.append(source)
    }
  }

  /// Records `signal` as if it had arrived; whether it was the first. (A signal handler's
  /// path, and a test's way to stop a batch part-way.)
  @discardableResult
  func receive(_ signal: Int32) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    guard received == nil else { return false }
    received = signal
    return true
  }

  /// A stop listening from now on, which tells `say` the first signal's note ("interrupted;
  /// keeping finished runs").
  package static func listening(_ say: @escaping @Sendable (String) -> Void) -> StopSignal {
    let stop = StopSignal()
    stop.onInterrupt { signal in say("\(signal == SIGTERM ? "terminated" : "interrupted"); keeping finished runs") }
    return stop
  }
}
