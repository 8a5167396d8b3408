import Foundation

/// How a command's batch is run and watched: on how many threads, what stops it (SIGINT or
/// SIGTERM once the command listens), and who is told of the progress. The results never
/// depend on any of it.
package struct BatchControl: Sendable {
  package var threads: Int
  package var stop: StopSignal
  package var progress: any BatchProgress

  /// The threads a batch takes when none are given: every processor the system lets this
  /// process use. The one default of every `--jobs`.
  package static var defaultThreads: Int { ProcessInfo.processInfo.activeProcessorCount }

  package init(threads: Int, stop: StopSignal = StopSignal(), progress: any BatchProgress = SilentProgress()) {
    self.threads = max(1, threads)
    self.stop = stop
    self.progress = progress
  }

  var shouldStop: @Sendable () -> Bool {
    let stop = stop
    return { stop.isSet }
  }
}

/// Told how many runs a batch will take, how many are done (from worker threads), and when it
/// ends: a terminal's progress bar.
package protocol BatchProgress: Sendable {
  func start(total: Int)
  func update(_ done: Int)
  func finish()
}

/// Progress that tells no one (tests, library callers).
package struct SilentProgress: BatchProgress {
  package init() {}
  package func start(total: Int) {}
  package func update(_ done: Int) {}
  package func finish() {}
}
