import ArgumentParser
import Foundation
import ScrollsimBench
import SimCore

struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract: "Measure simulation speed: ns per event, per frame and per request.",
    discussion: """
      Build in release first. Examples:
        swift run -c release scrollsim bench                          # 300 s of fling-stress, every strategy
        scrollsim bench --strategies smart,threshold my-trace.json    # your traces (and --scenario/--set)

      With trace files, each strategy runs on each, and reading each file (Trace.load) is timed too; without, a trace is generated (--profile, --duration). Each run is repeated --repetitions times and the fastest counts, the one least disturbed by other work on the machine; only the simulation is timed, not reading files. The table is Markdown, for docs/performance.md.

      Against the C floor and the SimPy peer of ../shared/bench, developers run the package's harness: swift run -c release scrollsim-equivalent (docs/performance.md).
      """)

  @Option(help: "Seconds of input to generate (default 300).")
  var duration: Double?

  @Option(help: "Generator profile of the input: reader, skimmer, flinger, mixed or fling-stress (default).")
  var profile: GestureGenerator.Profile?

  @Option(help: "Runs per strategy; the fastest counts.")
  var repetitions: Int = 5

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Comma-separated strategy names, pairs such as paging3+glide, process:COMMAND (docs/protocol.md), or all.",
      valueName: "a,b|all"))
  var strategies: String?

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
    if !traces.isEmpty && profile != nil {
      throw ValidationError("--profile generates a trace; leave it out when trace files are given")
    }
    if !traces.isEmpty && duration != nil {
      throw ValidationError("--duration generates a trace; leave it out when trace files are given")
    }
  }

  func run() throws {
    try reportingErrors { () throws(SimError) in
      let choices = try CommandLineContext.catalog.choices(strategies ?? "all")
      let scenario = try scenarioOptions.load()
      let named: [NamedTrace]
      if traces.isEmpty {
        let trace = GestureGenerator.generate(
          profile: profile ?? .flingStress, duration: duration ?? 300, seed: scenarioOptions.seed)
        named = [NamedTrace(name: trace.name ?? "bench", trace: trace)]
      } else {
        named = try NamedTrace.load(traces)
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
