import Foundation

/// Set by Ctrl-C (SIGINT) or SIGTERM: the sweep stops starting new runs and keeps the finished
/// ones; `signal` says which came first (exit 130 or 143).
final class StopFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var received: Int32?
  private var sources: [DispatchSourceSignal] = []

  var isSet: Bool { signal != nil }

  var signal: Int32? {
    lock.lock()
    defer { lock.unlock() }
    return received
  }

  func onInterrupt(_ note: @escaping @Sendable (Int32) -> Void) {
    for number in [SIGINT, SIGTERM] {
      Foundation.signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { [weak self] in
        guard let self else { return }
        self.lock.lock()
        let first = self.received == nil
        if first { self.received = number }
        self.lock.unlock()
        if first { note(number) }
      }
      source.resume()
      sources.append(source)
    }
  }
}
