import Foundation
import Testing

@testable import SimCore

/// `ParallelRuns` (Batch/ParallelRuns.swift): results at their job's index whatever the
/// threads, failures kept where they happened, a stop leaves unstarted jobs unrun.
@Suite struct ParallelRunsTests {
  @Test func resultsKeepTheirIndexOnAnyNumberOfThreads() throws {
    for threads in [1, 2, 7, 64] {
      let results = ParallelRuns.run(count: 50, threads: threads) { index throws(SimError) in index * index }
      #expect(try ParallelRuns.values(results) == (0..<50).map { $0 * $0 }, "\(threads) threads")
    }
    #expect(ParallelRuns.run(count: 0, threads: 4) { index throws(SimError) in index }.isEmpty)
  }

  /// Jobs start in the order given (one thread shows it) and results stay at their indices.
  @Test func jobsStartInTheOrderGiven() throws {
    final class Started: @unchecked Sendable {
      let lock = NSLock()
      var indices: [Int] = []
      func add(_ index: Int) {
        lock.lock()
        indices.append(index)
        lock.unlock()
      }
    }
    let order = [3, 0, 4, 1, 2]
    for threads in [1, 3] {
      let started = Started()
      let results = ParallelRuns.run(count: 5, threads: threads, order: order) { index throws(SimError) in
        started.add(index)
        return index * 10
      }
      #expect(try ParallelRuns.values(results) == [0, 10, 20, 30, 40])
      if threads == 1 { #expect(started.indices == order) }
      #expect(started.indices.sorted() == [0, 1, 2, 3, 4])
    }
  }

  @Test func aFailureStaysAtItsIndexAndValuesThrowsTheFirst() {
    let results = ParallelRuns.run(count: 10, threads: 3) { index throws(SimError) in
      if index == 4 || index == 7 { throw SimError(.badData, "job \(index)") }
      return index
    }
    #expect(results.compactMap { $0 }.count == 10)
    if case .failure(let error)? = results[7] { #expect(error.message == "job 7") } else { Issue.record("job 7") }
    #expect {
      try ParallelRuns.values(results)
    } throws: { error in (error as? SimError)?.message == "job 4" }
  }

  /// Polled between jobs: after the stop, no job starts; progress counts every finished one.
  @Test func aStopLeavesTheRestUnrun() {
    final class Counter: @unchecked Sendable {
      let lock = NSLock()
      var done = 0
      func set(_ value: Int) {
        lock.lock()
        done = max(done, value)
        lock.unlock()
      }
      var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return done
      }
    }
    let counter = Counter()
    let results = ParallelRuns.run(
      count: 100, threads: 1, shouldStop: { counter.value >= 5 }, progress: { counter.set($0) }
    ) { index throws(SimError) in index }
    #expect(results.prefix(5).allSatisfy { $0 != nil })
    #expect(results.dropFirst(5).allSatisfy { $0 == nil })
    #expect(counter.value == 5)
  }
}
