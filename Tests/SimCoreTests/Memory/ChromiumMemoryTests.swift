import Testing

@testable import SimCore

/// Chromium's memory model at its boundaries, just inside, exactly on and just outside: the mip
/// level a decode adds (none above half size), the discardable budget (128 MiB, at most a
/// quarter of RAM), the decode cache's 1,000 entries, the decode band (a row whose top is
/// exactly at the band's edge is outside it; behind a motion only the soon border; a frame
/// without a change is not yet a rest), and the partial decode (a transfer of exactly 0.08 s
/// counts it).
@Suite struct ChromiumMemoryTests {
  /// Drawn 390 × 200 px: a 778 px wide source has no mip (half, rounded up, is 389 px); 779 and
  /// 780 px have level 1 (390 px); at level 2 (a quarter, rounded up) 1557 px is the first
  /// width whose quarter is 390 px, and 1556 px stays at level 1. The height must stay at least
  /// 200 px too: a 1560 × 799 source reaches level 2 (⌈799 / 4⌉ = 200), a 1560 × 796 one stops
  /// at level 1 (⌈796 / 4⌉ = 199).
  @Test func aMipIsTheSmallestLevelStillAsLargeAsDrawn() {
    func mip(_ width: Double, _ height: Double) -> Double {
      DecodedImageSize.mipPixels(width: width, height: height, drawnWidth: 390, drawnHeight: 200)
    }
    #expect(mip(778, 400) == 0)
    #expect(mip(779, 400) == 390 * 200)
    #expect(mip(780, 400) == 390 * 200)
    #expect(mip(1556, 800) == 778 * 400)
    #expect(mip(1557, 800) == 390 * 200)
    #expect(mip(1560, 799) == 390 * 200)
    #expect(mip(1560, 796) == 780 * 398)
    // The source's decode comes first: 1080 x 554 drawn 390 px wide holds both.
    let sizes = DecodedImageSize(
      image: ImageSpec(sourceWidth: .fixed(1080)), policy: .chromium, viewportWidth: 390, columns: 1, density: 1,
      seed: 1)
    let height = 554 * 390 / 1080.0
    let source = 1080 * 1080 * height / 390
    #expect(sizes.bytes(item: 0, height: height) == Int(((source + 540 * 277) * 4).rounded()))
  }

  /// 128 MiB, at most a quarter of the device's RAM: 511, 512 and 513 MB devices.
  @Test func theDiscardableBudgetIsAQuarterOfRAMAtMost() {
    let budget = MemoryPolicy.chromium.memoryCache
    func bytes(_ deviceMB: Double) -> Double { budget.bytes(memory: MemorySpec(deviceMB: deviceMB), screenBytes: 1) }
    #expect(bytes(511) == 0.25 * 511 * MemoryUnits.mb)
    #expect(bytes(512) == 128 * MemoryUnits.mb)
    #expect(bytes(513) == 128 * MemoryUnits.mb)
  }

  /// A cache of two entries: the third image pushes out the least recently used, whatever the
  /// bytes; two fit.
  @Test func theDecodeCacheKeepsAtMostItsEntries() {
    var cache = ImageCache(capacity: .infinity, maxEntries: 2)
    #expect(cache.insert(1, bytes: 1).isEmpty)
    #expect(cache.insert(2, bytes: 1).isEmpty)
    #expect(cache.count == 2)
    #expect(cache.insert(3, bytes: 1) == [1])
    #expect(cache.count == 2)
  }

  /// Loads every row's image at once and keeps it in its element, as a web page's eager images.
  final class LoadEverything: ListCallbacks {
    var memoryPolicy: MemoryPolicy { .chromium }
    var keepsOffscreenCells: Bool { true }
    func listDidLoad(_ list: any ListContext) {
      for item in 0..<40 { list.requestContent(item) }
    }
  }

  /// Chromium's own bands, 1,000 px while the list moves and 312 px at rest (104 pt at density
  /// 3): at rest at the top rows 0–5 are decoded (row 5's top, 500 pt, is within 504 pt); a drag
  /// of 100 pt then reaches rows whose top is within 100 + 400 + 333.3 pt (rows 0–8), and what
  /// was decoded stays once the list rests again.
  @Test func chromiumDecodesFartherWhileTheListMoves() throws {
    #expect(try Self.decodedRows(drag: 0) == 6)
    #expect(try Self.decodedRows(drag: 10) == 9)
  }

  /// 100 pt rows, a 400 pt viewport at rest at the top, density 3. Every image arrives; those of
  /// rows within the band are decoded. Row 8's top (800 pt) is the band's edge at 1,200 px: just
  /// inside (1,203 px) it is decoded, exactly on (1,200 px) and just outside (1,197 px) it is not.
  @Test func onlyRowsWithinTheDecodeBandAreDecoded() throws {
    #expect(try Self.decodedRows(drag: 0, band: 1197) == 8)
    #expect(try Self.decodedRows(drag: 0, band: 1200) == 8)
    #expect(try Self.decodedRows(drag: 0, band: 1203) == 9)
  }

  /// Rows whose images are decoded at the end of a session over 40 rows of 100 pt, all loaded
  /// at once, in a 400 pt viewport at density 3, dragged 10 × `step` pt from t = 1 s; `band`
  /// overrides the decode band (`image.decodeBand`).
  static func decodedRows(drag step: Double, band: Double? = nil) throws -> Double {
    var scenario = Fixtures.scenario(
      pageSize: 40, initialItems: 40, totalItems: 40, pageLatency: 0.1, contentLatency: 0.1)
    scenario.image.decodeBand = band
    let trace = Fixtures.trace(
      Fixtures.constantDrag(start: 1.0, steps: 10, step: step, interval: 0.02), viewportHeight: 400)
    let physics = try PhysicsPresets.lookup("ios", density: 3, viewport: 400)
    let setup = RunSetup(
      trace: trace, traceName: "test", scenario: scenario, physics: physics,
      options: SimulationOptions(seed: 1), label: "eager")
    let metrics = try Simulation.runOnce(setup, callbacks: LoadEverything()).metrics
    let sizes = DecodedImageSize(
      image: scenario.image, policy: .chromium, viewportWidth: trace.device.viewportWidth, columns: 1,
      density: trace.device.density, seed: 1)
    return metrics.decodedMemoryAtEnd / Double(sizes.bytes(item: 0, height: 100))
  }

  /// Loads row 0's image, as a page's one `<img>`, under a policy given by the test.
  final class LoadRowZero: ListCallbacks {
    let memoryPolicy: MemoryPolicy
    init(_ policy: MemoryPolicy) { memoryPolicy = policy }
    var keepsOffscreenCells: Bool { true }
    func listDidLoad(_ list: any ListContext) { list.requestContent(0) }
  }

  /// An image whose bytes take 0.08 s or more (first byte to last) keeps a share of a decode of
  /// its partial data beside the whole's, 0.7 where its decode holds 5 MiB or more: at 1 MB/s,
  /// 79,999 bytes (just under) count one decode, 80,000 (exactly on) and 80,001 (just over)
  /// count 1.7; a smaller decode counts 1.2. Firefox and WebKit, which decode a loading image
  /// into the one image, count one.
  @Test func aSlowTransferKeepsAShareOfAPartialDecode() throws {
    #expect(try Self.decodes(bytes: 79_999, sourceWidth: 3000) == 1)
    #expect(try Self.decodes(bytes: 80_000, sourceWidth: 3000) == 1.7)
    #expect(try Self.decodes(bytes: 80_001, sourceWidth: 3000) == 1.7)
    #expect(try Self.decodes(bytes: 300_000, sourceWidth: 3000, policy: .otherBrowsers) == 1)
    #expect(try Self.decodes(bytes: 79_999, sourceWidth: 900) == 1)
    #expect(try Self.decodes(bytes: 300_000, sourceWidth: 900) == 1.2)
  }

  /// The decode's size: 5 MiB − 1 byte (just under) keeps 0.2, exactly 5 MiB and one byte over
  /// keep 0.7; a transfer just under 0.08 s keeps none.
  @Test func aDecodeOfFiveMiBOrMoreKeepsTheLargerShare() throws {
    let partial = try #require(MemoryPolicy.chromium.partialDecode)
    let five = 5 * MemoryUnits.mb
    #expect(partial.share(seconds: 0.08, bytes: five - 1) == 0.2)
    #expect(partial.share(seconds: 0.08, bytes: five) == 0.7)
    #expect(partial.share(seconds: 0.08, bytes: five + 1) == 0.7)
    #expect(partial.share(seconds: 0.0799, bytes: five + 1) == 0)
    #expect(partial.share(seconds: 0.0799, bytes: five - 1) == 0)
  }

  /// The decodes row 0 holds at the end, its image sent as `bytes` through an 8 Mbit/s link
  /// (10⁶ bytes a second) alone, the list at rest (a touch that does not move).
  static func decodes(bytes: Double, sourceWidth: Double, policy: MemoryPolicy = .chromium) throws -> Double {
    let (setup, sizes) = try setup(bytes: bytes, sourceWidth: sourceWidth, policy: policy)
    let metrics = try Simulation.runOnce(setup, callbacks: LoadRowZero(policy)).metrics
    let one = Double(sizes.bytes(item: 0, height: 100))
    return (metrics.decodedMemoryAtEnd / one * 1000).rounded() / 1000
  }

  /// Row 0's image of `bytes` through that link, under a drag of 10 × `step` pt every 20 ms
  /// from 1 s (0: a touch that does not move) in a 400 pt viewport at density 3.
  static func setup(
    bytes: Double, sourceWidth: Double, policy: MemoryPolicy, step: Double = 0
  ) throws -> (RunSetup, DecodedImageSize) {
    var scenario = Fixtures.scenario(
      pageSize: 40, initialItems: 40, totalItems: 40, pageLatency: 0.1, contentLatency: 0.1)
    scenario.network.link = LinkSpec(name: "custom", latency: 0, downlinkMbps: 8)
    scenario.network.content.bytes = .fixed(bytes)
    scenario.image.sourceWidth = .fixed(sourceWidth)
    let trace = Fixtures.trace(
      Fixtures.constantDrag(start: 1.0, steps: 10, step: step, interval: 0.02), viewportHeight: 400)
    let physics = try PhysicsPresets.lookup("ios", density: 3, viewport: 400)
    let setup = RunSetup(
      trace: trace, traceName: "test", scenario: scenario, physics: physics, options: SimulationOptions(seed: 1),
      label: "one")
    let sizes = DecodedImageSize(
      image: scenario.image, policy: policy, viewportWidth: trace.device.viewportWidth, columns: 1,
      density: trace.device.density, seed: 1)
    return (setup, sizes)
  }
}
