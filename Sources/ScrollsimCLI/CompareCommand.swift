import ArgumentParser
import SimCore

struct CompareCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compare",
    abstract: "Run strategies side by side on the same traces, scenario and seed.",
    discussion: """
      One row per strategy and trace; with several traces, a summary row per strategy follows (sums; maxima for max values; time-to-content pooled). Without TRACE, the built-in scenario and trace are used.

      Examples:
        scrollsim compare
        scrollsim compare --strategies infinite,smart --format md Traces/*.json
        scrollsim compare --param threshold=0.8 --set feed.pageSize=10 t.json

      Pictures: --html report.html writes one self-contained page (table, charts, timelines).

      A regression gate (docs/ci.md): store a baseline, then fail (exit 1) when a condition holds:
        scrollsim compare --replicates 5 --format json -o base.json Traces/*.json
        scrollsim compare --replicates 5 --baseline base.json --fail-if 'wait_time > +10%' --format md Traces/*.json
      A condition is [STRATEGY:] METRIC OP BOUND: METRIC any --objective expression (wait_time, blank_time, stall_time, wasted_requests, a key of docs/metrics.md), OP >, >=, < or <=, BOUND a change from the baseline (+10%, -5%, +0.5) or a value (20, no baseline needed). With --replicates, a condition fails only when it holds with 95% confidence (paired over the replicate seeds). The report is then the delta table: baseline, now, change and ✓/✗ per check.
      """)

  @Option(
    name: .long, help: ArgumentHelp("Comma-separated strategy names, or all.", valueName: "a,b|all"),
    completion: .list(["all"] + CommandLineContext.catalog.names))
  var strategies: String = "all"

  @Option(
    name: .long,
    help: ArgumentHelp("A parameter for the strategies that declare it (repeatable).", valueName: "key=value"))
  var param: [String] = []

  @OptionGroup var scenarioOptions: ScenarioOptions

  @Flag(help: "Run strategies one after another instead of in parallel (same output).")
  var serial = false

  @OptionGroup var report: ReportOptions

  @Option(
    help:
      "Run each strategy this many times with derived seeds (the same for every strategy) and report means with 95% intervals."
  )
  var replicates: Int = 1

  @Option(
    help: ArgumentHelp(
      "Also write one self-contained HTML page: the table, a chart per headline metric, each strategy's timeline on the first trace.",
      valueName: "file"))
  var html: String?

  @Option(
    help: ArgumentHelp(
      "A stored comparison (compare --format json) to check --fail-if changes against.", valueName: "base.json"))
  var baseline: String?

  @Option(
    name: .customLong("fail-if"),
    help: ArgumentHelp(
      "Exit 1 if this holds, e.g. 'wait_time > +10%' or 'smart-range: blank_time > 50' (repeatable).",
      valueName: "condition"))
  var failIf: [String] = []

  @Argument(help: "Trace files. Default: the built-in trace.", completion: .file(extensions: ["json"]))
  var traces: [String] = []

  func validate() throws {
    guard (1...1000).contains(replicates) else { throw ValidationError("--replicates must be in 1...1000") }
  }

  func run() throws {
    var failed = false
    try reportingErrors { () throws(SimError) in
      let conditions = try failIf.map { text throws(SimError) in
        var condition = try GateCondition(text)
        // An alias or a one-role name stands for the row's name: smart → smart-range, glide → paging3+glide.
        if let given = condition.strategy, let choice = try? CommandLineContext.catalog.choices(given).first {
          condition.strategy = choice.name
        }
        return condition
      }
      if baseline != nil && conditions.isEmpty {
        throw SimError(.usage, "--baseline needs at least one --fail-if condition, e.g. --fail-if 'wait_time > +10%'")
      }
      let stored = try baseline.map { path throws(SimError) in try Baseline.load(path: path) }
      let choices = try CommandLineContext.catalog.choices(strategies, parameters: param)
      let scenario = try scenarioOptions.load()
      let named = try loadTraces(traces)
      let options = try scenarioOptions.simulationOptions()
      let provenance = Provenance(
        command: CommandLineContext.commandLine, scenario: scenario, options: options, replicates: replicates,
        traces: named)
      let report: String
      let gateRows: [Gate.Row]
      var plain: (rows: [RunMetrics], summary: [RunMetrics]) = ([], [])
      var replicated: [ReplicatedRow]?
      if replicates > 1 {
        // A progress line on stderr when it is a terminal: replicates done, rate, time left.
        let bar = ProgressBar(total: replicates)
        let rows = try Replicates.run(
          traces: named, scenario: scenario, strategies: choices, options: options, replicates: replicates,
          parallel: !serial, progress: bar.update)
        bar.finish()
        report = ReplicatesReport.render(rows, format: self.report.format, provenance: provenance)
        gateRows = rows.map(Gate.Row.init)
        replicated = rows
      } else {
        let rows = try Comparison.run(
          traces: named, scenario: scenario, strategies: choices, options: options, parallel: !serial)
        let summary = named.count > 1 ? Comparison.summary(rows, traceCount: named.count) : []
        report = Report.render(rows, summary: summary, format: self.report.format, provenance: provenance)
        gateRows = (rows + summary).map(Gate.Row.init)
        plain = (rows, summary)
      }
      var outputs: [(text: String, path: String?)] = []
      if let html {
        // Each strategy's timeline on the first trace, under the first seed: one more run each.
        var recording = options
        recording.recordEvents = true
        var timelines: [(String, Timeline)] = []
        for choice in choices {
          let result = try Simulation.run(
            trace: named[0].trace, traceName: named[0].name, scenario: scenario, strategy: choice, options: recording)
          timelines.append((result.metrics.strategy, try Timeline(events: result.events)))
        }
        outputs.append(
          (
            HTMLReport.render(
              rows: plain.rows, summary: plain.summary, replicated: replicated, timelines: timelines,
              timelineTrace: named[0].name, provenance: provenance), html
          ))
      }
      guard !conditions.isEmpty else { return try emitAll(outputs + [(report, self.report.output)]) }
      let checks = try Gate.check(conditions, now: gateRows, baseline: stored?.rows)
      let notes = stored?.provenance.map { provenance.differences(from: $0) } ?? []
      try emitAll(
        outputs + [
          (
            GateReport.render(checks, notes: notes, provenance: provenance, format: self.report.format),
            self.report.output
          )
        ])
      printNote(GateReport.verdict(checks))
      failed = checks.contains { $0.verdict == .fails }
    }
    if failed { throw ExitCode(1) }
  }
}
