/// A comparison over a population of sessions as people read it (`compare` over a folder): the
/// verdict first — who makes the user wait least by the mean (or `--for p90`), how much less
/// than the next with a paired 95 % interval across sessions, the median user's and the
/// unlucky tenth's wait — then one row per strategy: the distribution of the per-session wait,
/// each against the best (paired), and the shares of sessions that stalled, showed a blank
/// over a second, hitched or were killed.
package enum PopulationReport {
  /// `shard`: "K/N" when the summary is one shard's (`compare --shard`), which JSON records for
  /// `merge`.
  package static func render(
    _ summary: PopulationSummary, key: PopulationKey, format: ReportFormat, provenance: Provenance? = nil,
    layout: TableLayout = TableLayout(), shard: String? = nil
  ) -> String {
    switch format {
    case .json: return json(summary, key: key, provenance: provenance, shard: shard)
    case .csv: return csv(summary, key: key)
    case .table:
      return layout.fitted(verdict(summary, key: key, markdown: false))
        + table(summary, key: key, markdown: false, layout: layout)
        + classes(summary, key: key, markdown: false, layout: layout)
    case .md:
      return verdict(summary, key: key, markdown: true) + table(summary, key: key, markdown: true, layout: layout)
        + classes(summary, key: key, markdown: true, layout: layout) + (provenance.map { "\n" + $0.markdown } ?? "")
    }
  }

  /// Each class of a breakdown (`compare --by`): its heading, who waits least in it, and its table.
  static func classes(_ summary: PopulationSummary, key: PopulationKey, markdown: Bool, layout: TableLayout) -> String {
    guard let breakdown = summary.breakdown else { return "" }
    return breakdown.classes.map { item in
      let sessions = item.summary.rows.first?.sessions ?? 0
      let title = "\(breakdown.dimension.rawValue) \(item.name): \(sessions) session\(sessions == 1 ? "" : "s")"
      let best = item.summary.ranked(by: key).first.map { index in
        let row = item.summary.rows[index]
        return
          "; \(row.strategy) waits least (\(seconds(row.meanWait)) s on average, \(seconds(row.wait.percentile(0.9))) s at p90)"
      }
      let heading = (markdown ? "\n### " : "\n") + title + (best ?? "") + "\n\n"
      return heading + table(item.summary, key: key, markdown: markdown, layout: layout)
    }.joined()
  }

  /// The rows in the report's order: contenders best first, then the limit's.
  static func order(_ summary: PopulationSummary, key: PopulationKey) -> [Int] {
    summary.ranked(by: key) + summary.rows.indices.filter { summary.rows[$0].limitRole != nil }
  }

  static func seconds(_ value: Double?) -> String { value.map { NumberText.fixed($0, 2) } ?? "" }
  static func percent(_ share: Double) -> String { NumberText.fixed(share * 100, 0) }
  static func megabytes(_ bytes: Double?) -> String { bytes.map { NumberText.fixed($0 / MemoryUnits.mb, 1) } ?? "" }

  /// `+0.08 ±0.03` against the best; empty for the best itself and the limit.
  static func againstBest(_ summary: PopulationSummary, _ index: Int, best: Int?) -> String {
    guard let best, index != best, summary.rows[index].limitRole == nil else { return "" }
    let (mean, half) = summary.difference(index, best)
    return NumberText.signed(mean) + (half.isNaN ? "" : " ±" + NumberText.fixed(half, 2))
  }

  static let header = [
    "strategy", "mean s", "p50 s", "p90 s", "p99 s", "vs best s", "stalled %", "blank>1s %", "hitch p90 ms/s",
    "hitching %", "MB/session", "peak MB p90", "killed %",
  ]

  static func cells(_ summary: PopulationSummary, _ index: Int, best: Int?) -> [String] {
    let row = summary.rows[index]
    return [
      row.strategy, seconds(row.meanWait), seconds(row.wait.percentile(0.5)), seconds(row.wait.percentile(0.9)),
      seconds(row.wait.percentile(0.99)), againstBest(summary, index, best: best), percent(row.share(row.stalled)),
      percent(row.share(row.longBlank)), NumberText.fixed(row.hitch.percentile(0.9) ?? 0, 1),
      percent(row.share(row.hitching)), megabytes(row.meanBytes), megabytes(row.peakMemory.percentile(0.9)),
      percent(row.share(row.killed)),
    ]
  }

  static func table(_ summary: PopulationSummary, key: PopulationKey, markdown: Bool, layout: TableLayout) -> String {
    let best = summary.ranked(by: key).first
    let rows = order(summary, key: key).map { cells(summary, $0, best: best) }
    if markdown { return MarkdownTable.render(header, rows, textColumns: 1) }
    return layout.text(header: header, rows: rows, textColumns: 1)
  }

  /// The verdict's lines (a list in Markdown) and a blank line.
  static func verdict(_ summary: PopulationSummary, key: PopulationKey, markdown: Bool) -> String {
    func strong(_ text: String) -> String { markdown ? "**\(text)**" : text }
    let ranked = summary.ranked(by: key)
    guard let best = ranked.first else { return "" }
    let sessions = summary.rows[best].sessions
    var lines = [
      "\(strong("Who makes the user wait least")) over \(sessions) session\(sessions == 1 ? "" : "s") (ranked by \(key.phrase); lower is better)\(markdown ? ":" : "")"
    ]
    let row = summary.rows[best]
    var line =
      "\(strong(row.strategy)): the user waits \(seconds(row.meanWait)) s on average, the median user \(seconds(row.wait.percentile(0.5))) s, the unlucky tenth \(seconds(row.wait.percentile(0.9))) s or more"
    if ranked.count > 1 {
      let next = ranked[1]
      let (mean, half) = summary.difference(next, best)
      let name = summary.rows[next].strategy
      if half.isNaN {
        line += "; \(seconds(mean)) s a session less than \(name)"
      } else if mean - half > 0 {
        line += "; \(seconds(mean)) s ±\(seconds(half)) a session less than \(name) (paired 95 %)"
      } else {
        line += "; \(name) cannot be told from it at 95 % (\(NumberText.signed(mean)) s ±\(seconds(half)) a session)"
      }
    }
    lines.append(line)
    if row.killed > 0 {
      lines.append(
        "every strategy's app was killed for its memory in some session; \(row.strategy) in the fewest (\(row.killed))")
    } else {
      let killed = ranked.filter { summary.rows[$0].killed > 0 }.map { summary.rows[$0] }
      if !killed.isEmpty {
        lines.append(
          "killed for their memory in some sessions, ranked last: "
            + killed.prefix(4).map { "\($0.strategy) (\(percent($0.share($0.killed))) %)" }.joined(separator: ", ")
            + (killed.count > 4 ? ", …" : ""))
      }
    }
    if let limit = summary.rows.first(where: { $0.limitRole == .reference }) {
      lines.append(
        "the limit (the clairvoyant oracle): \(seconds(limit.meanWait)) s on average, \(seconds(max(0, row.meanWait - limit.meanWait))) s below \(row.strategy); never killed, its memory is not held to the device's"
      )
    }
    return lines.enumerated().map { ($0.offset > 0 && markdown ? "- " : "") + $0.element }.joined(separator: "\n")
      + "\n\n"
  }

  static func csv(_ summary: PopulationSummary, key: PopulationKey) -> String {
    let keys = [
      "strategy", "sessions", "wait_mean", "wait_p50", "wait_p90", "wait_p99", "vs_best", "vs_best_half_width",
      "stalled_share", "long_blank_share", "hitch_mean", "hitch_p90", "hitching_share", "bytes_mean",
      "peak_memory_p90", "killed_share",
    ]
    // Broken down (`--by`): a first column names the class, "all" for the whole.
    let parts = [("all", summary)] + (summary.breakdown?.classes.map { ($0.name, $0.summary) } ?? [])
    let classColumn = summary.breakdown.map { [$0.dimension.rawValue] } ?? []
    var lines = [(classColumn + keys).joined(separator: ",")]
    for (name, part) in parts {
      let best = part.ranked(by: key).first
      for index in order(part, key: key) {
        let values = statistics(part, index, best: best)
        lines.append(
          ((classColumn.isEmpty ? [] : [csvField(name)]) + [csvField(part.rows[index].strategy)]
            + values.dropFirst().map { JSONWriter.number($0.1) ?? "" }).joined(separator: ","))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// One row's statistics as JSON members (`docs/metrics.md`, "Populations").
  static func statistics(_ summary: PopulationSummary, _ index: Int, best: Int?) -> [(String, JSONValue)] {
    let row = summary.rows[index]
    func number(_ value: Double?) -> JSONValue { value.map { .number(rounded($0, decimals: 9)) } ?? .null }
    var against: (mean: Double, halfWidth: Double)?
    if let best, index != best, row.limitRole == nil { against = summary.difference(index, best) }
    let figures = row.figures.map { ($0.key, number($0.value)) }
    // The difference from the best follows the wait's percentiles.
    let vsBest: [(String, JSONValue)] = [
      ("vsBest", number(against?.mean)),
      ("vsBestHalfWidth", number(against.flatMap { $0.halfWidth.isNaN ? nil : $0.halfWidth })),
    ]
    return [("strategy", .string(row.strategy)), ("sessions", .int(row.sessions))] + figures.prefix(4) + vsBest
      + figures.dropFirst(4)
  }

  static func json(_ summary: PopulationSummary, key: PopulationKey, provenance: Provenance?, shard: String?) -> String
  {
    var members = DocumentFormat.population.header
    if let provenance { members.append(("meta", provenance.json)) }
    if let shard { members.append(("shard", .string(shard))) }
    members.append(("rankedBy", .string(key.rawValue)))
    members.append(("strategies", strategies(summary, key: key)))
    members.append(("counts", summary.json))
    if let breakdown = summary.breakdown {
      members.append(("by", .string(breakdown.dimension.rawValue)))
      members.append(
        (
          "classes",
          .array(
            breakdown.classes.map { item in
              .object([
                ("class", .string(item.name)), ("strategies", strategies(item.summary, key: key)),
                ("counts", item.summary.json),
              ])
            })
        ))
    }
    return JSONWriter.pretty(.object(members)) + "\n"
  }

  /// The rows' statistics, in the report's order.
  static func strategies(_ summary: PopulationSummary, key: PopulationKey) -> JSONValue {
    let best = summary.ranked(by: key).first
    return .array(
      order(summary, key: key).map { index in
        var fields = statistics(summary, index, best: best)
        if let role = summary.rows[index].limitRole { fields.insert(("limit", .string(role.rawValue)), at: 1) }
        return .object(fields)
      })
  }
}
