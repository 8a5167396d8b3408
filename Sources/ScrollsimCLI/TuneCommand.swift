import ArgumentParser
import Foundation
import SimCore

struct TuneCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tune",
    abstract: "Find the setting to ship for your stack, checked on held-out sessions, printed as code.",
    discussion: """
      Races settings of your stack's knobs (successive halving) on part of the sessions, then checks the best against your current setting (--from; default: the platform's defaults) on the held-out sessions, with a paired 95% interval. Prints the setting in the stack's language, its price (wait, bytes, peak memory, hitch ratio, kills, the gap to the limit closed) and the frontier of wait against memory and bytes. When no setting beats yours significantly, it says so and keeps yours. docs/tuning.md explains the search and its guarantees.

      Stacks: \(TuneStacks.all.map { "\($0.name) (\($0.summary))" }.joined(separator: "; ")).

      Examples:
        scrollsim tune --stack android
        scrollsim tune --stack flutter --budget 'peak_memory<=300MB' sessions/
        scrollsim tune --stack android --budget 'bytes<=+10%' sessions/
        scrollsim tune --stack ios --from loader=nuke --for p90 sessions/
        scrollsim tune --stack flashlist --check sessions/  # exit 1: yours is >5% off
        scrollsim tune --strategy 'process:python3 mine.py' --knobs rows=1:10:1 sessions/  # your own rule

      Without TRACE, the built-in population (12 feed users, Traces/population/). --runs FILE keeps every run (a sweep table); --resume continues it; --shard K/N runs slice K of every run a tune can need (no early stopping), `scrollsim merge` joins the slices, and tune --resume --runs merged.csv answers from them.
      """)

  @Option(help: ArgumentHelp("The stack: \(TuneStacks.names.joined(separator: ", ")).", valueName: "name"))
  var stack: String?

  @Option(
    help: ArgumentHelp(
      "Tune your own strategy instead of a stack: a name or process:COMMAND (docs/protocol.md); give its values with --knobs name=spec.",
      valueName: "name"))
  var strategy: String?

  @Option(
    help: ArgumentHelp(
      "Your current setting, name=value, comma-separated or repeated (default: the platform's defaults).",
      valueName: "k=v,…"))
  var from: [String] = []

  @Option(
    help: ArgumentHelp(
      "Search only these knobs (names, comma-separated), or give one knob's values as name=start:stop:step or name=a,b,c (repeatable; any parameter of the stack's strategy widens the search).",
      valueName: "spec"))
  var knobs: [String] = []

  @Option(
    help: ArgumentHelp(
      "A limit the answer keeps: metric<=bound, absolute (hitch_ratio<=5, peak_memory<=250MB) or relative to --from (bytes<=+10%) (repeatable). Never being killed always is one.",
      valueName: "metric<=bound"))
  var budget: [String] = []

  @Option(
    name: .customLong("for"),
    help: ArgumentHelp("What to minimise: mean (default), p50, p90 or p99 of the per-session wait.", valueName: "key"))
  var key: PopulationKey = .mean

  @Option(
    help: ArgumentHelp(
      "Comma-separated network profiles each session runs on (default: the scenario's).", valueName: "a,b"))
  var networks: String?

  @Option(help: "Runs of each session per network, each with its own luck.")
  var replicates = 1

  @Option(help: "Settings raced, yours included (drawn from the grid of the knobs' values when it is larger).")
  var candidates = 81

  @Option(help: "Keep the best 1/eta of the settings at each rung of the race.")
  var eta = 3

  @Option(help: "The share of sessions held out to check the answer on.")
  var holdout = 0.3

  @Flag(help: "Print --from's setting as the stack's code and stop (no runs).")
  var codeOnly = false

  @Flag(help: "Exit 1 when a setting within the budgets beats --from on the held-out sessions by more than --margin.")
  var check = false

  @Option(help: ArgumentHelp("With --check: the gain that fails it, in percent of the objective.", valueName: "N%"))
  var margin = "5%"

  @Option(
    name: .shortAndLong, help: ArgumentHelp("Write the report here (stdout if absent).", valueName: "file"))
  var output: String?

  @Option(
    help: ArgumentHelp(
      "The report's format: md (the default) or json (schemas/tune.schema.json).", valueName: "md|json"))
  var format: TuneFormat = .md

  @Option(help: ArgumentHelp("Write a self-contained HTML page of the answer and its frontier.", valueName: "file"))
  var html: String?

  @Option(help: ArgumentHelp("Keep every run in this sweep table (CSV), for --resume and --shard.", valueName: "file"))
  var runs: String?

  @Flag(help: "Keep the runs already in --runs (the same tune) and run only the missing ones.")
  var resume = false

  @Option(help: ArgumentHelp("Run only slice K of N of every run (needs --runs; merge the slices).", valueName: "K/N"))
  var shard: String?

  @Option(help: "Worker threads (default: all cores). The output is the same for any value.")
  var jobs: Int?

  @OptionGroup var scenarioOptions: ScenarioOptions

  @Argument(
    help: "Trace files or folders of sessions. Default: the built-in population.",
    completion: .file(extensions: ["json"]))
  var traces: [String] = []

  func validate() throws {
    guard (stack == nil) != (strategy == nil) else {
      throw ValidationError(
        "give --stack (\(TuneStacks.names.joined(separator: ", "))) or --strategy (your own), one of them")
    }
    guard jobs.map({ (1...1024).contains($0) }) ?? true else { throw ValidationError("--jobs must be in 1...1024") }
    guard (1...1000).contains(replicates) else { throw ValidationError("--replicates must be in 1...1000") }
    if resume && runs == nil { throw ValidationError("--resume needs --runs (the table to resume)") }
    if shard != nil && runs == nil { throw ValidationError("--shard needs --runs (where the slice's runs go)") }
    if shard != nil && (output != nil || html != nil || check || resume) {
      throw ValidationError(
        "--shard only runs a slice into --runs; the answer (-o, --html, --check) comes from tune --resume over the merged slices"
      )
    }
  }

  /// `5%` or `5` as 0.05.
  private func marginShare() throws(SimError) -> Double {
    let text = margin.hasSuffix("%") ? String(margin.dropLast()) : margin
    guard let value = Double(text), value.isFinite, value >= 0, value < 100 else {
      throw SimError(.usage, "--margin \(margin): expected a percentage in 0...100, e.g. 5%")
    }
    return value / 100
  }

  func run() throws {
    let stop = StopFlag()
    var failed = false
    try reportingErrors { () throws(SimError) in
      let margin = try marginShare()
      let slice = try shard.map { text throws(SimError) in try SweepShard(text) }
      let stack: TuneStack
      if let strategy {
        stack = try TuneStacks.strategy(strategy, catalog: CommandLineContext.catalog)
      } else {
        stack = try TuneStacks.named(self.stack ?? "")
      }
      var settings: [ParameterAssignment] = []
      for list in from {
        for part in list.split(separator: ",") {
          guard let (key, value) = splitKeyValue(String(part)) else {
            throw SimError(.usage, "--from \(part): expected name=value, e.g. prefetchDistance=40")
          }
          settings.append(ParameterAssignment(ParameterName(parsing: key), value))
        }
      }
      // `--knobs a,b` names knobs; `--knobs a=1,2,3` gives one knob's values.
      let knobSpecs = knobs.flatMap { $0.contains("=") ? [$0] : $0.split(separator: ",").map(String.init) }
      let space = try TuneSpace(
        stack: stack, from: settings, knobs: knobs.isEmpty ? nil : knobSpecs, catalog: CommandLineContext.catalog)
      if codeOnly {
        try writeStandardOutput(space.code(space.current, pageSize: try scenarioOptions.load().feed.pageSize) + "\n")
        return
      }
      let named: [NamedTrace]
      if traces.isEmpty {
        let builtIn = Population.embeddedDefault
        named = (0..<builtIn.count).map(builtIn.namedSession)
      } else {
        named = try NamedTrace.load(traces)
      }
      if scenarioOptions.physics == nil {
        let others = named.filter { named in
          if case .touches = named.trace.input { return !stack.physics.contains(named.trace.device.physics) }
          return false
        }
        if let first = others.first {
          printNote(
            "note: \(others.count) of \(named.count) sessions scroll with \(first.trace.device.physics) physics, not \(stack.name)'s (\(stack.physics.joined(separator: ", "))); they are replayed as recorded (--physics \(stack.physics[0]) replays the same gestures with \(stack.name)'s scrolling)"
          )
        }
      }
      var request = TuneRequest(
        space: space, traces: named, scenario: try scenarioOptions.load(),
        options: try scenarioOptions.simulationOptions())
      if let networks { request.networks = networks.split(separator: ",").map(String.init) }
      request.replicates = replicates
      request.candidates = candidates
      request.eta = eta
      request.holdout = holdout
      request.key = key
      request.budgets = try budget.map { text throws(SimError) in try TuneBudget(text) }
      request.catalog = CommandLineContext.catalog
      let job = try TuneJob(request)
      let previous = try resume ? runs.flatMap(AtomicFile.readTextIfPresent) : nil
      var table = try job.table(resuming: previous, file: runs ?? "")
      stop.onInterrupt { signal in
        writeStandardError("\n")
        printNote("\(signal == SIGTERM ? "terminated" : "interrupted"); keeping finished runs")
      }
      let threads = jobs ?? ProcessInfo.processInfo.activeProcessorCount
      let started = Date()
      if let slice {
        let bar = ProgressBar(total: job.configurations.count / slice.count)
        let count = try job.runShard(
          slice, into: &table, jobs: threads, shouldStop: { stop.isSet }, progress: bar.update)
        bar.finish()
        try emit(table.csv, to: runs)
        if let signal = stop.signal { throw stopped(signal) }
        printNote(
          "shard \(slice.index)/\(slice.count): \(count) runs in \(NumberText.fixed(Date().timeIntervalSince(started), 1)) s; join the shards with scrollsim merge, then run tune with --resume --runs MERGED.csv"
        )
        return
      }
      let bar = ProgressBar(total: job.plannedRuns)
      let result: TuneResult?
      do throws(SimError) {
        result = try job.run(into: &table, jobs: threads, shouldStop: { stop.isSet }, progress: bar.update)
      } catch {
        // A run failed (a strategy's helper process): --runs keeps the finished runs for --resume.
        bar.finish()
        if let runs { try emit(table.csv, to: runs) }
        throw error
      }
      bar.finish()
      guard let result else {
        if let runs { try emit(table.csv, to: runs) }
        throw stopped(stop.signal ?? SIGINT)
      }
      let command = CommandLineContext.commandLine(
        dropping: ["-o", "--output", "--html", "--runs", "--jobs"], flags: ["--resume"])
      var outputs: [(text: String, path: String?)] = []
      if let runs { outputs.append((table.csv, runs)) }
      if let html { outputs.append((TuneHTML.render(result, command: command), html)) }
      let report =
        format == .json
        ? TuneJSON.render(result, command: command) : TuneReport.markdown(result, command: command)
      outputs.append((report, output))
      try emitAll(outputs)
      printNote(
        "\(result.raceRuns) race runs and \(result.heldOutRuns) held-out runs in \(NumberText.fixed(Date().timeIntervalSince(started), 1)) s"
      )
      if check {
        failed = result.checkFails(margin: margin)
        printNote(
          failed
            ? "tune --check: a setting within the budgets beats yours by more than \(NumberText.percent(margin)) on the held-out sessions (exit 1)"
            : "tune --check: your setting is within \(NumberText.percent(margin)) of the best found within the budgets")
      }
    }
    if failed { throw ExitCode(1) }
  }

  private func stopped(_ signal: Int32) -> SimError {
    let what = signal == SIGTERM ? "terminated" : "interrupted"
    return SimError(
      signal == SIGTERM ? .terminated : .interrupted,
      "\(what): run again with --resume --runs \(runs ?? "FILE") to finish\(runs == nil ? " (give --runs to keep the runs)" : "")"
    )
  }
}

/// `tune --format`.
enum TuneFormat: String, ExpressibleByArgument {
  case md, json
}
