/// What the network draws for one attempt of one request under a seed: its latency to the first
/// byte, its size, and whether it fails. A run draws exactly these (`Network` calls the same
/// functions), so a tool that replays a run outside scrollsim — the browser validation's server
/// (`Validation/`) — can give each request the latency and size the simulation gave it, and a
/// difference between prediction and measurement is the model's, not luck's.
package struct NetworkDraw: Sendable, Equatable {
  package var kind: RequestKind
  /// The page number or the row index.
  package var index: Int
  /// 1 for the first attempt at this request, 2 for the next (a retry, or the same item asked
  /// for again after a cancellation).
  package var attempt: Int
  /// Seconds from sending to the first byte: the link's latency plus the endpoint's server time.
  package var latency: Double
  /// The response's size in bytes (the same for every attempt).
  package var bytes: Double
  /// Whether this attempt fails at its first byte.
  package var fails: Bool

  package init(spec: NetworkSpec, seed: UInt64, kind: RequestKind, index: Int, attempt: Int) {
    let endpoint = kind == .page ? spec.page : spec.content
    self.kind = kind
    self.index = index
    self.attempt = attempt
    bytes = Self.bytes(endpoint, seed: seed, kind: kind, index: index)
    (latency, fails) = Self.firstByte(
      endpoint, link: spec.link, seed: seed, kind: kind, index: index, draw: attempt - 1)
  }

  /// The streams per kind (`RequestKind.slot`): "page-bytes", "content-latency" and so on.
  private static let bytesStreams = RequestKind.allCases.map { RandomStream("\($0.rawValue)-bytes") }
  private static let latencyStreams = RequestKind.allCases.map { RandomStream("\($0.rawValue)-latency") }

  /// The size of a request's response (one draw per request, whatever the attempts).
  static func bytes(_ endpoint: EndpointSpec, seed: UInt64, kind: RequestKind, index: Int) -> Double {
    var random = SeededRandom(seed: seed, stream: bytesStreams[kind.slot], index: index)
    // A lognormal or exponential tail can exceed any size: capped at the documented limit.
    return min(max(0, endpoint.bytes.sample(&random)), ScenarioLimits.bytes)
  }

  /// The latency and failure of the `draw`-th attempt (from 0) at an item.
  static func firstByte(
    _ endpoint: EndpointSpec, link: LinkSpec, seed: UInt64, kind: RequestKind, index: Int, draw: Int
  ) -> (latency: Double, fails: Bool) {
    var random = SeededRandom(seed: seed, stream: latencyStreams[kind.slot], index: index, attempt: draw)
    let latency = link.latency + min(max(0, endpoint.latency.sample(&random)), ScenarioLimits.seconds)
    let failure = 1 - (1 - link.loss) * (1 - endpoint.failureRate)
    return (latency, failure > 0 && random.unit() < failure)
  }
}
