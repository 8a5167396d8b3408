/// The generator's fitted numbers, as `scrollsim calibrate --px-per-pt 3
/// ../shared/data/swipes/*.txt` prints them (5267 vertical strokes of 22 people from the
/// WIFS2019 touch study; `docs/generator.md`). A test re-fits the data and checks these.
package enum CalibratedProfiles {
  package static let fit = Calibration.Fit(
    strokes: 5267,
    reader: .init(
      share: 0.667, duration: .lognormal(median: 0.392, p95: 2.26), length: .lognormal(median: 57, p95: 131),
      releaseVelocity: .fixed(0), pause: .lognormal(median: 0.532, p95: 6.21)),
    skimmer: .init(
      share: 0.167, duration: .lognormal(median: 0.3, p95: 1.31), length: .lognormal(median: 56.3, p95: 143),
      releaseVelocity: .lognormal(median: 39.4, p95: 127), pause: .lognormal(median: 0.532, p95: 5.17)),
    flinger: .init(
      share: 0.167, duration: .lognormal(median: 0.17, p95: 0.576), length: .lognormal(median: 64.6, p95: 152),
      releaseVelocity: .lognormal(median: 374, p95: 1670), pause: .lognormal(median: 0.608, p95: 4.09)),
    hold: .lognormal(median: 0.056, p95: 0.18),
    downward: 0.576,
    reversal: 0.235)
}
