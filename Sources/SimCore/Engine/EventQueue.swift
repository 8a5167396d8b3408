/// Simulated time in integer nanoseconds: exact, so that a 200 ms latency after a frame lands
/// exactly on the frame 200 ms later and ties order the same way on every machine.
package typealias SimTime = Int64

extension SimTime {
  /// Seconds as nanoseconds, saturating at ±2⁶² ns (146 years; NaN is 0): the one conversion
  /// from seconds to the engine's integers, so no number traps it. Inputs are checked against
  /// their documented ranges before (`TraceLimits`, `ScenarioLimits`); this is the backstop.
  package static func fromSeconds(_ seconds: Double) -> SimTime {
    let limit = 4.611686018427387904e18  // 2^62: a sum of two still fits
    let nanoseconds = (seconds * 1e9).rounded()
    guard !nanoseconds.isNaN else { return 0 }
    return SimTime(Swift.min(Swift.max(nanoseconds, -limit), limit))
  }
  package var seconds: Double { Double(self) / 1e9 }

  /// The time of vsync `index` at `refreshRate`: `index / refreshRate` s, saturating like
  /// `fromSeconds`, so no frame index traps it. Every frame falls on one of these.
  static func vsync(_ index: Int64, refreshRate: Int64) -> SimTime {
    let (product, overflow) = index.multipliedReportingOverflow(by: 1_000_000_000)
    return overflow ? fromSeconds(.infinity) : product / refreshRate
  }
}

/// What can happen in the simulation besides display frames. At equal times, events run in the
/// order of the cases (input, then network, then rendering, then timers: the stall's, then the
/// strategy's), then in the order
/// they were scheduled.
enum EngineEvent: Sendable {
  case input(generation: Int)
  case network(NetworkEvent)
  case renderDone(item: Int, token: Int)
  case stallGiveUp(token: Int)
  /// A wake-up a strategy asked for (`ListContext.wakeUp(after:)`).
  case strategyTimer
  /// A read from the disk cache is done: the encoded image is in memory, to be decoded.
  case diskRead(item: Int)

  /// At most 7: `ScheduledEvent.rank` keeps it in 3 bits.
  var order: Int {
    switch self {
    case .input: 0
    case .network: 1
    case .renderDone: 2
    case .stallGiveUp: 3
    case .strategyTimer: 4
    case .diskRead: 5
    }
  }
}

/// An event and when it runs, as the queue orders them: by time, then by `rank`.
struct ScheduledEvent: Comparable {
  var time: SimTime
  /// The event's case order in the top 3 bits, its scheduling sequence below: at equal times
  /// one integer comparison orders by case, then by when it was scheduled.
  var rank: UInt64
  var event: EngineEvent

  @inline(__always) static func < (a: ScheduledEvent, b: ScheduledEvent) -> Bool {
    a.time < b.time || (a.time == b.time && a.rank < b.rank)
  }

  /// Ranks are unique (each holds its scheduling sequence): equal only to itself.
  static func == (a: ScheduledEvent, b: ScheduledEvent) -> Bool { a.time == b.time && a.rank == b.rank }
}

/// The simulation's clock and its future: a binary heap of events (O(log n) per operation),
/// lanes for events that come in the order scheduled (request timeouts), and, beside them, the
/// next input sample and the one pending display frame.
///
/// Most events are frames and input samples, so these two are kept out of the heap. The input
/// is replayed one sample at a time (the next is scheduled when one is handled), so one slot
/// holds it; it runs before any heap event at its instant, as its case order says. The frame
/// runs once no event is due at or before its time, so a frame shows everything that happened
/// at its instant. Frames fall at `k / refreshRate` seconds and are requested only while
/// something can change what is on screen (the engine decides that).
struct EventQueue {
  /// What runs next.
  enum Next {
    case frame(index: Int64)
    case event(EngineEvent)
  }

  /// The time of the event or frame being handled.
  private(set) var now: SimTime = 0
  /// Events and frames handed out so far.
  private(set) var handled = 0
  /// Set once the session is over: no more frames are requested.
  private(set) var isFinished = false

  private var heap = BinaryHeap<ScheduledEvent>()
  /// Lanes for events scheduled in time order (`schedule(_:at:lane:)`): request timeouts, one
  /// lane per kind of request.
  private var lanes = Array(repeating: EventLane(), count: RequestKind.allCases.count)
  private var sequence: UInt64 = 0
  private let refreshRate: Int64
  private var pendingFrame: (index: Int64, time: SimTime)?
  private var pendingInput: (time: SimTime, generation: Int)?
  private var lastFrameIndex: Int64 = -1
  /// The first vsync a frame may use: a late frame is presented there, and the main thread
  /// starts the next frame there (`MainThread`).
  private var firstFreeFrame: Int64 = 0

  init(refreshRate: Int64) { self.refreshRate = refreshRate }

  mutating func schedule(_ event: EngineEvent, at time: SimTime) {
    if case .input(let generation) = event { return scheduleInput(generation: generation, at: time) }
    sequence += 1
    heap.insert(ScheduledEvent(time: time, rank: UInt64(event.order) << 61 | sequence, event: event))
  }

  /// Schedules an event in `lane`, whose events come in the order scheduled (a request's
  /// timeout: its endpoint's timeout is fixed and sends happen in time order). Order among all
  /// events is the same as through `schedule(_:at:)`; an event that would come before the
  /// lane's last goes to the heap.
  mutating func schedule(_ event: EngineEvent, at time: SimTime, lane: Int) {
    sequence += 1
    let entry = ScheduledEvent(time: time, rank: UInt64(event.order) << 61 | sequence, event: event)
    if !lanes[lane].append(entry) { heap.insert(entry) }
  }

  /// The next input sample; it replaces one still pending, which belonged to an earlier
  /// generation (a stall shifted the input) and would have been ignored.
  mutating func scheduleInput(generation: Int, at time: SimTime) {
    pendingInput = (time, generation)
  }

  /// Asks for a display frame: the first frame boundary at or after now that follows the last
  /// frame shown and the vsync that presents it. At most one is pending.
  mutating func requestFrame() {
    guard pendingFrame == nil, !isFinished else { return }
    let dueNow = (now * refreshRate + 999_999_999) / 1_000_000_000
    let index = max(lastFrameIndex + 1, dueNow, firstFreeFrame)
    pendingFrame = (index, SimTime.vsync(index, refreshRate: refreshRate))
  }

  /// No frame before vsync `index`: the main thread is busy through the ones before it
  /// (`MainThread.endFrame`). A frame asked for during the last one (a row it drew came on
  /// screen) moves there too; left at an earlier vsync it would count that vsync as dropped a
  /// second time.
  mutating func holdFrames(before index: Int64) {
    firstFreeFrame = max(firstFreeFrame, index)
    if let frame = pendingFrame, frame.index < index {
      pendingFrame = (index, SimTime.vsync(index, refreshRate: refreshRate))
    }
  }

  /// The next frame or event, with the clock moved to its time; nil when nothing is left.
  /// Written with plain comparisons (no closures over optionals): it runs once per event.
  mutating func next() -> Next? {
    // The earliest of the heap's and the lanes' events (lane -1: the heap).
    var earliest = heap.min
    var lane = -1
    for index in lanes.indices {
      guard let first = lanes[index].first else { continue }
      if let current = earliest, !(first < current) { continue }
      earliest = first
      lane = index
    }
    // The input runs before any heap or lane event at its instant; a frame runs once no event
    // is due at or before its time.
    var inputFirst = false
    var eventTime = SimTime.max
    if let input = pendingInput {
      if let entry = earliest, entry.time < input.time {
        eventTime = entry.time
      } else {
        inputFirst = true
        eventTime = input.time
      }
    } else if let entry = earliest {
      eventTime = entry.time
    }
    if let frame = pendingFrame, eventTime > frame.time {
      now = frame.time
      pendingFrame = nil
      lastFrameIndex = frame.index
      handled += 1
      return .frame(index: frame.index)
    }
    if inputFirst, let input = pendingInput {
      pendingInput = nil
      now = input.time
      handled += 1
      return .event(.input(generation: input.generation))
    }
    guard let entry = earliest else { return nil }
    if lane < 0 { _ = heap.popMin() } else { lanes[lane].removeFirst() }
    now = entry.time
    handled += 1
    return .event(entry.event)
  }

  mutating func finish() { isFinished = true }

  /// The time of the earliest event (frames aside), if any.
  var nextEventTime: SimTime? {
    ([pendingInput?.time, heap.min?.time] + lanes.map { $0.first?.time }).compactMap { $0 }.min()
  }
}
