import Foundation

/// A feed-browsing session as touches (`generate --profile feed`): the user dwells on the items a
/// move brought into view, then moves on about a screen; the numbers are `SessionProfiles.feed`.
///
/// How one stop goes:
/// 1. **Dwell**: each new item gets a lognormal dwell (S1, S7), × `skimDwell` while skimming and
///    × the reading factor that keeps the mean at S1's while reading; the items a move brought are
///    its distance × `itemsPerScreen`, rounded at random (at least one). S1's figure is time in
///    the viewport, so the dwell counts from the release, moving or not; the next gesture waits
///    at least until the fling has slowed below `settleSpeed` (step 5).
/// 2. **Skim or read**: at each stop, with chance `modeChange`, the mode is drawn anew (skimming
///    with the user's skim share).
/// 3. **Move**: the planned move is lognormal around `travelMedian` screens, × the user's speed,
///    × `skimSpeed` while skimming; with chance `reversal` (once the list is far enough down) it
///    goes back up `reversalMin…reversalMax` screens instead.
/// 4. **Gesture**: a flick whose duration is drawn from the flingers of the calibrated touch
///    study (`CalibratedProfiles.fit`, held to 50–300 ms), whose release velocity is solved so
///    that the finger's travel and the fling the platform's own tracker and physics (the trace's
///    `physics`) make of it cover the move — people throw a list as far as they want it to go,
///    whatever its physics (`Throw`). A move the platform's slowest fling overshoots by half is
///    a drag that stops first (the reader's stroke).
/// 5. **Settle**: no gesture before the fling has slowed below `settleSpeed` (one does not throw
///    a list again while reading it move).
///
/// Simplified: the generator tracks the list's position by its own plan (the content's length
/// and the touch slop are not known here), and never goes above the top.
package enum FeedSession {
  package static func generate(
    profile: SessionProfile = SessionProfiles.feed, user: SessionUser, seed: UInt64, device: Device = Device(),
    fit: Calibration.Fit = CalibratedProfiles.fit
  ) -> Trace {
    // An unknown preset (the command line refuses one first) is read as iOS's.
    let physics =
      PhysicsPresets.named(device.physics, density: device.density, viewport: device.viewportHeight)
      ?? IOSPhysics(rate: Momentum.normalRate, name: "ios")
    var random = SeededRandom(seed: seed, stream: "generate-feed")
    let height = device.viewportHeight
    let readDwell = readingFactor(profile, skimShare: user.skimShare)
    var samples: [TouchSample] = []
    var t = 0.5
    var offset = 0.0
    var skimming = random.unit() < user.skimShare
    var newItems = profile["itemsPerScreen"]
    var lookingBack = false
    var settling = 0.0
    while true {
      let items = lookingBack ? 1 : max(1, randomRound(newItems, &random))
      var dwell = 0.0
      for _ in 0..<items {
        let item = profile["dwellMedian"] * user.dwell * Foundation.exp(profile["dwellSigma"] * random.standardNormal())
        dwell += item * (skimming ? profile["skimDwell"] : readDwell)
      }
      t += max(dwell, settling)
      // Every session scrolls at least once (a trace needs a gesture).
      guard t < user.seconds || samples.isEmpty else { break }
      if random.unit() < profile["modeChange"] { skimming = random.unit() < user.skimShare }
      let back = random.unit() < profile["reversal"]
      let backDistance = random.uniform(profile["reversalMin"]...max(profile["reversalMin"], profile["reversalMax"]))
      let forward =
        profile["travelMedian"] * user.speed * (skimming ? profile["skimSpeed"] : 1)
        * Foundation.exp(profile["travelSigma"] * random.standardNormal())
      lookingBack = back && offset > (backDistance + 0.5) * height
      let move = (lookingBack ? backDistance : forward) * height
      let gesture = Self.gesture(
        move: move, downward: !lookingBack, start: t, physics: physics, device: device, fit: fit, random: &random)
      samples += gesture.samples
      offset += lookingBack ? -gesture.distance : gesture.distance
      newItems = gesture.distance / height * profile["itemsPerScreen"]
      t = gesture.end
      settling = settleTime(gesture.fling, below: profile["settleSpeed"])
    }
    return Trace(name: "feed-\(Int(user.seconds))s-seed\(seed)", device: device, input: .touches(samples))
  }

  /// The dwell factor while reading that keeps a user's mean dwell what S1 says, given the share
  /// of stops spent skimming at `skimDwell`.
  static func readingFactor(_ profile: SessionProfile, skimShare: Double) -> Double {
    skimShare >= 1 ? 1 : max(profile["skimDwell"], (1 - skimShare * profile["skimDwell"]) / (1 - skimShare))
  }

  /// `value` rounded down or up at random, up with the chance of its fraction.
  static func randomRound(_ value: Double, _ random: inout SeededRandom) -> Int {
    let floor = value.rounded(.down)
    return Int(floor) + (random.unit() < value - floor ? 1 : 0)
  }

  /// One gesture: its samples, when the finger lifts, the fling it starts and how far the list
  /// goes in all (planned).
  struct Gesture {
    var samples: [TouchSample]
    var end: Double
    var fling: any Trajectory
    var distance: Double
  }

  /// The fastest release people give (S15: Android's maximum fling, 8000 dp/s).
  static let fastestRelease = 8000.0

  static func gesture(
    move: Double, downward: Bool, start: Double, physics: any ScrollPhysics, device: Device, fit: Calibration.Fit,
    random: inout SeededRandom
  ) -> Gesture {
    let height = device.viewportHeight
    let time = min(0.3, max(0.05, fit.flinger.duration.sample(&random)))
    let throwing = Throw(time: time, longest: 0.6 * height, physics: physics)
    let velocity = throwing.releaseVelocity(forMove: move)
    let flick = throwing.flick(velocity: velocity, downward: downward, start: start, height: height)
    let fling = throwing.fling(flick)
    let travel = abs(flick[flick.count - 1].y - flick[0].y)
    // No fling (below the platform's slowest), or one much further than wanted: a drag serves.
    if fling.duration == 0 || travel + abs(fling.distance) > 1.5 * move + 20 {
      return drag(
        move: min(move, 0.7 * height), downward: downward, start: start, height: height, fit: fit, random: &random)
    }
    return Gesture(samples: flick, end: flick[flick.count - 1].t, fling: fling, distance: travel + abs(fling.distance))
  }

  /// A drag of `move` along a minimum-jerk path, held before the lift (the reader's stroke).
  static func drag(
    move: Double, downward: Bool, start: Double, height: Double, fit: Calibration.Fit, random: inout SeededRandom
  ) -> Gesture {
    let hold = max(0.041, fit.hold.sample(&random))
    let time = max(2 / GestureGenerator.sampleRate, fit.reader.duration.sample(&random) - hold)
    var samples: [TouchSample] = []
    let end = GestureGenerator.drag(
      &samples, from: start, distance: move, time: time, downward: downward, height: height, hold: hold)
    return Gesture(samples: samples, end: end, fling: Stationary(), distance: move)
  }

  /// A flick that lasts `time`: the finger accelerates from rest along `s²` and lifts at the
  /// release velocity, covering `velocity × time / 2` (at most `longest`, the flick then being
  /// quicker). Its release velocity is solved so that the finger's travel plus the fling the
  /// platform's own tracker and physics make of it is the move wanted (bisection: both grow with
  /// the velocity).
  struct Throw {
    var time: Double
    var longest: Double
    var physics: any ScrollPhysics

    func flick(velocity: Double, downward: Bool, start: Double, height: Double) -> [TouchSample] {
      let rate = GestureGenerator.sampleRate
      // Whole samples, so the flick's end slope is the velocity asked for.
      let steps = max(3, Int((min(time, 2 * longest / velocity) * rate).rounded()))
      let duration = Double(steps) / rate
      var samples: [TouchSample] = []
      _ = GestureGenerator.flick(
        &samples, from: start, distance: velocity * duration / 2, time: duration, downward: downward, height: height)
      return samples
    }

    /// The fling the platform makes of `samples`: its tracker's release velocity, then its physics.
    func fling(_ samples: [TouchSample]) -> any Trajectory {
      var tracker = VelocityTracker(kind: physics.defaultTracker)
      for sample in samples { tracker.add(t: sample.t, position: -sample.y) }
      return physics.fling(velocity: physics.flingVelocity(forRelease: tracker.velocity()))
    }

    /// How far the list goes for a release at `velocity`: the finger's travel and the fling.
    func reach(_ velocity: Double) -> Double {
      let samples = flick(velocity: velocity, downward: true, start: 0, height: 1000)
      return abs(samples[samples.count - 1].y - samples[0].y) + abs(fling(samples).distance)
    }

    /// The release velocity that goes `move`; the fastest release when none goes as far.
    func releaseVelocity(forMove move: Double) -> Double {
      var low = 1.0
      var high = FeedSession.fastestRelease
      guard reach(high) > move else { return high }
      for _ in 0..<40 {
        let middle = (low + high) / 2
        if reach(middle) < move { low = middle } else { high = middle }
      }
      return high
    }
  }

  /// When a fling has slowed below `speed` (bisection: flings only slow down).
  static func settleTime(_ fling: any Trajectory, below speed: Double) -> Double {
    guard fling.duration > 0, abs(fling.velocity(at: 0)) > speed else { return 0 }
    var low = 0.0
    var high = fling.duration
    for _ in 0..<30 {
      let middle = (low + high) / 2
      if abs(fling.velocity(at: middle)) > speed { low = middle } else { high = middle }
    }
    return high
  }
}
