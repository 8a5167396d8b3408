/// `scrollsim history draw`: one metric per strategy over the entries of a history file
/// (`HistoryEntry`), a line each, oldest left, so a slow drift shows where one pull request's
/// gate would not. A dashed line marks an entry whose inputs (scenario, options or traces)
/// differ from the one before: a jump there is the inputs', not the code's.
///
/// The values are the means over replicates of the headline rows (`sum over N traces`, or the
/// one trace's); the metric is any `--objective` expression of them. No interval is drawn: the
/// file keeps means only.
package enum HistorySVG {
  package static func render(
    _ entries: [HistoryEntry], metric: Objective, metricText: String, strategies: [String]? = nil
  ) -> String {
    var names: [String] = []
    for entry in entries {
      for row in entry.rows where !names.contains(row.strategy) && (strategies?.contains(row.strategy) ?? true) {
        names.append(row.strategy)
      }
    }
    var values: [String: [Double?]] = [:]
    for name in names {
      values[name] = entries.map { entry in
        entry.rows.first { $0.strategy == name }.flatMap { metric.value($0.means) }.flatMap { $0.isFinite ? $0 : nil }
      }
    }
    var plot = Plot(entries: entries, names: names, values: values)
    let traceText = entries.last?.rows.first?.trace ?? ""
    plot.svg.text(
      4, 18, "\(metricText) per strategy over \(entries.count) run\(entries.count == 1 ? "" : "s") (\(traceText))",
      size: 13, weight: "bold")
    plot.svg.text(4, 34, "means over replicates; oldest left; a dashed line: the inputs changed there", size: 10)
    plot.drawAxes()
    plot.drawInputChanges()
    for (position, name) in names.enumerated() { plot.drawSeries(name, position: position) }
    return plot.svg.document
  }

  /// The chart's geometry and its layers: the axes and entry labels, the marks where the inputs
  /// changed, and a line with its legend entry per strategy.
  private struct Plot {
    static let left = 64.0
    static let plotWidth = 560.0
    static let top = 48.0
    static let plotHeight = 260.0
    static let legendWidth = 300.0
    let entries: [HistoryEntry]
    let values: [String: [Double?]]
    let low: Double
    let high: Double
    var svg: SVG

    init(entries: [HistoryEntry], names: [String], values: [String: [Double?]]) {
      self.entries = entries
      self.values = values
      let all = values.values.flatMap { $0.compactMap { $0 } }
      low = min(0, all.min() ?? 0)
      high = max(all.max() ?? 1, low + 1e-9)
      let legendHeight = Double(names.count) * 16 + 56
      svg = SVG(
        width: Self.left + Self.plotWidth + Self.legendWidth,
        height: max(Self.top + Self.plotHeight + 64, Self.top + legendHeight))
    }

    func x(_ index: Int) -> Double {
      entries.count <= 1
        ? Self.left + Self.plotWidth / 2
        : Self.left + 10 + Double(index) / Double(entries.count - 1) * (Self.plotWidth - 20)
    }
    func y(_ value: Double) -> Double { Self.top + Self.plotHeight - (value - low) / (high - low) * Self.plotHeight }

    mutating func drawAxes() {
      let (left, top, plotWidth, plotHeight) = (Self.left, Self.top, Self.plotWidth, Self.plotHeight)
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
    }

    /// A dashed line between two entries whose inputs differ: a jump there is not the code's.
    mutating func drawInputChanges() {
      for index in entries.indices.dropFirst() where entries[index].inputsDiffer(from: entries[index - 1]) {
        let between = (x(index - 1) + x(index)) / 2
        svg.line(between, Self.top, between, Self.top + Self.plotHeight, stroke: "#9e9e9e", dash: true)
        svg.text(between + 3, Self.top + 10, "inputs changed", size: 9)
      }
    }

    mutating func drawSeries(_ name: String, position: Int) {
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
      let legendX = Self.left + Self.plotWidth
      let legendY = Self.top + 8 + Double(position) * 16
      svg.line(legendX + 16, legendY - 4, legendX + 36, legendY - 4, stroke: color, dash: dashed, width: 2.5)
      let first = series.compactMap { $0 }.first
      let last = series.last ?? nil
      var text = name
      if let first, let last { text += " " + NumberText.fixed(first, 2) + " → " + NumberText.fixed(last, 2) }
      svg.text(legendX + 42, legendY, text, size: 10)
    }
  }
}
