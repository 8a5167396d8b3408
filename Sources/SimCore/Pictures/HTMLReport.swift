import Foundation

/// `compare --html report.html`: one self-contained page that answers first (issue 31,
/// Lighthouse's report and WebPageTest's comparison as anchors):
/// 1. the verdict (`Verdict`), with intervals when replicated;
/// 2. the user's wait per trace as small multiples on one shared axis (or, `ChartAxes.perTrace`,
///    each on its own, so a calm trace's bars are not slivers beside fling-stress), bars sorted, the best
///    marked, the limit a dashed line, 95 % whiskers when replicated, and across traces the
///    geometric mean of each wait over the trace's best;
/// 3. a side-by-side replay of the simulated screen for a few strategies (`ReplayHTML`);
/// 4. folded: the other metrics per trace, the whole table, and each strategy's timeline.
/// Styles and the replay's script are inline, pictures inline SVG and canvas: it opens
/// offline and fetches nothing.
package enum HTMLReport {
  /// How the per-trace charts share their axis (`compare --html-axes`).
  package enum ChartAxes: String, Sendable, CaseIterable {
    /// One axis for every trace: heights compare across traces; a calm trace may read as empty.
    case shared
    /// Each trace's chart scaled to its own largest bar: bars compare within a chart only.
    case perTrace = "per-trace"

    /// What the page says under each group of charts, so no reader compares what cannot be.
    var caption: String {
      switch self {
      case .shared: "one axis for all traces: bar lengths compare across charts"
      case .perTrace:
        "each trace on its own axis (--html-axes per-trace): compare bars within a chart, not lengths across charts"
      }
    }
  }

  /// One strategy's recorded run on the timeline trace.
  package struct TimelineRun: Sendable {
    package var strategy: String
    package var title: String
    package var timeline: Timeline
    package var caps: [(kind: String, limit: Int)]

    package init(strategy: String, title: String, timeline: Timeline, caps: [(kind: String, limit: Int)] = []) {
      self.strategy = strategy
      self.title = title
      self.timeline = timeline
      self.caps = caps
    }
  }

  /// The comparison: plain `rows` (+ `summary`), or `replicated` rows; `timelines` are the
  /// strategies' runs on `timelineTrace`, in order; `replay` the screens to replay.
  package static func render(
    rows: [RunMetrics], summary: [RunMetrics], replicated: [ReplicatedRow]?, timelines: [TimelineRun],
    timelineTrace: String, replay: ReplayHTML? = nil, provenance: Provenance, axes: ChartAxes = .shared
  ) -> String {
    var html = head(title: "scrollsim compare")
    html += "<p class=\"meta\">" + XML.escaped(provenance.line { $0 }) + "</p>\n"
    let verdict = replicated.map { Verdict(replicated: $0) } ?? Verdict(rows)
    html += verdictHTML(verdict)
    html += "<h2>The user's wait per trace (s, lower is better)</h2>\n"
    html += "<p class=\"meta\">\(axes.caption)</p>\n<div class=\"multiples\">\n"
    for chart in waitCharts(rows: rows, replicated: replicated, verdict: verdict, axes: axes) { html += chart }
    html += "</div>\n"
    if let replay, !replay.runs.isEmpty {
      html += "<h2>Replay on \(XML.escaped(timelineTrace)): the screen under each strategy, in step</h2>\n"
      html +=
        "<p class=\"meta\">rows filled in grey, blank in red, as the run drew them frame by frame; drag the slider or play</p>\n"
      html += replay.html
    }
    html += "<details><summary>Other metrics per trace</summary>\n<p class=\"meta\">\(axes.caption)</p>\n"
    for metric in Metric.charts where metric.key != "waitSeconds" {
      html += "<h2>\(XML.escaped(metric.column!.header))</h2>\n<div class=\"multiples\">\n"
      for chart in charts(metric, rows: rows, replicated: replicated, axes: axes) { html += chart }
      html += "</div>\n"
    }
    html += "</details>\n<details><summary>Every metric (the table)</summary>\n"
    if let replicated {
      let grid = ReplicatesReport.grid(
        replicated, ties: Replicates.tiesWithBest(replicated), columns: Metric.replicatedTable)
      let summaryFrom = replicated.firstIndex { SummaryRow.names($0.trace) } ?? replicated.count
      html += table(header: grid.header, rows: grid.rows, summaryFrom: summaryFrom)
      html +=
        "<p class=\"meta\">mean ±95% interval over the replicates; ≈: not distinguishable from the trace's best in that column</p>\n"
    } else {
      let best = verdict.bestRows
      let grid = Report.grid(Verdict.sorted(rows) + summary, columns: Metric.table, best: best)
      html += table(header: grid.header, rows: grid.rows, summaryFrom: rows.count)
    }
    html += "</details>\n"
    html += "<h2>Timelines on \(XML.escaped(timelineTrace))</h2>\n"
    html +=
      "<p class=\"meta\">offset with drags, flings and stalls; the blank share of the rows on screen; rows on screen, red while blank; requests in flight</p>\n"
    for run in timelines {
      html += "<details><summary>\(XML.escaped(run.strategy))</summary>\n"
      html += TimelineSVG.render(run.timeline, title: run.title, caps: run.caps) + "</details>\n"
    }
    return html + "</body></html>\n"
  }

  /// The page's head, styles and title: the single-run and the population pages share them.
  static func head(title: String) -> String {
    """
    <!doctype html>
    <html lang="en"><head><meta charset="utf-8"><title>\(XML.escaped(title))</title>
    <meta name="viewport" content="width=device-width">
    <style>
    body { font-family: Helvetica, Arial, sans-serif; margin: 20px 24px; color: #222; max-width: 1600px; }
    h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 16px; margin: 22px 0 8px; }
    .meta { color: #666; font-size: 12px; }
    .verdict { background: #f3f7fb; border-left: 4px solid #1f4e79; padding: 8px 14px; margin: 12px 0; }
    .verdict p { margin: 4px 0 6px; font-weight: bold; } .verdict ul { margin: 0; padding-left: 18px; }
    .verdict li { margin: 3px 0; font-size: 14px; }
    .multiples { display: flex; flex-wrap: wrap; gap: 8px 24px; }
    table { border-collapse: collapse; font-size: 12px; }
    th, td { border-bottom: 1px solid #ddd; padding: 3px 8px; text-align: right; white-space: nowrap; }
    th:nth-child(-n+3), td:nth-child(-n+3) { text-align: left; }
    table.population th:nth-child(n+2), table.population td:nth-child(n+2) { text-align: right; }
    tr.summary td { font-weight: bold; }
    details { margin: 8px 0; } summary { cursor: pointer; font-size: 15px; font-weight: bold; margin: 6px 0; }
    .replay .controls { margin: 6px 0 10px; } .replay input[type=range] { width: 420px; vertical-align: middle; }
    .screens { display: flex; flex-wrap: wrap; gap: 16px; }
    figure { margin: 0; } figcaption { font-size: 12px; margin-top: 4px; max-width: 240px; }
    </style></head><body>
    <h1>\(XML.escaped(title))</h1>

    """
  }

  /// The verdict's lines as a list, its emphasis as bold.
  static func verdictHTML(_ verdict: Verdict) -> String {
    guard !verdict.isEmpty else { return "" }
    let lines = verdict.lines(markdown: true).map { line in
      XML.escaped(line).replacing(/\*\*(.+?)\*\*/) { "<b>\($0.output.1)</b>" }
    }
    return
      "<section class=\"verdict\"><p>\((lines[0].hasSuffix(":") ? String(lines[0].dropLast()) : lines[0]))</p><ul>\n"
      + lines.dropFirst().map { "<li>\($0)</li>\n" }.joined() + "</ul></section>\n"
  }

  /// The wait per trace, one chart each on `axes`, and across traces the geometric mean of each
  /// wait over the trace's best.
  static func waitCharts(
    rows: [RunMetrics], replicated: [ReplicatedRow]?, verdict: Verdict, axes: ChartAxes = .shared
  ) -> [String] {
    var charts = self.charts(
      Metric.named("waitSeconds")!, rows: rows, replicated: replicated, verdict: verdict, axes: axes)
    if !verdict.overall.isEmpty {
      charts.append(
        BarChartSVG.render(
          title: "Across \(verdict.traces.count) traces: geometric mean of wait over the trace's best",
          bars: verdict.overall.map { BarChartSVG.Bar(label: $0.strategy, value: $0.ratio) }, digits: 2, best: 0,
          unit: "×"))
    }
    return charts
  }

  /// One chart per trace for `metric`: bars best first (by the metric's direction; the wait
  /// by the verdict), the limit as a line, one axis for all traces or one each (`axes`).
  static func charts(
    _ metric: Metric, rows: [RunMetrics], replicated: [ReplicatedRow]?, verdict: Verdict? = nil,
    axes: ChartAxes = .shared
  ) -> [String] {
    let column = metric.column!
    let digits = replicated == nil ? column.digits : column.meanDigits
    var perTrace: [(trace: String, bars: [BarChartSVG.Bar], limit: Double?)] = []
    for trace in traceOrder(rows: rows, replicated: replicated) {
      var bars: [BarChartSVG.Bar]
      var limitValue: Double?
      if let replicated {
        let group = replicated.filter { $0.trace == trace }
        func bar(_ row: ReplicatedRow) -> BarChartSVG.Bar {
          let estimate = Estimate.of(row.runs.compactMap { metric.value($0) })
          return BarChartSVG.Bar(
            label: row.strategy, value: estimate.mean * column.scale, halfWidth: estimate.halfWidth * column.scale,
            isLimit: row.isLimit)
        }
        bars = group.filter { $0.limitRole != .reference }.map(bar)
        limitValue = group.first { $0.limitRole == .reference }.map { bar($0).value }
      } else {
        let group = rows.filter { $0.trace == trace }
        bars = group.filter { $0.limitRole != .reference }.map {
          BarChartSVG.Bar(
            label: $0.strategy, value: (metric.value($0) ?? .nan) * column.scale, isLimit: $0.limitRole != nil)
        }
        limitValue = group.first { $0.limitRole == .reference }.flatMap { metric.value($0) }.map { $0 * column.scale }
      }
      let sign = metric.direction == .higher ? -1.0 : 1.0
      func key(_ bar: BarChartSVG.Bar) -> Double { bar.value.isNaN ? Double.infinity : sign * bar.value }
      let indexed: [(offset: Int, element: BarChartSVG.Bar)] = Array(bars.enumerated())
      bars = indexed.sorted { (a, b) -> Bool in
        key(a.element) != key(b.element) ? key(a.element) < key(b.element) : a.offset < b.offset
      }.map { $0.element }
      perTrace.append((trace, bars, limitValue))
    }
    var ends: [Double] = []
    for chart in perTrace {
      for bar in chart.bars { ends.append(bar.value + (bar.halfWidth ?? 0)) }
      if let limit = chart.limit { ends.append(limit) }
    }
    // Without a shared scale each chart takes its own largest bar (`BarChartSVG`).
    let scale = axes == .shared ? ends.filter(\.isFinite).max() : nil
    let suffix = column.suffix.trimmingCharacters(in: .whitespaces)
    return perTrace.map { chart in
      BarChartSVG.render(
        title: "\(column.header) · \(chart.trace)", bars: chart.bars, digits: digits, scale: scale,
        limit: chart.limit, best: chart.bars.firstIndex { !$0.isLimit }, unit: suffix == "%" ? "%" : "")
    }
  }

  /// Traces in the order the rows give them, without the rows over traces.
  static func traceOrder(rows: [RunMetrics], replicated: [ReplicatedRow]?) -> [String] {
    var order: [String] = []
    for trace in replicated?.map(\.trace) ?? rows.map(\.trace) where !order.contains(trace) {
      if !SummaryRow.names(trace) { order.append(trace) }
    }
    return order
  }

  /// `className` styles it (`population`: one text column, not three).
  static func table(header: [String], rows: [[String]], summaryFrom: Int, className: String? = nil) -> String {
    var html =
      (className.map { "<table class=\"\($0)\">" } ?? "<table>") + "\n<tr>"
      + header.map { "<th>\(XML.escaped($0))</th>" }.joined() + "</tr>\n"
    for (index, cells) in rows.enumerated() {
      html +=
        (index >= summaryFrom ? "<tr class=\"summary\">" : "<tr>")
        + cells.map { "<td>\(XML.escaped($0))</td>" }.joined() + "</tr>\n"
    }
    return html + "</table>\n"
  }

}
