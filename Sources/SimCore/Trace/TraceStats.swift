/// What a trace holds, in numbers people compare (`scrollsim trace info`, import summaries):
/// gestures, their durations, lengths and release velocities, pauses between them, direction
/// changes. Release velocity uses the LSQ2 estimator on the finger (so numbers are comparable
/// across traces whatever physics later replays them).
package struct TraceStats: Sendable {
  /// Quantiles of one quantity.
  package struct Spread: Sendable {
    package var count: Int
    package var p10: Double
    package var p50: Double
    package var p90: Double
    package var mean: Double

    /// "p10 0.07, p50 0.09, p90 0.11 s" (no unit: none written), or "none" without values.
    package func text(_ unit: String = "", digits: Int) -> String {
      guard count > 0 else { return "none" }
      return
        "p10 \(NumberText.fixed(p10, digits)), p50 \(NumberText.fixed(p50, digits)), p90 \(NumberText.fixed(p90, digits))"
        + (unit.isEmpty ? "" : " " + unit)
    }

    init(_ values: [Double]) {
      count = values.count
      p10 = Percentile.nearestRank(values, 0.1) ?? 0
      p50 = Percentile.nearestRank(values, 0.5) ?? 0
      p90 = Percentile.nearestRank(values, 0.9) ?? 0
      mean = values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
    }
  }

  package var kind: String
  package var duration: Double
  package var gestures: Int
  /// Σ |Δ position| along the scroll axis (pt).
  package var distance: Double
  /// Per gesture: seconds from touch-down to lift.
  package var gestureDuration: Spread
  /// Per gesture: |net movement| (pt).
  package var gestureLength: Spread
  /// Per gesture: |release velocity| (pt/s).
  package var releaseVelocity: Spread
  /// Seconds from a lift to the next touch-down.
  package var pause: Spread
  /// Share of gestures that go the other way than the one before.
  package var directionChanges: Double
  /// Share of gestures that scroll the content down (finger moving up).
  package var downward: Double
  package var peakVelocity: Double { releaseVelocity.count > 0 ? releaseVelocityMax : 0 }
  var releaseVelocityMax = 0.0
  /// Every pause, for comparisons that leave out session breaks.
  var pauses: [Double] = []
  /// Pairs of consecutive samples that move, closer than `closestSampleInterval` (a pair that
  /// does not move, such as a lift reported with the last move, extrapolates nothing).
  package var samplesTooClose = 0
  /// The spacing below which two samples are too close for a touchscreen (s):
  /// `deviceInterval` unless a command's `--closest-sample-interval` says otherwise.
  package var closestSampleInterval = TraceStats.deviceInterval
  /// The least time between two consecutive samples that move (s); nil without such a pair.
  package var closestInterval: Double?

  /// The closest two samples a touchscreen reports by default (s): 0.5 ms, 2 kHz. An
  /// assumption from makers' specifications: phone panels report at 120–480 Hz, gaming phones
  /// claim 720–2000 Hz "instant" sampling; closer samples come from a recorder's or a
  /// converter's errors. A parameter (`trace info`, `import … --closest-sample-interval`): a
  /// team whose panel samples faster sets its own spacing.
  package static let deviceInterval = 0.0005
  /// The range `--closest-sample-interval` takes (s): 1 µs to 100 ms.
  package static let closestSampleIntervalRange = 0.000_001...0.1
  /// The fastest release any physics preset flings (pt/s): Chromium's `max_fling_velocity`
  /// (`ChromiumPhysics.maxFlingVelocity`); the others cap at 8000.
  package static let fastestFling = ChromiumPhysics.maxFlingVelocity

  /// What looks unphysical in the trace: samples closer than a device produces, releases
  /// faster than any platform flings.
  package var warnings: [String] {
    var lines: [String] = []
    if samplesTooClose > 0, let closest = closestInterval {
      lines.append(
        "\(samplesTooClose) pair\(samplesTooClose == 1 ? "" : "s") of consecutive samples \(samplesTooClose == 1 ? "moves" : "move") less than \(Self.intervalText(closestSampleInterval)) apart (closest \(NumberText.fixed(closest * 1e6, 3)) µs), closer than \(closestSampleInterval == Self.deviceInterval ? "any touchscreen reports (2 kHz at most)" : "--closest-sample-interval"): a release velocity from them is an extrapolation, which every physics preset caps (docs/physics.md)"
      )
    }
    if peakVelocity > Self.fastestFling {
      lines.append(
        "a release of \(NumberText.fixed(peakVelocity, 0)) pt/s is faster than any platform flings: each physics preset caps it (8000 on iOS (assumed), Android and Flutter, 17 000 on Chromium)"
      )
    }
    return lines
  }

  /// "0.5 ms", "50 µs": a spacing as the warning prints it.
  static func intervalText(_ seconds: Double) -> String {
    seconds >= 0.0001
      ? JSONWriter.number(rounded(seconds * 1e3, decimals: 3)) + " ms"
      : JSONWriter.number(rounded(seconds * 1e6, decimals: 3)) + " µs"
  }

  /// The numbers of `trace`; samples closer than `closestSampleInterval` (s) are warned of.
  package init(_ trace: Trace, closestSampleInterval: Double = TraceStats.deviceInterval) {
    let points: [(t: Double, y: Double)]
    switch trace.input {
    case .touches(let samples):
      self.init(touches: samples)
      points = samples.map { ($0.t, $0.y) }
    case .offsets(let samples):
      self.init(offsets: samples)
      points = samples.map { ($0.t, $0.offset) }
    }
    self.closestSampleInterval = closestSampleInterval
    for (a, b) in zip(points, points.dropFirst()) where b.y != a.y {
      let interval = b.t - a.t
      closestInterval = min(closestInterval ?? interval, interval)
      if interval < closestSampleInterval { samplesTooClose += 1 }
    }
  }

  init(touches samples: [TouchSample]) {
    var durations: [Double] = []
    var lengths: [Double] = []
    var velocities: [Double] = []
    var pauses: [Double] = []
    var directions: [Double] = []
    var total = 0.0
    var start: TouchSample?
    var previous: TouchSample?
    var lastLift: Double?
    var tracker = VelocityTracker(kind: .lsq2)
    for sample in samples {
      if let previous, sample.phase != .began { total += abs(sample.y - previous.y) }
      switch sample.phase {
      case .began:
        start = sample
        tracker.reset()
        if let lastLift { pauses.append(sample.t - lastLift) }
      case .moved: break
      case .ended:
        if let start {
          durations.append(sample.t - start.t)
          lengths.append(abs(sample.y - start.y))
          if sample.y != start.y { directions.append(sample.y < start.y ? 1 : -1) }
        }
        lastLift = sample.t
      }
      tracker.add(t: sample.t, position: -sample.y)
      if sample.phase == .ended { velocities.append(abs(tracker.velocity())) }
      previous = sample
    }
    self.init(
      kind: "touches", duration: (samples.last?.t ?? 0) - (samples.first?.t ?? 0), distance: total,
      durations: durations, lengths: lengths,
      velocities: velocities, pauses: pauses, directions: directions)
  }

  /// Offset traces: a "gesture" is a run of movement; pauses are runs of rest over 100 ms.
  init(offsets samples: [OffsetSample]) {
    var durations: [Double] = []
    var lengths: [Double] = []
    var velocities: [Double] = []
    var pauses: [Double] = []
    var directions: [Double] = []
    var total = 0.0
    var runStart: OffsetSample?
    var last: OffsetSample?
    var lastMove: OffsetSample?
    var tracker = VelocityTracker(kind: .lsq2)
    func closeRun(_ runStart: OffsetSample?, _ lastMove: OffsetSample?, _ tracker: VelocityTracker) {
      guard let runStart, let lastMove, lastMove.t > runStart.t else { return }
      durations.append(lastMove.t - runStart.t)
      lengths.append(abs(lastMove.offset - runStart.offset))
      velocities.append(abs(tracker.velocity()))
      if lastMove.offset != runStart.offset { directions.append(lastMove.offset > runStart.offset ? 1 : -1) }
    }
    for sample in samples {
      if let previous = last {
        total += abs(sample.offset - previous.offset)
        let moved = sample.offset != previous.offset
        if moved {
          if runStart == nil || sample.t - (lastMove?.t ?? previous.t) > 0.1 {
            if runStart != nil { closeRun(runStart, lastMove, tracker) }
            if let lastMove { pauses.append(previous.t - lastMove.t) }
            runStart = previous
            tracker.reset()
            tracker.add(t: previous.t, position: previous.offset)
          }
          tracker.add(t: sample.t, position: sample.offset)
          lastMove = sample
        }
      }
      last = sample
    }
    closeRun(runStart, lastMove, tracker)
    self.init(
      kind: "offsets", duration: (samples.last?.t ?? 0) - (samples.first?.t ?? 0), distance: total,
      durations: durations, lengths: lengths, velocities: velocities, pauses: pauses.filter { $0 > 0.1 },
      directions: directions)
  }

  private init(
    kind: String, duration: Double, distance: Double, durations: [Double], lengths: [Double], velocities: [Double],
    pauses: [Double], directions: [Double]
  ) {
    self.kind = kind
    self.duration = duration
    self.distance = distance
    gestures = durations.count
    gestureDuration = Spread(durations)
    gestureLength = Spread(lengths)
    releaseVelocity = Spread(velocities)
    releaseVelocityMax = velocities.max() ?? 0
    pause = Spread(pauses)
    self.pauses = pauses
    let changes = zip(directions, directions.dropFirst()).filter { $0 != $1 }.count
    directionChanges = directions.count > 1 ? Double(changes) / Double(directions.count - 1) : 0
    downward = directions.isEmpty ? 0 : Double(directions.filter { $0 > 0 }.count) / Double(directions.count)
  }

  /// A few lines for people (import summaries, `trace info`), warnings last.
  package var text: String { summary + warnings.map { "\n  warning: \($0)" }.joined() }

  /// `warnings` as indented lines, each ending in a newline.
  package static func warningLines(_ warnings: [String]) -> String {
    warnings.map { "  warning: \($0)\n" }.joined()
  }

  /// The numbers, without warnings.
  package var summary: String {
    return [
      "\(kind): \(gestures) gestures over \(NumberText.fixed(duration, 1)) s, \(NumberText.fixed(distance, 0)) pt moved, peak release \(NumberText.fixed(peakVelocity, 0)) pt/s",
      "  gesture duration  \(gestureDuration.text("s", digits: 3))",
      "  gesture length    \(gestureLength.text("pt", digits: 0))",
      "  release velocity  \(releaseVelocity.text("pt/s", digits: 0))",
      "  pause             \(pause.text("s", digits: 2))",
      "  direction         \(NumberText.fixed(downward * 100, 0))% scroll down, \(NumberText.fixed(directionChanges * 100, 0))% reverse the previous gesture",
    ].joined(separator: "\n")
  }

  /// Numbers to six decimals: sums of sample times and positions carry float noise
  /// (`3748.8299999999995`) that is not the trace's.
  package var json: JSONValue {
    func number(_ value: Double) -> JSONValue { .number(rounded(value, decimals: 6)) }
    func spread(_ s: Spread) -> JSONValue {
      .object([
        ("count", .int(s.count)), ("p10", number(s.p10)), ("p50", number(s.p50)), ("p90", number(s.p90)),
        ("mean", number(s.mean)),
      ])
    }
    return .object([
      ("kind", .string(kind)), ("duration", number(duration)), ("gestures", .int(gestures)),
      ("distance", number(distance)), ("peakReleaseVelocity", number(peakVelocity)),
      ("gestureDuration", spread(gestureDuration)), ("gestureLength", spread(gestureLength)),
      ("releaseVelocity", spread(releaseVelocity)), ("pause", spread(pause)),
      ("downward", number(downward)), ("directionChanges", number(directionChanges)),
      ("samplesTooClose", .int(samplesTooClose)), ("warnings", .array(warnings.map { .string($0) })),
    ])
  }
}
