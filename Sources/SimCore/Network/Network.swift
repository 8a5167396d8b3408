import Foundation

/// The two kinds of request a list makes.
public enum RequestKind: String, Sendable, CaseIterable {
  /// A page of rows (append feed) or a range of rows' data (placeholder feed).
  case page
  /// One cell's content, e.g. its image.
  case content
}

/// Where a request waits in its host's queue: visible before display before preload.
public enum RequestPriority: Int, Sendable, CaseIterable, Comparable {
  case visible = 0
  case display = 1
  case preload = 2

  public var name: String {
    switch self {
    case .visible: "visible"
    case .display: "display"
    case .preload: "preload"
    }
  }

  public static func < (a: RequestPriority, b: RequestPriority) -> Bool { a.rawValue < b.rawValue }
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
/// keyed by (kind, index, attempt), so the same request has the same luck whichever strategy
/// sends it; a payload's size is keyed by (kind, index) only.
final class Network {
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
  }

  enum Outcome {
    case completed(Request)
    case failed(Request)
  }

  private final class Host {
    let spec: EndpointSpec
    var queues: [[Int]] = Array(repeating: [], count: RequestPriority.allCases.count)
    var heads = Array(repeating: 0, count: RequestPriority.allCases.count)
    var inFlight = 0
    init(spec: EndpointSpec) { self.spec = spec }
  }

  private(set) var requests: [Request] = []
  private let hosts: [RequestKind: Host]
  private let linkSpec: LinkSpec
  private let link: Link
  private let seed: UInt64
  private let schedule: (NetworkEvent, SimTime) -> Void
  private let log: (String, Request, [(String, JSONValue)]) -> Void

  /// Bytes received, including partial transfers of cancelled or timed-out attempts.
  private(set) var bytesReceived = 0.0
  private(set) var failedAttempts = 0
  private(set) var timeouts = 0
  private(set) var retries = 0

  init(
    spec: NetworkSpec, seed: UInt64, schedule: @escaping (NetworkEvent, SimTime) -> Void,
    log: @escaping (String, Request, [(String, JSONValue)]) -> Void
  ) {
    hosts = [.page: Host(spec: spec.page), .content: Host(spec: spec.content)]
    linkSpec = spec.link
    self.seed = seed
    self.schedule = schedule
    self.log = log
    link = Link(bytesPerSecond: spec.link.bytesPerSecond) { time, generation in
      schedule(.linkTick(generation: generation), time)
    }
  }

  func request(_ id: Int) -> Request { requests[id] }

  var inFlightCount: Int { hosts.values.reduce(0) { $0 + $1.inFlight } }

  /// Queues a request and sends what the connection limit allows; returns its id and any
  /// outcome that is immediate (none today, kept for symmetry with `handle`).
  func issue(_ kind: RequestKind, index: Int, priority: RequestPriority, at now: SimTime) -> Int {
    let id = requests.count
    var random = SeededRandom(seed: seed, stream: "\(kind.rawValue)-bytes", index: index)
    let bytes = max(0, hosts[kind]!.spec.bytes.sample(&random))
    requests.append(Request(id: id, kind: kind, index: index, priority: priority, bytes: bytes))
    enqueue(id)
    pump(at: now)
    return id
  }

  /// Moves a queued request to a more urgent queue (a preloading cell became visible).
  func reprioritize(_ id: Int, to priority: RequestPriority) {
    guard priority < requests[id].priority else { return }
    requests[id].priority = priority
    if requests[id].state == .queued { enqueue(id) }
  }

  /// Cancels a request; returns whether any of it had been sent.
  @discardableResult
  func cancel(_ id: Int, at now: SimTime) -> Bool {
    let request = requests[id]
    switch request.state {
    case .queued, .backoff:
      requests[id].state = .cancelled
    case .waiting:
      requests[id].state = .cancelled
      release(request.kind, at: now)
    case .transferring:
      requests[id].state = .cancelled
      bytesReceived += link.remove(id, at: now)
      release(request.kind, at: now)
    case .done, .failed, .cancelled:
      return false
    }
    return request.attempts > 0
  }

  func handle(_ event: NetworkEvent, at now: SimTime) -> [Outcome] {
    switch event {
    case .firstByte(let id, let attempt):
      guard requests[id].state == .waiting, requests[id].attempts == attempt else { return [] }
      if requests[id].failsAtFirstByte { return attemptFailed(id, reason: "error", at: now) }
      requests[id].state = .transferring
      if link.start(id, bytes: requests[id].bytes, at: now) { return [complete(id, at: now)] }
      return []
    case .linkTick(let generation):
      return link.tick(generation: generation, at: now).map { complete($0, at: now) }
    case .timeout(let id, let attempt):
      guard requests[id].attempts == attempt else { return [] }
      switch requests[id].state {
      case .waiting: break
      case .transferring: bytesReceived += link.remove(id, at: now)
      default: return []
      }
      timeouts += 1
      return attemptFailed(id, reason: "timeout", at: now)
    case .retry(let id):
      guard requests[id].state == .backoff else { return [] }
      requests[id].state = .queued
      enqueue(id)
      pump(at: now)
      return []
    }
  }

  // MARK: Internals

  private func enqueue(_ id: Int) {
    hosts[requests[id].kind]!.queues[requests[id].priority.rawValue].append(id)
  }

  /// The next request to send from a host: most urgent queue first, FIFO within it; entries
  /// left behind by reprioritisation or cancellation are skipped.
  private func dequeue(_ host: Host) -> Int? {
    for priority in RequestPriority.allCases {
      let p = priority.rawValue
      while host.heads[p] < host.queues[p].count {
        let id = host.queues[p][host.heads[p]]
        host.heads[p] += 1
        if requests[id].state == .queued && requests[id].priority == priority { return id }
      }
    }
    return nil
  }

  private func pump(at now: SimTime) {
    for kind in RequestKind.allCases {
      let host = hosts[kind]!
      while host.inFlight < host.spec.maxInFlight, let id = dequeue(host) {
        send(id, host: host, at: now)
      }
    }
  }

  private func send(_ id: Int, host: Host, at now: SimTime) {
    host.inFlight += 1
    requests[id].attempts += 1
    requests[id].state = .waiting
    let attempt = requests[id].attempts
    let kind = requests[id].kind
    let index = requests[id].index
    var random = SeededRandom(seed: seed, stream: "\(kind.rawValue)-latency", index: index, attempt: attempt - 1)
    let latency = linkSpec.latency + max(0, host.spec.latency.sample(&random))
    let failure = 1 - (1 - linkSpec.loss) * (1 - host.spec.failureRate)
    requests[id].failsAtFirstByte = failure > 0 && random.unit() < failure
    log("send", requests[id], [("attempt", .int(attempt)), ("priority", .string(requests[id].priority.name))])
    schedule(.firstByte(id: id, attempt: attempt), now + SimTime.fromSeconds(latency))
    schedule(.timeout(id: id, attempt: attempt), now + SimTime.fromSeconds(host.spec.timeout))
  }

  private func release(_ kind: RequestKind, at now: SimTime) {
    hosts[kind]!.inFlight -= 1
    pump(at: now)
  }

  private func complete(_ id: Int, at now: SimTime) -> Outcome {
    requests[id].state = .done
    bytesReceived += requests[id].bytes
    release(requests[id].kind, at: now)
    return .completed(requests[id])
  }

  private func attemptFailed(_ id: Int, reason: String, at now: SimTime) -> [Outcome] {
    failedAttempts += 1
    let host = hosts[requests[id].kind]!
    let attempt = requests[id].attempts
    release(requests[id].kind, at: now)
    if attempt <= host.spec.retries {
      requests[id].state = .backoff
      retries += 1
      let delay = host.spec.backoff * Foundation.pow(2, Double(attempt - 1))
      log("retry", requests[id], [("reason", .string(reason)), ("attempt", .int(attempt)), ("delay", .number(delay))])
      schedule(.retry(id: id), now + SimTime.fromSeconds(delay))
      return []
    }
    requests[id].state = .failed
    log("fail", requests[id], [("reason", .string(reason)), ("attempts", .int(attempt))])
    return [.failed(requests[id])]
  }
}
