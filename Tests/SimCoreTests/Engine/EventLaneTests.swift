import Testing

@testable import SimCore

/// `EventLane` (Engine/EventLane.swift) on its own: a line of events in the order scheduled, that
/// refuses one that would come before its last (the heap takes it) and keeps its order through
/// the compaction of what it handed out.
@Suite struct EventLaneTests {
  static func event(_ time: SimTime, _ sequence: UInt64) -> ScheduledEvent {
    ScheduledEvent(time: time, rank: 1 << 61 | sequence, event: .strategyTimer)
  }

  @Test func keepsTheOrderScheduledAndRefusesAnEarlierEvent() {
    var lane = EventLane()
    #expect(lane.first == nil)
    // The same time with a later sequence comes after; an earlier time than the last is
    // refused and kept nowhere.
    let accepted = [(10, 1), (10, 2), (20, 3), (15, 4)].map { lane.append(Self.event($0, $1)) }
    #expect(accepted == [true, true, true, false])
    #expect(lane.first?.rank == 1 << 61 | 1)
    lane.removeFirst()
    lane.removeFirst()
    #expect(lane.first?.time == 20)
    lane.removeFirst()
    #expect(lane.first == nil)
    // Emptied, it starts afresh: an earlier time is accepted again.
    let again = lane.append(Self.event(5, 5))
    #expect(again)
  }

  /// Past 1,024 handed out, the line drops what it handed out and goes on in order.
  @Test func compactsWithoutLosingOrder() {
    var lane = EventLane()
    var next: SimTime = 0
    for sequence in 1...3000 {
      let appended = lane.append(Self.event(SimTime(sequence), UInt64(sequence)))
      #expect(appended)
      if sequence % 3 != 0 {
        #expect(lane.first?.time == next + 1)
        next += 1
        lane.removeFirst()
      }
    }
    while let first = lane.first {
      #expect(first.time == next + 1)
      next += 1
      lane.removeFirst()
    }
    #expect(next == 3000)
  }
}
