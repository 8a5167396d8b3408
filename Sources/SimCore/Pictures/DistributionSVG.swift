/// The per-session wait of a population as one chart: for each strategy, the share of sessions
/// that waited at most x seconds (an empirical CDF, read from its `LogHistogram`, so to within
/// its bins' half percent), a step line per strategy, the limit dashed. Lines further left and
/// higher make more users wait less; where two cross, one strategy serves the typical user
/// better and the other the unlucky ones. The x axis ends at the highest p99, so one outlier
/// session does not squash the rest; the table gives the tails.
enum DistributionSVG {
  struct Line {
    var label: String
    var histogram: LogHistogram
    var isLimit: Bool
  }

  static func render(title: String, lines: [Line], unit: String) -> String {
    let width = 640.0
    let height = 320.0
    let left = 50.0
    let right = 170.0
    let top = 30.0
    let bottom = 40.0
    var svg = SVG(width: width, height: height)
    svg.text(left, 18, title, size: 13, weight: "bold")
    let ends = lines.compactMap { $0.histogram.percentile(0.99) }.filter(\.isFinite)
    guard let end = ends.max() else { return svg.document }
    let x1 = end > 0 ? end * 1.05 : 1
    let plotWidth = width - left - right
    let plotHeight = height - top - bottom
    func px(_ value: Double) -> Double { left + min(value, x1) / x1 * plotWidth }
    func py(_ share: Double) -> Double { top + (1 - share) * plotHeight }
    svg.frame(left, top, plotWidth, plotHeight)
    let step = SVG.niceStep(x1 / 5)
    for tick in SVG.ticks(0, x1, count: 5) {
      svg.line(px(tick), top, px(tick), top + plotHeight, stroke: "#e5e5e5")
      svg.text(px(tick), top + plotHeight + 14, NumberText.fixed(tick, SVG.digits(step)), size: 10, anchor: "middle")
    }
    for share in stride(from: 0.0, through: 1.0, by: 0.25) {
      svg.line(left, py(share), left + plotWidth, py(share), stroke: "#e5e5e5")
      svg.text(left - 4, py(share) + 3, NumberText.fixed(share * 100, 0) + "%", size: 10, anchor: "end")
    }
    svg.text(left + plotWidth / 2, height - 8, "wait per session (\(unit)), at most", size: 11, anchor: "middle")
    for (index, line) in lines.enumerated() {
      let colour = SVG.palette[index % SVG.palette.count]
      svg.polyline(
        steps(line.histogram).map { (px($0.value), py($0.share)) }, stroke: colour, width: 1.6, dash: line.isLimit)
      let y = top + 6 + Double(index) * 16
      svg.line(left + plotWidth + 12, y, left + plotWidth + 30, y, stroke: colour, dash: line.isLimit, width: 2)
      svg.text(left + plotWidth + 35, y + 4, line.label, size: 11)
    }
    return svg.document
  }

  /// The CDF's corners: from (0, share below the floor), up at each bin's value.
  static func steps(_ histogram: LogHistogram) -> [(value: Double, share: Double)] {
    guard histogram.total > 0 else { return [] }
    let total = Double(histogram.total)
    var points: [(value: Double, share: Double)] = [(0, 0)]
    var seen = 0
    for (bin, count) in histogram.sortedBins {
      let value = histogram.value(ofBin: bin)
      points.append((value, Double(seen) / total))
      seen += count
      points.append((value, Double(seen) / total))
    }
    if let last = points.last { points.append((.infinity, last.share)) }
    return points
  }
}
