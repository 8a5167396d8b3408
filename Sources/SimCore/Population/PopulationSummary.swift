import Foundation

/// What a comparison over a population of sessions keeps (`compare` over a folder): per
/// strategy, exact integer sums and log histograms (`LogHistogram`) of each session's wait,
/// hitches, bytes and peak memory, the sessions that stalled, showed a blank over a second,
/// hitched or were killed; and per pair of strategies the sums of their per-session wait
/// differences, for paired intervals. Its size depends on the strategies, not the sessions,
/// and two summaries of disjoint sessions add up to the summary of all of them, to the byte:
/// every sum is an integer (waits in µs), so no order of addition changes a digit. Each row
/// also keeps the `worstKept` sessions that waited most (the ones a reader replays), a list of
/// fixed size that merges to the same list in any order.
package struct PopulationSummary: Sendable, Equatable {
  /// One session's wait (µs), for the sessions that waited most.
  package struct SessionWait: Sendable, Equatable {
    package var session: String
    package var waitMicroseconds: Int64

    package init(session: String, waitMicroseconds: Int64) {
      self.session = session
      self.waitMicroseconds = waitMicroseconds
    }

    /// Most wait first; equal waits by name, so the list does not depend on the order.
    static func before(_ a: SessionWait, _ b: SessionWait) -> Bool {
      a.waitMicroseconds != b.waitMicroseconds ? a.waitMicroseconds > b.waitMicroseconds : a.session < b.session
    }
  }

  /// How many of the sessions that waited most each row keeps.
  package static let worstKept = 10

  /// One strategy over the population.
  package struct Row: Sendable, Equatable {
    package var strategy: String
    package var limitRole: LimitRole?
    package var sessions = 0
    /// Σ wait (µs).
    package var waitMicroseconds: Int64 = 0
    package var wait = LogHistogram(floor: 0.001)
    /// Σ hitch time ratio (µs/s) and its histogram (ms/s).
    package var hitchMicrosPerSecond: Int64 = 0
    package var hitch = LogHistogram(floor: 0.01)
    /// Σ bytes and the histogram of peak memory (bytes).
    package var bytes: Int64 = 0
    package var peakMemory = LogHistogram(floor: 1024)
    /// Sessions with a stall at the end of the list.
    package var stalled = 0
    /// Sessions where a visible cell stayed blank over `longBlank` seconds, filled or not
    /// (`blankMaxSeconds`).
    package var longBlank = 0
    /// Sessions whose hitch time ratio reached `hitching` ms/s.
    package var hitching = 0
    /// Sessions whose app was killed for its memory.
    package var killed = 0
    /// The sessions that waited most, most first (at most `worstKept`).
    package var worst: [SessionWait] = []

    package init(strategy: String, limitRole: LimitRole?) {
      self.strategy = strategy
      self.limitRole = limitRole
    }

    package var meanWait: Double { sessions > 0 ? Double(waitMicroseconds) / 1e6 / Double(sessions) : 0 }
    package var meanHitch: Double { sessions > 0 ? Double(hitchMicrosPerSecond) / 1e3 / Double(sessions) : 0 }
    package var meanBytes: Double { sessions > 0 ? Double(bytes) / Double(sessions) : 0 }
    package func share(_ count: Int) -> Double { sessions > 0 ? Double(count) / Double(sessions) : 0 }

    /// Keeps `waits` among the sessions that waited most.
    mutating func keepWorst(_ waits: [SessionWait]) {
      worst = Array((worst + waits).sorted(by: SessionWait.before).prefix(PopulationSummary.worstKept))
    }

    /// The row's figures by the keys reports and the gate name them (docs/metrics.md,
    /// "Populations"); nil where there is none (a percentile of no session).
    package var figures: [(key: String, value: Double?)] {
      [
        ("waitMean", meanWait), ("waitP50", wait.percentile(0.5)), ("waitP90", wait.percentile(0.9)),
        ("waitP99", wait.percentile(0.99)), ("stalledShare", share(stalled)), ("longBlankShare", share(longBlank)),
        ("hitchMean", meanHitch), ("hitchP90", hitch.percentile(0.9)), ("hitchingShare", share(hitching)),
        ("bytesMean", meanBytes), ("peakMemoryP90", peakMemory.percentile(0.9)), ("killedShare", share(killed)),
      ]
    }
  }

  /// Sums of per-session wait differences (µs) between strategies `a` and `b`, a < b.
  package struct Pair: Sendable, Equatable {
    package var a: Int
    package var b: Int
    package var sessions = 0
    package var sum: Int64 = 0
    package var sumOfSquares: Int128 = 0
  }

  /// A blank this long (s) makes a session count as one with a long blank.
  package static let longBlank = 1.0
  /// Apple's hitch time ratio tiers: under 5 ms/s good, 5–10 warning, 10 and over critical
  /// (WWDC 2020 "Eliminate animation hitches with XCTest"); a session at or over 10 hitches.
  package static let hitching = 10.0

  package var rows: [Row]
  package var pairs: [Pair]
  /// With `compare --by`: the summary of each class's sessions (nil: not broken down).
  package var breakdown: PopulationBreakdown?
  /// The sessions' fingerprint: the wrapping sum of each one's (its name and its trace's
  /// FNV-1a), so it does not depend on the order or the shard sessions ran in.
  package var fingerprint: UInt64 = 0

  /// What `fingerprint` adds for one session.
  package static func fingerprint(of session: NamedTrace) -> UInt64 {
    fnv1a64(session.name + "\u{0}" + session.trace.encoded())
  }

  /// An empty summary of `strategies` (row names, and each one's limit role).
  package init(strategies: [(name: String, limitRole: LimitRole?)]) {
    rows = strategies.map { Row(strategy: $0.name, limitRole: $0.limitRole) }
    pairs = []
    for a in rows.indices {
      for b in rows.indices where b > a { pairs.append(Pair(a: a, b: b)) }
    }
  }

  /// The wait of a run as the summary counts it: whole µs.
  static func microseconds(_ seconds: Double) -> Int64 { Int64((max(0, seconds) * 1e6).rounded()) }

  /// The rows' strategies, as `init` takes them.
  var strategies: [(name: String, limitRole: LimitRole?)] { rows.map { ($0.strategy, $0.limitRole) } }

  /// Adds one session of class `name` (`breakdown`'s dimension; nil without one) to the whole
  /// and to its class: its runs under each strategy, in the rows' order, and its fingerprint.
  package mutating func add(session runs: [RunMetrics], fingerprint: UInt64, class name: String?) {
    add(session: runs)
    self.fingerprint &+= fingerprint
    guard let name, breakdown != nil else { return }
    breakdown!.summary(name, strategies: strategies) { (summary: inout PopulationSummary) in
      summary.add(session: runs)
      summary.fingerprint &+= fingerprint
    }
  }

  /// Adds one session: its run under each strategy, in the rows' order.
  package mutating func add(session runs: [RunMetrics]) {
    precondition(runs.count == rows.count, "one run per strategy")
    var waits: [Int64] = []
    for (index, run) in runs.enumerated() {
      let wait = Self.microseconds(run.waitSeconds)
      waits.append(wait)
      rows[index].sessions += 1
      rows[index].waitMicroseconds += wait
      rows[index].wait.add(Double(wait) / 1e6)
      let hitch = Self.microseconds(run.hitchTimeRatio / 1000)
      rows[index].hitchMicrosPerSecond += hitch
      rows[index].hitch.add(Double(hitch) / 1e3)
      rows[index].bytes += Int64(max(0, run.bytes).rounded())
      rows[index].peakMemory.add(run.peakMemory)
      if run.stallCount > 0 { rows[index].stalled += 1 }
      if run.blankMaxSeconds > Self.longBlank { rows[index].longBlank += 1 }
      if run.hitchTimeRatio >= Self.hitching { rows[index].hitching += 1 }
      if run.kills > 0 { rows[index].killed += 1 }
      rows[index].keepWorst([SessionWait(session: run.trace, waitMicroseconds: wait)])
    }
    for index in pairs.indices {
      let difference = waits[pairs[index].a] - waits[pairs[index].b]
      pairs[index].sessions += 1
      pairs[index].sum += difference
      pairs[index].sumOfSquares += Int128(difference) * Int128(difference)
    }
  }

  /// Adds another summary of the same strategies (another shard's sessions).
  package mutating func merge(_ other: PopulationSummary) throws(SimError) {
    guard other.rows.map(\.strategy) == rows.map(\.strategy) else {
      throw SimError(.badData, "the summaries compare different strategies")
    }
    for index in rows.indices {
      let theirs = other.rows[index]
      rows[index].sessions += theirs.sessions
      rows[index].waitMicroseconds += theirs.waitMicroseconds
      rows[index].wait.merge(theirs.wait)
      rows[index].hitchMicrosPerSecond += theirs.hitchMicrosPerSecond
      rows[index].hitch.merge(theirs.hitch)
      rows[index].bytes += theirs.bytes
      rows[index].peakMemory.merge(theirs.peakMemory)
      rows[index].stalled += theirs.stalled
      rows[index].longBlank += theirs.longBlank
      rows[index].hitching += theirs.hitching
      rows[index].killed += theirs.killed
      rows[index].keepWorst(theirs.worst)
    }
    fingerprint &+= other.fingerprint
    for index in pairs.indices {
      pairs[index].sessions += other.pairs[index].sessions
      pairs[index].sum += other.pairs[index].sum
      pairs[index].sumOfSquares += other.pairs[index].sumOfSquares
    }
    guard breakdown?.dimension == other.breakdown?.dimension else {
      throw SimError(
        .badData, "one summary is broken down by \(Self.by(breakdown)), the other by \(Self.by(other.breakdown))")
    }
    for theirs in other.breakdown?.classes ?? [] {
      try breakdown!.summary(theirs.name, strategies: strategies) {
        (summary: inout PopulationSummary) throws(SimError) in
        try summary.merge(theirs.summary)
      }
    }
  }

  static func by(_ breakdown: PopulationBreakdown?) -> String {
    breakdown.map { "--by \($0.dimension.rawValue)" } ?? "nothing (no --by)"
  }

  /// The mean per-session difference of wait, `a`'s minus `b`'s (s), and its paired 95 %
  /// half-width (Student's t over the sessions; NaN with fewer than two).
  package func difference(_ a: Int, _ b: Int) -> (mean: Double, halfWidth: Double) {
    guard a != b else { return (0, 0) }
    let pair = pairs.first { ($0.a, $0.b) == (min(a, b), max(a, b)) }!
    let sign = a < b ? 1.0 : -1.0
    let n = Double(pair.sessions)
    guard pair.sessions > 0 else { return (0, .nan) }
    let mean = Double(pair.sum) / n
    guard pair.sessions > 1 else { return (sign * mean / 1e6, .nan) }
    // Σd² − (Σd)²/n, exact in integers up to the last division.
    let spread = Double(pair.sumOfSquares * Int128(pair.sessions) - Int128(pair.sum) * Int128(pair.sum)) / n
    let variance = max(0, spread / (n - 1))
    let half = StudentT.twoSided(0.95, degreesOfFreedom: pair.sessions - 1) * (variance / n).squareRoot()
    return (sign * mean / 1e6, half / 1e6)
  }
}
