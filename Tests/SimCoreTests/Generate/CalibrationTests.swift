import Testing

@testable import SimCore

@Suite(.enabled(if: SharedData.available, "needs ../shared/data"))
struct CalibrationTests {
  static let recordings = try! Calibration.readSwipeFiles(SharedData.swipeFiles)

  /// The committed numbers are what the method gives on the data.
  @Test func committedFitMatchesTheData() throws {
    let fit = try Calibration.fit(Self.recordings, pixelsPerPoint: 3)
    #expect(fit == CalibratedProfiles.fit)
  }

  /// `trace info` on a long generated `mixed` trace and on the real vertical strokes: the
  /// medians of what the profile claims to model agree within 25%, shares within 0.1.
  @Test func generatedLooksLikeReal() {
    let real = TraceStats(Calibration.verticalTrace(Self.recordings, pixelsPerPoint: 3))
    let generated = TraceStats(GestureGenerator.generate(profile: .mixed, duration: 3600, seed: 1))
    func close(_ a: Double, _ b: Double, _ name: String) {
      #expect(abs(a - b) <= 0.25 * max(abs(a), abs(b)), "\(name): generated \(a), real \(b)")
    }
    close(generated.gestureDuration.p50, real.gestureDuration.p50, "duration p50")
    close(generated.gestureLength.p50, real.gestureLength.p50, "length p50")
    close(generated.gestureLength.p90, real.gestureLength.p90, "length p90")
    close(generated.releaseVelocity.p90, real.releaseVelocity.p90, "release velocity p90")
    // Pauses within sessions (both sides count a session break as exactly 10 s).
    let realPauses = Percentile.nearestRank(real.pauses.filter { $0 < 10 }, 0.5)!
    let generatedPauses = Percentile.nearestRank(generated.pauses.filter { $0 < 10 }, 0.5)!
    close(generatedPauses, realPauses, "pause p50")
    #expect(generated.releaseVelocity.p50 == real.releaseVelocity.p50)  // both 0: most strokes stop first
    #expect(abs(generated.downward - real.downward) < 0.1)
    #expect(abs(generated.directionChanges - real.directionChanges) < 0.1)
  }

  @Test func tooFewStrokesIsRefused() {
    #expect(throws: SimError.self) { try Calibration.fit([Array(Self.recordings[0].prefix(5))], pixelsPerPoint: 3) }
  }
}
