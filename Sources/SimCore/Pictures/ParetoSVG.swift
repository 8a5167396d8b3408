/// A sweep's configurations as a scatter of the user's wait against wasted requests (means
/// over each configuration's runs), the Pareto frontier joined and labelled: `sweep --svg` and
/// `merge --svg`. Self-contained SVG, like the timeline.
///
/// Each strategy has a colour and a legend entry; every point has a tooltip (`<title>`) with
/// its configuration and numbers; the best configuration by the objective is ringed and named;
/// the limit (`oracle`), when swept, is a dashed line at its wait; with replicates, whiskers
/// give each mean's 95 % interval over the replicates' luck. Frontier labels that would
/// overlap move down, and are left to the tooltip when there is no room.
package enum ParetoSVG {
  /// The scatter of a sweep's table (means per configuration over all its rows).
  package static func render(table: SweepTable, objective: Objective) -> String {
    let candidates = SweepSummary.candidates(table, objective: objective)
    let strategies = Set(candidates.map(\.strategy)).count
    let title =
      "The user's wait against wasted requests: \(candidates.count) configuration\(candidates.count == 1 ? "" : "s") of \(strategies) strateg\(strategies == 1 ? "y" : "ies")"
    return render(
      candidates, title: title, subtitle: "sweep \(table.fingerprint) · best by \(objective.description)",
      intervals: intervals(table))
  }

  /// A configuration's 95 % half-widths (wait, wasted) over its replicates: each replicate's
  /// mean over the configuration's traces and networks, then their spread. Empty without
  /// replicates.
  static func intervals(_ table: SweepTable) -> [String: (wait: Double, wasted: Double)] {
    var byReplicate: [String: [Int: [(wait: Double, wasted: Double)]]] = [:]
    let wait = try! Objective("wait_time")
    let wasted = try! Objective("wasted_requests")
    for row in table.rows.values {
      guard let w = wait.value(row.values), let x = wasted.value(row.values) else { continue }
      byReplicate[row.strategy + "|" + row.parameters, default: [:]][row.replicate, default: []].append((w, x))
    }
    var result: [String: (wait: Double, wasted: Double)] = [:]
    for (key, replicates) in byReplicate where replicates.count > 1 {
      let means = replicates.keys.sorted().map { index -> (Double, Double) in
        let values = replicates[index]!
        return (
          values.map(\.wait).reduce(0, +) / Double(values.count),
          values.map(\.wasted).reduce(0, +) / Double(values.count)
        )
      }
      result[key] = (
        Estimate.of(means.map(\.0)).halfWidth, Estimate.of(means.map(\.1)).halfWidth
      )
    }
    return result
  }

  package static func render(
    _ candidates: [SweepSummary.Candidate], title: String, subtitle: String = "",
    intervals: [String: (wait: Double, wasted: Double)] = [:]
  ) -> String {
    var plot = Plot(candidates, intervals: intervals)
    plot.svg.text(Plot.left, 22, title, size: 14, weight: "bold")
    if !subtitle.isEmpty { plot.svg.text(Plot.left, 40, subtitle, size: 11) }
    plot.drawAxes()
    plot.drawPoints()
    plot.drawFrontierLabels()
    plot.drawLegend(replicated: !intervals.isEmpty)
    return plot.svg.document
  }

  /// The scatter drawn layer by layer: axes and gridlines, then the limit, frontier and points,
  /// then the frontier's labels, then the legend.
  private struct Plot {
    static let left = 70.0
    static let top = 64.0
    static let width = 640.0
    static let height = 380.0
    var svg = SVG(width: left + width + 270, height: top + height + 60)
    let points: [SweepSummary.Candidate]
    /// Each point's 95 % half-widths (wait, wasted), (0, 0) without replicates.
    let spreads: [(wait: Double, wasted: Double)]
    /// The limit is a reference, not a configuration to choose: the frontier is the contenders'.
    let limit: SweepSummary.Candidate?
    let frontier: [SweepSummary.Candidate]
    let best: SweepSummary.Candidate?
    /// Strategies in the order they first come (their colours), and those that are the limit.
    let order: [String]
    let limits: Set<String>
    let waits: (low: Double, high: Double)
    let wastes: (low: Double, high: Double)

    init(_ candidates: [SweepSummary.Candidate], intervals: [String: (wait: Double, wasted: Double)]) {
      points = candidates.filter { $0.waitSeconds.isFinite && $0.wastedRequests.isFinite }
      limit = points.first { $0.limitRole == .reference } ?? points.first { $0.limitRole != nil }
      let contenders = points.filter { $0.limitRole == nil }
      frontier = SweepSummary.pareto(contenders)
      best = contenders.filter { $0.objective?.isFinite == true }.min { $0.objective! < $1.objective! }
      let spreads = points.map { intervals[$0.strategy + "|" + $0.parameters] ?? (0, 0) }
      self.spreads = spreads
      waits = span(zip(points, spreads).flatMap { [$0.waitSeconds - $1.wait, $0.waitSeconds + $1.wait] })
      wastes = span(
        zip(points, spreads).flatMap { [$0.wastedRequests - $1.wasted, $0.wastedRequests + $1.wasted] })
      var order: [String] = []
      for candidate in points where !order.contains(candidate.strategy) { order.append(candidate.strategy) }
      self.order = order
      limits = Set(points.filter { $0.limitRole != nil }.map(\.strategy))
    }

    func x(_ wait: Double) -> Double { Self.left + (wait - waits.low) / (waits.high - waits.low) * Self.width }
    func y(_ waste: Double) -> Double {
      Self.top + Self.height - (waste - wastes.low) / (wastes.high - wastes.low) * Self.height
    }

    func color(_ strategy: String) -> String {
      limits.contains(strategy) ? "#555" : SVG.palette[(order.firstIndex(of: strategy) ?? 0) % SVG.palette.count]
    }

    /// Gridlines and ticks on both axes, the frame and the axes' titles.
    mutating func drawAxes() {
      let (left, top, width, height) = (Self.left, Self.top, Self.width, Self.height)
      let xTicks = SVG.ticks(waits.low, waits.high)
      let yTicks = SVG.ticks(wastes.low, wastes.high)
      let xDigits = SVG.digits(xTicks.count > 1 ? xTicks[1] - xTicks[0] : 1)
      let yDigits = SVG.digits(yTicks.count > 1 ? yTicks[1] - yTicks[0] : 1)
      for tick in xTicks {
        svg.line(x(tick), top, x(tick), top + height, stroke: "#e6e6e6")
        svg.text(x(tick), top + height + 14, NumberText.fixed(tick, xDigits), size: 10, anchor: "middle")
      }
      for tick in yTicks {
        svg.line(left, y(tick), left + width, y(tick), stroke: "#e6e6e6")
        svg.text(left - 6, y(tick) + 3, NumberText.fixed(tick, yDigits), size: 10, anchor: "end")
      }
      svg.frame(left, top, width, height)
    }

    /// The limit's line, the frontier, each point with its whiskers and tooltip, the best ringed.
    mutating func drawPoints() {
      if let limit {
        svg.line(
          x(limit.waitSeconds), Self.top, x(limit.waitSeconds), Self.top + Self.height, stroke: "#555", dash: true)
        svg.text(x(limit.waitSeconds) + 4, Self.top + 12, "the limit (oracle)", size: 10)
      }
      svg.polyline(frontier.map { (x($0.waitSeconds), y($0.wastedRequests)) }, stroke: "#333", width: 1.2)
      for (candidate, spread) in zip(points, spreads) {
        let px = x(candidate.waitSeconds)
        let py = y(candidate.wastedRequests)
        if spread.wait > 0 {
          svg.line(
            x(candidate.waitSeconds - spread.wait), py, x(candidate.waitSeconds + spread.wait), py, stroke: "#999")
        }
        if spread.wasted > 0 {
          svg.line(
            px, y(candidate.wastedRequests - spread.wasted), px, y(candidate.wastedRequests + spread.wasted),
            stroke: "#999")
        }
        let onFrontier = frontier.contains(candidate)
        let interval = spread.wait > 0 ? " ±\(NumberText.fixed(spread.wait, 2))" : ""
        let tooltip =
          "\(label(candidate)): wait \(NumberText.fixed(candidate.waitSeconds, 2)) s\(interval), wasted \(NumberText.fixed(candidate.wastedRequests, 1)), objective \(candidate.objective.map { NumberText.fixed($0, 3) } ?? "–"), \(candidate.runs) runs"
          + (onFrontier ? "; on the Pareto frontier" : "")
        svg.circle(
          px, py, radius: onFrontier ? 4.5 : 3, fill: color(candidate.strategy), stroke: onFrontier ? "#222" : nil,
          tooltip: tooltip)
      }
      if let best {
        svg.circle(x(best.waitSeconds), y(best.wastedRequests), radius: 9, fill: "none", stroke: "#d62728")
      }
    }

    /// Frontier labels, placed top to bottom, moved down past the ones already placed (left to
    /// the tooltip when there is no room), then the axes' titles.
    mutating func drawFrontierLabels() {
      let (left, top, width, height) = (Self.left, Self.top, Self.width, Self.height)
      var placed: [(x0: Double, y0: Double, x1: Double, y1: Double)] = []
      for candidate in frontier.sorted(by: { $0.wastedRequests > $1.wastedRequests }) {
        let px = x(candidate.waitSeconds)
        let text = label(candidate) + (candidate == best ? " (best)" : "")
        let textWidth = Double(text.count) * 5.2
        let toLeft = px + 8 + textWidth > left + width
        let x0 = toLeft ? px - 8 - textWidth : px + 8
        var baseline = y(candidate.wastedRequests) + 3
        var tries = 0
        while tries < 6,
          placed.contains(where: {
            x0 < $0.x1 && x0 + textWidth > $0.x0 && baseline - 9 < $0.y1 && baseline + 2 > $0.y0
          })
        {
          baseline += 11
          tries += 1
        }
        guard tries < 6, baseline < top + height else { continue }
        placed.append((x0, baseline - 9, x0 + textWidth, baseline + 2))
        svg.text(toLeft ? px - 8 : px + 8, baseline, text, size: 9, anchor: toLeft ? "end" : "start")
      }
      svg.text(left + width / 2, top + height + 34, "the user's wait (s, mean per run)", size: 11, anchor: "middle")
      svg.text(left, top - 8, "wasted requests (mean per run); joined: the Pareto frontier", size: 11)
    }

    /// The legend: a colour per strategy, then the marks.
    mutating func drawLegend(replicated: Bool) {
      var legendY = Self.top + 8
      let legendX = Self.left + Self.width + 16
      for strategy in order {
        svg.circle(legendX + 5, legendY - 3, radius: 4, fill: color(strategy))
        svg.text(legendX + 14, legendY, strategy, size: 10)
        legendY += 15
      }
      legendY += 6
      svg.circle(legendX + 5, legendY - 3, radius: 4.5, fill: "#fff", stroke: "#222")
      svg.text(legendX + 14, legendY, "on the frontier", size: 10)
      legendY += 15
      if best != nil {
        svg.circle(legendX + 5, legendY - 3, radius: 7, fill: "none", stroke: "#d62728")
        svg.text(legendX + 16, legendY, "best by the objective", size: 10)
        legendY += 15
      }
      if replicated {
        svg.line(legendX, legendY - 3, legendX + 10, legendY - 3, stroke: "#999")
        svg.text(legendX + 14, legendY, "95 % interval over replicates", size: 10)
      }
    }
  }

  static func label(_ candidate: SweepSummary.Candidate) -> String {
    candidate.parameters.isEmpty ? candidate.strategy : "\(candidate.strategy) \(candidate.parameters)"
  }

  /// The axis' range with a twentieth of margin each side (a single value gets ±1).
  static func span(_ values: [Double]) -> (Double, Double) {
    let finite = values.filter(\.isFinite)
    guard let low = finite.min(), let high = finite.max() else { return (0, 1) }
    let margin = high > low ? (high - low) / 20 : 1
    return (low - margin, high + margin)
  }
}
