/// How a command's batch is run and watched: on how many threads, what stops it (SIGINT or
/// SIGTERM once the command listens), and who is told of the progress. The results never
/// depend on any of it.
public struct BatchControl: Sendable {
  public var threads: Int
  public var stop: StopSignal
  public var progress: any BatchProgress

  public init(threads: Int, stop: StopSignal = StopSignal(), progress: any BatchProgress = SilentProgress()) {
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
public protocol BatchProgress: Sendable {
  func start(total: Int)
  func update(_ done: Int)
  func finish()
}

/// Progress that tells no one (tests, library callers).
public struct SilentProgress: BatchProgress {
  public init() {}
  public func start(total: Int) {}
  public func update(_ done: Int) {}
  public func finish() {}
}
