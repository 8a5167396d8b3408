import Testing

@testable import SimCore

/// Chromium's decode band at its boundaries: the soon border behind a motion (0.15 of the
/// viewport's longer side, at most 312 px scaled), the band's edges ahead and at rest, and the
/// motion measured against the frame two before.
@Suite struct ChromiumDecodeBandTests {
  /// A 390 × 844 pt viewport: 0.15 × 844 = 126.6 pt, below 312 × the density from a density of
  /// 0.406 up (312 × 0.405 = 126.36 pt is the smaller just under it).
  @Test func theSoonBorderIsAShareOfTheViewportAtMostThreeHundredTwelvePixelsScaled() {
    let border = SoonBorder(viewportShare: 0.15, maxDistance: 312)
    #expect(border.points(width: 390, height: 844, density: 3) == 0.15 * 844)
    #expect(border.points(width: 844, height: 390, density: 1) == 0.15 * 844)
    #expect(border.points(width: 390, height: 844, density: 0.405) == 312 * 0.405)
  }

  /// Chromium's reach on a 390 × 844 pt viewport at density 1: 1,000 pt ahead of a motion and
  /// around a rest of 312 pt, 126.6 pt behind a motion.
  static let reach = DecodeReach(
    scenarioBand: nil, policy: .chromium, device: Device(viewportWidth: 390, viewportHeight: 844, density: 1))!

  /// A 100 pt row whose bottom lies `gap` pt above a viewport at 5,000 pt.
  static func rowAbove(gap: Double) -> ListLayout.Frame {
    ListLayout.Frame(column: 0, top: 5000 - gap - 100, height: 100)
  }

  /// Scrolling down (offset growing), a row above is behind the motion: just inside the soon
  /// border (126.5 pt above) it is in the band, exactly on it (126.6) and just outside (126.7)
  /// it is not; scrolling up, the same rows are ahead, within 1,000 pt.
  @Test func behindAMotionOnlyTheSoonBorderDecodes() {
    func inBand(gap: Double, motion: Double) -> Bool {
      Self.reach.contains(Self.rowAbove(gap: gap), offset: 5000, viewportHeight: 844, motion: motion)
    }
    #expect(inBand(gap: 126.5, motion: 10))
    #expect(!inBand(gap: 0.15 * 844, motion: 10))
    #expect(!inBand(gap: 126.7, motion: 10))
    #expect(inBand(gap: 999, motion: -10))
    #expect(!inBand(gap: 1000, motion: -10))
  }

  /// At rest the band is 312 pt on both sides: 311 above is in, 312 and 313 are not.
  @Test func atRestTheBandIsThreeHundredTwelvePixelsAround() {
    func inBand(gap: Double) -> Bool {
      Self.reach.contains(Self.rowAbove(gap: gap), offset: 5000, viewportHeight: 844, motion: 0)
    }
    #expect(inBand(gap: 311))
    #expect(!inBand(gap: 312))
    #expect(!inBand(gap: 313))
  }

  /// A scenario's `image.decodeBand` is one band, behind a motion too.
  @Test func aScenarioBandReachesAsFarBehind() throws {
    let reach = try #require(
      DecodeReach(
        scenarioBand: 600, policy: .chromium, device: Device(viewportWidth: 390, viewportHeight: 844, density: 2)))
    #expect(reach.trailing == 300)
    #expect(reach.moving == 300)
    #expect(reach.resting == 300)
  }

  /// The motion is the change since two frames before: a frame without a change after a moving
  /// one still moves; two without a change rest; the first frame rests.
  @Test func oneFrameWithoutAChangeIsNotARest() {
    var motion = BandMotion()
    motion.frame(offset: 0)
    #expect(motion.side == 0)
    motion.frame(offset: 10)
    #expect(motion.side == 1)
    motion.frame(offset: 10)
    #expect(motion.change == 10)
    motion.frame(offset: 10)
    #expect(motion.side == 0)
    motion.frame(offset: 4)
    #expect(motion.side == -1)
  }

  /// End to end: row 0's image (900 px; the second decode is left out) arrives at 1.16 s while a drag of
  /// 30 pt every 20 ms from 1.0 s carries the list down (a 400 pt viewport at density 3: the
  /// soon border is 60 pt, the moving band 333 pt). Row 0 is then more than 60 pt behind and
  /// is not decoded, nor at rest 300 pt down (the resting band is 104 pt); with the band as far
  /// behind as ahead it is.
  @Test func anImageArrivingBehindAFlingIsNotDecoded() throws {
    var chromium = MemoryPolicy.chromium
    chromium.partialDecode = nil
    var symmetric = chromium
    symmetric.trailingDecodeBand = nil
    #expect(try Self.decodesOfRowZero(policy: chromium) == 0)
    #expect(try Self.decodesOfRowZero(policy: symmetric) == 1)
  }

  static func decodesOfRowZero(policy: MemoryPolicy) throws -> Double {
    let (setup, sizes) = try ChromiumMemoryTests.setup(
      bytes: 1_060_000, sourceWidth: 900, policy: policy, step: 30)
    let metrics = try Simulation.runOnce(setup, callbacks: ChromiumMemoryTests.LoadRowZero(policy)).metrics
    return metrics.decodedMemoryAtEnd / Double(sizes.bytes(item: 0, height: 100))
  }
}
