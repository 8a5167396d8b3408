import HeapModule

/// Simulated time in integer nanoseconds: exact, so that a 200 ms latency after a frame lands
/// exactly on the frame 200 ms later and ties order the same way on every machine.
public typealias SimTime = Int64

extension SimTime {
  public static func fromSeconds(_ seconds: Double) -> SimTime { SimTime((seconds * 1e9).rounded()) }
  public var seconds: Double { Double(self) / 1e9 }
}

/// What can happen in the simulation besides display frames. At equal times, events run in the
/// order of the cases (input, then network, then rendering, then timers), then in the order
/// they were scheduled. The display frame is not in the heap: the engine keeps the one pending
/// frame beside it (most events are frames) and runs it after every event at or before its
/// time, so the frame shows everything that happened at its instant.
enum EngineEvent: Sendable {
  case input(generation: Int)
  case network(NetworkEvent)
  case renderDone(item: Int, token: Int)
  case stallGiveUp(token: Int)

  var order: Int {
    switch self {
    case .input: 0
    case .network: 1
    case .renderDone: 2
    case .stallGiveUp: 3
    }
  }
}

/// The future events, earliest first: a binary heap, O(log n) per operation.
struct EventQueue {
  private struct Entry: Comparable {
    var time: SimTime
    var order: Int
    var sequence: UInt64
    var event: EngineEvent

    static func < (a: Entry, b: Entry) -> Bool {
      (a.time, a.order, a.sequence) < (b.time, b.order, b.sequence)
    }
    static func == (a: Entry, b: Entry) -> Bool {
      (a.time, a.order, a.sequence) == (b.time, b.order, b.sequence)
    }
  }

  private var heap = Heap<Entry>()
  private var sequence: UInt64 = 0

  mutating func schedule(_ event: EngineEvent, at time: SimTime) {
    sequence += 1
    heap.insert(Entry(time: time, order: event.order, sequence: sequence, event: event))
  }

  mutating func pop() -> (time: SimTime, event: EngineEvent)? {
    guard let entry = heap.popMin() else { return nil }
    return (entry.time, entry.event)
  }

  var isEmpty: Bool { heap.isEmpty }

  /// Time of the earliest event, if any.
  var nextTime: SimTime? { heap.min?.time }
}
