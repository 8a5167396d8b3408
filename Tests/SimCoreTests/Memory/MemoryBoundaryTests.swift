import Testing

@testable import SimCore

/// The memory model's numbers at their boundaries, just inside, exactly on and just outside:
/// the kill limit and the warning level (a footprint exactly on a level has not crossed it),
/// Glide's budget (2 screens, capped at 0.4 × memoryClass), and a view-size decode (never above
/// the source).
@Suite struct MemoryBoundaryTests {
  static let mb = Int(MemoryUnits.mb)

  /// Baseline 100 MB, limit 200 MB, warning 150 MB: the decoded images part brings the total
  /// to one byte below, exactly on, and one byte above each level.
  @Test func theKillLimitAndTheWarningAreCrossedOnlyAbove() {
    let spec = MemorySpec(limitMB: 200, warningMB: 150, baselineMB: 100)
    for (images, expected) in [
      (50 * Self.mb - 1, MemoryAccount.Crossing.none), (50 * Self.mb, .none), (50 * Self.mb + 1, .warning),
    ] {
      var account = MemoryAccount(spec: spec, canBeKilled: true)
      #expect(account.set(.decodedImages, to: images, at: .zero) == expected, "\(images)")
    }
    for (images, expected) in [
      (100 * Self.mb - 1, MemoryAccount.Crossing.warning), (100 * Self.mb, .warning), (100 * Self.mb + 1, .kill),
    ] {
      var account = MemoryAccount(spec: spec, canBeKilled: true)
      #expect(account.set(.decodedImages, to: images, at: .zero) == expected, "\(images)")
    }
    // The limit is never killed.
    var limit = MemoryAccount(spec: spec, canBeKilled: false)
    #expect(limit.set(.decodedImages, to: 1000 * Self.mb, at: .zero) == .warning)
    #expect(limit.kill == nil)
  }

  /// Glide: 2 screens, at most 0.4 × memoryClass (192 MB: 80,530,637 bytes). A screen just
  /// under, exactly at and just over half that cap.
  @Test func glidesBudgetIsTwoScreensCappedByTheMemoryClass() {
    let memory = MemorySpec(memoryClassMB: 192)
    let cap = 0.4 * 192 * MemoryUnits.mb
    let budget = MemoryPolicy.glide.memoryCache
    #expect(budget.bytes(memory: memory, screenBytes: cap / 2 - 1) == cap - 2)
    #expect(budget.bytes(memory: memory, screenBytes: cap / 2) == cap)
    #expect(budget.bytes(memory: memory, screenBytes: cap / 2 + 1) == cap)
    #expect(MemoryPolicy.fresco.memoryCache.bytes(memory: memory, screenBytes: 1) == 48 * MemoryUnits.mb)
    #expect(MemoryPolicy.flutter.memoryCache.bytes(memory: memory, screenBytes: 1) == 100 * MemoryUnits.mb)
  }

  /// A row 390 pt wide at density 3 is 1170 px: a 1080 px source decodes at 1080 px (no
  /// upscaling), a 1170 px one at 1170, a 1171 px one at 1170; at the source's size, always the
  /// source's. Rows 130 pt tall keep a 1:3 aspect.
  @Test func aViewSizeDecodeNeverExceedsTheSource() {
    func bytes(_ width: Double, _ size: DecodeSize) -> Int {
      let sizes = DecodedImageSize(
        image: ImageSpec(sourceWidth: .fixed(width), bytesPerPixel: 4, decodeSize: size), policy: .glide,
        viewportWidth: 390, columns: 1, density: 3, seed: 1)
      return sizes.bytes(item: 0, height: 130)
    }
    #expect(bytes(1169, .view) == Int((1169.0 * 1169 / 3 * 4).rounded()))
    #expect(bytes(1170, .view) == 1170 * 390 * 4)
    #expect(bytes(1171, .view) == 1170 * 390 * 4)
    #expect(bytes(1171, .source) == Int((1171.0 * 1171 / 3 * 4).rounded()))
  }

  /// Flutter's `cacheWidth` caps the width a 1080 px source decodes at, the height in
  /// proportion (rows 130 pt on 390 pt: 1:3): 1079 decodes 1079 wide, 1080 and 1081 the
  /// source's 1080 (no upscaling); given in the strategy's code, it wins over the scenario's
  /// `image.decodeWidth`; 0 leaves the scenario's.
  @Test func flutterCacheWidthCapsTheDecodeAndWinsOverTheScenario() throws {
    func bytes(cacheWidth: Int, scenario: Double? = nil) throws -> Int {
      try Self.decodedBytes("flutter", ["cacheWidth=\(cacheWidth)"], source: 1080, scenarioWidth: scenario)
    }
    #expect(try bytes(cacheWidth: 1079) == Int((1079.0 * 1079 / 3 * 4).rounded()))
    #expect(try bytes(cacheWidth: 1080) == 1080 * 360 * 4)
    #expect(try bytes(cacheWidth: 1081) == 1080 * 360 * 4)
    #expect(try bytes(cacheWidth: 540, scenario: 900) == 540 * 180 * 4)
    #expect(try bytes(cacheWidth: 0, scenario: 900) == 900 * 300 * 4)
    #expect(try bytes(cacheWidth: 0) == 1080 * 360 * 4)
  }

  /// SDWebImage's thumbnail size (`uikit`'s `thumbnailWidth`) caps the width a 1080 px source
  /// decodes at: 1079 decodes 1079 wide, 1080 and 1081 the source's 1080; 0 the source's.
  @Test func sdWebImageThumbnailCapsTheDecode() throws {
    func bytes(_ parameters: String...) throws -> Int { try Self.decodedBytes("uikit", parameters, source: 1080) }
    #expect(try bytes() == 1080 * 360 * 4)
    #expect(try bytes("thumbnailWidth=1079") == Int((1079.0 * 1079 / 3 * 4).rounded()))
    #expect(try bytes("thumbnailWidth=1080") == 1080 * 360 * 4)
    #expect(try bytes("thumbnailWidth=1081") == 1080 * 360 * 4)
  }

  /// Glide's `override` is the width decoded, not a cap on the view's: over a 2000 px source
  /// in a 390 pt row at density 3 (1170 px), `override=1500` decodes 1500 wide where the view
  /// alone gives 1170; 1999 decodes 1999, 2000 and 2001 the source's 2000 (no upscaling).
  @Test func glideOverrideIsTheWidthDecoded() throws {
    func bytes(_ parameters: String...) throws -> Int { try Self.decodedBytes("glide", parameters, source: 2000) }
    #expect(try bytes() == 1170 * 390 * 4)
    #expect(try bytes("override=1500") == 1500 * 500 * 4)
    #expect(try bytes("override=1999") == Int((1999.0 * 1999 / 3 * 4).rounded()))
    #expect(try bytes("override=2000") == Int((2000.0 * 2000 / 3 * 4).rounded()))
    #expect(try bytes("override=2001") == Int((2000.0 * 2000 / 3 * 4).rounded()))
  }

  /// Row 0's decoded bytes under `strategy`'s memory policy with `parameters`: a `source` px
  /// image (the scenario's `image.decodeWidth` at `scenarioWidth`) in a 130 pt row, 390 pt wide
  /// at density 3.
  static func decodedBytes(
    _ strategy: String, _ parameters: [String], source: Double, scenarioWidth: Double? = nil
  ) throws -> Int {
    let choice = try StrategyChoice.make(strategy, parameters)
    let sizes = DecodedImageSize(
      image: ImageSpec(sourceWidth: .fixed(source), bytesPerPixel: 4, decodeWidth: scenarioWidth),
      policy: choice.memoryPolicy, viewportWidth: 390, columns: 1, density: 3, seed: 1)
    return sizes.bytes(item: 0, height: 130)
  }
}
