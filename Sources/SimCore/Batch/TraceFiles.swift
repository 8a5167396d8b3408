/// Traces read as a batch reads its sessions (`Sessions`, on threads), and each trace's reach
/// as a batch of free runs: the trace floor's questions asked of many traces at once.
extension NamedTrace {
  /// Each trace file (a folder: its `.json` files at any depth, `TraceFolder`), named by its
  /// path within the folder given (a file given alone: its file name), or the embedded default
  /// when there is none (what `run`, `compare`, `sweep` and `bench` take
  /// as their TRACE arguments).
  /// Files are read and decoded on `jobs` threads; the first bad file in order is the error.
  package static func load(_ paths: [String], jobs: Int = 1) throws(SimError) -> [NamedTrace] {
    let sessions = try Sessions.files(paths)
    return try sessions.read(Array(0..<sessions.count), threads: jobs) { $0 }
  }
}

extension TraceReach {
  /// `of` for each of `traces`, on `jobs` threads (each is a free run of its own); the first
  /// failure in order is thrown.
  package static func of(
    _ traces: [Trace], scenario: Scenario, options: SimulationOptions = SimulationOptions(), jobs: Int
  ) throws(SimError) -> [TraceReach] {
    try Batch.each(traces.count, threads: jobs) { index throws(SimError) in
      try of(traces[index], scenario: scenario, options: options)
    }
  }
}
