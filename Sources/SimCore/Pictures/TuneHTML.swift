/// `tune --html`: one self-contained page, the answer first (the code, why, its price), then two
/// scatter charts of the finalists on the held-out sessions — the wait against peak memory and
/// against bytes, yours and the answer marked, the frontier joined by a line — and the report's
/// sections as HTML (its tables as tables, the per-class one among them; `MarkdownHTML`). No
/// script, no fetched font; every label inside its chart.
package enum TuneHTML {
  package static func render(_ result: TuneResult, command: String) -> String {
    let markdown = TuneReport.markdown(result, command: command)
    // The sections after the answer (which the page shows first, with its code).
    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
    let sections = lines.drop { !$0.hasPrefix("## ") }.joined(separator: "\n")
    let perClass = result.byClass?.perClass == true
    let verdict =
      perClass ? "Ship this, per device class" : result.recommended ? "Ship this" : "Keep your setting"
    let reason = perClass ? result.byClass!.reason : result.reason
    let memory = chart(
      result, title: "Wait against peak memory (held-out sessions)", xLabel: "peak memory, highest session (MB)",
      x: { $0.peakMemory / 1_048_576 })
    let bytes = chart(
      result, title: "Wait against bytes (held-out sessions)", xLabel: "MB per session", x: { $0.bytes / 1e6 })
    return """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8"><title>scrollsim tune \(result.space.stack.option) \(XML.escaped(result.space.stack.name))</title>
      <style>body{font:15px/1.45 Helvetica,Arial,sans-serif;max-width:980px;margin:2em auto;padding:0 1em;color:#222}
      pre{background:#f5f5f5;padding:.8em;overflow-x:auto}.charts{display:flex;flex-wrap:wrap;gap:1em}
      table{border-collapse:collapse;margin:.6em 0 1.2em;font-size:.9em}th,td{border-bottom:1px solid #ddd;padding:.25em .6em;text-align:left;vertical-align:top}
      th.num,td.num{text-align:right}h2{font-size:1.2em;margin-top:1.6em}
      .answer{font-size:1.15em}</style></head><body>
      <p class="answer"><strong>\(verdict)</strong> (\(XML.escaped(result.space.stack.language))): \(XML.escaped(reason)).</p>
      <pre><code>\(XML.escaped(result.code))</code></pre>
      <div class="charts">\(memory)\(bytes)</div>
      <div class="report">
      \(MarkdownHTML.render(sections))
      </div>
      </body></html>

      """
  }

  /// One scatter: each finalist a dot (yours grey, the answer blue), the frontier (no other
  /// waits less for no more cost) joined by a line.
  static func chart(
    _ result: TuneResult, title: String, xLabel: String, x: (TuneResult.Measured) -> Double
  ) -> String {
    let points = result.heldOut.map { (measured: $0, x: x($0), y: $0.objective) }
    let width = 470.0
    let height = 330.0
    let left = 60.0
    let right = 15.0
    let top = 30.0
    let bottom = 45.0
    var svg = SVG(width: width, height: height)
    svg.text(width / 2, 18, title, size: 13, anchor: "middle", weight: "bold")
    let xs = points.map(\.x).filter(\.isFinite)
    let ys = points.map(\.y).filter(\.isFinite)
    guard let xMin = xs.min(), let xMax = xs.max(), let yMin = ys.min(), let yMax = ys.max() else {
      return svg.document
    }
    let xPad = max((xMax - xMin) * 0.08, 0.5)
    let yPad = max((yMax - yMin) * 0.08, 0.05)
    let (x0, x1, y0, y1) = (max(0, xMin - xPad), xMax + xPad, max(0, yMin - yPad), yMax + yPad)
    func px(_ value: Double) -> Double { left + (value - x0) / (x1 - x0) * (width - left - right) }
    func py(_ value: Double) -> Double { height - bottom - (value - y0) / (y1 - y0) * (height - top - bottom) }
    svg.frame(left, top, width - left - right, height - top - bottom)
    let xTicks = SVG.ticks(x0, x1, count: 5)
    for tick in xTicks {
      svg.line(px(tick), top, px(tick), height - bottom, stroke: "#e5e5e5")
      svg.text(
        px(tick), height - bottom + 14, NumberText.fixed(tick, SVG.digits(SVG.niceStep((x1 - x0) / 5))), size: 10,
        anchor: "middle")
    }
    for tick in SVG.ticks(y0, y1, count: 5) {
      svg.line(left, py(tick), width - right, py(tick), stroke: "#e5e5e5")
      svg.text(
        left - 4, py(tick) + 3, NumberText.fixed(tick, SVG.digits(SVG.niceStep((y1 - y0) / 5))), size: 10, anchor: "end"
      )
    }
    svg.text((left + width - right) / 2, height - 10, xLabel, size: 11, anchor: "middle")
    svg.text(12, top - 8, "wait (\(result.request.key.rawValue)), s", size: 11)
    let frontier = result.frontier(x).map { (x: x($0), y: $0.objective) }.sorted { ($0.x, $0.y) < ($1.x, $1.y) }
    svg.polyline(frontier.map { (px($0.x), py($0.y)) }, stroke: "#4e79a7", width: 1.2, dash: true)
    for point in points {
      let setting = point.measured.setting
      let role = setting == 0 ? "yours" : setting == result.answer ? "the answer" : nil
      let fill = setting == 0 ? "#888" : setting == result.chosen ? "#4e79a7" : "#bab0ac"
      svg.circle(
        px(point.x), py(point.y), radius: role == nil ? 4 : 6, fill: fill, stroke: role == nil ? nil : "#222",
        tooltip: (role.map { $0 + ": " } ?? "") + result.space.label(result.settings[setting]))
      if let role {
        // Inside the plot: to the left of the dot where the label would pass the right edge,
        // below it where it would pass the top.
        let labelWidth = Double(role.count) * 5.6
        let toTheLeft = px(point.x) + 8 + labelWidth > width - right
        let below = py(point.y) - 16 < top
        svg.text(
          toTheLeft ? px(point.x) - 8 : px(point.x) + 8, below ? py(point.y) + 14 : py(point.y) - 6, role, size: 10,
          anchor: toTheLeft ? "end" : "start")
      }
    }
    return svg.document
  }
}
