/// Synthetic touch gestures for four kinds of user, sampled at 120 Hz like a ProMotion
/// touchscreen. Every number below is a documented assumption (`docs/trace-format.md`,
/// "Synthetic traces"), not a measurement; issue 5 calibrates the generator on real people.
///
/// Gestures:
/// - a reading drag moves the finger along a minimum-jerk path (`10s³ − 15s⁴ + 6s⁵`, smooth
///   start and stop) and holds still 60–120 ms before lifting, so it releases with zero
///   velocity (the tracker's 40 ms gap rule);
/// - a flick accelerates along `s²` and lifts while moving, releasing at `2·D/T`.
public enum GestureGenerator {
  public enum Profile: String, CaseIterable, Sendable {
    /// Reading: drags of 25–50% of the screen over 0.35–0.7 s, pauses of 1–3.5 s, 10% upward.
    case reader
    /// Skimming: medium flicks of 80–160 pt in 120–200 ms (≈ 800–2700 pt/s), pauses 0.6–1.5 s.
    case skimmer
    /// Flinging: long flicks of 180–300 pt in 70–110 ms (≈ 3300–8600 pt/s), pauses 0.25–0.7 s.
    case flinger
    /// A mix: each gesture is a reader's (40%), skimmer's (35%) or flinger's (25%), and 20%
    /// of gestures go up.
    case mixed
  }

  /// Touch sampling rate (Hz).
  public static let sampleRate = 120.0

  public static func generate(profile: Profile, duration: Double, seed: UInt64, device: Device = Device()) -> Trace {
    var random = SeededRandom(seed: seed, stream: "generate-\(profile.rawValue)")
    var samples: [TouchSample] = []
    var t = 0.5  // the list is on screen for half a second before the first touch
    let height = device.viewportHeight
    while t < duration {
      let kind: Profile
      var upward: Bool
      switch profile {
      case .mixed:
        let pick = random.unit()
        kind = pick < 0.40 ? .reader : pick < 0.75 ? .skimmer : .flinger
        upward = random.unit() < 0.20
      default:
        kind = profile
        upward = profile == .reader && random.unit() < 0.10
      }
      let pause: Double
      switch kind {
      case .reader:
        let distance = random.uniform(0.25...0.5) * height
        let time = random.uniform(0.35...0.7)
        t = drag(
          &samples, from: t, distance: distance, time: time, upward: upward, height: height,
          hold: random.uniform(0.06...0.12))
        pause = random.uniform(1.0...3.5)
      case .skimmer:
        t = flick(
          &samples, from: t, distance: random.uniform(80...160), time: random.uniform(0.12...0.2), upward: upward,
          height: height)
        pause = random.uniform(0.6...1.5)
      default:
        t = flick(
          &samples, from: t, distance: random.uniform(180...300), time: random.uniform(0.07...0.11), upward: upward,
          height: height)
        pause = random.uniform(0.25...0.7)
      }
      t += pause
    }
    return Trace(name: "\(profile.rawValue)-\(Int(duration))s-seed\(seed)", device: device, input: .touches(samples))
  }

  /// Where a gesture starts: near the bottom for a downward scroll (finger moves up), near the
  /// top for an upward one.
  private static func startY(upward: Bool, height: Double) -> Double {
    upward ? 0.2 * height : 0.8 * height
  }

  private static func drag(
    _ samples: inout [TouchSample], from start: Double, distance: Double, time: Double, upward: Bool,
    height: Double, hold: Double
  ) -> Double {
    let y0 = startY(upward: upward, height: height)
    let sign = upward ? 1.0 : -1.0
    let steps = max(2, Int((time * sampleRate).rounded()))
    samples.append(TouchSample(t: start, y: y0, phase: .began))
    var last = y0
    for k in 1...steps {
      let s = Double(k) / Double(steps)
      let p = s * s * s * (10 - 15 * s + 6 * s * s)
      last = y0 + sign * distance * p
      samples.append(TouchSample(t: start + Double(k) / sampleRate, y: last, phase: .moved))
    }
    let end = start + Double(steps) / sampleRate + hold
    samples.append(TouchSample(t: end, y: last, phase: .ended))
    return end
  }

  private static func flick(
    _ samples: inout [TouchSample], from start: Double, distance: Double, time: Double, upward: Bool, height: Double
  ) -> Double {
    let y0 = startY(upward: upward, height: height)
    let sign = upward ? 1.0 : -1.0
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
  /// The trace `scrollsim compare` uses when given none: 60 s of the mixed profile, seed 1.
  public static var embeddedDefault: NamedTrace {
    let trace = GestureGenerator.generate(profile: .mixed, duration: 60, seed: 1)
    return NamedTrace(name: "default (\(trace.name ?? "mixed"))", trace: trace)
  }
}
