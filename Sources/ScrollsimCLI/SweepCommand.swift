import ArgumentParser
import Foundation
import SimCore

struct SweepCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sweep",
    abstract: "Run many configurations (a grid or random search) × strategies × networks × traces, in parallel.",
    discussion: """
      Writes a long-format CSV (one row per configuration, trace and replicate; columns in docs/sweeps.md) and a Markdown summary: the best configuration per strategy for --objective, and the Pareto frontiers of the user's wait against wasted requests (--svg draws it) , against the main thread's hitch time ratio and against peak memory (configurations whose app was killed for memory never win while one lived). Ctrl-C stops cleanly and keeps what finished; run again with --resume to finish. --shard K/N runs a deterministic slice for CI matrices or Kubernetes Indexed Jobs; `scrollsim merge` joins the shards.

      Example:
        scrollsim sweep --strategies threshold --grid threshold=0.5:0.95:0.05 \\
          --networks wifi,slow-4g Traces/*.json -o sweep.csv --summary sweep.md

      A tuned configuration is guarded by gating the sweep against its stored table (docs/ci.md): --baseline sweep.csv with --fail-if 'threshold(threshold=0.7): wait_time > +10%' or --assert FILE; the delta table goes to stderr, exit 1 when an error assertion holds.
      """)

  @OptionGroup var plan: SweepPlanOptions

  @OptionGroup var threadsOption: ThreadsOption

  @Option(
    help: ArgumentHelp("Run only slice K of N (1-based): configurations with index mod N = K − 1.", valueName: "K/N"))
  var shard: String?

  @OptionGroup var outputs: SweepOutputs

  @Flag(
    help:
      "Run the sessions that read and leave out those that cannot, stating how many in the report (default: refuse, naming every unreadable file)."
  )
  var skipUnreadable = false

  @Flag(help: "Keep the rows already in -o (same sweep) and run only the missing ones.")
  var resume = false

  @OptionGroup var scenarioOptions: ScenarioOptions

  @OptionGroup var limit: LimitOption

  @OptionGroup(title: "Regression gate") var gate: GateOptions

  @Argument(help: "Trace files. Default: the built-in trace.", completion: .file(extensions: ["json"]))
  var traces: [String] = []

  func validate() throws {
    if resume && outputs.output == nil { throw ValidationError("--resume needs -o (the file to resume)") }
  }

  var threads: Int { threadsOption.threads }

  func run() throws {
    var failed = false
    try reportingErrors { () throws(SimError) in
      let objective = try Objective(outputs.objective)  // a bad one fails before the runs
      let gateRequest = try gate.request(baseline: .sweep, traces: traces)
      let (sessions, leftOut) = try Sessions.files(traces).readable(threads: threads, skipping: skipUnreadable)
      var sweepPlan = try plan.plan(seed: scenarioOptions.seed, traceNames: sessions.names)
      // A folder is a population: each session draws its own luck, as `compare` runs it.
      sweepPlan.sessionLuck = traces.contains(where: TraceFolder.isFolder)
      var job = try SweepJob(
        plan: sweepPlan, sessions: sessions,
        scenario: try scenarioOptions.load(
          runningOn: sweepPlan.networks == ["scenario"] ? nil : sweepPlan.networks, sessions: sessions),
        options: try scenarioOptions.simulationOptions(), measuresLimit: limit.measures, shard: shard)
      job.gate = gateRequest
      job.output = outputs.output
      job.resume = resume
      let outcome = try job.perform(
        BatchControl(threads: threads, stop: .listening(printInterruption), progress: ProgressBar()))
      if let gate = outcome.gate { writeStandardError(gate.report(.table)) }
      try outputs.write(
        outcome.table, objective: objective, tableOnly: outcome.tableOnly,
        also: outcome.gate?.files.map { ($0.text, $0.path) } ?? [], scenario: job.input.scenario,
        unreadableLeftOut: leftOut.count)
      if !leftOut.isEmpty { printNote(Provenance.leftOutNote(leftOut.count)) }
      for note in outcome.notes { printNote(note) }
      if let error = outcome.error { throw error }
      failed = outcome.gate?.failed ?? false
    }
    if failed { throw ExitCode(1) }
  }
}
