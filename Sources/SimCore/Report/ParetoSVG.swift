/// A sweep's configurations as a scatter of the user's wait against wasted requests (means
/// over each configuration's runs), the Pareto frontier joined and labelled: `sweep --svg` and
/// `merge --svg`. Self-contained SVG, like the timeline.
public enum ParetoSVG {
  /// The scatter of a sweep's table (means per configuration over all its rows).
  public static func render(table: SweepTable, objective: Objective) -> String {
    let candidates = SweepSummary.candidates(table, objective: objective)
    return render(candidates, title: "sweep \(table.fingerprint): \(candidates.count) configurations")
  }

  public static func render(_ candidates: [SweepSummary.Candidate], title: String) -> String {
    let left = 70.0
    let top = 50.0
    let plotWidth = 640.0
    let plotHeight = 380.0
    var svg = SVG(width: left + plotWidth + 260, height: top + plotHeight + 60)
    svg.text(left, 22, title, size: 14, weight: "bold")
    let points = candidates.filter { $0.waitSeconds.isFinite && $0.wastedRequests.isFinite }
    let frontier = SweepSummary.pareto(points)
    let waits = points.map(\.waitSeconds)
    let wastes = points.map(\.wastedRequests)
    let (lowWait, highWait) = span(waits)
    let (lowWaste, highWaste) = span(wastes)
    func x(_ wait: Double) -> Double { left + (wait - lowWait) / (highWait - lowWait) * plotWidth }
    func y(_ waste: Double) -> Double { top + plotHeight - (waste - lowWaste) / (highWaste - lowWaste) * plotHeight }
    svg.frame(left, top, plotWidth, plotHeight)
    for candidate in points where !frontier.contains(candidate) {
      svg.rect(x(candidate.waitSeconds) - 2, y(candidate.wastedRequests) - 2, 4, 4, fill: "#9ecae1")
    }
    svg.polyline(frontier.map { (x($0.waitSeconds), y($0.wastedRequests)) }, stroke: "#d62728", width: 1.2)
    for (index, candidate) in frontier.enumerated() {
      let px = x(candidate.waitSeconds)
      let py = y(candidate.wastedRequests)
      svg.rect(px - 3, py - 3, 6, 6, fill: "#d62728")
      let label = candidate.parameters.isEmpty ? candidate.strategy : "\(candidate.strategy) \(candidate.parameters)"
      // Labels to the right, staggered so neighbours do not overwrite each other.
      svg.text(px + 6, py - 4 + Double(index % 2) * 12, label, size: 9)
    }
    svg.text(left - 6, top + 8, NumberText.fixed(highWaste, 1), size: 10, anchor: "end")
    svg.text(left - 6, top + plotHeight, NumberText.fixed(lowWaste, 1), size: 10, anchor: "end")
    svg.text(left, top + plotHeight + 16, NumberText.fixed(lowWait, 2), size: 10, anchor: "middle")
    svg.text(left + plotWidth, top + plotHeight + 16, NumberText.fixed(highWait, 2), size: 10, anchor: "middle")
    svg.text(
      left + plotWidth / 2, top + plotHeight + 34, "the user's wait (s, mean per run)", size: 11, anchor: "middle")
    svg.text(left, top - 8, "wasted requests (mean per run); red: the Pareto frontier", size: 11)
    return svg.document
  }

  /// The axis' range with a twentieth of margin each side (a single value gets ±1).
  static func span(_ values: [Double]) -> (Double, Double) {
    guard let low = values.min(), let high = values.max() else { return (0, 1) }
    let margin = high > low ? (high - low) / 20 : 1
    return (low - margin, high + margin)
  }
}
