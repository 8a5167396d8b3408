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

  @Option(help: "Worker threads (default: all cores). The output is the same for any value.")
  var jobs: Int?

  @Option(
    help: ArgumentHelp("Run only slice K of N (1-based): configurations with index mod N = K − 1.", valueName: "K/N"))
  var shard: String?

  @OptionGroup var outputs: SweepOutputs

  @Flag(help: "Keep the rows already in -o (same sweep) and run only the missing ones.")
  var resume = false

  @OptionGroup var scenarioOptions: ScenarioOptions

  @OptionGroup var limit: LimitOption

  @OptionGroup(title: "Regression gate") var gate: GateOptions

  @Argument(help: "Trace files. Default: the built-in trace.", completion: .file(extensions: ["json"]))
  var traces: [String] = []

  func validate() throws {
    guard jobs.map({ (1...1024).contains($0) }) ?? true else { throw ValidationError("--jobs must be in 1...1024") }
    if resume && outputs.output == nil { throw ValidationError("--resume needs -o (the file to resume)") }
    do throws(SimError) { _ = try shard.map(Shard.init) } catch { throw ValidationError(error.message) }
  }

  func run() throws {
    let stop = StopFlag()
    var failed = false
    try reportingErrors { () throws(SimError) in
      let objective = try Objective(outputs.objective)  // a bad one fails before the runs
      let gateRequest = try gate.request(baseline: .sweep, traces: traces)
      let sessions = try Sessions.files(traces)
      var sweepPlan = try plan.plan(seed: scenarioOptions.seed, traceNames: sessions.names)
      // A folder is a population: each session draws its own luck, as `compare` runs it.
      sweepPlan.sessionLuck = traces.contains(where: TraceFolder.isFolder)
      var job = try SweepJob(
        input: SweepRunner.Input(
          plan: sweepPlan, sessions: sessions,
          scenario: try scenarioOptions.load(),
          options: try scenarioOptions.simulationOptions(), measuresLimit: limit.measures),
        shard: try shard.map(Shard.init))
      job.gate = gateRequest
      var table = try job.table(resumingFrom: resume ? outputs.output : nil)
      let bar = ProgressBar(total: job.missing(from: table).count)
      stop.onInterrupt { signal in
        writeStandardError("\n")
        printNote("\(signal == SIGTERM ? "terminated" : "interrupted"); keeping finished runs")
      }
      let started = Date()
      let before = table.rows.count
      do throws(SimError) {
        try job.run(
          into: &table, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, shouldStop: { stop.isSet },
          progress: { bar.update($0) })
      } catch {
        // A run failed (a strategy's helper process): the finished runs are kept, as after
        // Ctrl-C, so that --resume goes on once the helper is fixed.
        bar.finish()
        try outputs.write(table, objective: objective, tableOnly: true, also: [])
        printNote("\(table.rows.count) of \(table.total) runs kept in the table (--resume goes on from them)")
        throw error
      }
      bar.finish()
      // A gate that cannot pair the runs still leaves the sweep's own outputs written: the
      // runs took minutes, the mismatch is fixed by another baseline.
      var gateOutcome: GateOutcome?
      var gateError: SimError?
      if stop.signal == nil {
        do throws(SimError) { gateOutcome = try job.checkGate(table) } catch { gateError = error }
      }
      if let gateOutcome { writeStandardError(gateOutcome.report(.table)) }
      try outputs.write(
        table, objective: objective, tableOnly: stop.signal != nil,
        also: gateOutcome?.files.map { ($0.text, $0.path) } ?? [], scenario: job.input.scenario)
      if let gateError { throw gateError }
      let seconds = NumberText.fixed(Date().timeIntervalSince(started), 1)
      printNote(
        "\(table.rows.count) of \(table.total) runs in the table; \(table.rows.count - before) run now in \(seconds) s")
      if let signal = stop.signal { throw SweepJob.stopped(terminated: signal == SIGTERM, output: outputs.output) }
      if let verdict = gateOutcome?.verdict { printNote(verdict) }
      failed = gateOutcome?.failed ?? false
    }
    if failed { throw ExitCode(1) }
  }
}
