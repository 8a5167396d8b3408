import Foundation
import Testing

@testable import SimCore

/// A team's own numbers, read as meant: quantities with their units (`QuantityUnit`), a
/// lognormal from any two of its figures (`LognormalFit`), a page size that brings the first
/// items with it, a refused `--set` named as the usage error it is, and values far outside
/// their field's meaning warned about (`plausibilityWarnings`).
@Suite struct TeamUnitsTests {
  static func load(_ overrides: String...) throws(SimError) -> Scenario {
    try Scenario.load(file: nil, overrides: overrides)
  }

  static func error(_ overrides: String...) -> SimError? {
    do throws(SimError) {
      _ = try Scenario.load(file: nil, overrides: overrides)
      return nil
    } catch {
      return error
    }
  }

  /// Each unit a field takes, read exactly: 350ms is 0.35 s, 2min 120 s, 180KB 180,000 bytes
  /// (and 180kb the same), 64KiB 65,536, 2GB of memory 2,048 MB, 480pt 480.
  @Test func quantitiesAreReadInTheFieldsUnit() throws {
    #expect(try Self.load("network.page.latency=350ms").network.page.latency == .fixed(0.35))
    #expect(try Self.load("network.page.latency=1.2s").network.page.latency == .fixed(1.2))
    #expect(try Self.load("network.page.latency=2min").network.page.latency == .fixed(120))
    #expect(try Self.load("network.content.bytes=180KB").network.content.bytes == .fixed(180_000))
    #expect(try Self.load("network.content.bytes=180kb").network.content.bytes == .fixed(180_000))
    #expect(try Self.load("network.content.bytes=64KiB").network.content.bytes == .fixed(65_536))
    #expect(try Self.load("memory.deviceMB=2GB").memory.deviceMB == 2048)
    #expect(try Self.load("list.itemHeight=480pt").list.heights == .uniform(480))
    #expect(try Self.load("network.link.latency=165ms").network.link.latency == 0.165)
    #expect(try Self.load("image.sourceWidth=1080px").image.sourceWidth == .fixed(1080))
  }

  /// A unit the field cannot take is refused by path, saying what the field is in and why:
  /// px in a list's points (they depend on the density), pt in an image's pixels, a unit
  /// nobody uses, and a unit in a field of plain numbers.
  @Test func aWrongUnitIsRefusedByPath() {
    let px = Self.error("list.itemHeight=1080px")
    #expect(px?.kind == .usage)
    #expect(px?.path == "$.list.itemHeight")
    #expect(px?.message.contains("is in pt; px depend on the device's density") == true)
    #expect(Self.error("image.sourceWidth=360pt")?.message.contains("is in px") == true)
    let unknown = Self.error("network.page.latency=350 msec")
    #expect(unknown?.message.contains("expected a number in s or a quantity with its unit (350ms") == true)
    #expect(Self.error("feed.pageSize=15ms")?.path == "$.feed.pageSize")
  }

  /// Median and p90 (the issue's 350 ms and 1.2 s) give σ = ln(1.2 / 0.35) / z90; the median is
  /// kept exactly and p95 = median · exp(z95 σ). A median and p95 read back as written.
  @Test func aLognormalFromAMedianAndAP90() throws {
    let latency = try Self.load(#"network.page.latency={"kind":"lognormal","median":"350ms","p90":"1.2s"}"#)
      .network.page.latency
    let sigma = log(1.2 / 0.35) / 1.2815515655446004
    guard case .lognormal(let median, let p95) = latency else {
      Issue.record("\(latency)")
      return
    }
    #expect(median == 0.35)
    #expect(abs(p95 - 0.35 * exp(1.6448536269514722 * sigma)) < 1e-12)
    let given = try Self.load(#"network.page.latency={"kind":"lognormal","median":0.2,"p95":0.9}"#)
    #expect(given.network.page.latency == .lognormal(median: 0.2, p95: 0.9))
  }

  /// Every pair fits back to its own figures: p75 and p99, a mean and a p95, a median and a
  /// mean (σ = √(2 ln(mean / median))).
  @Test func anyTwoFiguresFitBack() throws {
    for (a, b) in [("p75", "p99"), ("p90", "p95"), ("median", "mean"), ("p95", "mean"), ("p75", "mean")] {
      let values: [String: Double] = ["median": 0.3, "p75": 0.5, "p90": 0.9, "p95": 1.2, "p99": 2.5, "mean": 0.45]
      guard case .success(let fit) = LognormalFit.fit((a, values[a]!), (b, values[b]!)) else {
        Issue.record("\(a), \(b) refused")
        continue
      }
      let sigma = log(fit.p95 / fit.median) / Distribution.z95
      func figure(_ name: String) -> Double {
        name == "mean" ? fit.median * exp(sigma * sigma / 2) : fit.median * exp(LognormalFit.z[name]! * sigma)
      }
      #expect(abs(figure(a) / values[a]! - 1) < 1e-9, "\(a), \(b)")
      #expect(abs(figure(b) / values[b]! - 1) < 1e-9, "\(a), \(b)")
    }
  }

  /// The figures' bounds: a p90 equal to the median is a lognormal with no spread, one just
  /// below is refused; a mean below the median is refused, equal to it has no spread; with a
  /// p95, the least mean is p95 · exp(−z95²/2): exactly on it fits, just below is refused.
  @Test func figuresThatNoLognormalHasAreRefused() {
    #expect(LognormalFit.fit(("median", 0.3), ("p90", 0.3)) == .success(.init(median: 0.3, p95: 0.3)))
    #expect(LognormalFit.fit(("median", 0.3), ("p90", 0.3.nextDown)).isFailure)
    #expect(LognormalFit.fit(("median", 0.3), ("mean", 0.3)) == .success(.init(median: 0.3, p95: 0.3)))
    #expect(LognormalFit.fit(("median", 0.3), ("mean", 0.3.nextDown)).isFailure)
    let least = 1.0 * exp(-Distribution.z95 * Distribution.z95 / 2)
    #expect(!LognormalFit.fit(("p95", 1.0), ("mean", least)).isFailure)
    #expect(LognormalFit.fit(("p95", 1.0), ("mean", least * 0.999)).isFailure)
    // One figure, or three given as one distribution, is refused by path (a --set of a figure
    // replaces the pair below it instead: MeasuredLatencyTests).
    let three = Self.error(#"network.page.latency={"kind":"lognormal","median":0.1,"p90":1.2,"p95":2}"#)
    #expect(three?.kind == .usage)
    #expect(three?.message.contains("takes two of median, p75, p90, p95, p99, mean") == true)
    #expect(Self.error(#"network.page.latency={"kind":"lognormal","p90":1.2}"#)?.message.contains("found p90") == true)
  }

  /// `feed.pageSize` alone brings the first items with it (one page, as the default); given
  /// both, the file's or flag's first items stay, and a mismatch the flags made is a usage
  /// error naming them even where the refused field is not one they set.
  @Test func thePageSizeBringsTheFirstItems() throws {
    #expect(try Self.load("feed.pageSize=15").feed.initialItems == 15)
    #expect(try Self.load("feed.pageSize=15", "feed.initialItems=45").feed.initialItems == 45)
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("team-units-\(UUID()).json").path
    defer { try? FileManager.default.removeItem(atPath: file) }
    try Data(#"{"feed": {"pageSize": 20, "initialItems": 40}}"#.utf8).write(to: URL(fileURLWithPath: file))
    do throws(SimError) {
      _ = try Scenario.load(file: file, overrides: ["feed.pageSize=15"])
      Issue.record("accepted")
    } catch {
      #expect(error.kind == .usage)
      #expect(error.file == "--set feed.pageSize=15")
      #expect(error.path == "$.feed.initialItems")
    }
  }

  /// A bare number far outside its field's meaning is warned about, naming the field, the
  /// unit it was read in and what to write: a latency above 30 s (30 s exactly is not), an
  /// image under 100 bytes (100 is not), a phone under 64 MB. The defaults warn of nothing.
  @Test func implausibleNumbersAreWarnedAbout() throws {
    #expect(Scenario.default.plausibilityWarnings.isEmpty)
    #expect(try Self.load("network.page.latency=30").plausibilityWarnings.isEmpty)
    let slow = try Self.load("network.page.latency=30.001").plausibilityWarnings
    #expect(
      slow == [
        "$.network.page.latency: a typical value of 30.001 s, read in s; if you meant milliseconds, write 30.001ms"
      ])
    #expect(try Self.load("network.content.bytes=100").plausibilityWarnings.isEmpty)
    #expect(try Self.load("network.content.bytes=99.9").plausibilityWarnings.count == 1)
    #expect(try Self.load("memory.deviceMB=2").plausibilityWarnings.first?.contains("write 2GB") == true)
  }
}

extension TeamUnitsTests {
  /// An end-to-end latency becomes server time: on 4g (165 ms, 8.1 Mbit/s) the default page
  /// (median 20 kB: 19.75 ms at 1,012,500 B/s) takes 184.75 ms out of each figure; a figure the
  /// share reaches exactly is refused, one just above it kept; an exponential is refused.
  @Test func anEndToEndLatencyLosesTheLinksShare() throws {
    let share = 0.165 + 20_000 / 1_012_500
    let page = try Self.load("network.page.latency=1s", "network.page.latencyIs=end-to-end").network.page
    #expect(page.latency == .fixed(1 - share))
    let server = try Self.load("network.page.latency=1s", "network.page.latencyIs=server").network.page
    #expect(server.latency == .fixed(1))
    #expect(Self.error("network.page.latency=\(share)", "network.page.latencyIs=end-to-end")?.kind == .usage)
    #expect(try Self.load("network.page.latency=\(share + 1e-6)", "network.page.latencyIs=end-to-end") != nil)
    let exponential = Self.error(
      #"network.page.latency={"kind":"exponential","mean":1}"#, "network.page.latencyIs=end-to-end")
    #expect(exponential?.message.contains("an exponential cannot") == true)
    var notes: [String] = []
    _ = try Scenario.load(
      file: nil, overrides: ["network.page.latency=1s", "network.page.latencyIs=end-to-end"]
    ) { notes.append($0) }
    #expect(
      notes == [
        "$.network.page.latency: end to end on 4g; the link's share taken out (165 ms of round trips + 20 ms for the median response): server time 815 ms"
      ])
  }

  /// A lognormal given end to end keeps the figures given: each moves by the share before the
  /// fit, so median + share and p90 + share are the 350 ms and 1.2 s a team measured.
  @Test func anEndToEndLognormalKeepsTheFiguresGiven() throws {
    let share = 0.165 + 20_000 / 1_012_500
    let latency = try Self.load(
      #"network.page.latency={"kind":"lognormal","median":"350ms","p90":"1.2s"}"#, "network.page.latencyIs=end-to-end"
    ).network.page.latency
    guard case .lognormal(let median, let p95) = latency else {
      Issue.record("\(latency)")
      return
    }
    let sigma = log(p95 / median) / Distribution.z95
    #expect(abs(median + share - 0.35) < 1e-12)
    #expect(abs(median * exp(LognormalFit.z["p90"]! * sigma) + share - 1.2) < 1e-9)
  }

  /// `scenario --explain`: each value in its unit, where it came from and what it implies, for
  /// the walkthrough's scenario on a 2 GB Android phone.
  @Test func theExplanationSaysWhereEachValueCameFrom() throws {
    let file =
      #"{"feed": {"pageSize": 15}, "image": {"aspect": 1, "decodeWidth": "720px"}, "#
      + #""network": {"page": {"latency": "1s", "latencyIs": "end-to-end"}}}"#
    let layers: [ScenarioExplanation.Layer] = [
      ("myapp.json", try JSONParser.parse(Array(file.utf8))),
      ("--device android-2gb", try DeviceProfiles.lookup("android-2gb").json),
    ]
    let scenario = try Scenario.load(file: nil, overlays: layers.map(\.json))
    let text = ScenarioExplanation(scenario: scenario, layers: layers).text
    #expect(text.contains("page size    15 rows  · myapp.json"))
    #expect(text.contains("first rows   15  · follows pageSize  → 1 page(s) loaded before the session starts"))
    #expect(text.contains("server time 815 ms  · myapp.json, given end to end on 4g: the link's 185 ms taken out"))
    #expect(text.contains("one image decoded: 1.98 MiB at the source's size"))
    #expect(text.contains("RAM              2048 MB  · --device android-2gb  → killed at 1229 MB"))
    #expect(text.contains("columns      1  · default"))
  }

  /// The image's own shape and the library's decode width: a 1080 px square in a 480 pt card
  /// 390 pt wide decodes 1080 × 1080 (not 1080 × 1329, the card's shape); a decode width of
  /// 720 px decodes 720 × 720; at the source's width (1080) it changes nothing.
  @Test func anImageHasItsOwnShapeAndDecodeWidth() throws {
    func bytes(_ image: ImageSpec) -> Int {
      DecodedImageSize(image: image, policy: .fresco, viewportWidth: 390, columns: 1, density: 3, seed: 1)
        .bytes(item: 0, height: 480)
    }
    #expect(bytes(ImageSpec(sourceWidth: .fixed(1080))) == Int((1080 * 1080 * 480 / 390.0 * 4).rounded()))
    #expect(bytes(ImageSpec(sourceWidth: .fixed(1080), aspect: 1)) == 1080 * 1080 * 4)
    #expect(bytes(ImageSpec(sourceWidth: .fixed(1080), aspect: 1, decodeWidth: 720)) == 720 * 720 * 4)
    #expect(bytes(ImageSpec(sourceWidth: .fixed(1080), aspect: 1, decodeWidth: 1080)) == 1080 * 1080 * 4)
    let loaded = try Self.load("image.aspect=1", "image.decodeWidth=720px").image
    #expect(loaded.aspect == 1 && loaded.decodeWidth == 720)
    #expect(Self.error("image.aspect=0")?.path == "$.image.aspect")
  }
}

extension Result {
  var isFailure: Bool {
    if case .failure = self { return true }
    return false
  }
}
