import Testing

@testable import SimCore

/// `trace info` and import summaries warn about what no device records.
struct TraceStatsTests {
  @Test func samplesANanosecondApartAreWarnedAbout() {
    let trace = Fixtures.trace(
      [
        TouchSample(t: 0.8, y: 700, phase: .began), TouchSample(t: 0.800000001, y: 660, phase: .ended),
      ], viewportHeight: 844)
    let stats = TraceStats(trace)
    #expect(stats.samplesTooClose == 1)
    #expect(stats.warnings.count == 2)
    #expect(stats.text.contains("warning: 1 pair of consecutive samples moves less than 0.5 ms apart"))
    #expect(stats.text.contains("faster than any platform flings"))
  }

  @Test func aRecordedPaceAndALiftWithTheLastMoveAreNot() {
    let samples = (0..<20).map { (i: Int) -> TouchSample in
      let phase: TouchPhase = i == 0 ? .began : i == 19 ? .ended : .moved
      return TouchSample(t: 0.5 + Double(i) / 240, y: 700 - Double(i * 10), phase: phase)
    }
    // A lift reported with the last move (same time, same place), as Android phones' getevent
    // logs in ../shared/data have it, moves nothing and extrapolates nothing.
    let lift = TouchSample(t: samples[18].t, y: samples[18].y, phase: .ended)
    let stats = TraceStats(Fixtures.trace(Array(samples.prefix(19)) + [lift], viewportHeight: 844))
    #expect(stats.samplesTooClose == 0 && stats.warnings.isEmpty)
  }

  /// The 0.5 ms threshold (`TraceStats.deviceInterval`): a pair just under it counts, one
  /// exactly on or over it does not.
  @Test func theThresholdAtItsEdge() {
    func tooClose(_ interval: Double) -> Int {
      TraceStats(
        Fixtures.trace(
          [
            // From t = 0 the interval is exactly the one given.
            TouchSample(t: 0, y: 700, phase: .began), TouchSample(t: interval, y: 690, phase: .moved),
            TouchSample(t: 0.6, y: 600, phase: .ended),
          ], viewportHeight: 844)
      ).samplesTooClose
    }
    #expect(tooClose(0.000499) == 1)
    #expect(tooClose(0.0005) == 0)
    #expect(tooClose(0.000501) == 0)
  }

  /// The spacing is a parameter (issue 49): at 0.25 ms a pair 0.3 ms apart is no longer
  /// warned of, one 0.249 ms apart is, and the warning names the spacing used.
  @Test func theSpacingIsAParameter() {
    func stats(_ interval: Double, spacing: Double) -> TraceStats {
      TraceStats(
        Fixtures.trace(
          [
            TouchSample(t: 0, y: 700, phase: .began), TouchSample(t: interval, y: 690, phase: .moved),
            TouchSample(t: 0.6, y: 600, phase: .ended),
          ], viewportHeight: 844), closestSampleInterval: spacing)
    }
    #expect(stats(0.0003, spacing: 0.00025).samplesTooClose == 0)
    #expect(stats(0.00025, spacing: 0.00025).samplesTooClose == 0)
    #expect(stats(0.000249, spacing: 0.00025).samplesTooClose == 1)
    #expect(stats(0.000249, spacing: 0.00025).warnings[0].contains("less than 0.25 ms apart"))
    #expect(stats(0.000049, spacing: 0.00005).warnings[0].contains("less than 50 µs apart"))
    #expect(stats(0.0015, spacing: 0.002).warnings[0].contains("less than 2 ms apart"))
  }
}
