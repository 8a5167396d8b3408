/// The two kinds of request a list makes.
public enum RequestKind: String, Sendable, CaseIterable {
  /// A page of rows (append feed) or a range of rows' data (placeholder feed).
  case page
  /// One cell's content, e.g. its image.
  case content
}

/// A simulated network, first version: per kind of request a server with a latency
/// distribution, a limit on requests in flight and a FIFO queue; cancellation of queued and
/// in-flight requests. Latency is drawn from a stream keyed by (kind, index, attempt), so the
/// same request has the same latency whichever strategy sends it. Bandwidth, faults and
/// priorities come with issue 4; bytes are counted when a response completes.
final class Network {
  struct Request {
    enum State { case queued, inFlight, done, cancelled }
    var id: Int
    var kind: RequestKind
    var index: Int
    var state: State = .queued
    var wasSent = false
  }

  private final class Endpoint {
    let spec: EndpointSpec
    var queue: [Int] = []
    var queueHead = 0
    var inFlight = 0
    init(spec: EndpointSpec) { self.spec = spec }
  }

  private(set) var requests: [Request] = []
  private let endpoints: [RequestKind: Endpoint]
  private let seed: UInt64
  private var attempts: [RequestKind: [Int: Int]] = [.page: [:], .content: [:]]

  init(spec: NetworkSpec, seed: UInt64) {
    endpoints = [.page: Endpoint(spec: spec.page), .content: Endpoint(spec: spec.content)]
    self.seed = seed
  }

  func request(_ id: Int) -> Request { requests[id] }

  /// Queues a request; returns its id. Call `pump` to send what the limits allow.
  func issue(_ kind: RequestKind, index: Int) -> Int {
    let id = requests.count
    requests.append(Request(id: id, kind: kind, index: index))
    endpoints[kind]!.queue.append(id)
    return id
  }

  /// Sends queued requests while connections are free; returns (id, completion time) pairs.
  func pump(at now: SimTime) -> [(id: Int, completesAt: SimTime)] {
    var started: [(Int, SimTime)] = []
    for kind in RequestKind.allCases {
      let endpoint = endpoints[kind]!
      while endpoint.inFlight < endpoint.spec.maxInFlight, endpoint.queueHead < endpoint.queue.count {
        let id = endpoint.queue[endpoint.queueHead]
        endpoint.queueHead += 1
        guard requests[id].state == .queued else { continue }
        requests[id].state = .inFlight
        requests[id].wasSent = true
        endpoint.inFlight += 1
        let index = requests[id].index
        let attempt = attempts[kind]![index, default: 0]
        attempts[kind]![index] = attempt + 1
        var random = SeededRandom(seed: seed, stream: "\(kind.rawValue)-latency", index: index, attempt: attempt)
        let latency = max(0, endpoint.spec.latency.sample(&random))
        started.append((id, now + SimTime.fromSeconds(latency)))
      }
      if endpoint.queueHead > 1024 && endpoint.queueHead * 2 > endpoint.queue.count {
        endpoint.queue.removeFirst(endpoint.queueHead)
        endpoint.queueHead = 0
      }
    }
    return started
  }

  /// Marks a completion; returns false if the request was cancelled meanwhile.
  func complete(_ id: Int) -> Bool {
    guard requests[id].state == .inFlight else { return false }
    requests[id].state = .done
    endpoints[requests[id].kind]!.inFlight -= 1
    return true
  }

  /// Cancels a queued or in-flight request; returns whether it had been sent.
  @discardableResult
  func cancel(_ id: Int) -> Bool {
    switch requests[id].state {
    case .queued:
      requests[id].state = .cancelled
      return false
    case .inFlight:
      requests[id].state = .cancelled
      endpoints[requests[id].kind]!.inFlight -= 1
      return true
    case .done, .cancelled:
      return false
    }
  }

  func bytes(of kind: RequestKind) -> Double { endpoints[kind]!.spec.bytes }

  var inFlightCount: Int { endpoints.values.reduce(0) { $0 + $1.inFlight } }
}
