import Testing

@testable import SimCore

/// The shared downlink: processor sharing, re-timed on every change, stale ticks ignored.
@Suite struct LinkTests {
  /// The next link tick in the queue: (time in s, generation).
  func nextTick(_ queue: inout EventQueue) -> (time: Double, generation: Int)? {
    while let next = queue.next() {
      if case .event(.network(.linkTick(let generation))) = next { return (queue.now.seconds, generation) }
    }
    return nil
  }

  /// 1,000 B alone at 1,000 B/s would end at 1 s; a second 1,000 B transfer from 0.5 s halves
  /// both rates, so the first ends at 0.5 + 500 / 500 = 1.5 s and the second at 1.5 + 500 /
  /// 1,000 = 2 s. Ticks of earlier generations finish nothing.
  @Test func transfersShareTheBandwidthEqually() throws {
    var queue = EventQueue(refreshRate: 60)
    var link = Link(bytesPerSecond: 1000)
    #expect(!link.start(1, bytes: 1000, at: 0, queue: &queue))
    let stale = link.generation
    #expect(!link.start(2, bytes: 1000, at: SimTime.fromSeconds(0.5), queue: &queue))
    var tick = try #require(nextTick(&queue))
    #expect(tick.generation == stale && tick.time == 1)
    #expect(link.tick(generation: tick.generation, at: queue.now, queue: &queue).isEmpty)
    tick = try #require(nextTick(&queue))
    #expect(abs(tick.time - 1.5) < 1e-9)
    #expect(link.tick(generation: tick.generation, at: queue.now, queue: &queue) == [1])
    tick = try #require(nextTick(&queue))
    #expect(abs(tick.time - 2) < 1e-9)
    #expect(link.tick(generation: tick.generation, at: queue.now, queue: &queue) == [2])
  }

  @Test func removingATransferReturnsWhatItReceived() {
    var queue = EventQueue(refreshRate: 60)
    var link = Link(bytesPerSecond: 1000)
    _ = link.start(1, bytes: 1000, at: 0, queue: &queue)
    #expect(link.remove(1, at: SimTime.fromSeconds(0.25), queue: &queue) == 250)
    #expect(link.remove(1, at: SimTime.fromSeconds(0.5), queue: &queue) == 0)
  }

  @Test func anUnlimitedLinkCompletesAtOnce() {
    var queue = EventQueue(refreshRate: 60)
    var link = Link(bytesPerSecond: nil)
    #expect(link.isUnlimited)
    #expect(link.start(1, bytes: 1e9, at: 0, queue: &queue))
    #expect(queue.next() == nil)
  }
}
