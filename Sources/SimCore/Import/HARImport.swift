/// Builds empirical page and image distributions from a HAR file (HTTP Archive 1.2, what every
/// browser's developer tools and every proxy export), so a real app's measured network becomes
/// a scenario (`--latency-from capture.har`).
///
/// Fields used, per `log.entries[i]`: `request.url`; `response.status` (0 or ≥ 400 counts as a
/// failure); `response.content.mimeType`; `response.bodySize` (bytes on the wire; when it is
/// missing, −1 or 0, `response.content.size`); `timings.dns`, `connect` (which includes `ssl`),
/// `send`, `wait`, `receive` in ms, −1 meaning "not applicable" (or `time` when `timings` is
/// absent). `blocked` is left out: waiting for a connection is what scrollsim's own queue models.
///
/// A request's latency is the sum of those timings, measured end to end, so the import also sets
/// the link to `none` (its latency and bandwidth are already in the numbers). With
/// `serverOnly` (a named link given as well, `--network 3g`), a latency is `timings.wait` alone
/// — the server's time to the first byte, which still holds one round trip of the captured
/// network — and the named link adds its latency and bandwidth. Latency and size are drawn
/// independently from their samples (a simplification).
public enum HARImport {
  public struct Result: Sendable {
    public var pageLatencies: [Double] = []
    public var pageBytes: [Double] = []
    public var pageFailures = 0
    public var contentLatencies: [Double] = []
    public var contentBytes: [Double] = []
    public var contentFailures = 0
    public var ignored = 0
    /// Whether the latencies are server times only and the scenario's link stays.
    public var serverOnly = false

    /// A scenario overlay: link `none` (unless `serverOnly`), and for each kind with samples its
    /// latency, bytes and failure rate.
    public var overlay: JSONValue {
      var network: [(String, JSONValue)] = serverOnly ? [] : [("link", NetworkProfiles.named("none")!.json)]
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

    public var summary: String {
      "\(pageLatencies.count) page and \(contentLatencies.count) content responses, "
        + "\(pageFailures + contentFailures) failures, \(ignored) other entries ignored"
        + (serverOnly ? "; server times (timings.wait) over the named link" : "")
    }
  }

  /// Reads `path`. An entry is a page if its URL contains `pagePattern` (or, without one, its
  /// MIME type mentions json), content if its URL contains `contentPattern` (or, without one,
  /// its MIME type is image/*).
  public static func load(
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
  public static func read(
    _ value: JSONValue, pagePattern: String? = nil, contentPattern: String? = nil, serverOnly: Bool = false
  ) throws(SimError) -> Result {
    let entries = try JSONCursor(value)["log"]["entries"].elements()
    var result = Result()
    result.serverOnly = serverOnly
    for entry in entries {
      let url = try entry["request"]["url"].string()
      let response = entry["response"]
      let status = try response["status"].double()
      let mime = response["content"]["mimeType"].exists ? try response["content"]["mimeType"].string().lowercased() : ""
      let isPage = pagePattern.map { url.contains($0) } ?? mime.contains("json")
      let isContent = !isPage && (contentPattern.map { url.contains($0) } ?? mime.hasPrefix("image/"))
      guard isPage || isContent else {
        result.ignored += 1
        continue
      }
      if status == 0 || status >= 400 {
        if isPage { result.pageFailures += 1 } else { result.contentFailures += 1 }
        continue
      }
      let latency = try seconds(entry, serverOnly: serverOnly)
      guard latency <= ScenarioLimits.seconds else {
        throw entry["timings"].fail(
          "adds up to \(JSONWriter.number(latency)) s; a request takes at most \(JSONWriter.number(ScenarioLimits.seconds)) s"
        )
      }
      var size = response["bodySize"].exists ? try response["bodySize"].double() : -1
      if size <= 0, response["content"]["size"].exists { size = try response["content"]["size"].double() }
      guard size <= ScenarioLimits.bytes else {
        throw response.fail(
          "a size of \(JSONWriter.number(size)) B; at most \(JSONWriter.number(ScenarioLimits.bytes))")
      }
      if isPage {
        result.pageLatencies.append(latency)
        if size > 0 { result.pageBytes.append(size) }
      } else {
        result.contentLatencies.append(latency)
        if size > 0 { result.contentBytes.append(size) }
      }
    }
    guard !result.pageLatencies.isEmpty || !result.contentLatencies.isEmpty else {
      throw SimError(
        .badData, path: "$.log.entries",
        "no entry matched a page (json, or --har-page) or an image (image/*, or --har-content)")
    }
    return result
  }

  /// dns + connect + send + wait + receive (−1 = 0), or `wait` alone for server times, in
  /// seconds; `time` without `timings`.
  private static func seconds(_ entry: JSONCursor, serverOnly: Bool) throws(SimError) -> Double {
    let timings = entry["timings"]
    guard timings.exists else { return try entry["time"].double(atLeast: 0) / 1000 }
    var total = 0.0
    for key in serverOnly ? ["wait"] : ["dns", "connect", "send", "wait", "receive"] where timings[key].exists {
      total += max(0, try timings[key].double())
    }
    return total / 1000
  }
}
