import Foundation
import Testing

@testable import SimCore

/// The answer a comparison opens with: per trace the best by the wait, and across traces a
/// ranking one trace cannot decide.
struct VerdictTests {
  static func row(_ strategy: String, _ trace: String, _ wait: Double, overLimit: Double? = nil) -> RunMetrics {
    var row = RunMetrics()
    row.strategy = strategy
    row.limitRole = strategy == "oracle" ? .reference : nil
    row.trace = trace
    row.waitSeconds = wait
    row.waitOverLimit = overLimit
    return row
  }

  /// As the issue found on the bundled traces: `a` wins the one heavy trace by much and loses
  /// every calm one; by the raw sum it would rank first, by the geometric mean of ratios `b` does.
  @Test func oneTraceDoesNotDecide() {
    let rows = [
      Self.row("a", "heavy", 4), Self.row("b", "heavy", 9), Self.row("oracle", "heavy", 0.4),
      Self.row("a", "calm-1", 1.09), Self.row("b", "calm-1", 0.45), Self.row("oracle", "calm-1", 0.36),
      Self.row("a", "calm-2", 1.09), Self.row("b", "calm-2", 0.5), Self.row("oracle", "calm-2", 0.36),
    ]
    let verdict = Verdict(rows)
    #expect(verdict.traces.map { $0.ranked[0].strategy } == ["a", "b", "b"])
    #expect(verdict.traces[0].limit == 0.4)
    #expect(verdict.overall.map(\.strategy) == ["b", "a"])
    // b: (9 + f) / (4 + f) on one trace, 1 on two; a: 1, then about 2.3 twice.
    let f = Verdict.floor
    #expect(abs(verdict.overall[0].ratio - pow3((9 + f) / (4 + f))) < 1e-12)
    let text = verdict.lines(markdown: false).joined(separator: "\n")
    #expect(
      text.contains(
        "heavy: a: the user waits 4.00 s, 2.3× less than under b (9.00 s); the limit 0.40 s, 3.60 s above it"))
    #expect(text.contains("calm-1: b: the user waits 0.45 s, 2.4× less than under a (1.09 s)"))
    #expect(text.contains("across 3 traces, by the geometric mean of each wait over the trace's best: b "))
  }

  /// The cube root: the geometric mean of one ratio and two ones.
  func pow3(_ x: Double) -> Double { Foundation.exp(Foundation.log(x) / 3) }

  @Test func tablesListEachTraceByItsWaitWithTheLimitLast() {
    let rows = [Self.row("oracle", "t", 0.1), Self.row("slow", "t", 3), Self.row("fast", "t", 1)]
    #expect(Verdict.sorted(rows).map(\.strategy) == ["fast", "slow", "oracle"])
    // Without the limit's row, its wait comes from the distance to it.
    let verdict = Verdict([Self.row("slow", "t", 3, overLimit: 2.9), Self.row("fast", "t", 1, overLimit: 0.9)])
    #expect(abs(verdict.traces[0].limit! - 0.1) < 1e-12)
  }

  /// A killed app waited only until its kill: it is never ranked best, and it is listed after
  /// every run that lived (issue 45).
  @Test func aKilledRunIsNeverBest() {
    var killed = Self.row("greedy", "t", 0.5)
    killed.kills = 1
    killed.killedAtSeconds = 12
    let rows = [killed, Self.row("modest", "t", 2), Self.row("oracle", "t", 0.1)]
    #expect(Verdict(rows).traces[0].ranked.map(\.strategy) == ["modest", "greedy"])
    #expect(Verdict.sorted(rows).map(\.strategy) == ["modest", "greedy", "oracle"])
  }

  /// Where the wait would be, a killed run says when it was killed and what it held then.
  @Test func theVerdictSaysWhenAnAppWasKilledAndWithHowMuch() {
    func killed(_ name: String, at seconds: Double, megabytes: Double) -> RunMetrics {
      var row = Self.row(name, "t", 0.2)
      row.kills = 1
      row.killedAtSeconds = seconds
      row.peakMemory = megabytes * MemoryUnits.mb
      return row
    }
    let one = Verdict([killed("greedy", at: 41.3, megabytes: 612.4), Self.row("modest", "t", 2)])
    #expect(one.lines(markdown: false)[1] == "t: modest: the user waits 2.00 s; greedy is killed at 41 s (612 MB)")
    let all = Verdict([killed("a", at: 9.25, megabytes: 700), killed("b", at: 14.2, megabytes: 645)])
    #expect(
      all.lines(markdown: false)[1]
        == "t: every strategy's app was killed for its memory; b lasted longest, killed at 14 s (645 MB); a is killed at 9.3 s (700 MB)"
    )
    // Two killed beside the best: each named once.
    let two = Verdict([
      killed("x", at: 20, megabytes: 650), Self.row("modest", "t", 2), killed("y", at: 30, megabytes: 660),
    ])
    #expect(
      two.lines(markdown: false)[1]
        == "t: modest: the user waits 2.00 s; y is killed at 30 s (660 MB); x is killed at 20 s (650 MB)")
    #expect(all.traces[0].ranked.map(\.strategy) == ["b", "a"])
    #expect(all.bestRows.isEmpty)  // no star for a killed run
    #expect(one.bestRows == [Verdict.rowKey(trace: "t", strategy: "modest")])
  }

  /// Across traces, a strategy killed on one of them ranks after those that lived on all, however
  /// short its waits.
  @Test func acrossTracesAStrategyKilledAnywhereRanksLast() {
    var killedOnU = Self.row("greedy", "u", 0.1)
    killedOnU.kills = 1
    killedOnU.killedAtSeconds = 5
    let rows = [
      Self.row("greedy", "t", 0.1), Self.row("modest", "t", 1), killedOnU, Self.row("modest", "u", 1),
    ]
    let verdict = Verdict(rows)
    #expect(verdict.overall.map(\.strategy) == ["modest", "greedy"])
    #expect(verdict.lines(markdown: false).last?.hasSuffix("× (killed)") == true)
  }

  @Test func smallDifferencesAreSaidInPercent() {
    let verdict = Verdict([Self.row("x", "t", 0.45), Self.row("y", "t", 0.47)])
    #expect(verdict.lines(markdown: false)[1] == "t: x: the user waits 0.45 s, 4 % less than under y (0.47 s)")
  }

  @Test func tiesAreSaidAsTies() {
    let verdict = Verdict([Self.row("x", "t", 0.5), Self.row("y", "t", 0.5), Self.row("z", "t", 2)])
    #expect(verdict.lines(markdown: false)[1] == "t: x, y tie, the user waits 0.50 s")
  }

  @Test func aSingleRunSaysNothing() {
    #expect(Verdict([Self.row("x", "t", 0.5)]).isEmpty)
  }
}
