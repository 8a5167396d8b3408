import Foundation

/// Runs independent jobs (simulations) on worker threads and keeps each result at its job's
/// index, so the output is the same for any number of threads. Used by comparisons, replicates
/// and sweeps. `shouldStop` is polled between jobs (Ctrl-C in a sweep): finished results are
/// kept and unstarted jobs are left nil. `progress(done)` is called from the worker threads.
/// `order` (a permutation of the indices) is the order jobs start in, longest first so that no
/// long job starts last; results stay at their jobs' indices.
enum ParallelRuns {
  static func run<Value: Sendable>(
    count: Int, threads: Int, order: [Int]? = nil, shouldStop: @escaping @Sendable () -> Bool = { false },
    progress: @escaping @Sendable (Int) -> Void = { _ in },
    _ job: @escaping @Sendable (Int) throws(SimError) -> Value
  ) -> [Result<Value, SimError>?] {
    precondition(order.map { $0.count == count } ?? true, "order must give every job once")
    let state = SharedState<Value>(count: count)
    let worker: @Sendable () -> Void = {
      while !shouldStop(), let slot = state.next() {
        let index = order?[slot] ?? slot
        let result: Result<Value, SimError>
        do throws(SimError) { result = .success(try job(index)) } catch { result = .failure(error) }
        progress(state.finish(index, result))
      }
    }
    let threads = max(1, min(threads, count))
    if threads == 1 {
      worker()
    } else {
      let group = DispatchGroup()
      for _ in 0..<threads {
        group.enter()
        Thread {
          worker()
          group.leave()
        }.start()
      }
      group.wait()
    }
    return state.results
  }

  /// Every result, or the first failure in index order.
  static func values<Value>(_ results: [Result<Value, SimError>?]) throws(SimError) -> [Value] {
    var values: [Value] = []
    for result in results {
      switch result {
      case .success(let value)?: values.append(value)
      case .failure(let error)?: throw error
      case nil: preconditionFailure("a job did not run")
      }
    }
    return values
  }

  /// The work queue and result slots shared by the worker threads (under one lock).
  private final class SharedState<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var cursor = 0
    private var done = 0
    private(set) var results: [Result<Value, SimError>?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func next() -> Int? {
      lock.lock()
      defer { lock.unlock() }
      guard cursor < results.count else { return nil }
      cursor += 1
      return cursor - 1
    }

    func finish(_ index: Int, _ result: Result<Value, SimError>) -> Int {
      lock.lock()
      defer { lock.unlock() }
      results[index] = result
      done += 1
      return done
    }
  }
}
