import ArgumentParser
import Foundation
import SimCore

struct CompareCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compare",
    abstract: "Run strategies side by side on the same traces, scenario and seed.",
    discussion: """
      One row per strategy and trace; with several traces, a summary row per strategy follows (sums; maxima for max values; time-to-content pooled). A folder of traces is a population of sessions: one row per strategy with the mean, p50, p90 and p99 of the per-session wait, the shares of sessions that stalled, showed a blank over a second, hitched or were killed, and paired 95% intervals (docs/metrics.md, Populations). Without TRACE, the built-in scenario and population: 12 feed users, two minutes each (Traces/population/).

      Examples:
        scrollsim compare
        scrollsim compare --for p90 Traces/population/
        scrollsim compare --strategies infinite,smart --format md Traces/*.json
        scrollsim compare --param threshold=0.8 --set feed.pageSize=10 t.json

      Pictures: --html report.html writes one self-contained page (verdict, charts, a replay of the screen, timelines; docs/metrics.md); --trace-events DIR writes each run for Perfetto (docs/events.md).

      A regression gate (docs/ci.md): store a baseline, then fail (exit 1) when an error assertion holds:
        scrollsim compare --replicates 5 --format json -o base.json Traces/*.json
        scrollsim compare --replicates 5 --baseline base.json --fail-if 'wait_time > +10%' --format md Traces/*.json
        scrollsim compare --replicates 5 --baseline base.json --assert gate.json --junit gate.xml --annotations gate.txt --gate-summary gate.md Traces/*.json
      A condition is [STRATEGY:] METRIC OP BOUND: METRIC any --objective expression (wait_time, blank_time, stall_time, wasted_requests, a key of docs/metrics.md), OP >, >=, < or <=, BOUND a change from the baseline (+10%, -5%, +0.5) or a value (20, no baseline needed). An assertions file (--assert; docs/examples/assertions.json) gives each a level (warn reports, error fails) and a confidence. With --replicates, a condition holds only with that confidence (95% for --fail-if; paired over the replicate seeds). The report is then the delta table: baseline, now, change and ✓/⚠/✗ per check.
      """)

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Comma-separated strategy names (see `scrollsim strategies`), pairs such as paging3+glide, process:COMMAND for your own in any language (docs/protocol.md), or all.",
      valueName: "a,b|all"),
    completion: .list(["all"] + CommandLineContext.catalog.names))
  var strategies: String = "all"

  @Option(
    name: .long,
    help: ArgumentHelp("A parameter for the strategies that declare it (repeatable).", valueName: "key=value"),
    transform: ParameterAssignment.argument)
  var param: [ParameterAssignment] = []

  @OptionGroup var scenarioOptions: ScenarioOptions

  @Flag(help: "Run strategies one after another instead of in parallel (same output); --jobs 1.")
  var serial = false

  @Option(
    help:
      "Worker threads the runs share, every trace × strategy × replicate (and the limit's) at once (default: all cores). The output is the same for any value."
  )
  var jobs: Int?

  /// The threads to run on: `--jobs`, 1 with `--serial`, else every core.
  var threads: Int { serial ? 1 : jobs ?? ProcessInfo.processInfo.activeProcessorCount }

  @OptionGroup var limit: LimitOption

  @OptionGroup var report: ReportOptions

  @Option(
    help:
      "Run each strategy this many times with derived seeds (the same for every strategy) and report means with 95% intervals."
  )
  var replicates: Int = 1

  @OptionGroup var pictures: PictureOptions

  @OptionGroup(title: "Regression gate") var gate: GateOptions

  @Flag(
    help:
      "Treat the traces as one population of users' sessions (a folder always is): per strategy the mean, p50, p90 and p99 of the per-session wait, shares of sessions that stalled, hitched or showed a blank over a second, and paired 95% intervals against the best."
  )
  var population = false

  @Option(
    name: .customLong("for"),
    help: ArgumentHelp(
      "What ranks a population: mean (the default), p50, p90 or p99 of the per-session wait.", valueName: "key"))
  var rankFor: PopulationKey?

  @Option(
    help: ArgumentHelp(
      "Run only slice K of N of a population's sessions (those whose index mod N is K − 1), for `merge` to join; needs --format json.",
      valueName: "K/N"))
  var shard: String?

  @Argument(
    help: "Trace files or folders of them (a folder is a population). Default: the built-in population.",
    completion: .file(extensions: ["json"]))
  var traces: [String] = []

  func validate() throws {
    guard (1...1000).contains(replicates) else { throw ValidationError("--replicates must be in 1...1000") }
    guard jobs.map({ (1...1024).contains($0) }) ?? true else { throw ValidationError("--jobs must be in 1...1024") }
    guard !(serial && jobs != nil) else { throw ValidationError("give --serial or --jobs N, not both") }
  }

  /// Options that, without a trace, keep to the built-in trace: those that compare single runs
  /// (a population does not take them), and the gate (baselines stored without a trace are of
  /// the built-in trace).
  private var singleRunOptions: [String] {
    [
      replicates > 1 ? "--replicates" : nil, pictures.html != nil ? "--html" : nil,
      pictures.traceEvents != nil ? "--trace-events" : nil,
      gate.baseline != nil || !gate.failIf.isEmpty || !gate.assertionFiles.isEmpty ? "the regression gate" : nil,
    ].compactMap { $0 }
  }

  func run() throws {
    // Without traces: the built-in population, or the built-in trace for what needs single runs.
    if traces.isEmpty && !population && !singleRunOptions.isEmpty {
      printNote(
        "note: \(singleRunOptions.joined(separator: ", ")) compare\(singleRunOptions.count == 1 ? "s" : "") single runs: the built-in trace (\(Trace.embeddedDefault.name)) instead of the built-in population"
      )
    } else if population || traces.isEmpty || traces.contains(where: TraceFolder.isFolder) {
      var failed = false
      var helperFailure: SimError?
      try reportingErrors { () throws(SimError) in (failed, helperFailure) = try runPopulation() }
      if let helperFailure { try reportingErrors { () throws(SimError) in throw helperFailure } }
      if failed { throw ExitCode(1) }
      return
    }
    if rankFor != nil || shard != nil {
      throw ValidationError(
        "\(rankFor != nil ? "--for ranks" : "--shard splits") a population: give a folder of sessions, or --population")
    }
    var failed = false
    var helperFailure: SimError?
    try reportingErrors { () throws(SimError) in
      let gateRequest = try gate.request(baseline: .comparison, traces: traces)
      let choices = try CommandLineContext.catalog.choices(strategies, settings: param)
      let scenario = try scenarioOptions.load()
      let named = try NamedTrace.load(traces, jobs: threads)
      scenarioOptions.noteOptionsWithoutEffect(on: named)
      try scenarioOptions.noteTracesThatCannotSeparate(named, scenario: scenario, jobs: threads)
      let options = try scenarioOptions.simulationOptions()
      var job = CompareJob(
        traces: named, scenario: scenario, strategies: choices, options: options,
        provenance: Provenance(
          // How many threads ran it changes nothing in the result, so the record leaves it out.
          command: CommandLineContext.commandLine(dropping: ["--jobs"], flags: ["--serial"]), scenario: scenario,
          options: options, replicates: replicates,
          traces: named))
      job.gate = gateRequest
      job.replicates = replicates
      job.jobs = threads
      job.measuresLimit = limit.measures
      job.format = report.format
      job.layout = try report.layout()
      try pictures.configure(&job, settings: param)
      // A progress line on stderr when it is a terminal: replicates done, rate, time left.
      let bar = ProgressBar(total: replicates > 1 ? replicates : 0)
      // A strategy whose helper process fails is left out; the others' rows are kept.
      let (outcome, failures) = try FailedHelpers.excluding(choices) { (remaining) throws(SimError) in
        var job = job
        job.strategies = remaining
        return try job.run(progress: bar.update)
      }
      if replicates > 1 { bar.finish() }
      let gateFiles = outcome.gate?.files.map { ($0.text, Optional($0.path)) } ?? []
      try emitAll(
        try pictures.files(outcome) + gateFiles + [
          (Self.noting(failures, outcome.report, report.format), report.output)
        ])
      if let verdict = outcome.gate?.verdict { printNote(verdict) }
      failed = outcome.failed
      helperFailure = failures.first?.error
    }
    // The report is written; a failed helper still makes the command fail (exit 65).
    if let helperFailure { try reportingErrors { () throws(SimError) in throw helperFailure } }
    if failed { throw ExitCode(1) }
  }

  /// The comparison over a population: one summary row per strategy (`PopulationReport`), or
  /// the gate's delta table; returns whether an error assertion held.
  /// `report` with a first line per strategy whose helper failed (table and Markdown; JSON and
  /// CSV keep their shape, and the command's exit code and stderr say it).
  static func noting(_ failures: [FailedHelpers.Failure], _ report: String, _ format: ReportFormat) -> String {
    guard !failures.isEmpty, format == .table || format == .md else { return report }
    return FailedHelpers.notes(failures).map { format == .md ? "> **\($0)**\n" : $0 + "\n" }.joined() + "\n" + report
  }

  private func runPopulation() throws(SimError) -> (failed: Bool, helperFailure: SimError?) {
    guard replicates == 1 else {
      throw SimError(
        .usage,
        "--replicates: over a population each session already draws its own network luck; give more sessions instead")
    }
    guard pictures.html == nil, pictures.traceEvents == nil, pictures.htmlAxes == nil else {
      throw SimError(
        .usage, "--html, --html-axes and --trace-events draw single runs: give one session's file, not the population")
    }
    let gateRequest = try gate.request(baseline: .comparison, traces: traces)
    let slice = try shard.map { text throws(SimError) in try SweepShard(text) }
    guard slice == nil || gateRequest == nil else {
      throw SimError(.usage, "--shard writes a part for merge; gate the merged report, not a shard")
    }
    guard slice == nil || report.format == .json else {
      throw SimError(.usage, "--shard writes a part for `scrollsim merge` to join: give --format json")
    }
    // No trace: the built-in population (Traces/population/, generated here).
    let files = traces.isEmpty ? [] : try TraceFolder.expand(traces)
    let builtIn = Population.embeddedDefault
    let count = traces.isEmpty ? builtIn.count : files.count
    let choices = try CommandLineContext.catalog.choices(strategies, settings: param)
    let scenario = try scenarioOptions.load()
    let options = try scenarioOptions.simulationOptions()
    var run = PopulationRun(
      count: count,
      session: { index throws(SimError) in
        if files.isEmpty { return builtIn.namedSession(index) }
        return NamedTrace(name: NamedTrace.name(of: files[index]), trace: try Trace.load(path: files[index]))
      }, scenario: scenario, strategies: choices, options: options)
    run.measuresLimit = limit.measures
    run.threads = threads
    let bar = ProgressBar(total: slice.map { (count + $0.count - $0.index) / $0.count } ?? count)
    let indices = slice.map { slice in (0..<count).filter { $0 % slice.count == slice.index - 1 } }
    // A strategy whose helper process fails is left out; the others' rows are kept.
    let (summary, failures) = try FailedHelpers.excluding(choices) { (remaining) throws(SimError) in
      var run = run
      run.strategies = remaining
      return try run.run(indices: indices, progress: bar.update)
    }
    bar.finish()
    // The command that reproduces the result, whichever shard ran it and wherever it was written.
    let provenance = Provenance.population(
      command: CommandLineContext.commandLine(dropping: ["--shard", "-o", "--output", "--jobs"], flags: ["--serial"]),
      scenario: scenario,
      options: options, summary: summary)
    let text = Self.noting(
      failures,
      PopulationReport.render(
        summary, key: rankFor ?? .mean, format: report.format, provenance: provenance, layout: try report.layout(),
        shard: slice.map { "\($0.index)/\($0.count)" }), report.format)
    guard let gateRequest else {
      try emit(text, to: report.output)
      return (false, failures.first?.error)
    }
    // The gate's delta table is the report, as for traces (docs/ci.md).
    let outcome = try gateRequest.check(comparison: summary.gateRows(seed: options.seed), provenance: provenance)
    try emitAll(outcome.files.map { ($0.text, Optional($0.path)) } + [(outcome.report(report.format), report.output)])
    printNote(outcome.verdict)
    return (outcome.failed, failures.first?.error)
  }
}

extension PopulationKey: ExpressibleByArgument {}
