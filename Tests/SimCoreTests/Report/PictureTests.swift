import Testing

@testable import SimCore

/// The pictures read the timeline: what they draw is what the run measured.
@Suite struct PictureTests {
  static func run(_ strategy: String) throws -> RunResult {
    var scenario = Scenario.default
    scenario.network.link = try NetworkProfiles.lookup("3g")
    let trace = GestureGenerator.generate(profile: .flingStress, duration: 8, seed: 4)
    return try Simulation.run(
      trace: trace, traceName: "fling", scenario: scenario, strategy: StrategyChoice(name: strategy, parameters: []),
      options: SimulationOptions(recordEvents: true))
  }

  /// Episodes, blanks and stalls in the timeline match the run's metrics.
  @Test func timelineMatchesTheMetrics() throws {
    let result = try Self.run("infinite")
    let timeline = Timeline(events: result.events)
    #expect(timeline.episodes.count == result.metrics.cellsAppeared)
    #expect(timeline.episodes.filter { $0.ready != $0.visible }.count == result.metrics.cellsAppearedBlank)
    let stalls = timeline.gestures.filter { $0.kind == "stall" }
    #expect(stalls.count == result.metrics.stallCount)
    let stalled = stalls.reduce(0.0) { $0 + ($1.end ?? timeline.end) - $1.start }
    #expect(abs(stalled - result.metrics.stallSeconds) < 1e-3)
    #expect(timeline.requests.filter { $0.kind == "page" }.count == result.metrics.pageRequests)
    #expect(abs(timeline.end - result.metrics.sessionSeconds) < 1e-3)
  }

  /// One red rectangle per blank episode, a polyline per panel line, a valid document.
  @Test func svgDrawsEachBlankEpisode() throws {
    let result = try Self.run("infinite")
    let timeline = Timeline(events: result.events)
    let svg = TimelineSVG.render(timeline, title: "a <title> & more")
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(svg.hasSuffix("</svg>\n"))
    #expect(!svg.contains("<script"))
    #expect(svg.contains("a &lt;title&gt; &amp; more"))
    let blankEpisodes = timeline.episodes.filter { $0.ready != $0.visible }.count
    #expect(svg.components(separatedBy: "fill=\"\(TimelineSVG.blankColor)\"").count - 1 == blankEpisodes)
    #expect(svg.components(separatedBy: "<polyline").count - 1 == 3)
    #expect(TimelineSVG.niceStep(7.3) == 10 && TimelineSVG.niceStep(1.6) == 2 && TimelineSVG.niceStep(0.04) == 0.05)
  }

  /// Chrome's trace-event JSON: spans for every blank episode and every attempt, on lanes that
  /// never overlap.
  @Test func traceEventsAreChromeTraceFormat() throws {
    let result = try Self.run("smart")
    let timeline = Timeline(events: result.events)
    let json = JSONCursor(try JSONParser.parse(TraceEvents.render(timeline, title: "t")))
    let events = try json["traceEvents"].elements()
    var blank = 0
    var lanes: [Int: [(Double, Double)]] = [:]
    for event in events where try event["ph"].string() == "X" {
      let name = try event["name"].string()
      if name == "blank" { blank += 1 }
      if try event["pid"].int() == 3 {
        let start = try event["ts"].double()
        lanes[try event["tid"].int(), default: []].append((start, start + (try event["dur"].double())))
      }
    }
    #expect(blank == timeline.episodes.filter { ($0.ready ?? .infinity) > $0.visible }.count)
    #expect(lanes.values.reduce(0) { $0 + $1.count } == timeline.requests.count)
    for spans in lanes.values {
      for (a, b) in zip(spans, spans.dropFirst()) { #expect(b.0 >= a.1) }
    }
  }

  /// The HTML page: the table's rows, four charts, a timeline per strategy, nothing fetched.
  @Test func htmlReportHoldsTableChartsAndTimelines() throws {
    let traces = [
      NamedTrace(name: "fling", trace: GestureGenerator.generate(profile: .flingStress, duration: 6, seed: 4))
    ]
    let strategies = try StrategyCatalog.builtIn.choices("infinite,smart")
    let rows = try Comparison.run(
      traces: traces, scenario: .default, strategies: strategies, options: SimulationOptions())
    let timeline = Timeline(events: try Self.run("smart").events)
    let provenance = Provenance(
      command: "scrollsim compare", scenario: .default, options: SimulationOptions(), replicates: 1, traces: traces)
    let html = HTMLReport.render(
      rows: rows, summary: [], replicated: nil, timelines: [("infinite-list", timeline), ("smart-range", timeline)],
      timelineTrace: "fling", provenance: provenance)
    #expect(html.hasPrefix("<!doctype html>") && html.hasSuffix("</html>\n"))
    #expect(!html.contains("<script"))
    // The only address is the SVG namespace, which is a name, not a fetch.
    #expect(
      html.components(separatedBy: "http").count == html.components(separatedBy: "http://www.w3.org/2000/svg").count)
    #expect(!html.contains("src=") && !html.contains("href="))
    #expect(html.components(separatedBy: "<tr>").count - 1 == 1 + rows.count)
    #expect(html.components(separatedBy: "<svg ").count - 1 == Metric.charts.count + 2)
    let bars = HTMLReport.bars(Metric.named("waitSeconds")!, rows: rows, replicated: nil)
    #expect(zip(bars, rows).allSatisfy { abs($0.value - $1.waitSeconds) < 1e-9 })  // as reports round
  }

  /// The scatter marks exactly the frontier's configurations in red.
  @Test func paretoScatterMarksTheFrontier() {
    func candidate(_ name: String, _ wait: Double, _ wasted: Double) -> SweepSummary.Candidate {
      SweepSummary.Candidate(
        strategy: name, parameters: "", runs: 1, waitSeconds: wait, blankCellSeconds: 0, wastedRequests: wasted,
        stallSeconds: 0, objective: wait)
    }
    let candidates = [candidate("a", 1, 10), candidate("b", 2, 5), candidate("c", 3, 6), candidate("d", 4, 1)]
    let svg = ParetoSVG.render(candidates, title: "t")
    #expect(svg.components(separatedBy: "width=\"6.0\" height=\"6.0\" fill=\"#d62728\"").count - 1 == 3)
    #expect(svg.contains(">a</text>") && !svg.contains(">c</text>"))
  }
}
