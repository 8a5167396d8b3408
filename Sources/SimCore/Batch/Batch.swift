import Foundation

/// A batch of independent runs: cells of (session, scenario, seed, strategy) over sessions
/// read when a cell needs them. Comparisons, replicates, populations, sweeps and conformance
/// are each a batch plus what they fold from its rows, and pictures and checks a batch of
/// cells that record (`Cell.record`); `run` and `record` are the one place their simulations are
/// spread over threads.
///
/// The clairvoyant limit, the yardstick of `waitOverLimit`, runs once per (session, scenario,
/// seed): a cell of the limit's own run (strategy nil) or of a strategy at the limit's
/// reference plan serves its group, and where a group has neither and the batch measures the
/// limit, a run of the limit is added that no fold sees.
///
/// Results are the same for any number of threads: each run is independent, and rows reach
/// the fold in cell order.
struct Batch: Sendable {
  /// One run: session `session` on `scenarios[scenario]` under `seed`; `strategy` nil is the
  /// limit's own run (`LimitYardstick`). `record` asks the run to keep more than its metrics
  /// (a picture's timeline, a port check's decisions), handed back in its `RunResult`.
  struct Cell: Sendable {
    var session: Int
    var scenario: Int
    var seed: Seed
    var strategy: StrategyChoice?
    var record: Recording = []

    init(session: Int, scenario: Int, seed: Seed, strategy: StrategyChoice?, record: Recording = []) {
      (self.session, self.scenario, self.seed, self.strategy, self.record) = (session, scenario, seed, strategy, record)
    }
  }

  /// What a run keeps besides its metrics (`SimulationOptions`' recordings): each costs time,
  /// so a cell asks only for what its fold reads.
  struct Recording: OptionSet, Sendable, Hashable {
    let rawValue: Int
    /// The timeline (`RunResult.events`): timelines, replays, trace events.
    static let events = Recording(rawValue: 1)
    /// The per-frame record (`RunResult.frames`).
    static let frames = Recording(rawValue: 2)
    /// Every callback and the actions taken in it (`RunResult.decisions`).
    static let decisions = Recording(rawValue: 4)
  }

  /// A run's seed: given, or drawn from a base and the session's name, so that each user of a
  /// population gets its own network luck (`SessionSeed`).
  enum Seed: Hashable, Sendable {
    case fixed(UInt64)
    case perSession(base: UInt64)

    func value(for session: NamedTrace) -> UInt64 {
      switch self {
      case .fixed(let seed): seed
      case .perSession(let base): SessionSeed.derive(base, session: session.name)
      }
    }
  }

  var sessions: Sessions
  var scenarios: [Scenario]
  /// The options every run takes, its seed replaced by its cell's.
  var options: SimulationOptions
  var cells: [Cell]
  /// Whether every row is measured against the limit on its (session, scenario, seed).
  var measuresLimit: Bool
  /// The most sessions held at once: cells are run a window at a time, each window's sessions
  /// read when it starts and released when it ends (cells should then come session by
  /// session). nil: one window.
  var window: Int?
  /// Whether the first failed run stops the batch at once (the runs in progress finish, none
  /// starts): a check whose every run must pass (a port's conformance), where a helper that
  /// hangs would otherwise be waited out on every cell. Otherwise the batch runs on and fails
  /// after its window.
  var stopsAtFirstFailure = false
  /// What a failed run's error says of its cell (which trace, network and list), when the
  /// cell's indices alone would not tell a user. nil: the error as the run threw it.
  var failureNaming: (@Sendable (_ cell: Cell, _ error: SimError) -> SimError)?

  /// Runs the cells on `threads` threads and hands each finished cell's row to `fold`, in cell
  /// order, with its session and its `waitOverLimit` set when the limit is measured. `shouldStop` is polled
  /// between runs: what finished is folded and what did not start is left out, as is a row
  /// whose limit did not run. `progress(done)` hears cells finish, from the worker threads. A
  /// failed run fails the batch after the rows of its window that finished are folded. Returns
  /// how many runs of the limit were added for the purpose.
  @discardableResult
  func run(
    threads: Int, shouldStop: @escaping @Sendable () -> Bool = { false },
    progress: @escaping @Sendable (Int) -> Void = { _ in },
    fold: (_ cell: Int, _ row: RunMetrics, _ session: NamedTrace) throws(SimError) -> Void
  ) throws(SimError) -> Int {
    try record(threads: threads, shouldStop: shouldStop, progress: progress) {
      (cell, result, session) throws(SimError) in
      try fold(cell, result.metrics, session)
    }
  }

  /// `run`, handing `fold` each finished cell's whole result: its row and what the cell asked
  /// to record (`Cell.record`).
  @discardableResult
  func record(
    threads: Int, shouldStop: @escaping @Sendable () -> Bool = { false },
    progress: @escaping @Sendable (Int) -> Void = { _ in },
    fold: (_ cell: Int, _ result: RunResult, _ session: NamedTrace) throws(SimError) -> Void
  ) throws(SimError) -> Int {
    var limits: [Group: Double] = [:]
    var addedRuns = 0
    let done = Counter()
    for window in windows() {
      let traces = try load(window, threads: threads)
      var runs = window.map { cells[$0] }
      let served = Set(runs.filter { $0.servesAsLimit }.map(Group.init))
      // The groups that need a run of the limit added, in the order of their first cells.
      var hidden: [Group] = []
      var seen = served.union(limits.keys)
      for cell in runs where measuresLimit && seen.insert(Group(cell)).inserted { hidden.append(Group(cell)) }
      addedRuns += hidden.count
      runs += hidden.map { Cell(session: $0.session, scenario: $0.scenario, seed: $0.seed, strategy: nil) }
      let visible = window.count
      let planned = runs
      let failed = Flag()
      let (stopsAtFirstFailure, failureNaming) = (self.stopsAtFirstFailure, self.failureNaming)
      let results = ParallelRuns.run(
        count: runs.count, threads: threads, order: Self.longestFirst(runs.map(\.strategy)),
        shouldStop: { shouldStop() || failed.isSet }, progress: { _ in }
      ) { index throws(SimError) in
        do throws(SimError) {
          let row = try run(planned[index], trace: traces[planned[index].session]!)
          if index < visible { progress(done.increment()) }
          return row
        } catch {
          if stopsAtFirstFailure { failed.set() }
          throw failureNaming?(planned[index], error) ?? error
        }
      }
      var failure: SimError?
      for (cell, result) in zip(runs, results) {
        switch result {
        case .success(let run)? where cell.servesAsLimit:
          if limits[Group(cell)] == nil { limits[Group(cell)] = run.metrics.waitSeconds }
        case .failure(let error)?: failure = failure ?? error
        default: break
        }
      }
      for (position, index) in window.enumerated() {
        switch results[position] {
        case .success(var run)?:
          if measuresLimit {
            guard let limit = limits[Group(cells[index])] else { continue }
            LimitYardstick.measure(&run.metrics, limitWait: limit)
          }
          try fold(index, run, traces[cells[index].session]!)
        case .failure, nil: continue
        }
      }
      if let failure { throw failure }
      if shouldStop() { break }
    }
    return addedRuns
  }

  /// Each cell's whole result in cell order, with what it recorded: for the few runs a picture
  /// or a check reads whole (a comparison's timelines, a population's replay, a single run).
  func results(threads: Int, progress: @escaping @Sendable (Int) -> Void = { _ in }) throws(SimError) -> [RunResult] {
    var results: [RunResult] = []
    results.reserveCapacity(cells.count)
    try record(threads: threads, progress: progress) { _, result, _ throws(SimError) in results.append(result) }
    return results
  }

  /// `job` for each of `count` runs that are not cells of a grid (a trace's free path, run
  /// once per trace to see how far it takes the list; a conformance pair), on `threads`
  /// threads, in index order; the first failure in order is thrown. `shouldStop` is polled
  /// between jobs (set it when a job fails to stop at once: the jobs in progress finish, none
  /// starts); `progress(done)` hears jobs finish. Simulations are spread over threads here and
  /// in `run`, nowhere else.
  static func each<Value: Sendable>(
    _ count: Int, threads: Int, shouldStop: @escaping @Sendable () -> Bool = { false },
    progress: @escaping @Sendable (Int) -> Void = { _ in }, _ job: @escaping @Sendable (Int) throws(SimError) -> Value
  ) throws(SimError) -> [Value] {
    try ParallelRuns.values(
      ParallelRuns.run(count: count, threads: threads, shouldStop: shouldStop, progress: progress, job))
  }

  /// The order the runs start in: the limit's (its own run, nil, and every searching
  /// strategy's) first, as they take several times a plain run and one started last would
  /// keep the other threads idle; then the rest, each group in its given order.
  static func longestFirst(_ strategies: [StrategyChoice?]) -> [Int] {
    let isLong = strategies.map { $0 == nil || $0!.searching != nil }
    return strategies.indices.filter { isLong[$0] } + strategies.indices.filter { !isLong[$0] }
  }

  /// The cells' indices in windows of at most `window` sessions each, in cell order.
  private func windows() -> [[Int]] {
    guard let window else { return cells.isEmpty ? [] : [Array(cells.indices)] }
    var windows: [[Int]] = []
    var current: [Int] = []
    var sessionsInCurrent: Set<Int> = []
    for index in cells.indices {
      let session = cells[index].session
      if !sessionsInCurrent.contains(session) && sessionsInCurrent.count == max(1, window) {
        windows.append(current)
        (current, sessionsInCurrent) = ([], [])
      }
      current.append(index)
      sessionsInCurrent.insert(session)
    }
    if !current.isEmpty { windows.append(current) }
    return windows
  }

  /// The sessions a window's cells run over, read on `threads` threads.
  private func load(_ window: [Int], threads: Int) throws(SimError) -> [Int: NamedTrace] {
    var wanted: [Int] = []
    var seen: Set<Int> = []
    for index in window where seen.insert(cells[index].session).inserted { wanted.append(cells[index].session) }
    return Dictionary(uniqueKeysWithValues: zip(wanted, try sessions.read(wanted, threads: threads) { $0 }))
  }

  private func run(_ cell: Cell, trace: NamedTrace) throws(SimError) -> RunResult {
    var options = self.options
    options.seed = cell.seed.value(for: trace)
    options.recordEvents = cell.record.contains(.events)
    options.recordFrames = cell.record.contains(.frames)
    options.recordDecisions = cell.record.contains(.decisions)
    return try LimitYardstick.run(cell.strategy, on: trace, scenario: scenarios[cell.scenario], options: options)
  }

  /// The runs that share one limit.
  private struct Group: Hashable {
    var session: Int
    var scenario: Int
    var seed: Seed

    init(_ cell: Cell) { (session, scenario, seed) = (cell.session, cell.scenario, cell.seed) }
  }

  /// Set once by any thread, read by all: a failed run stops the others from starting.
  private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool {
      lock.lock()
      defer { lock.unlock() }
      return value
    }

    func set() {
      lock.lock()
      value = true
      lock.unlock()
    }
  }

  /// Counts finished runs across the worker threads.
  private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func increment() -> Int {
      lock.lock()
      defer { lock.unlock() }
      value += 1
      return value
    }
  }
}

extension Batch.Cell {
  /// Whether this run is the limit's reference run (its own or a strategy at its reference
  /// plan), so that its wait serves its group.
  var servesAsLimit: Bool { strategy == nil || strategy?.limitRole == .reference }
}
