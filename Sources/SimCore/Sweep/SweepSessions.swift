/// A sweep over many sessions read per session (the summary's "Per session" section): for each
/// strategy's best configuration, each trace's wait (the mean over its networks and
/// replicates), and across traces the mean, p50, p90 and p99, the shares of traces that stalled,
/// showed a cell blank over a second or hitched at 10 ms/s and more, and the paired 95 % interval
/// of the per-trace difference from the best configuration — what `compare` reports over a
/// population (docs/metrics.md, "Populations"), for the configurations a sweep chose. Computed
/// from the table, so a merged sweep's is the unsharded one's.
enum SweepSessions {
  struct Line {
    var candidate: SweepSummary.Candidate
    var waits: [String: Double]
    var stalled = 0
    var longBlank = 0
    var hitching = 0
  }

  static func line(_ table: SweepTable, _ candidate: SweepSummary.Candidate) -> Line {
    var sums: [String: (total: Double, count: Int, stalled: Bool, blank: Bool, hitch: Bool)] = [:]
    // In index order, so every sum adds in the same order however the table was made.
    for index in table.rows.keys.sorted() {
      let row = table.rows[index]!
      guard row.strategy == candidate.strategy && row.parameters == candidate.parameters else { continue }
      var entry = sums[row.trace] ?? (0, 0, false, false, false)
      entry.total += row.values["waitSeconds"] ?? 0
      entry.count += 1
      entry.stalled = entry.stalled || (row.values["stallCount"] ?? 0) > 0
      entry.blank = entry.blank || (row.values["blankMaxSeconds"] ?? 0) > PopulationSummary.longBlank
      entry.hitch = entry.hitch || (row.values["hitchTimeRatio"] ?? 0) >= PopulationSummary.hitching
      sums[row.trace] = entry
    }
    var line = Line(candidate: candidate, waits: sums.mapValues { $0.total / Double($0.count) })
    line.stalled = sums.values.filter(\.stalled).count
    line.longBlank = sums.values.filter(\.blank).count
    line.hitching = sums.values.filter(\.hitch).count
    return line
  }

  /// The section's Markdown lines; none with fewer than two traces.
  static func markdown(_ table: SweepTable, best: [SweepSummary.Candidate]) -> [String] {
    let lines = best.filter { $0.limitRole == nil }.map { line(table, $0) }
    guard let first = lines.first, first.waits.count > 1 else { return [] }
    let leader = lines.min { ($0.candidate.killed ? 1 : 0, mean($0)) < ($1.candidate.killed ? 1 : 0, mean($1)) }!
    func seconds(_ value: Double?) -> String { value.map { NumberText.fixed($0, 2) } ?? "–" }
    func percent(_ count: Int, _ line: Line) -> String {
      NumberText.fixed(Double(count) / Double(max(1, line.waits.count)) * 100, 0)
    }
    let body = lines.map { line -> [String] in
      let values = Array(line.waits.values)
      var against = ""
      if line.candidate.strategy != leader.candidate.strategy {
        let differences = line.waits.keys.sorted().compactMap { trace in
          leader.waits[trace].map { line.waits[trace]! - $0 }
        }
        let estimate = Estimate.of(differences)
        against =
          NumberText.signed(estimate.mean)
          + (estimate.halfWidth.isNaN ? "" : " ±" + NumberText.fixed(estimate.halfWidth, 2))
      }
      let parameters =
        line.candidate.parameters.isEmpty
        ? "(defaults)" : line.candidate.parameters.replacingOccurrences(of: ";", with: ", ")
      return [
        line.candidate.strategy, parameters, String(line.waits.count), seconds(mean(line)),
        seconds(Percentile.nearestRank(values, 0.5)), seconds(Percentile.nearestRank(values, 0.9)),
        seconds(Percentile.nearestRank(values, 0.99)), against, percent(line.stalled, line),
        percent(line.longBlank, line), percent(line.hitching, line),
      ]
    }
    return [
      "", "## Per session", "",
      "Each strategy's best configuration trace by trace: a trace's wait is its mean over networks and replicates; across traces its mean, percentiles, the paired 95 % interval of the difference from the configuration with the least mean wait (\(leader.candidate.strategy)), and the shares of traces that stalled, showed a blank over a second or hitched (10 ms/s and more) in some run.",
      "",
    ]
      + MarkdownTable.lines(
        [
          "strategy", "parameters", "traces", "mean s", "p50 s", "p90 s", "p99 s", "vs best s", "stalled %",
          "blank>1s %", "hitching %",
        ], body, textColumns: 2)
  }

  static func mean(_ line: Line) -> Double {
    line.waits.isEmpty ? 0 : line.waits.keys.sorted().map { line.waits[$0]! }.reduce(0, +) / Double(line.waits.count)
  }
}
