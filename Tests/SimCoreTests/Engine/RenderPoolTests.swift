import Testing

@testable import SimCore

@Suite struct RenderPoolTests {
  func pool(workers: Int, cost: Distribution = .fixed(0.01), seed: UInt64 = 1) -> RenderPool {
    RenderPool(spec: CellSpec(hasContent: true, renderTime: cost, renderWorkers: workers), seed: seed)
  }

  @Test func visibleCellsGoBeforeCellsRenderedAhead() {
    var pool = pool(workers: 1)
    pool.enqueue(5, urgent: false)
    pool.enqueue(6, urgent: false)
    pool.enqueue(9, urgent: true)
    #expect(pool.startNext(at: 0)?.item == 9)
    pool.finish()
    #expect(pool.startNext(at: 0)?.item == 5)
  }

  @Test func noMoreJobsThanWorkers() {
    var pool = pool(workers: 2)
    for item in 0..<4 { pool.enqueue(item, urgent: true) }
    #expect(pool.startNext(at: 0)?.item == 0)
    #expect(pool.startNext(at: 0)?.item == 1)
    #expect(pool.startNext(at: 0) == nil)
    pool.finish()
    #expect(pool.startNext(at: 0)?.item == 2)
  }

  @Test func promotedAndRemovedItems() {
    var pool = pool(workers: 1)
    pool.enqueue(1, urgent: false)
    pool.enqueue(2, urgent: false)
    pool.enqueue(3, urgent: true)
    pool.promote(2)  // became visible: after 3, before 1
    pool.removeQueued(3)
    #expect(pool.startNext(at: 0)?.item == 2)
    pool.finish()
    #expect(pool.startNext(at: 0)?.item == 1)
    pool.finish()
    #expect(pool.startNext(at: 0) == nil)
  }

  /// The completion is `now` + the cost; each start gets a new token.
  @Test func completionTimeIsTheCostAfterNow() {
    var pool = pool(workers: 2, cost: .fixed(0.025))
    pool.enqueue(7, urgent: true)
    pool.enqueue(8, urgent: true)
    let first = pool.startNext(at: SimTime.fromSeconds(1))
    let second = pool.startNext(at: SimTime.fromSeconds(1))
    #expect(first?.completesAt == SimTime.fromSeconds(1) + SimTime.fromSeconds(0.025))
    #expect(first?.token == 1 && second?.token == 2)
  }

  /// A cell's cost is drawn by (seed, item, attempt): the same whatever else the pool rendered
  /// before (so every strategy pays the same for the same cell), and another for a second attempt.
  @Test func costDependsOnItemAndAttemptOnly() {
    let cost = Distribution.uniform(min: 0.001, max: 0.1)
    var alone = pool(workers: 1, cost: cost)
    alone.enqueue(42, urgent: true)
    let single = alone.startNext(at: 0)!.completesAt
    var busy = pool(workers: 1, cost: cost)
    for item in [3, 9, 42] {
      busy.enqueue(item, urgent: true)
    }
    var costs: [Int: SimTime] = [:]
    while let job = busy.startNext(at: 0) {
      costs[job.item] = job.completesAt
      busy.finish()
    }
    #expect(costs[42] == single)
    busy.enqueue(42, urgent: true)
    #expect(busy.startNext(at: 0)!.completesAt != single)
  }
}
