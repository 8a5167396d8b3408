/// A run's timeline as one self-contained SVG (no scripts, no fonts to fetch: it renders on
/// GitHub and offline): where the list was (content offset over time, with drags, flings and
/// stalls marked), which rows were on screen and when they were blank (rows × time), and how
/// many requests were in flight. `scrollsim run --svg FILE`.
public enum TimelineSVG {
  static let width = 1000.0
  static let left = 70.0
  static let right = 20.0
  static let blankColor = "#d62728"
  static let filledColor = "#b8c4d0"

  public static func render(_ timeline: Timeline, title: String) -> String {
    let plot = width - left - right
    let duration = max(timeline.end, 0.001)
    func x(_ t: Double) -> Double { left + t / duration * plot }
    var svg = SVG(width: width, height: 0)
    var top = 34.0
    svg.text(left, 20, title, size: 14, weight: "bold")

    // 1. Content offset, with the gestures and stalls behind it.
    let offsetHeight = 170.0
    svg.text(left, top + 12, "content offset (pt): drags, flings, stalls", size: 11)
    top += 18
    let colors = ["drag": "#9ecae1", "fling": "#c7e9c0", "stall": "#fcae91"]
    for span in timeline.gestures {
      let start = x(span.start)
      svg.rect(
        start, top, max(0.5, x(span.end ?? duration) - start), offsetHeight, fill: colors[span.kind] ?? "#ddd",
        opacity: 0.7)
    }
    let highest = max(timeline.offsets.map(\.offset).max() ?? 1, 1)
    let lowest = min(timeline.offsets.map(\.offset).min() ?? 0, 0)
    func y(_ offset: Double) -> Double { top + offsetHeight - (offset - lowest) / (highest - lowest) * offsetHeight }
    svg.polyline(timeline.offsets.map { (x($0.t), y($0.offset)) }, stroke: "#1f3b5c", width: 1.2)
    svg.frame(left, top, plot, offsetHeight)
    svg.text(left - 6, top + 10, NumberText.fixed(highest, 0), size: 10, anchor: "end")
    svg.text(left - 6, top + offsetHeight, NumberText.fixed(lowest, 0), size: 10, anchor: "end")
    legend(
      &svg, top + offsetHeight + 14,
      [("drag", colors["drag"]!), ("fling", colors["fling"]!), ("stall", colors["stall"]!)])
    top += offsetHeight + 30

    // 2. Rows × time: each visibility episode, red while blank.
    let rowsHeight = 260.0
    svg.text(left, top + 12, "rows on screen (row index ↓): blank in red, filled in grey", size: 11)
    top += 18
    if let rows = timeline.rowRange {
      let count = Double(rows.count)
      let rowHeight = rowsHeight / count
      for episode in timeline.episodes {
        let rowTop = top + Double(episode.item - rows.lowerBound) * rowHeight
        let start = x(episode.visible)
        let hidden = x(episode.hidden ?? duration)
        let ready = episode.ready.map(x) ?? hidden
        let height = max(rowHeight, 0.6)
        if hidden > ready { svg.rect(ready, rowTop, hidden - ready, height, fill: filledColor) }
        if ready > start {
          svg.rect(start, rowTop, max(ready - start, 0.6), height, fill: blankColor)
        } else if episode.ready == nil {
          svg.rect(start, rowTop, 0.6, height, fill: blankColor)
        }
      }
      svg.text(left - 6, top + 10, "\(rows.lowerBound)", size: 10, anchor: "end")
      svg.text(left - 6, top + rowsHeight, "\(rows.upperBound)", size: 10, anchor: "end")
    }
    svg.frame(left, top, plot, rowsHeight)
    top += rowsHeight + 16

    // 3. Requests in flight, per kind.
    let requestsHeight = 90.0
    svg.text(left, top + 12, "requests in flight: pages, content", size: 11)
    top += 18
    let steps = [
      "page": inFlight(timeline.requests.filter { $0.kind == "page" }, end: duration),
      "content": inFlight(timeline.requests.filter { $0.kind == "content" }, end: duration),
    ]
    let most = Double(max(1, steps.values.flatMap { $0.map(\.count) }.max() ?? 1))
    let requestColors = ["page": "#ff7f0e", "content": "#6a51a3"]
    for kind in ["content", "page"] {
      var points: [(Double, Double)] = []
      for (index, step) in (steps[kind] ?? []).enumerated() {
        // A tenth of headroom, so a line at the maximum is not hidden by the frame.
        let level = top + requestsHeight - Double(step.count) / most * requestsHeight * 0.9
        if index > 0 { points.append((x(step.t), points.last!.1)) }
        points.append((x(step.t), level))
      }
      svg.polyline(points, stroke: requestColors[kind]!, width: 1)
    }
    svg.frame(left, top, plot, requestsHeight)
    svg.text(left - 6, top + requestsHeight * 0.1 + 4, NumberText.fixed(most, 0), size: 10, anchor: "end")
    svg.text(left - 6, top + requestsHeight, "0", size: 10, anchor: "end")
    legend(&svg, top + requestsHeight + 14, [("page", requestColors["page"]!), ("content", requestColors["content"]!)])
    top += requestsHeight + 30

    // The time axis.
    let step = niceStep(duration / 10)
    var tick = 0.0
    while tick <= duration + 1e-9 {
      svg.line(x(tick), top - 8, x(tick), top - 4, stroke: "#333")
      svg.text(x(tick), top + 8, NumberText.fixed(tick, step < 1 ? 1 : 0), size: 10, anchor: "middle")
      tick += step
    }
    svg.text(left + plot / 2, top + 24, "time (s)", size: 11, anchor: "middle")
    svg.height = top + 34
    return svg.document
  }

  /// Requests in flight as steps: (time, count from then on).
  static func inFlight(_ spans: [Timeline.Span], end: Double) -> [(t: Double, count: Int)] {
    var changes: [(Double, Int)] = []
    for span in spans {
      changes.append((span.start, 1))
      changes.append((span.end ?? end, -1))
    }
    changes.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
    var steps: [(t: Double, count: Int)] = [(0, 0)]
    var count = 0
    for (t, change) in changes {
      count += change
      if steps.last?.t == t { steps[steps.count - 1].count = count } else { steps.append((t, count)) }
    }
    return steps
  }

  /// 1, 2 or 5 times a power of ten, at least `raw`.
  static func niceStep(_ raw: Double) -> Double {
    guard raw > 0, raw.isFinite else { return 1 }
    var power = 1.0
    while power * 10 <= raw { power *= 10 }
    while power > raw { power /= 10 }
    for factor in [1.0, 2, 5, 10] where power * factor >= raw { return power * factor }
    return power * 10
  }

  static func legend(_ svg: inout SVG, _ y: Double, _ items: [(String, String)]) {
    var x = left
    for (name, color) in items {
      svg.rect(x, y - 8, 10, 10, fill: color)
      svg.text(x + 14, y + 1, name, size: 10)
      x += 24 + Double(name.count) * 6
    }
  }
}
