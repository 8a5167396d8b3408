import Foundation

/// Builds empirical page and image distributions from a HAR file (HTTP Archive 1.2, what every
/// browser's developer tools and every proxy export), so a real app's measured network becomes
/// a scenario (`--latency-from capture.har`).
///
/// Fields used, per `log.entries[i]`: `request.url`; `response.status` (0 or ≥ 400 counts as a
/// failure); `response.content.mimeType`; `response.bodySize` (bytes on the wire; when it is
/// missing, −1 or 0, `response.content.size`); `startedDateTime`; `timings.blocked`, `dns`,
/// `connect` (which includes `ssl`), `send`, `wait`, `receive` in ms, −1 meaning "not
/// applicable" (or `time` when `timings` is absent). `blocked` is left out of a latency:
/// waiting for a connection is what scrollsim's own queue models.
///
/// End to end (the default), a request's latency is its time to the first byte (dns + connect
/// + send + wait), and its body goes through a link of the downlink the capture shows: the
/// bytes received over the time some response was being received (the union of the receive
/// intervals, placed by `startedDateTime`; their sum when an entry lacks it, which undercounts
/// a link that carried several at once). So an image keeps both its size and the bandwidth it
/// shared. An entry without `timings` gives its `time` less its size at that downlink. A capture
/// with no receive time gives no downlink: latencies then include `receive`, and the link is
/// `none`. With `serverOnly` (a named link given as well, `--network 3g`), a latency is
/// `timings.wait` alone — the server's time to the first byte, which still holds one round trip
/// of the captured network — and the named link adds its latency and bandwidth. Latency and
/// size are drawn independently from their samples (a simplification).
package enum HARImport {
  package struct Result: Sendable {
    package var pageLatencies: [Double] = []
    package var pageBytes: [Double] = []
    package var pageFailures = 0
    package var contentLatencies: [Double] = []
    package var contentBytes: [Double] = []
    package var contentFailures = 0
    package var ignored = 0
    /// Whether the latencies are server times only and the scenario's link stays.
    package var serverOnly = false
    /// The capture's downlink (bytes/s), end to end; nil: none measured (or `serverOnly`).
    package var downlinkBytesPerSecond: Double?
    /// What the downlink was measured over: bytes received and the seconds some response was.
    package var received: (bytes: Double, seconds: Double) = (0, 0)

    /// The link the import sets (nil with `serverOnly`): the capture's downlink without a latency
    /// of its own (it is in the latencies), or `none` when it shows no downlink.
    package var link: LinkSpec? {
      guard !serverOnly else { return nil }
      guard let downlinkBytesPerSecond else { return NetworkProfiles.named("none")! }
      return LinkSpec(name: "har", latency: 0, downlinkMbps: downlinkBytesPerSecond * 8 / 1_000_000)
    }

    /// A scenario overlay: `link` (unless `serverOnly`), and for each kind with samples its
    /// latency, bytes and failure rate.
    package var overlay: JSONValue {
      var network: [(String, JSONValue)] = link.map { [("link", $0.json)] } ?? []
      func endpoint(_ latencies: [Double], _ bytes: [Double], _ failures: Int) -> JSONValue? {
        guard !latencies.isEmpty else { return nil }
        var members: [(String, JSONValue)] = [("latency", Distribution.empirical(latencies).json)]
        if !bytes.isEmpty { members.append(("bytes", Distribution.empirical(bytes).json)) }
        members.append(("failureRate", .number(Double(failures) / Double(latencies.count + failures))))
        return .object(members)
      }
      if let page = endpoint(pageLatencies, pageBytes, pageFailures) { network.append(("page", page)) }
      if let content = endpoint(contentLatencies, contentBytes, contentFailures) {
        network.append(("content", content))
      }
      return .object([("network", .object(network))])
    }

    package var summary: String {
      var text =
        "\(pageLatencies.count) page and \(contentLatencies.count) content responses, "
        + "\(pageFailures + contentFailures) failures, \(ignored) other entries ignored"
      if serverOnly { return text + "; server times (timings.wait) over the named link" }
      if let link, let mbps = link.downlinkMbps {
        text +=
          "; latencies to the first byte, bodies over the capture's downlink: \(NumberText.fixed(mbps, 2)) Mbit/s ("
          + "\(NumberText.fixed(received.bytes / 1000, 0)) kB in \(NumberText.fixed(received.seconds, 3)) s of receiving)"
      } else {
        text += "; no receive time in the capture: latencies include the transfer, link none"
      }
      return text
    }
  }

  /// Reads `path`. An entry is a page if its URL contains `pagePattern` (or, without one, its
  /// MIME type mentions json), content if its URL contains `contentPattern` (or, without one,
  /// its MIME type is image/*).
  package static func load(
    path: String, pagePattern: String? = nil, contentPattern: String? = nil, serverOnly: Bool = false
  ) throws(SimError) -> Result {
    do throws(SimError) {
      return try read(
        JSONParser.parse(AtomicFile.read(path)), pagePattern: pagePattern, contentPattern: contentPattern,
        serverOnly: serverOnly)
    } catch {
      throw error.inFile(path)
    }
  }

  /// `load` on a HAR already parsed (a library user's own bytes).
  package static func read(
    _ value: JSONValue, pagePattern: String? = nil, contentPattern: String? = nil, serverOnly: Bool = false
  ) throws(SimError) -> Result {
    let entries = try JSONCursor(value)["log"]["entries"].elements()
    var result = Result()
    result.serverOnly = serverOnly
    var measured: [Measured] = []
    var receiving: [Receiving] = []
    for entry in entries {
      let url = try entry["request"]["url"].string()
      let response = entry["response"]
      let status = try response["status"].double()
      let mime = response["content"]["mimeType"].exists ? try response["content"]["mimeType"].string().lowercased() : ""
      let isPage = pagePattern.map { url.contains($0) } ?? mime.contains("json")
      let isContent = !isPage && (contentPattern.map { url.contains($0) } ?? mime.hasPrefix("image/"))
      let failed = status == 0 || status >= 400
      if !failed, let interval = try receivingInterval(entry) { receiving.append(interval) }
      guard isPage || isContent else {
        result.ignored += 1
        continue
      }
      if failed {
        if isPage { result.pageFailures += 1 } else { result.contentFailures += 1 }
        continue
      }
      let timings = try Timings(entry)
      guard timings.total <= ScenarioLimits.seconds else {
        throw entry["timings"].fail(
          "adds up to \(JSONWriter.number(timings.total)) s; a request takes at most \(JSONWriter.number(ScenarioLimits.seconds)) s"
        )
      }
      let size = try bytes(response)
      measured.append(Measured(isPage: isPage, timings: timings, bytes: size))
    }
    if !serverOnly { (result.downlinkBytesPerSecond, result.received) = downlink(receiving) }
    for entry in measured {
      let latency = entry.timings.latency(
        serverOnly: serverOnly, bytes: entry.bytes, downlink: result.downlinkBytesPerSecond)
      if entry.isPage {
        result.pageLatencies.append(latency)
        if entry.bytes > 0 { result.pageBytes.append(entry.bytes) }
      } else {
        result.contentLatencies.append(latency)
        if entry.bytes > 0 { result.contentBytes.append(entry.bytes) }
      }
    }
    guard !result.pageLatencies.isEmpty || !result.contentLatencies.isEmpty else {
      throw SimError(
        .badData, path: "$.log.entries",
        "no entry matched a page (json, or --har-page) or an image (image/*, or --har-content)")
    }
    return result
  }

  /// One page or image response as measured.
  struct Measured {
    var isPage: Bool
    var timings: Timings
    var bytes: Double
  }

  /// An entry's timings in seconds (−1 = 0); `time` alone when it has none.
  struct Timings {
    var toFirstByte: Double?
    var wait: Double?
    var receive: Double?
    var time: Double?

    init(_ entry: JSONCursor) throws(SimError) {
      let timings = entry["timings"]
      guard timings.exists else {
        time = try entry["time"].double(atLeast: 0) / 1000
        return
      }
      func ms(_ key: String) throws(SimError) -> Double {
        timings[key].exists ? max(0, try timings[key].double()) / 1000 : 0
      }
      toFirstByte = try ms("dns") + ms("connect") + ms("send") + ms("wait")
      wait = try ms("wait")
      receive = try ms("receive")
    }

    /// Every second it took: what is checked against the scenario's range.
    var total: Double { time ?? ((toFirstByte ?? 0) + (receive ?? 0)) }

    /// The latency the scenario gets: the server's wait; or the time to the first byte when
    /// the body goes through the capture's downlink; or everything when there is none.
    func latency(serverOnly: Bool, bytes: Double, downlink: Double?) -> Double {
      if let time {
        guard !serverOnly, let downlink, bytes > 0 else { return time }
        return max(0, time - bytes / downlink)
      }
      if serverOnly { return wait ?? 0 }
      return downlink == nil ? total : toFirstByte ?? 0
    }
  }

  /// When a successful response was being received, in seconds since its `startedDateTime`
  /// (nil when unknown), and its bytes.
  struct Receiving {
    var start: Double?
    var seconds: Double
    var bytes: Double
  }

  static func receivingInterval(_ entry: JSONCursor) throws(SimError) -> Receiving? {
    let timings = entry["timings"]
    guard timings.exists, timings["receive"].exists else { return nil }
    let receive = max(0, try timings["receive"].double()) / 1000
    let size = try bytes(entry["response"])
    guard receive > 0, size > 0, receive <= ScenarioLimits.seconds else { return nil }
    var start: Double?
    if entry["startedDateTime"].exists, let date = parseDate(try entry["startedDateTime"].string()) {
      var before = 0.0
      for key in ["blocked", "dns", "connect", "send", "wait"] where timings[key].exists {
        before += max(0, try timings[key].double()) / 1000
      }
      start = date.timeIntervalSince1970 + before
    }
    return Receiving(start: start, seconds: receive, bytes: size)
  }

  /// Bytes received over the time some response was being received: the union of the
  /// intervals when every one is placed, else their sum.
  static func downlink(_ receiving: [Receiving]) -> (Double?, (bytes: Double, seconds: Double)) {
    let bytes = receiving.reduce(0) { $0 + $1.bytes }
    var seconds = receiving.reduce(0) { $0 + $1.seconds }
    if !receiving.isEmpty, receiving.allSatisfy({ $0.start != nil }) {
      let intervals = receiving.map { ($0.start!, $0.start! + $0.seconds) }.sorted { $0 < $1 }
      seconds = 0
      var (from, to) = intervals[0]
      for (start, end) in intervals.dropFirst() {
        if start > to {
          seconds += to - from
          (from, to) = (start, end)
        } else {
          to = max(to, end)
        }
      }
      seconds += to - from
    }
    guard bytes > 0, seconds > 0 else { return (nil, (0, 0)) }
    return (bytes / seconds, (bytes, seconds))
  }

  /// Bytes on the wire, or the body's size when they are not given.
  static func bytes(_ response: JSONCursor) throws(SimError) -> Double {
    var size = response["bodySize"].exists ? try response["bodySize"].double() : -1
    if size <= 0, response["content"]["size"].exists { size = try response["content"]["size"].double() }
    guard size <= ScenarioLimits.bytes else {
      throw response.fail("a size of \(JSONWriter.number(size)) B; at most \(JSONWriter.number(ScenarioLimits.bytes))")
    }
    return max(0, size)
  }

  /// An ISO 8601 time, with or without fractional seconds (HAR's `startedDateTime`).
  static func parseDate(_ text: String) -> Date? {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    if let date = formatter.date(from: text) { return date }
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.date(from: text)
  }
}
