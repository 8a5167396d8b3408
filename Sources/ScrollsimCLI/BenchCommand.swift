import ArgumentParser
import Foundation
import SimCore

struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract: "Measure simulation speed: ns per event, per frame and per request; ratios to the C floor and SimPy.",
    discussion: """
      Build in release first. Examples:
        swift run -c release scrollsim bench                          # 300 s of fling-stress, every strategy
        scrollsim bench --strategies smart,threshold my-trace.json    # your traces (and --scenario/--set)
        scrollsim bench --equivalent                                  # against ../shared/bench's C floor and SimPy

      With trace files, each strategy runs on each, and reading each file (Trace.load) is timed too; without, a trace is generated (--profile, --duration). Each run is repeated --repetitions times and the fastest counts, the one least disturbed by other work on the machine; only the simulation is timed, not reading files. The table is Markdown, for docs/performance.md.

      --equivalent runs the peers' scenario (../shared/bench/equivalent-scenario.json, or --scenario; --set applies on top) on a constant 1500 pt/s scroll of --duration (default 60 s) with infinite and threshold, and between its own runs builds and runs the C floor (cc) and the SimPy peer (Bench/setup.sh installs SimPy in Bench/.venv), --rounds times, so the three share the machine's noise. It prints ns per frame and per request of each and the ratios.
      """)

  @Option(help: "Seconds of input to generate (default 300; 60 with --equivalent).")
  var duration: Double?

  @Option(help: "Generator profile of the input: reader, skimmer, flinger, mixed or fling-stress (default).")
  var profile: GestureGenerator.Profile?

  @Option(help: "Runs per strategy (per round with --equivalent); the fastest counts.")
  var repetitions: Int = 5

  @Option(name: .long, help: ArgumentHelp("Comma-separated strategy names, or all.", valueName: "a,b|all"))
  var strategies: String?

  @Flag(help: "Measure the equivalent scenario against the C floor and the SimPy peer in ../shared/bench.")
  var equivalent = false

  @Option(help: "Interleaved rounds of --equivalent (default 5).")
  var rounds: Int?

  @Option(help: ArgumentHelp("The performance references (default: ../shared/bench).", valueName: "dir"))
  var peers: String?

  @Option(help: ArgumentHelp("A Python with SimPy (default: Bench/.venv/bin/python, then python3).", valueName: "path"))
  var python: String?

  @OptionGroup var scenarioOptions: ScenarioOptions

  @Argument(help: "Trace files to run (docs/trace-format.md). Default: a generated trace.")
  var traces: [String] = []

  func validate() throws {
    if let duration {
      guard duration.isFinite, duration > 0, duration <= 86_400 else {
        throw ValidationError("--duration must be in (0, 86400]")
      }
    }
    guard (1...1000).contains(repetitions) else { throw ValidationError("--repetitions must be in 1...1000") }
    if let rounds, !(1...100).contains(rounds) { throw ValidationError("--rounds must be in 1...100") }
    if !equivalent && (rounds != nil || peers != nil || python != nil) {
      throw ValidationError("--rounds, --peers and --python measure against the references; add --equivalent")
    }
    if (equivalent || !traces.isEmpty) && profile != nil {
      throw ValidationError("--profile generates a trace; leave it out with trace files or --equivalent")
    }
    if equivalent && (!traces.isEmpty || strategies != nil) {
      throw ValidationError(
        "--equivalent runs its own trace with infinite and threshold; leave out traces and --strategies")
    }
    if equivalent && duration.map({ $0 > 3600 }) == true {
      throw ValidationError("--duration must be in (0, 3600] with --equivalent")
    }
    if !traces.isEmpty && duration != nil {
      throw ValidationError("--duration generates a trace; leave it out when trace files are given")
    }
  }

  func run() throws {
    try reportingErrors { () throws(SimError) in
      if equivalent { return try runEquivalent() }
      let choices = try CommandLineContext.catalog.choices(strategies ?? "all")
      let scenario = try scenarioOptions.load()
      let named: [NamedTrace]
      if traces.isEmpty {
        let trace = GestureGenerator.generate(
          profile: profile ?? .flingStress, duration: duration ?? 300, seed: scenarioOptions.seed)
        named = [NamedTrace(name: trace.name ?? "bench", trace: trace)]
      } else {
        named = try loadTraces(traces)
      }
      let reading = try traces.map { path throws(SimError) in
        try Benchmark.reading(path: path, repetitions: repetitions)
      }
      let figures = try Benchmark.run(
        traces: named, scenario: scenario, strategies: choices, repetitions: repetitions,
        options: try scenarioOptions.simulationOptions())
      var text = Benchmark.table(figures)
      if !reading.isEmpty { text += "\n" + Benchmark.readingTable(reading) }
      try writeStandardOutput(text + "\npeak resident memory of this process: \(peakMegabytes()) MB\n")
    }
  }

  private func runEquivalent() throws(SimError) {
    guard let references = try PeerReferences.locate(explicit: peers, python: python) else {
      throw SimError(
        .noInput,
        "--equivalent needs the performance references: no ../shared/bench here or beside the package; pass --peers DIR"
      )
    }
    var options = scenarioOptions
    if options.scenario == nil {
      options.scenario = references.directory.appendingPathComponent("equivalent-scenario.json").path
    }
    let bench = EquivalentBench(
      peers: references, seconds: duration ?? 60, rounds: rounds ?? 5, repetitions: repetitions)
    let table = try bench.run(scenario: try options.load(), options: try options.simulationOptions())
    try writeStandardOutput(table)
  }

  /// The process's peak resident memory, in MB.
  private func peakMegabytes() -> Int {
    var usage = rusage()
    #if os(Linux)
      getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
      return usage.ru_maxrss / 1024  // kilobytes on Linux
    #else
      getrusage(RUSAGE_SELF, &usage)
      return usage.ru_maxrss / 1_048_576  // bytes on macOS
    #endif
  }
}
