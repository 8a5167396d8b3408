import Foundation
import Testing

@testable import SimCore

@Suite struct LogHistogramTests {
  /// Bins are half a percent wide from the floor; below it is zero; a percentile is reported
  /// within ±0.25 % of the value at its rank.
  @Test func binsAndPercentiles() {
    #expect(LogHistogram.bin(of: 0, floor: 0.001) == 0)
    #expect(LogHistogram.bin(of: 0.000999, floor: 0.001) == 0)
    #expect(LogHistogram.bin(of: 0.001, floor: 0.001) == 1)
    #expect(LogHistogram.bin(of: 0.001 * 1.005 * 0.9999, floor: 0.001) == 1)
    #expect(LogHistogram.bin(of: 0.001 * 1.005 * 1.0001, floor: 0.001) == 2)
    var histogram = LogHistogram(floor: 0.001)
    let values = (1...1000).map { Double($0) / 100 }
    for value in values { histogram.add(value) }
    for p in [0.5, 0.9, 0.99] {
      let exact = Percentile.nearestRank(values, p)!
      #expect(abs(histogram.percentile(p)! - exact) <= 0.0026 * exact, "p\(p)")
    }
    #expect(LogHistogram(floor: 1).percentile(0.5) == nil)
  }
}

@Suite struct PopulationSummaryTests {
  /// A run; `neverFilled`: the longest visible time of an episode never filled.
  static func run(
    _ strategy: String, wait: Double, stalls: Int = 0, ttc: [Double] = [], neverFilled: Double = 0
  ) -> RunMetrics {
    var row = RunMetrics()
    row.strategy = strategy
    row.waitSeconds = wait
    row.stallCount = stalls
    row.timeToContent = ttc
    row.blankMaxSeconds = max(ttc.max() ?? 0, neverFilled)
    return row
  }

  static func summary(_ sessions: [[Double]]) -> PopulationSummary {
    var summary = PopulationSummary(strategies: [("a", nil), ("b", nil), ("c", nil)])
    for waits in sessions {
      summary.add(session: ["a", "b", "c"].enumerated().map { run($0.element, wait: waits[$0.offset]) })
    }
    return summary
  }

  /// The paired interval is Student's over the per-session differences, computed by hand here.
  @Test func thePairedIntervalIsStudentsOverSessions() {
    let sessions: [[Double]] = [[1, 1.5, 3], [2, 2.1, 1], [0.5, 1.5, 2], [4, 4.4, 0]]
    let summary = Self.summary(sessions)
    let differences = sessions.map { $0[1] - $0[0] }  // b − a
    let mean = differences.reduce(0, +) / 4
    let variance = differences.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / 3
    let half = StudentT.twoSided(0.95, degreesOfFreedom: 3) * (variance / 4).squareRoot()
    let (measured, width) = summary.difference(1, 0)
    #expect(abs(measured - mean) < 1e-9 && abs(width - half) < 1e-9)
    let (reversed, _) = summary.difference(0, 1)
    #expect(abs(reversed + mean) < 1e-9)
  }

  /// Two halves merged are the whole, to the byte of the report.
  @Test func halvesMergeIntoTheWhole() throws {
    var random = SeededRandom(seed: 3)
    let sessions = (0..<40).map { _ in (0..<3).map { _ in random.uniform(0...5) } }
    let whole = Self.summary(sessions)
    var first = Self.summary(Array(sessions[..<17]))
    try first.merge(Self.summary(Array(sessions[17...])))
    #expect(first == whole)
    for format in ReportFormat.allCases {
      #expect(
        PopulationReport.render(first, key: .p90, format: format)
          == PopulationReport.render(whole, key: .p90, format: format))
    }
    let other = PopulationSummary(strategies: [("a", nil), ("x", nil), ("c", nil)])
    #expect(throws: SimError.self) { try first.merge(other) }
  }

  /// Sessions that stalled or showed a blank over a second (not exactly one) are counted; a
  /// cell that stayed blank over a second and never filled counts too.
  @Test func sharesCountTheirSessions() {
    var summary = PopulationSummary(strategies: [("a", nil)])
    summary.add(session: [Self.run("a", wait: 1, stalls: 1)])
    summary.add(session: [Self.run("a", wait: 1, ttc: [0.2, 1.0])])
    summary.add(session: [Self.run("a", wait: 1, ttc: [1.0001])])
    summary.add(session: [Self.run("a", wait: 1, ttc: [0.2], neverFilled: 1.0)])
    summary.add(session: [Self.run("a", wait: 1, neverFilled: 1.0001)])
    #expect(summary.rows[0].stalled == 1 && summary.rows[0].longBlank == 2)
  }

  /// Apple's critical hitch tier starts at 10 ms/s: just under it a session does not count as
  /// hitching, exactly on it and just over it does.
  @Test func hitchingStartsAtTenMillisecondsASecond() {
    var summary = PopulationSummary(strategies: [("a", nil)])
    for hitch in [9.99, 10, 10.01] {
      var run = Self.run("a", wait: 1)
      run.scrollingSeconds = 1000
      run.hitchSeconds = hitch  // ms/s = hitch × 1000 / 1000
      summary.add(session: [run])
    }
    #expect(summary.rows[0].hitching == 2)
  }

  /// The ranking: by the key chosen; a strategy killed in any session after those never killed.
  @Test func rankingByKeyKilledLast() {
    var summary = PopulationSummary(strategies: [("a", nil), ("b", nil), ("limit", .reference)])
    var killed = Self.run("a", wait: 0.1)
    killed.kills = 1
    summary.add(session: [killed, Self.run("b", wait: 2), Self.run("limit", wait: 0)])
    summary.add(session: [Self.run("a", wait: 0.1), Self.run("b", wait: 3), Self.run("limit", wait: 0)])
    #expect(summary.ranked(by: .mean) == [1, 0])
    let text = PopulationReport.render(summary, key: .mean, format: .table)
    #expect(text.hasPrefix("Who makes the user wait least over 2 sessions (ranked by the mean wait per session"))
    #expect(text.contains("killed for their memory in some sessions, ranked last: a (50 %)"))
    #expect(text.contains("the limit (the clairvoyant oracle): 0.00 s on average"))
  }
}

@Suite struct PopulationWorstSessionsTests {
  static func session(_ name: String, wait: Double) -> [RunMetrics] {
    var row = PopulationSummaryTests.run("a", wait: wait)
    row.trace = name
    return [row]
  }

  /// Each row keeps the ten sessions that waited most, most first, equal waits by name; two
  /// shards of sessions merge into the list the whole gives, whatever their order.
  @Test func theSessionsThatWaitedMostMergeInAnyOrder() throws {
    let waits = (0..<25).map { (name: "s\($0 + 10)", wait: Double(($0 * 7) % 12)) }
    var whole = PopulationSummary(strategies: [("a", nil)])
    for (name, wait) in waits { whole.add(session: Self.session(name, wait: wait)) }
    var first = PopulationSummary(strategies: [("a", nil)])
    var second = PopulationSummary(strategies: [("a", nil)])
    for (index, session) in waits.enumerated().reversed() {
      if index % 3 == 0 {
        first.add(session: Self.session(session.name, wait: session.wait))
      } else {
        second.add(session: Self.session(session.name, wait: session.wait))
      }
    }
    try second.merge(first)
    #expect(second.rows[0].worst == whole.rows[0].worst)
    let worst = whole.rows[0].worst
    #expect(worst.count == PopulationSummary.worstKept)
    // 11 s is the most (sessions s15 and s27), then 10 s (s20, s32); names break ties.
    #expect(worst.prefix(4).map(\.session) == ["s15", "s27", "s20", "s32"])
    #expect(worst.first?.waitMicroseconds == 11_000_000)
    #expect(zip(worst, worst.dropFirst()).allSatisfy { $0.waitMicroseconds >= $1.waitMicroseconds })
  }
}
