import Foundation

/// The two kinds of request a list makes.
public enum RequestKind: String, Sendable, CaseIterable {
  /// A page of rows (append feed) or a range of rows' data (placeholder feed).
  case page
  /// One cell's content, e.g. its image.
  case content

  /// Position in per-kind tables.
  var slot: Int {
    switch self {
    case .page: 0
    case .content: 1
    }
  }
}

/// Where a request waits in its host's queue: visible before display before preload.
package enum RequestPriority: Int, Sendable, CaseIterable, Comparable {
  case visible = 0
  case display = 1
  case preload = 2

  package var name: String {
    switch self {
    case .visible: "visible"
    case .display: "display"
    case .preload: "preload"
    }
  }

  package static func < (a: RequestPriority, b: RequestPriority) -> Bool { a.rawValue < b.rawValue }
}

/// Events the network schedules on the engine's clock.
enum NetworkEvent: Sendable {
  /// An attempt's first byte is due (or its error response).
  case firstByte(id: Int, attempt: Int)
  /// The link's next transfer completion.
  case linkTick(generation: Int)
  /// An attempt ran out of time.
  case timeout(id: Int, attempt: Int)
  /// A failed request's backoff is over.
  case retry(id: Int)
}

/// The simulated network (`docs/network.md`): per kind of request a host with a connection
/// limit and a priority queue, one shared link, and the app's timeout and retry policy.
///
/// An attempt waits `link.latency + server latency` for its first byte, then transfers its
/// payload through the shared link. It fails with probability `1 − (1 − loss)(1 − failureRate)`
/// at its first byte, or when it exceeds `timeout`; a failed attempt is retried after
/// `backoff · 2^(n−1)` while retries remain, else the request fails for good. Random draws are
/// keyed by (kind, index, n), n counting the attempts made for that item in the run whatever
/// request they belong to: the same sequence of requests has the same luck whichever strategy
/// sends it, and asking again for an item (a refetch, a page after a failure) is a fresh try
/// with fresh luck. A payload's size is keyed by (kind, index) only.
///
/// A value the engine owns: it schedules its timers on the engine's queue, passed in to every
/// call that can start or stop a transfer, and keeps what it would log as `notes` for the
/// engine to write (it knows neither the clock's rendering nor the scroll offset).
struct Network {
  struct Request {
    enum State { case queued, waiting, transferring, backoff, done, failed, cancelled }
    var id: Int
    var kind: RequestKind
    var index: Int
    var priority: RequestPriority
    var state: State = .queued
    /// Attempts started so far.
    var attempts = 0
    var bytes: Double
    /// This attempt fails at its first byte.
    var failsAtFirstByte = false
    /// It arrives when the `ArrivalPlan` says, past the host's queue and the link.
    var planned = false
    /// When the attempt's first byte came and its body began to arrive through the link.
    var transferStart: SimTime?
  }

  enum Outcome {
    case completed(Request)
    case failed(Request)
  }

  private(set) var requests: [Request] = []
  /// Per kind of request (`RequestKind.slot`), its host's endpoint, and its connections: at
  /// most `maxInFlight` requests in flight, the rest waiting by priority (`PriorityResource`).
  // Internal, not private, for the debug-build checks (`Network+Invariants.swift`).
  let endpoints: [EndpointSpec]
  /// Each endpoint's timeout in the engine's nanoseconds, converted once (every send adds it).
  private let timeoutTimes: [SimTime]
  private(set) var hosts: [PriorityResource]
  private let linkSpec: LinkSpec
  private var link: Link
  private let seed: UInt64
  private let keepsNotes: Bool
  private let plan: ArrivalPlan?
  /// What happened since the engine last took the notes (only when `keepsNotes`).
  private var notes: [TimelineEvent.Kind] = []

  /// The whole sizes of the responses being received (their buffers, counted from the first
  /// byte: the memory they hold, at most).
  private(set) var bufferedBytes = 0.0
  /// Bytes received, including partial transfers of cancelled or timed-out attempts.
  private(set) var bytesReceived = 0.0
  private(set) var failedAttempts = 0
  private(set) var timeouts = 0
  private(set) var retries = 0
  /// Attempts made per item, one table per kind (`RequestKind.slot`): the draw number of the
  /// next one.
  private var drawsPerItem = Array(repeating: RowTable(defaultValue: 0), count: RequestKind.allCases.count)

  init(spec: NetworkSpec, seed: UInt64, keepsNotes: Bool = false, plan: ArrivalPlan? = nil) {
    endpoints = [spec.page, spec.content]
    timeoutTimes = endpoints.map { SimTime.fromSeconds($0.timeout) }
    hosts = endpoints.map { PriorityResource(capacity: $0.maxInFlight) }
    linkSpec = spec.link
    self.seed = seed
    self.keepsNotes = keepsNotes
    self.plan = plan
    link = Link(bytesPerSecond: spec.link.bytesPerSecond)
  }

  func request(_ id: Int) -> Request { requests[id] }

  var inFlightCount: Int { hosts.reduce(0) { $0 + $1.inUse } }

  /// The notes since the last call, oldest first.
  mutating func takeNotes() -> [TimelineEvent.Kind] {
    guard !notes.isEmpty else { return [] }
    defer { notes.removeAll(keepingCapacity: true) }
    return notes
  }

  /// Queues a request and sends what the connection limit allows; returns its id.
  mutating func issue(
    _ kind: RequestKind, index: Int, priority: RequestPriority, at now: SimTime, queue: inout EventQueue
  ) -> Int {
    let id = requests.count
    let bytes = NetworkDraw.bytes(endpoints[kind.slot], seed: seed, kind: kind, index: index)
    requests.append(Request(id: id, kind: kind, index: index, priority: priority, bytes: bytes))
    if let arrival = plan?.arrival(kind, index: index) {
      sendPlanned(id, arrival: arrival, at: now, queue: &queue)
      return id
    }
    enqueue(id)
    pump(kind, at: now, queue: &queue)
    return id
  }

  /// A planned request: one attempt that succeeds at its time, taking no connection.
  private mutating func sendPlanned(_ id: Int, arrival: Double, at now: SimTime, queue: inout EventQueue) {
    requests[id].planned = true
    requests[id].attempts = 1
    requests[id].state = .waiting
    let request = requests[id]
    if keepsNotes {
      notes.append(.send(request.kind, index: request.index, id: id, attempt: 1, priority: request.priority))
    }
    let at = max(now, SimTime.fromSeconds(min(arrival, ScenarioLimits.seconds)))
    queue.schedule(.network(.firstByte(id: id, attempt: 1)), at: at)
  }

  /// Moves a queued request to a more urgent queue (a preloading cell became visible).
  mutating func reprioritize(_ id: Int, to priority: RequestPriority) {
    guard priority < requests[id].priority else { return }
    requests[id].priority = priority
    if requests[id].state == .queued { hosts[requests[id].kind.slot].move(id, to: priority.rawValue) }
  }

  /// Cancels a request; returns whether any of it had been sent.
  @discardableResult
  mutating func cancel(_ id: Int, at now: SimTime, queue: inout EventQueue) -> Bool {
    let request = requests[id]
    switch request.state {
    case .queued:
      requests[id].state = .cancelled
      hosts[request.kind.slot].withdraw(id)
    case .backoff:
      requests[id].state = .cancelled
    case .waiting:
      requests[id].state = .cancelled
      // A planned request took no connection.
      if !request.planned { release(request.kind, at: now, queue: &queue) }
    case .transferring:
      requests[id].state = .cancelled
      bufferedBytes -= request.bytes
      bytesReceived += link.remove(id, at: now, queue: &queue)
      release(request.kind, at: now, queue: &queue)
    case .done, .failed, .cancelled:
      return false
    }
    return request.attempts > 0
  }

  mutating func handle(_ event: NetworkEvent, at now: SimTime, queue: inout EventQueue) -> [Outcome] {
    var outcomes: [Outcome] = []
    handle(event, at: now, queue: &queue, into: &outcomes)
    return outcomes
  }

  /// `handle`, appending the outcomes to a buffer the engine reuses (an array per response
  /// was an allocation per event).
  mutating func handle(_ event: NetworkEvent, at now: SimTime, queue: inout EventQueue, into outcomes: inout [Outcome])
  {
    switch event {
    case .firstByte(let id, let attempt):
      guard requests[id].state == .waiting, requests[id].attempts == attempt else { return }
      if requests[id].planned { return outcomes.append(complete(id, at: now, queue: &queue)) }
      if requests[id].failsAtFirstByte {
        return attemptFailed(id, reason: "error", at: now, queue: &queue, into: &outcomes)
      }
      requests[id].state = .transferring
      requests[id].transferStart = now
      bufferedBytes += requests[id].bytes
      if link.start(id, bytes: requests[id].bytes, at: now, queue: &queue) {
        outcomes.append(complete(id, at: now, queue: &queue))
      }
    case .linkTick(let generation):
      for id in link.tick(generation: generation, at: now, queue: &queue) {
        outcomes.append(complete(id, at: now, queue: &queue))
      }
    case .timeout(let id, let attempt):
      guard requests[id].attempts == attempt else { return }
      switch requests[id].state {
      case .waiting: break
      case .transferring:
        bufferedBytes -= requests[id].bytes
        bytesReceived += link.remove(id, at: now, queue: &queue)
      default: return
      }
      timeouts += 1
      attemptFailed(id, reason: "timeout", at: now, queue: &queue, into: &outcomes)
    case .retry(let id):
      guard requests[id].state == .backoff else { return }
      requests[id].state = .queued
      enqueue(id)
      pump(requests[id].kind, at: now, queue: &queue)
    }
  }

  // MARK: Internals

  private mutating func enqueue(_ id: Int) {
    hosts[requests[id].kind.slot].enqueue(id, priority: requests[id].priority.rawValue)
  }

  /// Sends what a host's connection limit allows. Only the host whose queue or connections
  /// changed is pumped: every other host is already full or has nothing waiting.
  private mutating func pump(_ kind: RequestKind, at now: SimTime, queue: inout EventQueue) {
    let slot = kind.slot
    while let id = hosts[slot].start() { send(id, at: now, queue: &queue) }
  }

  private mutating func send(_ id: Int, at now: SimTime, queue: inout EventQueue) {
    let kind = requests[id].kind
    requests[id].attempts += 1
    requests[id].state = .waiting
    let attempt = requests[id].attempts
    let index = requests[id].index
    let draw = drawsPerItem[kind.slot][index]
    drawsPerItem[kind.slot][index] = draw + 1
    let (latency, fails) = NetworkDraw.firstByte(
      endpoints[kind.slot], link: linkSpec, seed: seed, kind: kind, index: index, draw: draw)
    requests[id].failsAtFirstByte = fails
    if keepsNotes {
      notes.append(.send(kind, index: index, id: id, attempt: attempt, priority: requests[id].priority))
    }
    queue.schedule(.network(.firstByte(id: id, attempt: attempt)), at: now + SimTime.fromSeconds(latency))
    queue.schedule(
      .network(.timeout(id: id, attempt: attempt)), at: now + timeoutTimes[kind.slot],
      lane: kind.slot)
  }

  private mutating func release(_ kind: RequestKind, at now: SimTime, queue: inout EventQueue) {
    hosts[kind.slot].release()
    pump(kind, at: now, queue: &queue)
  }

  private mutating func complete(_ id: Int, at now: SimTime, queue: inout EventQueue) -> Outcome {
    if requests[id].state == .transferring { bufferedBytes -= requests[id].bytes }
    requests[id].state = .done
    bytesReceived += requests[id].bytes
    // A planned request took no connection.
    if !requests[id].planned { release(requests[id].kind, at: now, queue: &queue) }
    return .completed(requests[id])
  }

  private mutating func attemptFailed(
    _ id: Int, reason: String, at now: SimTime, queue: inout EventQueue, into outcomes: inout [Outcome]
  ) {
    failedAttempts += 1
    let spec = endpoints[requests[id].kind.slot]
    let attempt = requests[id].attempts
    release(requests[id].kind, at: now, queue: &queue)
    if attempt <= spec.retries {
      requests[id].state = .backoff
      retries += 1
      let delay = spec.backoff * Foundation.pow(2, Double(attempt - 1))
      if keepsNotes {
        let request = requests[id]
        notes.append(
          .retry(request.kind, index: request.index, id: id, reason: reason, attempt: attempt, delay: delay))
      }
      queue.schedule(.network(.retry(id: id)), at: now + SimTime.fromSeconds(delay))
      return
    }
    requests[id].state = .failed
    if keepsNotes {
      let request = requests[id]
      notes.append(.fail(request.kind, index: request.index, id: id, reason: reason, attempts: attempt))
    }
    outcomes.append(.failed(requests[id]))
  }

}

extension Network {
  /// Its part of the metrics (`RunPart`): the network's totals, at the session's end.
  func report(into metrics: inout RunMetrics) {
    metrics.inFlightAtEnd = inFlightCount
    metrics.bytes = bytesReceived
    metrics.timeouts = timeouts
    metrics.retries = retries
  }
}
