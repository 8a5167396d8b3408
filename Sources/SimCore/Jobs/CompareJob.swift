import Foundation

/// `scrollsim compare` as one library call: the comparison (plain or replicated), its report in
/// one format, the HTML page if asked for, and the regression gate's checks against a baseline.
/// The command only parses its options into a job and prints the outcome.
package struct CompareJob: Sendable {
  package var traces: [NamedTrace]
  package var scenario: Scenario
  package var strategies: [StrategyChoice]
  package var options: SimulationOptions
  /// Runs per strategy and trace with derived seeds (`Replicates`); 1 is a plain comparison.
  package var replicates = 1
  /// Whether each row is measured against the clairvoyant limit (`waitOverLimit`).
  package var measuresLimit = true
  package var format: ReportFormat = .table
  /// The table's and Markdown's columns, order and width.
  package var layout = TableLayout()
  /// The reports' `meta` (the command line, scenario, options and traces).
  package var provenance: Provenance
  /// Whether to draw the HTML page too (one more run per strategy, for the timelines).
  package var html = false
  /// The HTML page's per-trace charts: one axis for all, or one each.
  package var htmlAxes = HTMLReport.ChartAxes.shared
  /// The strategies (their row names) the HTML page replays side by side, among those compared
  /// and only with `html`; nil: the default (`ReplayHTML.defaultReplay`).
  package var replay: [String]?
  /// Whether to write each run's trace events too (one more run per strategy and trace, under
  /// the first seed, recording its timeline).
  package var traceEvents = false
  /// The regression gate (`--fail-if`, `--assert`, `--baseline`); with one, the report is the
  /// gate's delta table.
  package var gate: GateRequest?

  package init(
    traces: [NamedTrace], scenario: Scenario, strategies: [StrategyChoice], options: SimulationOptions,
    provenance: Provenance
  ) {
    self.traces = traces
    self.scenario = scenario
    self.strategies = strategies
    self.options = options
    self.provenance = provenance
  }

  package struct Outcome: Sendable {
    /// The comparison's report or, with conditions, the gate's delta table.
    package var report: String
    /// The HTML page, when the job asked for one.
    package var html: String?
    /// Per strategy and trace, a file name and its trace events (`TraceEvents`), when asked.
    package var traceEvents: [(file: String, text: String)] = []
    /// What the gate found, and its files to write; nil without a gate.
    package var gate: GateOutcome?
    /// The strategies whose helper process failed, left out of the rows (`FailedHelpers`).
    package var failures: [FailedHelpers.Failure] = []
    /// Whether an `error` assertion holds (the command exits 1).
    package var failed: Bool { gate?.failed ?? false }
  }

  /// Runs the comparison on `control.threads` threads (the output is the same for any number);
  /// `control.progress` hears replicates done. A strategy whose helper process fails is left
  /// out and named in `Outcome.failures`; the others' rows are kept.
  package func perform(_ control: BatchControl) throws(SimError) -> Outcome {
    try checkReplay()
    if replicates > 1 { control.progress.start(total: replicates) }
    var (outcome, failures) = try FailedHelpers.excluding(strategies) { (remaining) throws(SimError) in
      var job = self
      job.strategies = remaining
      return try job.compare(threads: control.threads, progress: control.progress.update)
    }
    if replicates > 1 { control.progress.finish() }
    outcome.failures = failures
    return outcome
  }

  private func compare(threads jobs: Int, progress: @escaping @Sendable (Int) -> Void) throws(SimError) -> Outcome {
    let report: String
    let gateRows: [Gate.Row]
    var plain: (rows: [RunMetrics], summary: [RunMetrics]) = ([], [])
    var replicated: [ReplicatedRow]?
    if replicates > 1 {
      let rows = try Replicates.run(
        traces: traces, scenario: scenario, strategies: strategies, options: options, replicates: replicates,
        jobs: jobs, measuresLimit: measuresLimit, progress: progress)
      report = ReplicatesReport.render(rows, format: format, provenance: provenance, layout: layout)
      gateRows = rows.map(Gate.Row.init)
      replicated = rows
    } else {
      let rows = try Comparison.run(
        traces: traces, scenario: scenario, strategies: strategies, options: options, jobs: jobs,
        measuresLimit: measuresLimit)
      let summary = traces.count > 1 ? Comparison.summary(rows, traceCount: traces.count) : []
      report = Report.render(rows, summary: summary, format: format, provenance: provenance, layout: layout)
      gateRows = (rows + summary).map(Gate.Row.init)
      plain = (rows, summary)
    }
    // The runs the pictures read, each keeping its timeline, as one batch: every trace's for the
    // trace events, else the first trace's for the page; trace-major, so the page's come first.
    let recorded = try html || traceEvents ? timelines(traces: traceEvents ? traces.count : 1, threads: jobs) : []
    let page = html ? htmlPage(plain.rows, plain.summary, replicated, Array(recorded.prefix(strategies.count))) : nil
    let events = traceEvents ? traceEventFiles(recorded) : []
    guard let gate else { return Outcome(report: report, html: page, traceEvents: events) }
    let outcome = try gate.check(comparison: gateRows, provenance: provenance)
    return Outcome(report: outcome.report(format), html: page, traceEvents: events, gate: outcome)
  }

  /// `replay` names strategies the page shows: `html` is on, and each is compared.
  private func checkReplay() throws(SimError) {
    guard let replay else { return }
    guard html else { throw SimError(.usage, "--replay draws in the HTML page: give --html FILE too") }
    let compared = Set(strategies.map(\.label))
    for name in replay where !compared.contains(name) {
      throw SimError(.usage, "--replay: \(name) is not among the compared strategies (--strategies)")
    }
  }

  /// One trace-event file per trace and strategy, named `TRACE.STRATEGY.json` (the trace's
  /// file name without `.json`; characters other than letters, digits, `+`, `-`, `_` and `.`
  /// become `_`, so `smart-range(leadingScreens=3)` is `smart-range_leadingScreens_3_`).
  private func traceEventFiles(_ results: [RunResult]) -> [(file: String, text: String)] {
    var files: [(file: String, text: String)] = []
    for (index, result) in results.enumerated() {
      let named = traces[index / strategies.count]
      let title = RunTitle.text(result.metrics, trace: named.trace, scenario: scenario, options: options)
      let stem = named.name.hasSuffix(".json") ? String(named.name.dropLast(5)) : named.name
      files.append(
        (
          Self.fileSafe("\(stem).\(result.metrics.strategy)") + ".json",
          TraceEvents.render(Timeline(events: result.events), title: title)
        ))
    }
    return files
  }

  package static func fileSafe(_ name: String) -> String {
    String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || "+-_.".contains($0)) ? $0 : "_" })
  }

  /// Each strategy's run on each of the first `count` traces (trace-major) under the first
  /// seed, keeping its timeline, as one batch (not measured against the limit).
  private func timelines(traces count: Int, threads: Int) throws(SimError) -> [RunResult] {
    let cells = (0..<count).flatMap { trace in
      strategies.map {
        Batch.Cell(session: trace, scenario: 0, seed: .fixed(options.seed), strategy: $0, record: .events)
      }
    }
    return try Batch(
      sessions: Sessions(traces), scenarios: [scenario], options: options, cells: cells, measuresLimit: false
    ).results(threads: threads)
  }

  /// The page: the verdict, the charts, the replay and each strategy's timeline on the first
  /// trace under the first seed (`first`: those runs, in strategy order).
  private func htmlPage(
    _ rows: [RunMetrics], _ summary: [RunMetrics], _ replicated: [ReplicatedRow]?, _ first: [RunResult]
  ) -> String {
    let firstTrace = traces[0]
    var timelines: [HTMLReport.TimelineRun] = []
    var waits: [String: Double] = [:]
    var roles: [String: LimitRole] = [:]
    for (choice, result) in zip(strategies, first) {
      waits[result.metrics.strategy] = result.metrics.waitSeconds
      roles[result.metrics.strategy] = result.metrics.limitRole
      timelines.append(
        HTMLReport.TimelineRun(
          strategy: result.metrics.strategy,
          title: RunTitle.text(result.metrics, trace: firstTrace.trace, scenario: scenario, options: options),
          timeline: Timeline(events: result.events), caps: TimelineSVG.caps(scenario: scenario, strategy: choice)))
    }
    let chosen = replay ?? ReplayHTML.defaultReplay(timelines.map(\.strategy), waits: waits, roles: roles)
    var replayRuns: [ReplayHTML.Run] = []
    for name in chosen {
      guard let run = timelines.first(where: { $0.strategy == name }) else { continue }
      let caption = "waited \(NumberText.fixed(waits[run.strategy] ?? 0, 2)) s"
      replayRuns.append(ReplayHTML.Run(strategy: run.strategy, caption: caption, timeline: run.timeline))
    }
    let page = ReplayHTML(
      runs: replayRuns, scenario: scenario, seed: options.seed, viewportWidth: firstTrace.trace.device.viewportWidth,
      viewportHeight: firstTrace.trace.device.viewportHeight)
    return HTMLReport.render(
      rows: rows, summary: summary, replicated: replicated, timelines: timelines, timelineTrace: firstTrace.name,
      replay: page, provenance: provenance, axes: htmlAxes)
  }
}
