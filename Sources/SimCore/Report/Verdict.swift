import Foundation

/// The answer a comparison opens with (issue 31): per trace, the strategy under which the user
/// waits least, how many times less than the next, and how far from the limit; across traces, a
/// ranking that no single trace decides.
///
/// Across traces each strategy's wait on a trace is divided by that trace's best, and the
/// ratios' geometric mean ranks them (as SPEC and hyperfine summarise runs of different
/// lengths): a 60 s fling through a slow network and a calm reading session count the same,
/// where the raw sums of the `sum over N traces` rows let the longest wait decide. Each wait gets
/// one 60 Hz frame (`floor`) added before dividing, so a trace where the best waits nothing
/// does not make every other strategy infinitely worse; differences under a frame are not
/// seen anyway. The limit (`oracle`) is a reference, not a contender.
package struct Verdict: Sendable {
  /// One trace's ranking, best first, and its limit.
  package struct TraceRanking: Sendable {
    package var trace: String
    /// (strategy, wait s), best first (ties keep the catalog's order).
    package var ranked: [(strategy: String, wait: Double)]
    /// The limit's wait, where the comparison measured it.
    package var limit: Double?
    /// With replicates: per strategy, the half-width of its wait's 95 % interval, and the
    /// strategies whose wait cannot be told from the best's (paired t, 95 %).
    package var halfWidth: [String: Double] = [:]
    package var tiedWithBest: Set<String> = []
    /// Strategies whose app was killed for its memory: when, and its footprint then.
    package var killed: [String: Kill] = [:]
  }

  /// An app killed for its memory: at `seconds` into the session, holding `bytes`.
  package struct Kill: Sendable, Equatable {
    package var seconds: Double
    package var bytes: Double

    /// "killed at 41 s (612 MB)".
    package var text: String {
      "killed at \(NumberText.fixed(seconds, seconds < 10 ? 1 : 0)) s (\(NumberText.fixed(bytes / MemoryUnits.mb, 0)) MB)"
    }
  }

  package var traces: [TraceRanking]
  /// Across traces: (strategy, geometric mean of wait over the trace's best), best first;
  /// empty with one trace.
  package var overall: [(strategy: String, ratio: Double)]

  /// Added to every wait before the ratios (s): one frame at 60 Hz.
  package static let floor = 1.0 / 60

  /// The verdict on `rows` (one per strategy and trace, the limit's included or not): rows of
  /// the limit (`RunMetrics.limitRole`) are not ranked; the limit's wait is the `.reference`
  /// row's, else what the rows were measured against.
  package init(_ rows: [RunMetrics]) {
    traces = Self.byTrace(rows).map { trace, group in
      let contenders = group.filter { $0.limitRole == nil }
      let ranked = Self.ranked(contenders).map { ($0.strategy, $0.waitSeconds) }
      let limitWait =
        group.first { $0.limitRole == .reference }?.waitSeconds
        ?? contenders.first { $0.waitOverLimit != nil }.map { $0.waitSeconds - $0.waitOverLimit! }
      var ranking = TraceRanking(trace: trace, ranked: ranked, limit: limitWait)
      for row in contenders {
        if let killedAt = row.killedAt { ranking.killed[row.strategy] = Kill(seconds: killedAt, bytes: row.peakMemory) }
      }
      return ranking
    }
    guard traces.count > 1 else {
      overall = []
      return
    }
    var logSum: [String: Double] = [:]
    var counted: [String: Int] = [:]
    var strategies: [String] = []
    var everKilled: Set<String> = []
    for ranking in traces {
      everKilled.formUnion(ranking.killed.keys)
      guard let best = ranking.ranked.first(where: { ranking.killed[$0.strategy] == nil })?.wait else { continue }
      for (strategy, wait) in ranking.ranked {
        if logSum[strategy] == nil { strategies.append(strategy) }
        logSum[strategy, default: 0] += Foundation.log((wait + Self.floor) / (best + Self.floor))
        counted[strategy, default: 0] += 1
      }
    }
    // A strategy killed on any trace ranks after every one that lived through all of them.
    overall = strategies.enumerated().map {
      ($0.element, Foundation.exp(logSum[$0.element]! / Double(counted[$0.element]!)))
    }
    .enumerated().sorted {
      (everKilled.contains($0.element.0) ? 1 : 0, $0.element.1, $0.offset)
        < (everKilled.contains($1.element.0) ? 1 : 0, $1.element.1, $1.offset)
    }.map { $0.element }
    killedSomewhere = everKilled
  }

  /// Strategies killed on at least one trace (the overall ranking puts them last).
  package private(set) var killedSomewhere: Set<String> = []

  /// Contenders best first: those that lived by their wait, then those killed for their memory
  /// (a killed app's wait stops at its kill), the one that lasted longest first; ties keep
  /// the rows' order.
  static func ranked(_ rows: [RunMetrics]) -> [RunMetrics] {
    func key(_ row: RunMetrics, _ offset: Int) -> (Int, Double, Int) {
      row.killedAt.map { (1, -$0, offset) } ?? (0, row.waitSeconds, offset)
    }
    return rows.enumerated().sorted { key($0.element, $0.offset) < key($1.element, $1.offset) }.map(\.element)
  }

  /// The verdict on replicated rows: each strategy ranked by its mean wait, with the interval
  /// and the ties of the paired comparison (`Replicates.tiesWithBest`).
  package init(replicated all: [ReplicatedRow]) {
    let rows = all.filter { !SummaryRow.names($0.trace) }
    let ties = Replicates.tiesWithBest(rows)
    let means = rows.map { row in
      var mean = RunMetrics()
      mean.strategy = row.strategy
      mean.trace = row.trace
      mean.limitRole = row.limitRole
      mean.waitSeconds = Estimate.of(row.runs.map(\.waitSeconds)).mean
      let over = row.runs.compactMap(\.waitOverLimit)
      mean.waitOverLimit = over.count == row.runs.count ? Estimate.of(over).mean : nil
      // Killed in any replicate: the earliest kill, and the footprint it crossed with.
      if let first = row.runs.filter({ $0.kills > 0 }).min(by: { ($0.killedAtSeconds ?? 0) < ($1.killedAtSeconds ?? 0) }
      ) {
        mean.kills = row.runs.reduce(0) { $0 + $1.kills }
        mean.killedAtSeconds = first.killedAtSeconds
        mean.peakMemory = first.peakMemory
      }
      return mean
    }
    self.init(means)
    for index in traces.indices {
      for (row, tie) in zip(rows, ties) where row.trace == traces[index].trace {
        traces[index].halfWidth[row.strategy] = Estimate.of(row.runs.map(\.waitSeconds)).halfWidth
        if tie.contains("waitSeconds") { traces[index].tiedWithBest.insert(row.strategy) }
      }
    }
  }

  /// The verdict's lines as a report opens with them (a list in Markdown), then a blank line;
  /// nothing when there is nothing to say.
  package func opening(markdown: Bool) -> String {
    guard !isEmpty else { return "" }
    return lines(markdown: markdown).enumerated().map { ($0.offset > 0 && markdown ? "- " : "") + $0.element }
      .joined(separator: "\n") + "\n\n"
  }

  /// Each trace's best row, as `rowKey`s: the rows the tables star (none where every run was
  /// killed: a killed run is never best).
  package var bestRows: Set<String> {
    Set(
      traces.compactMap { ranking in
        ranking.ranked.first.flatMap {
          ranking.killed[$0.strategy] == nil ? Self.rowKey(trace: ranking.trace, strategy: $0.strategy) : nil
        }
      })
  }

  /// One row's key in `bestRows`.
  package static func rowKey(trace: String, strategy: String) -> String { trace + "\u{0}" + strategy }

  /// Whether there is anything to say: some trace with two strategies or more.
  package var isEmpty: Bool { !traces.contains { $0.ranked.count > 1 } }

  /// The verdict as lines of text, Markdown's emphasis where `markdown`.
  package func lines(markdown: Bool) -> [String] {
    func strong(_ text: String) -> String { markdown ? "**\(text)**" : text }
    func seconds(_ value: Double) -> String { NumberText.fixed(value, 2) + " s" }
    var lines = [
      "\(strong("Who makes the user wait least")) (wait s, lower is better; the limit: the clairvoyant oracle's)\(markdown ? ":" : "")"
    ]
    for ranking in traces where ranking.ranked.count > 1 {
      let (best, wait) = ranking.ranked[0]
      let (next, nextWait) = ranking.ranked[1]
      /// A wait with its interval when replicated: `3.45 s ±0.12`.
      func waited(_ strategy: String, _ value: Double) -> String {
        seconds(value) + (ranking.halfWidth[strategy].map { $0.isNaN ? "" : " ±" + NumberText.fixed($0, 2) } ?? "")
      }
      var line = "\(ranking.trace): "
      if let kill = ranking.killed[best] {
        line += "every strategy's app was killed for its memory; \(strong(best)) lasted longest, \(kill.text)"
      } else if let kill = ranking.killed[next] {
        line += "\(strong(best)): the user waits \(waited(best, wait)); \(next) is \(kill.text)"
      } else if ranking.tiedWithBest.contains(next) {
        let tied = ranking.ranked.filter { $0.strategy == best || ranking.tiedWithBest.contains($0.strategy) }
        line +=
          "\(strong(best)) waits least (\(waited(best, wait))), but \(tied.count - 1 == 1 ? next : "\(tied.count - 1) strategies") cannot be told from it at 95 % (\(tied.dropFirst().prefix(3).map { "\($0.strategy) \(waited($0.strategy, $0.wait))" }.joined(separator: ", "))\(tied.count > 4 ? ", …" : ""))"
      } else if nextWait <= wait + 1e-9 {
        let tied = ranking.ranked.prefix { $0.wait <= wait + 1e-9 }.map(\.strategy)
        line += "\(tied.map(strong).joined(separator: ", ")) tie, the user waits \(seconds(wait))"
      } else {
        let times = nextWait / max(wait, Self.floor)
        let less =
          times >= 1.5
          ? "\(NumberText.fixed(times, 1))× less" : "\(NumberText.fixed((1 - wait / nextWait) * 100, 0)) % less"
        line +=
          "\(strong(best)): the user waits \(waited(best, wait)), \(less) than under \(next) (\(waited(next, nextWait)))"
      }
      // Every other killed run, where its wait would have been.
      let mentioned = ranking.killed[best] != nil ? [best] : [best, next]
      let others = ranking.ranked.filter { ranking.killed[$0.strategy] != nil && !mentioned.contains($0.strategy) }
      if !others.isEmpty {
        line += "; " + others.map { "\($0.strategy) is \(ranking.killed[$0.strategy]!.text)" }.joined(separator: ", ")
      }
      if let limit = ranking.limit, ranking.killed[best] == nil {
        line += "; the limit \(seconds(limit)), \(seconds(max(0, wait - limit))) above it"
      }
      lines.append(line)
    }
    if !overall.isEmpty {
      let shown = overall.prefix(5).enumerated().map {
        "\($0.offset == 0 ? strong($0.element.strategy) : $0.element.strategy) \(NumberText.fixed($0.element.ratio, 2))×"
          + (killedSomewhere.contains($0.element.strategy) ? " (killed)" : "")
      }
      lines.append(
        "across \(traces.count) traces, by the geometric mean of each wait over the trace's best: "
          + shown.joined(separator: ", ") + (overall.count > 5 ? ", …" : ""))
    }
    return lines
  }

  /// `rows` in the order a reader wants: each trace's strategies by their wait, least first,
  /// killed runs after the rest, the limit after them as a reference; traces in their order.
  package static func sorted(_ rows: [RunMetrics]) -> [RunMetrics] {
    byTrace(rows).flatMap { _, group in
      ranked(group.filter { $0.limitRole == nil }) + ranked(group.filter { $0.limitRole != nil })
    }
  }

  /// `rows` by trace, traces in the order they first come, rows in theirs.
  private static func byTrace(_ rows: [RunMetrics]) -> [(trace: String, rows: [RunMetrics])] {
    var order: [String] = []
    var groups: [String: [RunMetrics]] = [:]
    for row in rows {
      if groups[row.trace] == nil { order.append(row.trace) }
      groups[row.trace, default: []].append(row)
    }
    return order.map { ($0, groups[$0]!) }
  }
}
