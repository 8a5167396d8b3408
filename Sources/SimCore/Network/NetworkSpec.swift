/// The device's link to the internet, shared by every request: a latency added to each request
/// and a downlink bandwidth shared fairly by the transfers in progress (see `docs/network.md`).
package struct LinkSpec: Equatable, Sendable {
  /// The profile it came from (`--network NAME`), or "custom".
  package var name: String
  /// Seconds added to every request before its first byte (DevTools' request latency: the
  /// round trips of a request on this link).
  package var latency: Double
  /// Downlink in megabits per second (10⁶ bit/s); nil = unlimited (size costs no time).
  package var downlinkMbps: Double?
  /// Probability that a request attempt fails on the link (a stand-in for loss).
  package var loss: Double

  package init(name: String, latency: Double, downlinkMbps: Double?, loss: Double = 0) {
    self.name = name
    self.latency = latency
    self.downlinkMbps = downlinkMbps
    self.loss = loss
  }

  /// The link as scenario JSON (what `--network NAME` lays over the scenario).
  package var json: JSONValue {
    .object([
      ("name", .string(name)), ("latency", .number(latency)),
      ("downlinkMbps", downlinkMbps.map { .number($0) } ?? .null),
      ("loss", .number(loss)),
    ])
  }

  /// Bytes per second, or nil for unlimited.
  package var bytesPerSecond: Double? { downlinkMbps.map { $0 * 1_000_000 / 8 } }
}

/// One kind of request's server: its time to first byte, its payload, its connection limit and
/// the app's timeout and retry policy for it.
package struct EndpointSpec: Equatable, Sendable {
  /// Server time before the first byte, on top of the link's latency (seconds).
  package var latency: Distribution
  /// Payload size in bytes (drawn once per page or item: the same image always has the same size).
  package var bytes: Distribution
  /// Requests in flight to this host; more wait in a priority queue. Default 6:
  /// `URLSessionConfiguration.httpMaximumConnectionsPerHost` (HTTP/1.1); HTTP/2 multiplexes
  /// many (set e.g. 100).
  package var maxInFlight: Int
  /// Seconds an attempt may take before it fails. Default 60: URLSession's
  /// `timeoutIntervalForRequest`.
  package var timeout: Double
  /// Attempts after the first one that fail. Default 0: URLSession does not retry; set your
  /// app's policy.
  package var retries: Int
  /// Seconds before the first retry; each further retry waits twice as long. Default 1.
  package var backoff: Double
  /// Probability that the server fails an attempt (an error response). Default 0.
  package var failureRate: Double
  /// The latency as the team measured it, when it was given so (`latencyIs`): `latency` is the
  /// server time fitted to it.
  package var measured: MeasuredLatency?

  package init(
    latency: Distribution, bytes: Distribution, maxInFlight: Int = 6, timeout: Double = 60, retries: Int = 0,
    backoff: Double = 1, failureRate: Double = 0, measured: MeasuredLatency? = nil
  ) {
    self.measured = measured
    self.latency = latency
    self.bytes = bytes
    self.maxInFlight = maxInFlight
    self.timeout = timeout
    self.retries = retries
    self.backoff = backoff
    self.failureRate = failureRate
  }
}

/// Pages come from an API host and images from a CDN host, over one link.
package struct NetworkSpec: Equatable, Sendable {
  /// Default: the `4g` profile (Chrome DevTools "Fast 4G").
  package var link: LinkSpec
  /// Default server time lognormal median 120 ms, p95 500 ms; JSON lognormal median 20 kB, p95 60 kB.
  package var page: EndpointSpec
  /// Default server time lognormal median 20 ms, p95 120 ms (a CDN edge); image lognormal
  /// median 80 kB, p95 250 kB (a feed photo at phone resolution).
  package var content: EndpointSpec

  package init(
    link: LinkSpec = NetworkProfiles.named("4g")!,
    page: EndpointSpec = EndpointSpec(
      latency: .lognormal(median: 0.12, p95: 0.5), bytes: .lognormal(median: 20_000, p95: 60_000)),
    content: EndpointSpec = EndpointSpec(
      latency: .lognormal(median: 0.02, p95: 0.12), bytes: .lognormal(median: 80_000, p95: 250_000))
  ) {
    self.link = link
    self.page = page
    self.content = content
  }
}
