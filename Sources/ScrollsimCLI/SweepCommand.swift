import ArgumentParser
import Foundation
import SimCore

struct SweepCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sweep",
    abstract: "Run many configurations (a grid or random search) × strategies × networks × traces, in parallel.",
    discussion: """
      Writes a long-format CSV (one row per configuration, trace and replicate; columns in docs/sweeps.md) and a Markdown summary: the best configuration per strategy for --objective, and the Pareto frontier of the user's wait and wasted requests (--svg draws it). Ctrl-C stops cleanly and keeps what finished; run again with --resume to finish. --shard K/N runs a deterministic slice for CI matrices or Kubernetes Indexed Jobs; `scrollsim merge` joins the shards.

      Example:
        scrollsim sweep --strategies threshold --grid threshold=0.5:0.95:0.05 \\
          --networks wifi,slow-4g Traces/*.json -o sweep.csv --summary sweep.md
      """)

  @Option(
    name: .long, help: ArgumentHelp("Comma-separated strategy names, or all.", valueName: "a,b|all"),
    completion: .list(["all"] + CommandLineContext.catalog.names))
  var strategies = "all"

  @Option(
    name: .long,
    help: ArgumentHelp(
      "A grid axis: name=start:stop:step or name=a,b,c (repeatable; kebab-case names work).", valueName: "name=spec"))
  var grid: [String] = []

  @Option(
    name: .long,
    help: ArgumentHelp(
      "A range for random search: name=low:high (repeatable; with --samples).", valueName: "name=low:high"))
  var range: [String] = []

  @Option(help: "Random configurations per strategy over the --range axes (instead of the grid).")
  var samples = 0

  @Option(
    help: ArgumentHelp("Comma-separated network profiles to cross with (default: the scenario's).", valueName: "a,b"))
  var networks: String?

  @Option(help: "Runs per configuration with derived seeds (the same seeds for every configuration).")
  var replicates = 1

  @Option(help: "Worker threads (default: all cores). The output is the same for any value.")
  var jobs: Int?

  @Option(
    help: ArgumentHelp("Run only slice K of N (1-based): configurations with index mod N = K − 1.", valueName: "K/N"))
  var shard: String?

  @Option(help: ArgumentHelp("Objective to minimise (grammar in docs/sweeps.md).", valueName: "expr"))
  var objective = SweepSummary.defaultObjective

  @Option(
    name: .shortAndLong, help: ArgumentHelp("Result CSV (written atomically; stdout if absent).", valueName: "file"))
  var output: String?

  @Option(help: ArgumentHelp("Write the Markdown summary here (stdout if absent and -o is given).", valueName: "file"))
  var summary: String?

  @Option(
    help: ArgumentHelp(
      "Draw every configuration's wait against its wasted requests, the Pareto frontier marked, as SVG.",
      valueName: "file"))
  var svg: String?

  @Flag(help: "Keep the rows already in -o (same sweep) and run only the missing ones.")
  var resume = false

  @OptionGroup var scenarioOptions: ScenarioOptions

  @Argument(help: "Trace files. Default: the built-in trace.", completion: .file(extensions: ["json"]))
  var traces: [String] = []

  func shardSlice() throws -> (k: Int, n: Int)? {
    guard let shard else { return nil }
    let parts = shard.split(separator: "/").map { Int($0) }
    guard parts.count == 2, let k = parts[0], let n = parts[1], n >= 1, (1...n).contains(k) else {
      throw ValidationError("--shard must be K/N with 1 ≤ K ≤ N, e.g. 2/8")
    }
    return (k, n)
  }

  func validate() throws {
    guard jobs.map({ (1...1024).contains($0) }) ?? true else { throw ValidationError("--jobs must be in 1...1024") }
    guard (1...1000).contains(replicates) else { throw ValidationError("--replicates must be in 1...1000") }
    guard samples >= 0, samples <= 1_000_000 else { throw ValidationError("--samples must be in 0...1000000") }
    if samples > 0 && range.isEmpty { throw ValidationError("--samples needs at least one --range") }
    if samples == 0 && !range.isEmpty { throw ValidationError("--range needs --samples N") }
    if resume && output == nil { throw ValidationError("--resume needs -o (the file to resume)") }
    _ = try shardSlice()
  }

  func run() throws {
    let slice = try shardSlice()
    let stop = StopFlag()
    try reportingErrors { () throws(SimError) in
      let objective = try Objective(self.objective)
      let named = try loadTraces(traces)
      var plan = SweepPlan(
        strategies: try CommandLineContext.catalog.expressions(strategies),
        traceNames: named.map(\.name), catalog: CommandLineContext.catalog)
      plan.grid = try grid.map { spec throws(SimError) in try SweepPlan.axis(spec) }
      plan.ranges = try range.map { spec throws(SimError) in try SweepPlan.range(spec) }
      plan.samples = samples
      plan.replicates = replicates
      plan.seed = scenarioOptions.seed
      if let networks {
        plan.networks = networks.split(separator: ",").map(String.init)
        for network in plan.networks where network != "scenario" { _ = try NetworkProfiles.lookup(network) }
      }
      let all = try plan.configurations()
      var selected = slice.map { s in all.filter { $0.index % s.n == s.k - 1 } } ?? all
      let input = SweepRunner.Input(
        plan: plan, traces: named, scenario: try scenarioOptions.load(),
        options: try scenarioOptions.simulationOptions())
      var table = SweepTable(fingerprint: input.fingerprint, total: all.count)
      // A sweep stopped before its first row finished left only the header: nothing to keep.
      if resume, let output, FileManager.default.fileExists(atPath: output),
        case let text = String(decoding: try AtomicFile.read(output), as: UTF8.self),
        text.trimmingCharacters(in: .whitespacesAndNewlines) != SweepTable.header
      {
        let previous = try SweepTable.read(text, file: output)
        guard previous.fingerprint == table.fingerprint else {
          throw SimError(
            .usage, "\(output) holds another sweep (fingerprint \(previous.fingerprint), this one \(table.fingerprint))"
          )
        }
        table = previous
        selected = selected.filter { table.rows[$0.index] == nil }
      }
      let bar = ProgressBar(total: selected.count)
      stop.onInterrupt { signal in
        writeStandardError("\n")
        printNote("\(signal == SIGTERM ? "terminated" : "interrupted"); keeping finished runs")
      }
      let started = Date()
      let before = table.rows.count
      try SweepRunner.run(
        input, configurations: selected, into: &table, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
        shouldStop: { stop.isSet },
        progress: { bar.update($0) })
      bar.finish()
      let csv = table.csv
      if stop.signal != nil {
        // Interrupted: only the table, for --resume.
        try emit(csv, to: output)
      } else {
        let text = SweepSummary.markdown(table, objective: objective, command: CommandLineContext.commandLine)
        var outputs: [(text: String, path: String?)] = [(csv, output)]
        if let svg { outputs.append((ParetoSVG.render(table: table, objective: objective), svg)) }
        if let summary {
          outputs.append((text, summary))
        } else if output != nil {
          outputs.append((text, nil))
        }
        try emitAll(outputs)
      }
      let seconds = Date().timeIntervalSince(started)
      printNote(
        "\(table.rows.count) of \(all.count) runs in the table; \(table.rows.count - before) run now in \(Report.fixed(seconds, 1)) s"
      )
      if let signal = stop.signal {
        throw SimError(
          signal == SIGTERM ? .terminated : .interrupted,
          "\(signal == SIGTERM ? "terminated" : "interrupted"): run again with --resume -o \(output ?? "FILE") to finish"
        )
      }
    }
  }
}

struct MergeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "merge",
    abstract: "Join sweep shards; every configuration must appear exactly once.",
    discussion: """
      The merged table is byte for byte the unsharded run's. Example:
        scrollsim merge shard-*.csv -o sweep.csv --summary sweep.md
      """)

  @Option(name: .shortAndLong, help: ArgumentHelp("Merged CSV (atomic; stdout if absent).", valueName: "file"))
  var output: String?

  @Option(help: ArgumentHelp("Write the Markdown summary here.", valueName: "file"))
  var summary: String?

  @Option(help: ArgumentHelp("Draw the Pareto scatter (as sweep --svg) here.", valueName: "file"))
  var svg: String?

  @Option(help: ArgumentHelp("Objective for the summary.", valueName: "expr"))
  var objective = SweepSummary.defaultObjective

  @Argument(help: "Shard CSV files.") var files: [String]

  func validate() throws {
    guard !files.isEmpty else { throw ValidationError("give the shard files") }
  }

  func run() throws {
    try reportingErrors { () throws(SimError) in
      let objective = try Objective(self.objective)
      var tables: [(file: String, table: SweepTable)] = []
      for file in files {
        tables.append((file, try SweepTable.read(String(decoding: AtomicFile.read(file), as: UTF8.self), file: file)))
      }
      let merged = try SweepTable.merge(tables)
      var outputs: [(text: String, path: String?)] = [(merged.csv, output)]
      if let summary {
        outputs.append(
          (SweepSummary.markdown(merged, objective: objective, command: CommandLineContext.commandLine), summary))
      }
      if let svg { outputs.append((ParetoSVG.render(table: merged, objective: objective), svg)) }
      try emitAll(outputs)
    }
  }
}

/// Set by Ctrl-C (SIGINT) or SIGTERM: the sweep stops starting new runs and keeps the finished
/// ones; `signal` says which came first (exit 130 or 143).
final class StopFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var received: Int32?
  private var sources: [DispatchSourceSignal] = []

  var isSet: Bool { signal != nil }

  var signal: Int32? {
    lock.lock()
    defer { lock.unlock() }
    return received
  }

  func onInterrupt(_ note: @escaping @Sendable (Int32) -> Void) {
    for number in [SIGINT, SIGTERM] {
      Foundation.signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { [weak self] in
        guard let self else { return }
        self.lock.lock()
        let first = self.received == nil
        if first { self.received = number }
        self.lock.unlock()
        if first { note(number) }
      }
      source.resume()
      sources.append(source)
    }
  }
}
