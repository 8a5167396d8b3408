import Foundation

/// Fits the synthetic generator's profiles to recorded strokes (`scrollsim calibrate`,
/// `docs/generator.md`).
///
/// Method: keep vertical strokes (≥ 100 px of net vertical travel, more vertical than
/// horizontal); convert pixels to points by `pixelsPerPoint`; estimate each stroke's release
/// velocity with the LSQ2 tracker (and its 40 ms "finger stopped" rule). Strokes whose finger
/// stopped before lifting are the **reader** class (no fling); the others split at the median
/// release velocity into **skimmer** (slower half) and **flinger** (faster half). For each class:
/// stroke duration, length and release velocity as lognormals by median and p95, the hold
/// before lift (reader), and the pause to the next stroke (pauses over `sessionGap` are session
/// breaks and left out). **mixed** draws a class with the classes' observed shares and changes
/// direction with the observed probability.
package enum Calibration {
  package struct Stroke: Sendable {
    package var samples: [(t: Double, x: Double, y: Double)]
    package init(samples: [(t: Double, x: Double, y: Double)]) { self.samples = samples }
  }

  package struct ClassFit: Sendable, Equatable {
    package var share: Double
    package var duration: Distribution
    package var length: Distribution
    package var releaseVelocity: Distribution
    package var pause: Distribution
  }

  package struct Fit: Sendable, Equatable {
    package var strokes: Int
    package var reader: ClassFit
    package var skimmer: ClassFit
    package var flinger: ClassFit
    /// Hold between the last movement and the lift, for strokes released still.
    package var hold: Distribution
    /// Share of strokes that scroll the content down (finger moving up).
    package var downward: Double
    /// Probability that a stroke goes the other way than the one before.
    package var reversal: Double
  }

  /// Reads the swipe study's raw files (`action,x,y,pressure,size,t_ms`, action 0 down, 2 move,
  /// 1 up); a stroke interrupted by a clock reset is dropped.
  package static func readSwipeFiles(_ paths: [String]) throws(SimError) -> [[Stroke]] {
    var recordings: [[Stroke]] = []
    for path in paths {
      let text: String
      do throws(SimError) {
        text = String(decoding: try AtomicFile.read(path), as: UTF8.self)
      } catch {
        throw error.inFile(path)
      }
      var strokes: [Stroke] = []
      var current: [(t: Double, x: Double, y: Double)]?
      for line in textLines(text) {
        let cells = line.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard cells.count >= 6, let action = cells[0], let x = cells[1], let y = cells[2], let ms = cells[5] else {
          continue
        }
        let sample = (t: ms / 1000, x: x, y: y)
        switch Int(action) {
        case 0: current = [sample]
        case 2: if current != nil, sample.t >= current!.last!.t { current!.append(sample) } else { current = nil }
        case 1:
          if var stroke = current, sample.t >= stroke.last!.t {
            stroke.append(sample)
            strokes.append(Stroke(samples: stroke))
          }
          current = nil
        default: continue
        }
      }
      recordings.append(strokes)
    }
    return recordings
  }

  /// Fits the profiles to `recordings` (strokes in time order per recording).
  package static func fit(_ recordings: [[Stroke]], pixelsPerPoint: Double, sessionGap: Double = 10) throws(SimError)
    -> Fit
  {
    let (measured, reversals, pairs) = measure(recordings, pixelsPerPoint: pixelsPerPoint, sessionGap: sessionGap)
    guard measured.count >= 30 else {
      throw SimError(.badData, "only \(measured.count) vertical strokes (≥ 100 px): too few to fit (30 needed)")
    }
    let held = measured.filter { $0.velocity == 0 }
    let moving = measured.filter { $0.velocity > 0 }
    let split = Percentile.nearestRank(moving.map(\.velocity), 0.5) ?? 0
    let slow = moving.filter { $0.velocity <= split }
    let fast = moving.filter { $0.velocity > split }
    func lognormal(_ values: [Double]) -> Distribution {
      let positive = values.filter { $0 > 0 }
      guard let median = Percentile.nearestRank(positive, 0.5), let p95 = Percentile.nearestRank(positive, 0.95) else {
        return .fixed(0)
      }
      return .lognormal(median: rounded(median), p95: rounded(max(p95, median)))
    }
    func classFit(_ strokes: [MeasuredStroke], velocity: Bool) -> ClassFit {
      ClassFit(
        share: rounded(Double(strokes.count) / Double(measured.count)), duration: lognormal(strokes.map(\.duration)),
        length: lognormal(strokes.map(\.length)),
        releaseVelocity: velocity ? lognormal(strokes.map(\.velocity)) : .fixed(0),
        pause: lognormal(strokes.compactMap(\.pauseAfter)))
    }
    return Fit(
      strokes: measured.count, reader: classFit(held, velocity: false), skimmer: classFit(slow, velocity: true),
      flinger: classFit(fast, velocity: true), hold: lognormal(held.map(\.hold)),
      downward: rounded(Double(measured.filter(\.downward).count) / Double(measured.count)),
      reversal: pairs > 0 ? rounded(Double(reversals) / Double(pairs)) : 0)
  }

  /// One vertical stroke as the fit reads it, in points and seconds.
  private struct MeasuredStroke {
    var duration, length, velocity, hold: Double
    var downward: Bool
    var pauseAfter: Double?
  }

  /// The vertical strokes (100 px or more, more vertical than not) of `recordings`, each with
  /// the pause after it within a session (at most `sessionGap`), and how many pairs of
  /// consecutive strokes there were and how many reversed.
  private static func measure(
    _ recordings: [[Stroke]], pixelsPerPoint: Double, sessionGap: Double
  ) -> (measured: [MeasuredStroke], reversals: Int, pairs: Int) {
    var measured: [MeasuredStroke] = []
    var reversals = 0
    var pairs = 0
    for strokes in recordings {
      var previous: MeasuredStroke?
      var previousEnd: Double?
      for stroke in strokes {
        let s = stroke.samples
        let dy = s.last!.y - s.first!.y
        let dx = s.last!.x - s.first!.x
        guard abs(dy) >= 100, abs(dy) > abs(dx) else {
          previous = nil
          previousEnd = s.last!.t
          continue
        }
        var tracker = VelocityTracker(kind: .lsq2)
        for sample in s { tracker.add(t: sample.t, position: sample.y / pixelsPerPoint) }
        let lastMove = s.indices.dropFirst().last(where: { s[$0].y != s[$0 - 1].y }).map { s[$0].t } ?? s.last!.t
        var stroke = MeasuredStroke(
          duration: s.last!.t - s.first!.t, length: abs(dy) / pixelsPerPoint, velocity: abs(tracker.velocity()),
          hold: s.last!.t - lastMove, downward: dy < 0, pauseAfter: nil)
        if let end = previousEnd, !measured.isEmpty, previous != nil {
          let gap = s.first!.t - end
          if gap <= sessionGap && gap >= 0 { measured[measured.count - 1].pauseAfter = gap }
        }
        if let previous {
          pairs += 1
          if previous.downward != stroke.downward { reversals += 1 }
        }
        measured.append(stroke)
        stroke.pauseAfter = nil
        previous = stroke
        previousEnd = s.last!.t
      }
    }
    return (measured, reversals, pairs)
  }

  /// The vertical strokes of `recordings` as one touch trace in points (for `TraceStats`
  /// comparisons with generated traces); pauses over `sessionGap` are shortened to it.
  package static func verticalTrace(_ recordings: [[Stroke]], pixelsPerPoint: Double, sessionGap: Double = 10) -> Trace
  {
    var samples: [TouchSample] = []
    var clock = 0.5
    for strokes in recordings {
      var previousVerticalEnd: Double?  // end of the previous stroke, if it was vertical
      for stroke in strokes {
        let s = stroke.samples
        let dy = s.last!.y - s.first!.y
        guard abs(dy) >= 100, abs(dy) > abs(s.last!.x - s.first!.x) else {
          previousVerticalEnd = nil
          continue
        }
        // A pause as the fit counts it: between two vertical strokes, within a session;
        // anything else is a break of `sessionGap`.
        if !samples.isEmpty {
          let gap = previousVerticalEnd.map { s.first!.t - $0 } ?? sessionGap
          clock += gap >= 0 && gap <= sessionGap ? gap : sessionGap
        }
        let offset = clock - s.first!.t
        for (i, sample) in s.enumerated() {
          let phase: TouchPhase = i == 0 ? .began : i == s.count - 1 ? .ended : .moved
          samples.append(TouchSample(t: sample.t + offset, y: sample.y / pixelsPerPoint, phase: phase))
        }
        clock = s.last!.t + offset
        previousVerticalEnd = s.last!.t
      }
    }
    return Trace(name: "vertical strokes", input: .touches(samples))
  }

  /// Three significant digits: fitted numbers are printed and committed as such.
  static func rounded(_ value: Double) -> Double {
    guard value != 0, value.isFinite else { return value }
    let digits = 3 - Int((Foundation.log10(abs(value))).rounded(.up))
    var scale = 1.0
    for _ in 0..<abs(digits) { scale *= 10 }
    return digits >= 0 ? (value * scale).rounded() / scale : (value / scale).rounded() * scale
  }

  /// The fit as JSON (what `scrollsim calibrate` prints).
  package static func json(_ fit: Fit) -> JSONValue {
    func classJSON(_ c: ClassFit) -> JSONValue {
      .object([
        ("share", .number(c.share)), ("duration", c.duration.json), ("length", c.length.json),
        ("releaseVelocity", c.releaseVelocity.json), ("pause", c.pause.json),
      ])
    }
    return .object([
      ("strokes", .int(fit.strokes)), ("reader", classJSON(fit.reader)), ("skimmer", classJSON(fit.skimmer)),
      ("flinger", classJSON(fit.flinger)), ("hold", fit.hold.json), ("downward", .number(fit.downward)),
      ("reversal", .number(fit.reversal)),
    ])
  }
}
