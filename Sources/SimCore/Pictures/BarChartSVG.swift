/// One metric across strategies as horizontal bars, with the 95% interval as a whisker when
/// replicated: the charts of `compare --html`. Bars come in the order given (the page sorts
/// them, best first); the best is drawn darker; the limit, when given, is a dashed line; a
/// shared `scale` puts small multiples on one axis.
package enum BarChartSVG {
  package struct Bar: Sendable {
    package var label: String
    package var value: Double
    /// Half-width of the 95% interval (nil: one run).
    package var halfWidth: Double?
    /// A run of the limit with another plan than the reference (drawn grey, never best).
    package var isLimit: Bool

    package init(label: String, value: Double, halfWidth: Double? = nil, isLimit: Bool = false) {
      self.label = label
      self.value = value
      self.halfWidth = halfWidth
      self.isLimit = isLimit
    }
  }

  /// `digits`: decimals of the printed values (a count's column prints none); `scale`: the
  /// axis' end (shared across small multiples; default the largest value); `limit`: the
  /// clairvoyant limit's value; `best`: the bar to mark.
  package static func render(
    title: String, bars: [Bar], digits: Int = 2, scale: Double? = nil, limit: Double? = nil, best: Int? = nil,
    unit: String = ""
  ) -> String {
    let labelWidth = 230.0
    let plot = 400.0
    let rowHeight = 18.0
    let top = 40.0
    var svg = SVG(width: labelWidth + plot + 110, height: top + Double(bars.count) * rowHeight + 24)
    svg.text(4, 16, title, size: 13, weight: "bold")
    var ends: [Double] = [limit ?? 0]
    for bar in bars {
      ends.append(bar.value)
      ends.append(bar.value + (bar.halfWidth ?? 0))
    }
    let widest: Double = ends.filter(\.isFinite).max() ?? 1
    let largest: Double = Swift.max(scale ?? widest, 1e-9)
    func x(_ value: Double) -> Double { labelWidth + Swift.max(0, Swift.min(value, largest)) / largest * plot }
    // Ticks and gridlines along the shared axis.
    let ticks = SVG.ticks(0, largest, count: 4)
    let tickDigits = SVG.digits(ticks.count > 1 ? ticks[1] - ticks[0] : 1)
    let bottom = top + Double(bars.count) * rowHeight
    for tick in ticks {
      svg.line(x(tick), top - 4, x(tick), bottom, stroke: "#e6e6e6")
      svg.text(x(tick), top - 7, NumberText.fixed(tick, tickDigits) + unit, size: 9, anchor: "middle")
    }
    for (index, bar) in bars.enumerated() {
      let y = top + Double(index) * rowHeight
      let isBest: Bool = index == best
      let name: String = isBest ? "★ " + bar.label : bar.label
      svg.text(labelWidth - 6, y + 12, name, size: 11, anchor: "end", weight: isBest ? "bold" : "normal")
      let length: Double = bar.value.isFinite ? x(bar.value) - labelWidth : 0
      let color: String = bar.isLimit ? "#9e9e9e" : (isBest ? "#1f4e79" : "#7fa7cf")
      var text: String = NumberText.fixed(bar.value, digits)
      if let halfWidth = bar.halfWidth, halfWidth > 0 { text += " ±" + NumberText.fixed(halfWidth, digits) }
      svg.rect(labelWidth, y + 3, max(length, 0.5), rowHeight - 6, fill: color, tooltip: "\(bar.label): \(text)")
      if let halfWidth = bar.halfWidth, halfWidth > 0, bar.value.isFinite {
        let low = x(bar.value - halfWidth)
        let high = x(bar.value + halfWidth)
        svg.line(low, y + rowHeight / 2, high, y + rowHeight / 2, stroke: "#222")
        svg.line(low, y + 5, low, y + rowHeight - 5, stroke: "#222")
        svg.line(high, y + 5, high, y + rowHeight - 5, stroke: "#222")
      }
      let whiskerEnd: Double = bar.value.isFinite ? x(bar.value + (bar.halfWidth ?? 0)) : labelWidth
      svg.text(Swift.max(labelWidth + length, whiskerEnd) + 6, y + 12, text, size: 10)
    }
    if let limit, limit.isFinite {
      svg.line(x(limit), top - 2, x(limit), bottom + 4, stroke: "#555", dash: true, width: 1.2)
      svg.text(x(limit) + 3, bottom + 16, "the limit \(NumberText.fixed(limit, digits))", size: 9)
    }
    return svg.document
  }
}
