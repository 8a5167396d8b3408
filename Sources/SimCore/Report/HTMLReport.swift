/// `compare --html report.html`: one self-contained page — the comparison table, a bar chart
/// per headline metric across strategies (with 95% intervals when replicated), and each
/// strategy's timeline on the first trace. No scripts, styles inline, pictures inline SVG: it
/// opens offline and fetches nothing.
public enum HTMLReport {
  /// The comparison: plain `rows` (+ `summary`), or `replicated` rows; `timelines` are the
  /// strategies' timelines on `timelineTrace`, in order.
  public static func render(
    rows: [RunMetrics], summary: [RunMetrics], replicated: [ReplicatedRow]?, timelines: [(String, Timeline)],
    timelineTrace: String, provenance: Provenance
  ) -> String {
    var html = """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8"><title>scrollsim compare</title>
      <style>
      body { font-family: Helvetica, Arial, sans-serif; margin: 24px; color: #222; }
      table { border-collapse: collapse; font-size: 12px; }
      th, td { border-bottom: 1px solid #ddd; padding: 3px 8px; text-align: right; white-space: nowrap; }
      th:nth-child(-n+2), td:nth-child(-n+2) { text-align: left; }
      tr.summary td { font-weight: bold; }
      .meta { color: #666; font-size: 12px; }
      </style></head><body>
      <h1>scrollsim compare</h1>

      """
    html += "<p class=\"meta\">" + escaped(provenance.line { $0 }) + "</p>\n"
    html += "<h2>Comparison</h2>\n"
    if let replicated {
      let grid = ReplicatesReport.grid(
        replicated, ties: Replicates.tiesWithBest(replicated), columns: Metric.replicatedTable)
      let summaryFrom = replicated.firstIndex { Comparison.isSummary($0.trace) } ?? replicated.count
      html += table(header: grid.header, rows: grid.rows, summaryFrom: summaryFrom)
      html += "<p class=\"meta\">mean ±95% interval over the replicates; ≈: not distinguishable from the best</p>\n"
    } else {
      let grid = Report.grid(rows + summary, columns: Metric.table)
      html += table(header: grid.header, rows: grid.rows, summaryFrom: rows.count)
    }
    html += "<h2>Across strategies</h2>\n"
    for metric in Metric.charts {
      html += BarChartSVG.render(
        title: metric.column!.header, bars: bars(metric, rows: rows + summary, replicated: replicated))
    }
    html += "<h2>Timelines on \(escaped(timelineTrace))</h2>\n"
    html +=
      "<p class=\"meta\">offset with drags, flings and stalls; rows on screen, red while blank; requests in flight</p>\n"
    for (strategy, timeline) in timelines {
      html += "<h3>\(escaped(strategy))</h3>\n" + TimelineSVG.render(timeline, title: "\(strategy) on \(timelineTrace)")
    }
    return html + "</body></html>\n"
  }

  /// One bar per strategy: its summary row if there is one (several traces), else its row.
  static func bars(_ metric: Metric, rows: [RunMetrics], replicated: [ReplicatedRow]?) -> [BarChartSVG.Bar] {
    if let replicated {
      let summaries = replicated.filter { Comparison.isSummary($0.trace) }
      let chosen = summaries.isEmpty ? replicated : summaries
      return chosen.map { row in
        let values = row.runs.map { metric.value($0) ?? .nan }
        let estimate = Replicates.estimate(values)
        return BarChartSVG.Bar(
          label: summaries.isEmpty && Set(chosen.map(\.trace)).count > 1
            ? "\(row.strategy) · \(row.trace)" : row.strategy,
          value: estimate.mean, halfWidth: estimate.halfWidth)
      }
    }
    let summaries = rows.filter { Comparison.isSummary($0.trace) }
    let chosen = summaries.isEmpty ? rows : summaries
    return chosen.map { row in
      BarChartSVG.Bar(
        label: row.strategy, value: metric.value(row) ?? .nan)
    }
  }

  static func table(header: [String], rows: [[String]], summaryFrom: Int) -> String {
    var html = "<table>\n<tr>" + header.map { "<th>\(escaped($0))</th>" }.joined() + "</tr>\n"
    for (index, cells) in rows.enumerated() {
      html +=
        (index >= summaryFrom ? "<tr class=\"summary\">" : "<tr>")
        + cells.map { "<td>\(escaped($0))</td>" }.joined() + "</tr>\n"
    }
    return html + "</table>\n"
  }

  static func escaped(_ text: String) -> String { SVG.escaped(text) }
}
