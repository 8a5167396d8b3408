import Foundation
import Testing

@testable import SimCore

/// HAR import on a small hand-written capture (HAR 1.2 fields, see docs/network.md).
@Suite struct HARImportTests {
  /// The hand-written capture in docs/examples/feed.har.
  static let path = PackageRoot.url("docs/examples/feed.har").path

  /// End to end, a latency is the time to the first byte and bodies go through the capture's
  /// downlink. Page: send + wait = 181 ms (blocked is left out), 18 000 B on the wire. Images:
  /// 10 + 30 + 0 + 50 = 90 ms (ssl is inside connect), 90 000 B; the second has no timings:
  /// its `time`, 60 ms, less 40 000 B (content.size) at the downlink. The downlink: 111 000 B
  /// (the page, the first image and the CSS, which shared the link) in 64 ms of receiving,
  /// without `startedDateTime` their sum. The 503 counts as a failure, the CSS is ignored.
  @Test func importsTimingsSizesFailuresAndTheDownlink() throws {
    let result = try HARImport.load(path: Self.path)
    let downlink = 111_000 / 0.064
    #expect(abs(try #require(result.downlinkBytesPerSecond) - downlink) < 1e-6)
    #expect(result.pageLatencies.count == 1 && abs(result.pageLatencies[0] - 0.181) < 1e-12)
    #expect(result.pageBytes == [18_000])
    #expect(result.contentLatencies.count == 2)
    #expect(abs(result.contentLatencies[0] - 0.09) < 1e-12)
    #expect(abs(result.contentLatencies[1] - (0.06 - 40_000 / downlink)) < 1e-12)
    #expect(result.contentBytes == [90_000, 40_000])
    #expect(result.contentFailures == 1)
    #expect(result.ignored == 1)
    let scenario = try Scenario.load(file: nil, overlays: [result.overlay])
    #expect(scenario.network.link.name == "har" && scenario.network.link.latency == 0)
    #expect(abs(try #require(scenario.network.link.downlinkMbps) - downlink * 8 / 1e6) < 1e-9)
    #expect(abs(scenario.network.content.failureRate - 1.0 / 3) < 1e-12)
    #expect(scenario.network.page.bytes == .empirical([18_000]))
    #expect(result.summary.contains("13.88 Mbit/s"))
  }

  /// Placed by `startedDateTime`, two 100 kB bodies received over the same 100 ms make a
  /// downlink of 2 MB/s (their sum of times would say 1); one just after the other, 1 MB/s.
  /// Without any receive time there is no downlink: latencies include everything, link none.
  @Test func theDownlinkIsTheBytesOverTheTimeSomeResponseWasReceiving() throws {
    func capture(_ second: String, receive: Int = 100) throws -> HARImport.Result {
      let entry = { (start: String) in
        #"{"startedDateTime": "\#(start)", "request": {"url": "https://cdn/p.jpg"}, "response": {"status": 200, "bodySize": 100000, "content": {"mimeType": "image/jpeg"}}, "timings": {"blocked": 0, "send": 0, "wait": 50, "receive": \#(receive)}}"#
      }
      let text = #"{"log": {"entries": ["# + entry("2026-01-01T10:00:00.000Z") + "," + entry(second) + "]}}"
      return try HARImport.read(JSONParser.parse(text))
    }
    // Seconds since 1970 keep a microsecond's precision: the rates agree to a part in 10⁵.
    func rate(_ second: String) throws -> Double { try #require(try capture(second).downlinkBytesPerSecond) }
    #expect(abs(try rate("2026-01-01T10:00:00.000Z") / 2_000_000 - 1) < 1e-5)
    #expect(abs(try rate("2026-01-01T10:00:00.100Z") / 1_000_000 - 1) < 1e-5)
    #expect(abs(try rate("2026-01-01T10:00:00+00:00") / 2_000_000 - 1) < 1e-5)
    let none = try capture("2026-01-01T10:00:00.000Z", receive: 0)
    #expect(none.downlinkBytesPerSecond == nil)
    #expect(none.contentLatencies.allSatisfy { abs($0 - 0.05) < 1e-12 })
    #expect(try Scenario.load(file: nil, overlays: [none.overlay]).network.link.name == "none")
  }

  /// With a named link (`--network 3g`), server times: the page's wait, 180 ms; the first
  /// image's 50 ms; the second, without timings, its whole `time`. The named link stays.
  @Test func serverTimesOverANamedLink() throws {
    let result = try HARImport.load(path: Self.path, serverOnly: true)
    #expect(result.pageLatencies == [0.18])
    #expect(result.contentLatencies == [0.05, 0.06])
    var base = Scenario.default
    base.network.link = try NetworkProfiles.lookup("3g")
    let link = JSONValue.object([("network", .object([("link", base.network.link.json)]))])
    let scenario = try Scenario.load(file: nil, overlays: [link, result.overlay])
    #expect(scenario.network.link == base.network.link)
    #expect(scenario.network.page.latency == .empirical([0.18]))
  }

  /// A timing beyond an hour is refused at its entry, not later as a scenario value.
  @Test func extremeTimingsNameTheEntry() throws {
    var text = String(decoding: try AtomicFile.read(Self.path), as: UTF8.self)
    text = text.replacingOccurrences(of: "\"connect\": 30", with: "\"connect\": 1e19")
    do {
      _ = try HARImport.read(JSONParser.parse(text), pagePattern: nil, contentPattern: nil)
      Issue.record("accepted")
    } catch {
      #expect(error.description.contains("$.log.entries[1].timings") && error.description.contains("at most 3600"))
    }
  }

  /// URL patterns pick the kinds instead of MIME types.
  @Test func urlPatterns() throws {
    let result = try HARImport.load(path: Self.path, pagePattern: "/feed", contentPattern: "/p/")
    #expect(result.pageLatencies.count == 1)
    #expect(result.contentLatencies.count == 2)
    #expect(result.ignored == 1)
  }

  @Test func errorsNameTheField() throws {
    do {
      _ = try HARImport.read(
        JSONParser.parse(#"{"log": {"entries": [{"request": {}}]}}"#), pagePattern: nil, contentPattern: nil)
      Issue.record("expected an error")
    } catch {
      #expect(error.path == "$.log.entries[0].request.url")
    }
    #expect(throws: SimError.self) {
      try HARImport.read(JSONParser.parse(#"{"log": {"entries": []}}"#), pagePattern: nil, contentPattern: nil)
    }
  }
}
