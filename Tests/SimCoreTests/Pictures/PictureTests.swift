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
    // A red rectangle per blank episode in the rows panel, and one per step of the blank strip
    // with a blank row on screen.
    let blankEpisodes = timeline.episodes.filter { $0.ready != $0.visible }.count
    let blankSteps = timeline.rowsOnScreen.filter { $0.blank > 0 && $0.shown > 0 }.count
    #expect(blankSteps > 0)
    #expect(svg.components(separatedBy: "fill=\"\(TimelineSVG.blankColor)\"").count - 1 == blankEpisodes + blankSteps)
    // The connection limits, when given, are dashed lines with their label.
    let capped = TimelineSVG.render(timeline, title: "t", caps: [("page", 6), ("content", 6)])
    #expect(capped.contains("page and content limit 6") && capped.contains("stroke-dasharray"))
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

  /// The HTML page: the verdict first, a wait chart per trace, the replay's screens and data,
  /// the table and the timelines folded, nothing fetched.
  @Test func htmlReportAnswersFirstAndReplays() throws {
    let trace = GestureGenerator.generate(profile: .flingStress, duration: 6, seed: 4)
    let traces = [NamedTrace(name: "fling", trace: trace), NamedTrace(name: "fling2", trace: trace)]
    let strategies = try StrategyCatalog.builtIn.choices("infinite,smart,oracle")
    let rows = try Comparison.run(
      traces: traces, scenario: .default, strategies: strategies, options: SimulationOptions())
    let timeline = Timeline(events: try Self.run("smart").events)
    let provenance = Provenance(
      command: "scrollsim compare", scenario: .default, options: SimulationOptions(), replicates: 1, traces: traces)
    let replay = ReplayHTML(
      runs: [
        ReplayHTML.Run(strategy: "a", caption: "x", timeline: timeline),
        .init(strategy: "b", caption: "y", timeline: timeline),
      ],
      scenario: .default, seed: 1, viewportWidth: 390, viewportHeight: 844)
    let html = HTMLReport.render(
      rows: rows, summary: Comparison.summary(rows, traceCount: 2), replicated: nil,
      timelines: [
        .init(strategy: "infinite-list", title: "t", timeline: timeline),
        .init(strategy: "smart-range", title: "t", timeline: timeline),
      ],
      timelineTrace: "fling", replay: replay, provenance: provenance)
    #expect(html.hasPrefix("<!doctype html>") && html.hasSuffix("</html>\n"))
    // The only address is the SVG namespace, which is a name, not a fetch.
    #expect(
      html.components(separatedBy: "http").count == html.components(separatedBy: "http://www.w3.org/2000/svg").count)
    #expect(!html.contains("src=") && !html.contains("href="))
    // The verdict comes before any chart; the wait charts: one per trace, then the ratios.
    let verdict = try #require(html.range(of: "<section class=\"verdict\">"))
    #expect(verdict.lowerBound < html.range(of: "<svg ")!.lowerBound)
    #expect(html.components(separatedBy: "<b>").count > 1)
    #expect(html.contains("wait s · fling</text>") && html.contains("wait s · fling2</text>"))
    #expect(html.contains("Across 2 traces: geometric mean"))
    // Two screens and their data; the limit is a line, not a bar.
    #expect(html.components(separatedBy: "<canvas class=\"screen\"").count - 1 == 2)
    #expect(html.contains("<script type=\"application/json\" id=\"replay-data\">"))
    #expect(html.contains("the limit "))
    // Folded: other metrics, the table, each timeline.
    #expect(html.components(separatedBy: "<details>").count - 1 == 2 + 2)
    #expect(html.components(separatedBy: "<tr").count - 1 == 1 + rows.count + 3)
  }

  /// A calm trace beside a busy one: on one shared axis its bars are slivers; per trace, its
  /// best bar spans the plot as the busy trace's does; each page says which axes it drew.
  @Test func perTraceAxesScaleEachChartToItsOwnBars() throws {
    func row(_ strategy: String, _ trace: String, _ wait: Double) -> RunMetrics {
      var row = RunMetrics()
      row.strategy = strategy
      row.trace = trace
      row.waitSeconds = wait
      return row
    }
    let rows = [row("a", "calm", 0.1), row("b", "calm", 0.2), row("a", "busy", 10), row("b", "busy", 20)]
    let verdict = Verdict(rows)
    func barWidths(_ axes: HTMLReport.ChartAxes) -> [[Double]] {
      HTMLReport.waitCharts(rows: rows, replicated: nil, verdict: verdict, axes: axes).prefix(2).map { svg in
        svg.matches(of: /<rect x="[0-9.]+" y="[0-9.]+" width="([0-9.]+)"/).compactMap { Double($0.output.1) }
      }
    }
    let shared = barWidths(.shared)
    let perTrace = barWidths(.perTrace)
    #expect(shared[0].max()! * 50 < shared[1].max()!)  // calm: slivers on busy's axis
    #expect(perTrace[0].max() == perTrace[1].max())  // each chart's largest bar spans the plot
    let provenance = Provenance(
      command: "scrollsim compare", scenario: .default, options: SimulationOptions(), replicates: 1, traces: [])
    let page = HTMLReport.render(
      rows: rows, summary: [], replicated: nil, timelines: [], timelineTrace: "calm", provenance: provenance,
      axes: .perTrace)
    #expect(page.contains("each trace on its own axis"))
    #expect(
      HTMLReport.render(
        rows: rows, summary: [], replicated: nil, timelines: [], timelineTrace: "calm", provenance: provenance
      ).contains("one axis for all traces"))
  }

  /// The replay's rows are where the engine lays them out for that seed.
  @Test func replayRowsFollowTheEnginesLayout() throws {
    let timeline = Timeline(events: try Self.run("smart").events)
    var scenario = Scenario.default
    scenario.network.link = try NetworkProfiles.lookup("3g")
    let replay = ReplayHTML(
      runs: [.init(strategy: "s", caption: "", timeline: timeline)], scenario: scenario, seed: 1, viewportWidth: 390,
      viewportHeight: 844)
    let layout = ListLayout(spec: scenario.list, seed: 1)
    #expect(replay.rows.count == Set(timeline.episodes.map(\.item)).count)
    for row in replay.rows.prefix(50) {
      #expect(abs(layout.frame(of: row.item).top - row.top) < 1e-9)
    }
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
    // Frontier points are outlined; every point has a tooltip; the best (a, objective 1) is
    // ringed and labelled; c is dominated by b and has no label.
    // (the legend's "on the frontier" mark is the fourth)
    #expect(svg.components(separatedBy: "r=\"4.5\"").count - 1 == 3 + 1)
    #expect(svg.components(separatedBy: "<title>").count - 1 == 4)
    #expect(svg.contains(">a (best)</text>"))
    // b and d are labelled beside their points and named in the legend; c only in the legend.
    #expect(svg.components(separatedBy: ">b</text>").count - 1 == 2)
    #expect(svg.components(separatedBy: ">c</text>").count - 1 == 1)
    #expect(svg.contains("r=\"9.0\" fill=\"none\" stroke=\"#d62728\""))
  }
}
