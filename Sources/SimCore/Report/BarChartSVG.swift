/// One metric across strategies as horizontal bars, with the 95% interval as a whisker when
/// replicated: the charts of `compare --html`.
public enum BarChartSVG {
  public struct Bar: Sendable {
    public var label: String
    public var value: Double
    /// Half-width of the 95% interval (nil: one run).
    public var halfWidth: Double?

    public init(label: String, value: Double, halfWidth: Double? = nil) {
      self.label = label
      self.value = value
      self.halfWidth = halfWidth
    }
  }

  public static func render(title: String, bars: [Bar]) -> String {
    let labelWidth = 250.0
    let plot = 420.0
    let rowHeight = 20.0
    var svg = SVG(width: labelWidth + plot + 90, height: 34 + Double(bars.count) * rowHeight + 10)
    svg.text(4, 16, title, size: 13, weight: "bold")
    let finite = bars.flatMap { [$0.value, $0.value + ($0.halfWidth ?? 0)] }.filter(\.isFinite)
    let largest = max(finite.max() ?? 1, 1e-9)
    for (index, bar) in bars.enumerated() {
      let y = 30 + Double(index) * rowHeight
      svg.text(labelWidth - 6, y + 13, bar.label, size: 11, anchor: "end")
      let length = bar.value.isFinite ? max(0, bar.value) / largest * plot : 0
      let color = bar.label == "oracle" || bar.label.hasPrefix("oracle(") ? "#9e9e9e" : "#4c78a8"
      svg.rect(labelWidth, y + 3, max(length, 0.5), rowHeight - 6, fill: color)
      if let halfWidth = bar.halfWidth, halfWidth > 0, bar.value.isFinite {
        let low = labelWidth + max(0, bar.value - halfWidth) / largest * plot
        let high = labelWidth + (bar.value + halfWidth) / largest * plot
        svg.line(low, y + rowHeight / 2, high, y + rowHeight / 2, stroke: "#222")
        svg.line(low, y + 5, low, y + rowHeight - 5, stroke: "#222")
        svg.line(high, y + 5, high, y + rowHeight - 5, stroke: "#222")
      }
      let text =
        NumberText.fixed(bar.value, 2) + (bar.halfWidth.map { $0 > 0 ? " ±" + NumberText.fixed($0, 2) : "" } ?? "")
      let whiskerEnd = bar.value.isFinite ? (bar.value + (bar.halfWidth ?? 0)) / largest * plot : 0
      svg.text(labelWidth + max(length, whiskerEnd) + 6, y + 13, text, size: 10)
    }
    return svg.document
  }
}
