import Foundation

/// One user of a population: how they differ from the profile's median user. Drawn per user by
/// `draw` from the profile's spreads (`SessionProfiles`), so that a population holds fast and
/// slow scrollers, skimmers and readers, glances and long sessions.
package struct SessionUser: Sendable, Equatable {
  /// Multiplies the move per gesture.
  package var speed: Double
  /// Multiplies the dwell per item (or the time watched).
  package var dwell: Double
  /// Share of stops spent skimming.
  package var skimShare: Double
  /// How long the session lasts (s).
  package var seconds: Double

  package init(speed: Double, dwell: Double, skimShare: Double, seconds: Double) {
    self.speed = speed
    self.dwell = dwell
    self.skimShare = skimShare
    self.seconds = seconds
  }

  /// The profile's median user, for `seconds`.
  package static func median(of profile: SessionProfile, seconds: Double) -> SessionUser {
    let skim = profile.parameters.contains { $0.key == "skimShare" } ? profile["skimShare"] : 0
    return SessionUser(speed: 1, dwell: 1, skimShare: skim, seconds: seconds)
  }

  /// User `index` of a population of `profile` under `seed`: speed and dwell lognormal around 1,
  /// the skim share within ±0.2 of the profile's, the session's length from the glance/browse
  /// mixture (capped), or `seconds` for every user when given.
  package static func draw(
    _ profile: SessionProfile, seed: UInt64, index: Int, seconds fixed: Double? = nil
  ) -> SessionUser {
    var random = SeededRandom(seed: seed, stream: "population-user", index: index)
    let speed = Foundation.exp(profile["userSpeedSigma"] * random.standardNormal())
    let dwell = Foundation.exp(profile["userDwellSigma"] * random.standardNormal())
    let skimBase = median(of: profile, seconds: 0).skimShare
    let skim = min(1, max(0, skimBase + random.uniform(-0.2...0.2)))
    let glance = random.unit() < profile["glanceShare"]
    let length =
      glance
      ? profile["glanceMedian"] * Foundation.exp(profile["glanceSigma"] * random.standardNormal())
      : profile["browseMedian"] * Foundation.exp(profile["browseSigma"] * random.standardNormal())
    let seconds = fixed ?? min(profile["sessionCap"], max(2, length))
    return SessionUser(speed: speed, dwell: dwell, skimShare: skim, seconds: seconds)
  }
}
