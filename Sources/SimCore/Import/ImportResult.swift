/// What an importer made of a file: one trace per session, and notes on what it dropped and
/// why (printed to stderr by `scrollsim import`).
package struct ImportResult: Sendable {
  package var traces: [Trace]
  package var notes: [String]

  /// A pause between gestures longer than this (s) suggests sessions to split: 5 minutes.
  static let longPause = 300.0

  /// A summary for people: per session the trace's numbers, then the notes.
  package var summary: String { summary() }

  /// The summary, warning of samples closer than `closestSampleInterval` (s).
  package func summary(closestSampleInterval: Double = TraceStats.deviceInterval) -> String {
    var lines: [String] = []
    for (i, trace) in traces.enumerated() {
      let stats = TraceStats(trace, closestSampleInterval: closestSampleInterval)
      lines.append((traces.count > 1 ? "session \(i + 1): " : "") + stats.text)
      // An idle stretch inside one trace is replayed as one: the list sits still that long.
      if stats.kind == "touches", let longest = stats.pauses.max(), longest > Self.longPause {
        lines.append(
          "  warning: a pause of \(NumberText.fixed(longest / 60, 0)) min between two gestures is kept inside one trace; to cut the recording into sessions at pauses, import with --split-gap SECONDS (e.g. --split-gap 60)"
        )
      }
    }
    lines += notes.map { "note: \($0)" }
    return lines.joined(separator: "\n")
  }
}

/// Units of a time column.
package enum TimeUnit: String, Sendable, CaseIterable {
  case s, ms, us, ns

  package var seconds: Double {
    switch self {
    case .s: 1
    case .ms: 1e-3
    case .us: 1e-6
    case .ns: 1e-9
    }
  }
}

/// Counts of dropped things, reported as notes ("12 rows of a second finger dropped").
struct DropCounter {
  private var counts: [(String, Int)] = []

  mutating func add(_ reason: String) {
    if let i = counts.firstIndex(where: { $0.0 == reason }) { counts[i].1 += 1 } else { counts.append((reason, 1)) }
  }

  var notes: [String] { counts.map { "\($0.1) \($0.0)" } }
}

/// Shifts touch samples so the first is at `lead` seconds (the list shows before the first
/// touch); a trace that would last longer than a trace may (`TraceLimits.time`) is refused,
/// with `hint` saying what to do.
func rebase(
  _ samples: [TouchSample], lead: Double = 0.5, hint: String = importSpanHint
) throws(SimError) -> [TouchSample] {
  guard let first = samples.first?.t, let last = samples.last?.t else { return samples }
  try checkSpan(from: first, to: last, lead: lead, hint: hint)
  return samples.map { TouchSample(t: $0.t - first + lead, y: $0.y, phase: $0.phase) }
}

let importSpanHint = "split the recording at pauses (--split-gap) or check the time unit"

/// A trace ends at most a day after it starts.
func checkSpan(from first: Double, to last: Double, lead: Double = 0.5, hint: String = importSpanHint)
  throws(SimError)
{
  let end = last - first + lead
  guard end <= TraceLimits.time.upperBound else {
    throw SimError(
      .badData,
      "the trace would last \(JSONWriter.number(rounded(end, decimals: 1))) s, longer than a trace may (a day, 86 400 s): \(hint)"
    )
  }
}

/// A position in points from an imported row, within the trace format's ±10⁹ pt.
func checkedPosition(_ points: Double, line: Int, _ what: String) throws(SimError) -> Double {
  guard TraceLimits.position.contains(points) else {
    throw SimError(
      .badData, path: "line \(line)",
      "\(what) of \(JSONWriter.number(points)) pt is beyond ±1e9 pt, the trace format's range (check the density or pixels per point)"
    )
  }
  return points
}

/// Splits touch samples into sessions wherever the pause between gestures exceeds `gap`.
func splitSessions(_ samples: [TouchSample], gap: Double?) -> [[TouchSample]] {
  guard let gap else { return [samples] }
  var sessions: [[TouchSample]] = [[]]
  var lastLift: Double?
  for sample in samples {
    if sample.phase == .began, let lastLift, sample.t - lastLift > gap { sessions.append([]) }
    if sample.phase == .ended { lastLift = sample.t }
    sessions[sessions.count - 1].append(sample)
  }
  return sessions.filter { !$0.isEmpty }
}
