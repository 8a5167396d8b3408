import ArgumentParser
import SimCore

struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run one strategy on one trace and print its metrics.",
    discussion: """
      Examples:
        scrollsim run --strategy smart Traces/lab/flinger-60s.json
        scrollsim run --strategy threshold --param mode=dynamic trace.json
        scrollsim run --strategy lazy --events timeline.jsonl trace.json
        scrollsim run --strategy flatlist --frames frames.jsonl trace.json
        scrollsim run --strategy smart --svg timeline.svg --trace-events trace.json Traces/lab/flinger-60s.json

      Without TRACE the built-in default trace is used. Metric keys: docs/metrics.md; the --events timeline: docs/events.md.
      """)

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Strategy name or alias (see `scrollsim strategies`), a pair such as paging3+glide, or process:COMMAND for your own in any language (docs/protocol.md).",
      valueName: "name"),
    completion: .list(CommandLineContext.catalog.names))
  var strategy: String

  @Option(
    name: .long,
    help: ArgumentHelp("A strategy parameter, e.g. --param threshold=0.8 (repeatable).", valueName: "key=value"),
    transform: ParameterAssignment.argument)
  var param: [ParameterAssignment] = []

  @OptionGroup var scenarioOptions: ScenarioOptions

  @Option(name: .long, help: ArgumentHelp("Write the run's timeline as JSON lines to this file.", valueName: "file"))
  var events: String?

  @Option(
    help: ArgumentHelp(
      "Write the per-frame record as JSON lines: each callback the strategy hears, the rows' layout, and at each drawn frame the offset, viewport and the strategy's own state (docs/events.md); what Validation/platforms/ replays into a platform's own list code.",
      valueName: "file"))
  var frames: String?

  @Option(
    help: ArgumentHelp(
      "Draw the run's timeline as a self-contained SVG: offset with gestures and stalls, rows × time with blanks, requests in flight.",
      valueName: "file"))
  var svg: String?

  @Option(
    name: .customLong("trace-events"),
    help: ArgumentHelp(
      "Write the timeline in Chrome's trace-event format (open in ui.perfetto.dev or chrome://tracing).",
      valueName: "file"))
  var traceEvents: String?

  @OptionGroup var report: ReportOptions

  @Option(
    help:
      "Run each strategy this many times with derived seeds (the same for every strategy) and report means with 95% intervals."
  )
  var replicates: Int = 1

  @Argument(
    help: "A trace file (docs/trace-format.md). Default: the built-in trace.", completion: .file(extensions: ["json"]))
  var trace: String?

  func validate() throws {
    guard (1...1000).contains(replicates) else { throw ValidationError("--replicates must be in 1...1000") }
    if replicates > 1 && (events != nil || frames != nil || svg != nil || traceEvents != nil) {
      throw ValidationError("--events, --frames, --svg and --trace-events record one run; leave out --replicates")
    }
  }

  func run() throws {
    try reportingErrors { () throws(SimError) in
      let choice = try StrategyChoice(name: strategy, settings: param, catalog: CommandLineContext.catalog)
      if let trace, TraceFolder.isFolder(trace) {
        throw SimError(
          .usage, "\(trace) is a folder: run replays one trace; `scrollsim compare \(trace)` compares a population")
      }
      let named = try NamedTrace.load(trace.map { [$0] } ?? [])[0]
      let scenario = try scenarioOptions.load(runningOn: nil, sessions: Sessions([named]))
      scenarioOptions.noteOptionsWithoutEffect(on: [named])
      var options = try scenarioOptions.simulationOptions(
        recordEvents: events != nil || svg != nil || traceEvents != nil)
      options.recordFrames = frames != nil
      var job = RunJob(
        trace: named, scenario: scenario, strategy: choice, options: options,
        provenance: Provenance(
          command: CommandLineContext.commandLine, scenario: scenario, options: options, replicates: replicates,
          traces: [named]))
      (job.replicates, job.format, job.layout) = (replicates, report.format, try report.layout())
      (job.events, job.frames, job.svg, job.traceEvents) = (
        events != nil, frames != nil, svg != nil, traceEvents != nil
      )
      try emitAll(outputs(of: try job.perform(BatchControl(threads: BatchControl.defaultThreads))))
    }
  }
}
