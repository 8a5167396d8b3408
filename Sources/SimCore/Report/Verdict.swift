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
public struct Verdict: Sendable {
  /// One trace's ranking, best first, and its limit.
  public struct TraceRanking: Sendable {
    public var trace: String
    /// (strategy, wait s), best first (ties keep the catalog's order).
    public var ranked: [(strategy: String, wait: Double)]
    /// The limit's wait, where the comparison measured it.
    public var limit: Double?
    /// With replicates: per strategy, the half-width of its wait's 95 % interval, and the
    /// strategies whose wait cannot be told from the best's (paired t, 95 %).
    public var halfWidth: [String: Double] = [:]
    public var tiedWithBest: Set<String> = []
  }

  public var traces: [TraceRanking]
  /// Across traces: (strategy, geometric mean of wait over the trace's best), best first;
  /// empty with one trace.
  public var overall: [(strategy: String, ratio: Double)]

  /// Added to every wait before the ratios (s): one frame at 60 Hz.
  public static let floor = 1.0 / 60

  /// The verdict on `rows` (one per strategy and trace, the limit's included or not): rows of
  /// the limit (`RunMetrics.limitRole`) are not ranked; the limit's wait is the `.reference`
  /// row's, else what the rows were measured against.
  public init(_ rows: [RunMetrics]) {
    traces = Self.byTrace(rows).map { trace, group in
      let contenders = group.filter { $0.limitRole == nil }
      // A killed app's wait stops at its kill: it ranks after every run that lived.
      let ranked = contenders.enumerated().sorted {
        (min($0.element.kills, 1), $0.element.waitSeconds, $0.offset)
          < (min($1.element.kills, 1), $1.element.waitSeconds, $1.offset)
      }
      .map { ($0.element.strategy, $0.element.waitSeconds) }
      let limitWait =
        group.first { $0.limitRole == .reference }?.waitSeconds
        ?? contenders.first { $0.waitOverLimit != nil }.map { $0.waitSeconds - $0.waitOverLimit! }
      return TraceRanking(trace: trace, ranked: ranked, limit: limitWait)
    }
    guard traces.count > 1 else {
      overall = []
      return
    }
    var logSum: [String: Double] = [:]
    var counted: [String: Int] = [:]
    var strategies: [String] = []
    for ranking in traces {
      guard let best = ranking.ranked.first?.wait else { continue }
      for (strategy, wait) in ranking.ranked {
        if logSum[strategy] == nil { strategies.append(strategy) }
        logSum[strategy, default: 0] += Foundation.log((wait + Self.floor) / (best + Self.floor))
        counted[strategy, default: 0] += 1
      }
    }
    overall = strategies.enumerated().map {
      ($0.element, Foundation.exp(logSum[$0.element]! / Double(counted[$0.element]!)))
    }
    .enumerated().sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }.map { $0.element }
  }

  /// The verdict on replicated rows: each strategy ranked by its mean wait, with the interval
  /// and the ties of the paired comparison (`Replicates.tiesWithBest`).
  public init(replicated all: [ReplicatedRow]) {
    let rows = all.filter { !Comparison.isSummary($0.trace) }
    let ties = Replicates.tiesWithBest(rows)
    let means = rows.map { row in
      var mean = RunMetrics()
      mean.strategy = row.strategy
      mean.trace = row.trace
      mean.limitRole = row.limitRole
      mean.waitSeconds = Replicates.estimate(row.runs.map(\.waitSeconds)).mean
      let over = row.runs.compactMap(\.waitOverLimit)
      mean.waitOverLimit = over.count == row.runs.count ? Replicates.estimate(over).mean : nil
      return mean
    }
    self.init(means)
    for index in traces.indices {
      for (row, tie) in zip(rows, ties) where row.trace == traces[index].trace {
        traces[index].halfWidth[row.strategy] = Replicates.estimate(row.runs.map(\.waitSeconds)).halfWidth
        if tie.contains("waitSeconds") { traces[index].tiedWithBest.insert(row.strategy) }
      }
    }
  }

  /// The verdict's lines as a report opens with them (a list in Markdown), then a blank line;
  /// nothing when there is nothing to say.
  public func opening(markdown: Bool) -> String {
    guard !isEmpty else { return "" }
    return lines(markdown: markdown).enumerated().map { ($0.offset > 0 && markdown ? "- " : "") + $0.element }
      .joined(separator: "\n") + "\n\n"
  }

  /// Each trace's best row, as `rowKey`s: the rows the tables star.
  public var bestRows: Set<String> {
    Set(
      traces.compactMap { ranking in
        ranking.ranked.first.map { Self.rowKey(trace: ranking.trace, strategy: $0.strategy) }
      })
  }

  /// One row's key in `bestRows`.
  public static func rowKey(trace: String, strategy: String) -> String { trace + "\u{0}" + strategy }

  /// Whether there is anything to say: some trace with two strategies or more.
  public var isEmpty: Bool { !traces.contains { $0.ranked.count > 1 } }

  /// The verdict as lines of text, Markdown's emphasis where `markdown`.
  public func lines(markdown: Bool) -> [String] {
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
      if ranking.tiedWithBest.contains(next) {
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
      if let limit = ranking.limit {
        line += "; the limit \(seconds(limit)), \(seconds(max(0, wait - limit))) above it"
      }
      lines.append(line)
    }
    if !overall.isEmpty {
      let shown = overall.prefix(5).enumerated().map {
        "\($0.offset == 0 ? strong($0.element.strategy) : $0.element.strategy) \(NumberText.fixed($0.element.ratio, 2))×"
      }
      lines.append(
        "across \(traces.count) traces, by the geometric mean of each wait over the trace's best: "
          + shown.joined(separator: ", ") + (overall.count > 5 ? ", …" : ""))
    }
    return lines
  }

  /// `rows` in the order a reader wants: each trace's strategies by their wait, least first,
  /// killed runs after the rest, the limit after them as a reference; traces in their order.
  public static func sorted(_ rows: [RunMetrics]) -> [RunMetrics] {
    func isLimit(_ row: RunMetrics) -> Int { row.limitRole == nil ? 0 : 1 }
    return byTrace(rows).flatMap { _, group in
      group.enumerated().sorted {
        (isLimit($0.element), min($0.element.kills, 1), $0.element.waitSeconds, $0.offset)
          < (isLimit($1.element), min($1.element.kills, 1), $1.element.waitSeconds, $1.offset)
      }.map(\.element)
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
