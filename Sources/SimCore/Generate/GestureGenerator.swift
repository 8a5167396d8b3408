import Foundation

/// Synthetic touch gestures whose numbers are fitted to real people (`docs/generator.md`):
/// stroke durations, lengths, release velocities, holds before lifting, pauses and direction
/// changes come from `CalibratedProfiles.fit`, which `scrollsim calibrate` computes from the
/// swipe recordings in `shared/data/swipes`. Samples at 120 Hz like a ProMotion touchscreen.
///
/// Gestures:
/// - a **reader** stroke (the finger stops before it lifts) follows a minimum-jerk path
///   (`10s³ − 15s⁴ + 6s⁵`) and holds still for the fitted hold (at least 41 ms, so it releases
///   with zero velocity under the trackers' 40 ms rule);
/// - a **skimmer** or **flinger** stroke eases in along a cubic Hermite path that starts at rest
///   and reaches the drawn release velocity v, then moves at v for its last 100 ms (at most half
///   the stroke) and lifts while moving, so a tracker reading the last 100 ms measures v (v is
///   capped so the tail covers at most half the length, and the ease-in never turns back).
/// Direction follows a two-state chain whose stationary share and switch rate are the fitted
/// `downward` and `reversal`.
package enum GestureGenerator {
  package enum Profile: String, CaseIterable, Sendable {
    /// Strokes released after the finger stopped (no fling).
    case reader
    /// Strokes released moving, the slower half.
    case skimmer
    /// Strokes released moving, the faster half.
    case flinger
    /// The three in the shares people showed.
    case mixed
    /// Not calibrated: rapid long downward flicks (180–300 pt in 70–110 ms, ≈ 3300–8600 pt/s,
    /// pauses 0.25–0.7 s), a stress test for prefetching — someone flinging through a feed,
    /// which the study's swipes (`mixed`) rarely do.
    case flingStress = "fling-stress"
    /// Someone browsing a social or image feed (`FeedSession`), calibrated on published feed
    /// figures (`SessionProfiles.feed`).
    case feed
    /// Someone watching short videos, one per screen, a swipe each (`ShortVideoSession`).
    case shortVideo = "short-video"
  }

  /// Touch sampling rate (Hz).
  package static let sampleRate = 120.0

  package static func generate(
    profile: Profile, duration: Double, seed: UInt64, device: Device = Device(),
    fit: Calibration.Fit = CalibratedProfiles.fit
  ) -> Trace {
    var random = SeededRandom(seed: seed, stream: "generate-\(profile.rawValue)")
    var samples: [TouchSample] = []
    var t = 0.5  // the list is on screen for half a second before the first touch
    let height = device.viewportHeight
    // P(down → up) and P(up → down) giving the fitted share of downward strokes and reversal rate.
    let toUp = min(1, fit.reversal / (2 * max(fit.downward, 0.01)))
    let toDown = min(1, toUp * fit.downward / max(1 - fit.downward, 0.01))
    var downward = random.unit() < fit.downward
    if let session = SessionProfiles.named(profile) {
      let user = SessionUser.median(of: session, seconds: duration)
      return profile == .feed
        ? FeedSession.generate(profile: session, user: user, seed: seed, device: device, fit: fit)
        : ShortVideoSession.generate(profile: session, user: user, seed: seed, device: device, fit: fit)
    }
    if profile == .flingStress {
      while t < duration {
        t = flick(
          &samples, from: t, distance: random.uniform(180...300), time: random.uniform(0.07...0.11), height: height)
        t += random.uniform(0.25...0.7)
      }
      return Trace(name: "\(profile.rawValue)-\(Int(duration))s-seed\(seed)", device: device, input: .touches(samples))
    }
    while t < duration {
      let kind: Profile
      switch profile {
      case .mixed:
        let pick = random.unit()
        kind = pick < fit.reader.share ? .reader : pick < fit.reader.share + fit.skimmer.share ? .skimmer : .flinger
      default:
        kind = profile
      }
      let classFit = kind == .reader ? fit.reader : kind == .skimmer ? fit.skimmer : fit.flinger
      let strokeDuration = max(2 / sampleRate, classFit.duration.sample(&random))
      let length = min(max(5, classFit.length.sample(&random)), 0.7 * height)
      if kind == .reader {
        let hold = max(0.041, fit.hold.sample(&random))
        t = drag(
          &samples, from: t, distance: length, time: max(2 / sampleRate, strokeDuration - hold), downward: downward,
          height: height, hold: hold)
      } else {
        let velocity = classFit.releaseVelocity.sample(&random)
        t = stroke(
          &samples, from: t, distance: length, time: strokeDuration, velocity: velocity, downward: downward,
          height: height)
      }
      t += min(10, classFit.pause.sample(&random))
      if random.unit() < (downward ? toUp : toDown) { downward.toggle() }
    }
    return Trace(name: "\(profile.rawValue)-\(Int(duration))s-seed\(seed)", device: device, input: .touches(samples))
  }

  /// Where a gesture starts: near the bottom to scroll down (finger moves up), near the top to
  /// scroll up.
  private static func startY(downward: Bool, height: Double) -> Double {
    downward ? 0.8 * height : 0.2 * height
  }

  static func drag(
    _ samples: inout [TouchSample], from start: Double, distance: Double, time: Double, downward: Bool,
    height: Double, hold: Double
  ) -> Double {
    let y0 = startY(downward: downward, height: height)
    let sign = downward ? -1.0 : 1.0
    let steps = max(2, Int((time * sampleRate).rounded()))
    samples.append(TouchSample(t: start, y: y0, phase: .began))
    var last = y0
    for k in 1...steps {
      let s = Double(k) / Double(steps)
      last = y0 + sign * distance * s * s * s * (10 - 15 * s + 6 * s * s)
      samples.append(TouchSample(t: start + Double(k) / sampleRate, y: last, phase: .moved))
    }
    let end = start + Double(steps) / sampleRate + hold
    samples.append(TouchSample(t: end, y: last, phase: .ended))
    return end
  }

  private static func stroke(
    _ samples: inout [TouchSample], from start: Double, distance: Double, time: Double, velocity: Double,
    downward: Bool, height: Double
  ) -> Double {
    let y0 = startY(downward: downward, height: height)
    let sign = downward ? -1.0 : 1.0
    let steps = max(4, Int((time * sampleRate).rounded()))
    let duration = Double(steps) / sampleRate
    // The last `tail` seconds run at the release velocity, so a tracker reading the last 100 ms
    // measures it; before them a Hermite ease-in covers the rest of the distance.
    let tail = min(0.1, duration / 2)
    let speed = min(velocity, distance / (2 * tail))
    let head = distance - speed * tail
    let headTime = duration - tail
    let endSlope = min(speed * headTime, 3 * head)
    samples.append(TouchSample(t: start, y: y0, phase: .began))
    for k in 1...steps {
      let t = Double(k) / sampleRate
      let p: Double
      if t <= headTime {
        let s = t / headTime
        p = head * (3 * s * s - 2 * s * s * s) + endSlope * (s * s * s - s * s)
      } else {
        p = head + speed * (t - headTime)
      }
      samples.append(TouchSample(t: start + t, y: y0 + sign * p, phase: k == steps ? .ended : .moved))
    }
    return start + duration
  }
}

extension GestureGenerator {
  /// A flick along `s²` that scrolls the content down (or up), lifting while moving at `2·D/T`.
  static func flick(
    _ samples: inout [TouchSample], from start: Double, distance: Double, time: Double, downward: Bool = true,
    height: Double
  ) -> Double {
    let y0 = startY(downward: downward, height: height)
    let sign = downward ? -1.0 : 1.0
    let steps = max(3, Int((time * sampleRate).rounded()))
    samples.append(TouchSample(t: start, y: y0, phase: .began))
    for k in 1...steps {
      let s = Double(k) / Double(steps)
      samples.append(
        TouchSample(
          t: start + Double(k) / sampleRate, y: y0 + sign * distance * s * s, phase: k == steps ? .ended : .moved))
    }
    return start + Double(steps) / sampleRate
  }
}

extension Trace {
  /// The trace `scrollsim compare` uses when given none: 60 s of someone flinging through a
  /// feed (`fling-stress`, seed 1), the session where prefetching strategies differ most. The
  /// calibrated profiles (`Traces/lab/mixed-60s.json`) move a list far less.
  public static var embeddedDefault: NamedTrace {
    let generated = GestureGenerator.generate(profile: .flingStress, duration: 60, seed: 1)
    // Through the file format, so it is exactly Traces/fling-stress-60s.json.
    let trace = (try? Trace.decode(JSONParser.parse(generated.encoded()))) ?? generated
    return NamedTrace(name: "default (\(trace.name ?? "fling-stress"))", trace: trace)
  }
}
