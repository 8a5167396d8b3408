/// `scrollsim history draw`: one metric per strategy over the entries of a history file
/// (`HistoryEntry`), a line each, oldest left, so a slow drift shows where one pull request's
/// gate would not. A dashed line marks an entry whose inputs (scenario, options or traces)
/// differ from the one before: a jump there is the inputs', not the code's.
///
/// The values are the means over replicates of the headline rows (`sum over N traces`, or the
/// one trace's); the metric is any `--objective` expression of them. No interval is drawn: the
/// file keeps means only.
public enum HistorySVG {
  public static func render(
    _ entries: [HistoryEntry], metric: Objective, metricText: String, strategies: [String]? = nil
  ) -> String {
    var names: [String] = []
    for entry in entries {
      for row in entry.rows where !names.contains(row.strategy) && (strategies?.contains(row.strategy) ?? true) {
        names.append(row.strategy)
      }
    }
    let left = 64.0
    let plotWidth = 560.0
    let top = 48.0
    let plotHeight = 260.0
    let legendWidth = 300.0
    let legendHeight = Double(names.count) * 16 + 56
    var svg = SVG(width: left + plotWidth + legendWidth, height: max(top + plotHeight + 64, top + legendHeight))
    let traceText = entries.last?.rows.first?.trace ?? ""
    svg.text(
      4, 18, "\(metricText) per strategy over \(entries.count) run\(entries.count == 1 ? "" : "s") (\(traceText))",
      size: 13, weight: "bold")
    svg.text(4, 34, "means over replicates; oldest left; a dashed line: the inputs changed there", size: 10)

    var values: [String: [Double?]] = [:]
    for name in names {
      values[name] = entries.map { entry in
        entry.rows.first { $0.strategy == name }.flatMap { metric.value($0.means) }.flatMap { $0.isFinite ? $0 : nil }
      }
    }
    let all = values.values.flatMap { $0.compactMap { $0 } }
    let low = min(0, all.min() ?? 0)
    let high = max(all.max() ?? 1, low + 1e-9)
    func x(_ index: Int) -> Double {
      entries.count <= 1
        ? left + plotWidth / 2 : left + 10 + Double(index) / Double(entries.count - 1) * (plotWidth - 20)
    }
    func y(_ value: Double) -> Double { top + plotHeight - (value - low) / (high - low) * plotHeight }

    let ticks = SVG.ticks(low, high, count: 5)
    let digits = SVG.digits(ticks.count > 1 ? ticks[1] - ticks[0] : 1)
    for tick in ticks {
      svg.line(left, y(tick), left + plotWidth, y(tick), stroke: "#e6e6e6")
      svg.text(left - 6, y(tick) + 3, NumberText.fixed(tick, digits), size: 9, anchor: "end")
    }
    svg.frame(left, top, plotWidth, plotHeight)
    // Labels under the axis: as many as fit without overlapping (about 70 px each).
    let every = max(1, Int((Double(entries.count) * 70 / plotWidth).rounded(.up)))
    for (index, entry) in entries.enumerated() where index % every == 0 || index == entries.count - 1 {
      let label = entry.label.count > 10 ? String(entry.label.prefix(9)) + "…" : entry.label
      svg.text(x(index), top + plotHeight + 14, label, size: 9, anchor: "middle")
    }
    for index in entries.indices.dropFirst() where entries[index].inputsDiffer(from: entries[index - 1]) {
      let between = (x(index - 1) + x(index)) / 2
      svg.line(between, top, between, top + plotHeight, stroke: "#9e9e9e", dash: true)
      svg.text(between + 3, top + 10, "inputs changed", size: 9)
    }
    for (position, name) in names.enumerated() {
      // Past the palette's ten colours, lines are dashed, so no two strategies look the same.
      let color = SVG.palette[position % SVG.palette.count]
      let dashed = position / SVG.palette.count % 2 == 1
      let series = values[name] ?? []
      // A strategy missing from an entry breaks its line there.
      var run: [(Double, Double)] = []
      for (index, value) in series.enumerated() {
        guard let value else {
          svg.polyline(run, stroke: color, width: 1.8, dash: dashed)
          run = []
          continue
        }
        run.append((x(index), y(value)))
        svg.circle(
          x(index), y(value), radius: 2.8, fill: color,
          tooltip: "\(name) at \(entries[index].label): \(NumberText.fixed(value, 3))")
      }
      svg.polyline(run, stroke: color, width: 1.8, dash: dashed)
      let legendY = top + 8 + Double(position) * 16
      svg.line(
        left + plotWidth + 16, legendY - 4, left + plotWidth + 36, legendY - 4, stroke: color, dash: dashed, width: 2.5)
      let first = series.compactMap { $0 }.first
      let last = series.last ?? nil
      var text = name
      if let first, let last { text += " " + NumberText.fixed(first, 2) + " → " + NumberText.fixed(last, 2) }
      svg.text(left + plotWidth + 42, legendY, text, size: 10)
    }
    return svg.document
  }
}
