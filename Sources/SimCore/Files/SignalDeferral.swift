import Foundation

/// Holds off a fatal SIGINT, SIGTERM or SIGHUP while `AtomicFile` writes, so that a Ctrl-C never
/// leaves a temporary file behind: the signal is noted, and raised again once the write is
/// done (the process then ends as it would have). A signal the process handles or ignores
/// itself (a sweep's stop flag) is left alone.
enum SignalDeferral {
  nonisolated(unsafe) private static var pending: Int32 = 0

  static func during<T>(_ body: () throws(SimError) -> T) throws(SimError) -> T {
    var deferred: [Int32] = []
    for number in [SIGINT, SIGTERM, SIGHUP] {
      let previous = signal(number) { SignalDeferral.pending = $0 }
      if previous == nil {  // SIG_DFL: the signal would end the process
        deferred.append(number)
      } else {
        signal(number, previous)
      }
    }
    defer {
      for number in deferred { signal(number, SIG_DFL) }
      if pending != 0 { raise(pending) }
    }
    return try body()
  }
}
