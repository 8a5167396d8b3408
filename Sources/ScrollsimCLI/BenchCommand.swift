import ArgumentParser
import Foundation
import SimCore

struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract: "Measure simulation speed per strategy (simulated s per wall s, ns per event).",
    discussion: """
      Runs each strategy on a generated trace (default: 300 s of the fling-stress profile; --profile, --duration) and prints the best of --repetitions runs as a Markdown table, for docs/performance.md. Build in release first:
        swift run -c release scrollsim bench
      """)

  @Option(help: "Seconds of input to generate.")
  var duration: Double = 300

  @Option(help: "Generator profile of the input: reader, skimmer, flinger, mixed or fling-stress.")
  var profile: GestureGenerator.Profile = .flingStress

  @Option(help: "Runs per strategy; the fastest counts.")
  var repetitions: Int = 5

  @Option(name: .long, help: ArgumentHelp("Comma-separated strategy names, or all.", valueName: "a,b|all"))
  var strategies: String = "all"

  @OptionGroup var scenarioOptions: ScenarioOptions

  func validate() throws {
    guard duration.isFinite, duration > 0, duration <= 86_400 else {
      throw ValidationError("--duration must be in (0, 86400]")
    }
    guard (1...1000).contains(repetitions) else { throw ValidationError("--repetitions must be in 1...1000") }
  }

  func run() throws {
    try reportingErrors { () throws(SimError) in
      let choices = try CommandLineContext.catalog.choices(strategies)
      let scenario = try scenarioOptions.load()
      let trace = GestureGenerator.generate(profile: profile, duration: duration, seed: scenarioOptions.seed)
      let figures = try Benchmark.run(
        trace: NamedTrace(name: trace.name ?? "bench", trace: trace), scenario: scenario, strategies: choices,
        repetitions: repetitions, options: try scenarioOptions.simulationOptions())
      print(Benchmark.table(figures), terminator: "")
      var usage = rusage()
      #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        let megabytes = usage.ru_maxrss / 1024  // kilobytes on Linux
      #else
        getrusage(RUSAGE_SELF, &usage)
        let megabytes = usage.ru_maxrss / 1_048_576  // bytes on macOS
      #endif
      print("\npeak resident memory of this process: \(megabytes) MB")
    }
  }
}
