/// A run's timeline as one self-contained SVG (no scripts, no fonts to fetch: it renders on
/// GitHub and offline): where the list was (content offset over time, with drags, flings and
/// stalls marked), which rows were on screen and when they were blank (rows × time), and how
/// many requests were in flight. `scrollsim run --svg FILE`.
package enum TimelineSVG {
  static let width = 1000.0
  static let left = 70.0
  static let right = 20.0
  static let blankColor = "#d62728"
  static let filledColor = "#b8c4d0"
  static let gridColor = "#e6e6e6"
  /// Rows drawn thinner than this (px) are not told apart: the rows panel then shows screen
  /// slots instead of row indices.
  static let thinnestRow = 4.0

  /// `caps`: the connection limits to draw in the requests panel (kind, most in flight):
  /// `caps(scenario:strategy:)`.
  package static func render(_ timeline: Timeline, title: String, caps: [(kind: String, limit: Int)] = []) -> String {
    var panels = Panels(timeline: timeline)
    panels.svg.text(left, 20, title, size: 13, weight: "bold")
    panels.drawOffsets()
    panels.drawBlankShare()
    panels.drawRows()
    panels.drawRequests(caps: caps)
    panels.drawTimeAxis()
    return panels.svg.document
  }

  /// The picture drawn panel by panel, top to bottom, on one time axis: each panel starts at
  /// `top` and moves it down past itself.
  private struct Panels {
    let timeline: Timeline
    let plot = width - left - right
    let duration: Double
    let timeTicks: [Double]
    var svg = SVG(width: width, height: 0)
    var top = 34.0

    init(timeline: Timeline) {
      self.timeline = timeline
      duration = max(timeline.end, 0.001)
      timeTicks = SVG.ticks(0, duration, count: 10)
    }

    func x(_ t: Double) -> Double { left + t / duration * plot }

    /// Vertical gridlines at the time ticks across a panel.
    mutating func grid(_ y: Double, _ height: Double) {
      for tick in timeTicks { svg.line(x(tick), y, x(tick), y + height, stroke: gridColor) }
    }

    /// 1. Content offset, with the gestures and stalls behind it.
    mutating func drawOffsets() {
      let offsetHeight = 150.0
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
      let panelTop = top
      func y(_ offset: Double) -> Double {
        panelTop + offsetHeight - (offset - lowest) / (highest - lowest) * offsetHeight
      }
      grid(top, offsetHeight)
      for tick in SVG.ticks(lowest, highest, count: 4) {
        svg.line(left, y(tick), left + plot, y(tick), stroke: gridColor)
        svg.text(left - 6, y(tick) + 3, NumberText.fixed(tick, 0), size: 10, anchor: "end")
      }
      svg.polyline(timeline.offsets.map { (x($0.t), y($0.offset)) }, stroke: "#1f3b5c", width: 1.2)
      svg.frame(left, top, plot, offsetHeight)
      legend(
        &svg, top + offsetHeight + 14,
        [("drag", colors["drag"]!), ("fling", colors["fling"]!), ("stall", colors["stall"]!)])
      top += offsetHeight + 30
    }

    /// 2. The blank share of the rows on screen, as a strip.
    mutating func drawBlankShare() {
      let stripHeight = 44.0
      svg.text(left, top + 12, "blank share of the rows on screen (by count of rows)", size: 11)
      top += 18
      grid(top, stripHeight)
      let steps = timeline.rowsOnScreen
      for (index, step) in steps.enumerated() where step.blank > 0 && step.shown > 0 {
        let until = index + 1 < steps.count ? steps[index + 1].t : duration
        let share = Double(step.blank) / Double(step.shown)
        svg.rect(
          x(step.t), top + stripHeight * (1 - share), max(0.5, x(until) - x(step.t)), stripHeight * share,
          fill: blankColor)
      }
      svg.line(left, top + stripHeight / 2, left + plot, top + stripHeight / 2, stroke: gridColor)
      svg.frame(left, top, plot, stripHeight)
      svg.text(left - 6, top + 8, "100%", size: 10, anchor: "end")
      svg.text(left - 6, top + stripHeight / 2 + 3, "50%", size: 10, anchor: "end")
      svg.text(left - 6, top + stripHeight, "0", size: 10, anchor: "end")
      top += stripHeight + 16
    }

    /// 3. Rows × time: each visibility episode, red while blank; by row index, or by screen
    /// slot when rows would be too thin to see.
    mutating func drawRows() {
      let rowsHeight = 220.0
      let rows = timeline.rowRange
      let bySlot = rows.map { rowsHeight / Double($0.count) < thinnestRow } ?? false
      let slots = timeline.screenSlots
      svg.text(
        left, top + 12,
        bySlot
          ? "rows on screen, one lane per screen slot (\(rows!.count) rows over \(slots.count) slots): blank in red, filled in grey"
          : "rows on screen (row index ↓): blank in red, filled in grey", size: 11)
      top += 18
      grid(top, rowsHeight)
      if let rows {
        let lanes = bySlot ? slots.count : rows.count
        let laneHeight = rowsHeight / Double(max(lanes, 1))
        for (episode, slot) in slots.episodes {
          let lane = bySlot ? slot : episode.item - rows.lowerBound
          drawEpisode(
            episode, top: top + Double(lane) * laneHeight + (bySlot ? 1 : 0),
            height: max(laneHeight - (bySlot ? 2 : 0), 0.6))
        }
        if bySlot {
          svg.text(left - 6, top + laneHeight / 2 + 3, "slot 1", size: 10, anchor: "end")
          svg.text(left - 6, top + rowsHeight - laneHeight / 2 + 3, "\(slots.count)", size: 10, anchor: "end")
        } else {
          for tick in SVG.ticks(Double(rows.lowerBound), Double(rows.upperBound), count: 5) {
            let rowY = top + (tick - Double(rows.lowerBound) + 0.5) * laneHeight
            svg.text(left - 6, rowY + 3, NumberText.fixed(tick, 0), size: 10, anchor: "end")
          }
        }
      }
      svg.frame(left, top, plot, rowsHeight)
      top += rowsHeight + 16
    }

    /// One visibility episode of a row: blank in red until its content, then filled.
    private mutating func drawEpisode(_ episode: Timeline.Episode, top rowTop: Double, height: Double) {
      let start = x(episode.visible)
      let hidden = x(episode.hidden ?? duration)
      let ready = episode.ready.map(x) ?? hidden
      if hidden > ready { svg.rect(ready, rowTop, hidden - ready, height, fill: filledColor) }
      if ready > start {
        svg.rect(start, rowTop, max(ready - start, 0.6), height, fill: blankColor)
      } else if episode.ready == nil {
        svg.rect(start, rowTop, 0.6, height, fill: blankColor)
      }
    }

    /// 4. Requests in flight, per kind, with the connection limits.
    mutating func drawRequests(caps: [(kind: String, limit: Int)]) {
      let requestsHeight = 90.0
      svg.text(left, top + 12, "requests in flight: pages, content; dashed: the most allowed in flight", size: 11)
      top += 18
      let flights = [
        "page": inFlight(timeline.requests.filter { $0.kind == "page" }, end: duration),
        "content": inFlight(timeline.requests.filter { $0.kind == "content" }, end: duration),
      ]
      let observed = flights.values.flatMap { $0.map(\.count) }.max() ?? 1
      // A sixth of headroom over the highest line or limit, so neither hides in the frame.
      let most = Double(max(1, observed, caps.map(\.limit).max() ?? 0)) * 1.2
      let panelTop = top
      func level(_ count: Double) -> Double { panelTop + requestsHeight - count / most * requestsHeight }
      grid(top, requestsHeight)
      let requestColors = ["page": "#ff7f0e", "content": "#6a51a3"]
      var capsDrawn: Set<Int> = []
      for cap in caps where capsDrawn.insert(cap.limit).inserted {
        let kinds = caps.filter { $0.limit == cap.limit }.map(\.kind)
        svg.line(left, level(Double(cap.limit)), left + plot, level(Double(cap.limit)), stroke: "#555", dash: true)
        svg.text(
          left + plot - 4, level(Double(cap.limit)) - 3, "\(kinds.joined(separator: " and ")) limit \(cap.limit)",
          size: 9, anchor: "end")
      }
      for kind in ["content", "page"] {
        var points: [(Double, Double)] = []
        for (index, step) in (flights[kind] ?? []).enumerated() {
          if index > 0 { points.append((x(step.t), points.last!.1)) }
          points.append((x(step.t), level(Double(step.count))))
        }
        svg.polyline(points, stroke: requestColors[kind]!, width: 1.2)
      }
      svg.frame(left, top, plot, requestsHeight)
      for tick in SVG.ticks(0, most, count: 3) where tick <= most {
        svg.text(left - 6, level(tick) + 3, NumberText.fixed(tick, 0), size: 10, anchor: "end")
      }
      legend(
        &svg, top + requestsHeight + 14, [("page", requestColors["page"]!), ("content", requestColors["content"]!)])
      top += requestsHeight + 30
    }

    /// The time axis under the panels.
    mutating func drawTimeAxis() {
      let digits = SVG.digits(timeTicks.count > 1 ? timeTicks[1] - timeTicks[0] : 1)
      for tick in timeTicks {
        svg.line(x(tick), top - 8, x(tick), top - 4, stroke: "#333")
        svg.text(x(tick), top + 8, NumberText.fixed(tick, digits), size: 10, anchor: "middle")
      }
      svg.text(left + plot / 2, top + 24, "time (s)", size: 11, anchor: "middle")
      svg.height = top + 34
    }
  }

  /// The scenario's limits on requests in flight (`maxInFlight` of pages and content); none
  /// for the limit, whose relaxed network has no connection limit.
  package static func caps(scenario: Scenario, strategy: StrategyChoice) -> [(kind: String, limit: Int)] {
    strategy.isLimit
      ? [] : [("page", scenario.network.page.maxInFlight), ("content", scenario.network.content.maxInFlight)]
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

  /// 1, 2 or 5 times a power of ten, at least `raw` (`SVG.niceStep`).
  static func niceStep(_ raw: Double) -> Double { SVG.niceStep(raw) }

  static func legend(_ svg: inout SVG, _ y: Double, _ items: [(String, String)]) {
    var x = left
    for (name, color) in items {
      svg.rect(x, y - 8, 10, 10, fill: color)
      svg.text(x + 14, y + 1, name, size: 10)
      x += 24 + Double(name.count) * 6
    }
  }
}
