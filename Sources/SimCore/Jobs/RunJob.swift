/// `scrollsim run` as one library call: one strategy on one trace (or its replicates), what the
/// run was asked to record (the timeline, the per-frame record) and the pictures drawn from it,
/// and its report. The command parses its options into a job and writes the outcome's texts
/// where it was told.
package struct RunJob: Sendable {
  package var trace: NamedTrace
  package var scenario: Scenario
  package var strategy: StrategyChoice
  /// The run's options; its recordings come from what the outcome needs (`events`, `frames`,
  /// `svg`, `traceEvents`), not from here.
  package var options: SimulationOptions
  /// The report's `meta` (the command line, scenario, options and trace).
  package var provenance: Provenance
  /// Runs with derived seeds (`Replicates`), reported as means with intervals; 1 is one run.
  /// More than one records nothing.
  package var replicates = 1
  package var format: ReportFormat = .table
  /// The table's and Markdown's columns, order and width.
  package var layout = TableLayout()
  /// Whether the outcome carries the timeline as JSON lines (`--events`).
  package var events = false
  /// Whether it carries the per-frame record (`--frames`).
  package var frames = false
  /// Whether it carries the timeline drawn as SVG (`--svg`).
  package var svg = false
  /// Whether it carries the timeline as Chrome trace events (`--trace-events`).
  package var traceEvents = false

  package init(
    trace: NamedTrace, scenario: Scenario, strategy: StrategyChoice, options: SimulationOptions,
    provenance: Provenance
  ) {
    self.trace = trace
    self.scenario = scenario
    self.strategy = strategy
    self.options = options
    self.provenance = provenance
  }

  /// What a run left: its report and each recording or picture asked for (nil: not asked).
  package struct Outcome: Sendable {
    package var report: String
    package var events: String?
    package var frames: String?
    package var svg: String?
    package var traceEvents: String?
  }

  /// Runs the strategy on `control.threads` threads (replicates spread over them; one run is
  /// one thread whatever the number), through `Batch` like every other run.
  package func perform(_ control: BatchControl) throws(SimError) -> Outcome {
    guard replicates == 1 else {
      guard !(events || frames || svg || traceEvents) else {
        throw SimError(.usage, "--events, --frames, --svg and --trace-events record one run; leave out --replicates")
      }
      let rows = try Replicates.run(
        traces: [trace], scenario: scenario, strategies: [strategy], options: options, replicates: replicates,
        jobs: control.threads)
      return Outcome(report: ReplicatesReport.render(rows, format: format, provenance: provenance, layout: layout))
    }
    var record: Batch.Recording = []
    if events || svg || traceEvents { record.insert(.events) }
    if frames { record.insert(.frames) }
    let cell = Batch.Cell(session: 0, scenario: 0, seed: .fixed(options.seed), strategy: strategy, record: record)
    let batch = Batch(
      sessions: Sessions([trace]), scenarios: [scenario], options: options, cells: [cell], measuresLimit: false)
    let result = try batch.results(threads: control.threads)[0]
    var outcome = Outcome(
      report: Report.render([result.metrics], format: format, single: true, provenance: provenance, layout: layout))
    if events { outcome.events = result.events.jsonLines }
    if frames { outcome.frames = result.frames }
    if svg || traceEvents {
      let timeline = Timeline(events: result.events)
      let title = RunTitle.text(result.metrics, trace: trace.trace, scenario: scenario, options: options)
      if svg {
        outcome.svg = TimelineSVG.render(
          timeline, title: title, caps: TimelineSVG.caps(scenario: scenario, strategy: strategy))
      }
      if traceEvents { outcome.traceEvents = TraceEvents.render(timeline, title: title) }
    }
    return outcome
  }
}
