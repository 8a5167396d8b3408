import Foundation
import Testing

@testable import SimCore

/// HAR import on a small hand-written capture (HAR 1.2 fields, see docs/network.md).
@Suite struct HARImportTests {
  /// The hand-written capture in docs/examples/feed.har.
  static let path = PackageRoot.url("docs/examples/feed.har").path

  /// Page: send + wait + receive = 210 ms (blocked is left out), 18 000 B on the wire.
  /// Images: 10 + 30 + 0 + 50 + 30 = 120 ms (ssl is inside connect), 90 000 B; the second has no
  /// timings: its `time`, 60 ms, and content.size 40 000 B. The 503 counts as a failure, the CSS
  /// is ignored.
  @Test func importsTimingsSizesAndFailures() throws {
    let result = try HARImport.load(path: Self.path)
    #expect(result.pageLatencies == [0.21])
    #expect(result.pageBytes == [18_000])
    #expect(result.contentLatencies == [0.12, 0.06])
    #expect(result.contentBytes == [90_000, 40_000])
    #expect(result.contentFailures == 1)
    #expect(result.ignored == 1)
    let scenario = try Scenario.load(file: nil, overlays: [result.overlay])
    #expect(scenario.network.link.name == "none")
    #expect(scenario.network.content.latency == .empirical([0.12, 0.06]))
    #expect(abs(scenario.network.content.failureRate - 1.0 / 3) < 1e-12)
    #expect(scenario.network.page.bytes == .empirical([18_000]))
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
