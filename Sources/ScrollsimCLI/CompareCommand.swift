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
      """)

  @Option(name: .long, help: ArgumentHelp("Comma-separated strategy names, or all.", valueName: "a,b|all"))
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

  @Argument(help: "Trace files. Default: the built-in trace.")
  var traces: [String] = []

  func validate() throws {
    guard (1...1000).contains(replicates) else { throw ValidationError("--replicates must be in 1...1000") }
  }

  func run() throws {
    try reportingErrors { () throws(SimError) in
      let choices = try CommandLineContext.catalog.choices(strategies, parameters: param)
      let scenario = try scenarioOptions.load()
      let named = try loadTraces(traces)
      let options = try scenarioOptions.simulationOptions()
      if replicates > 1 {
        let rows = try Replicates.run(
          traces: named, scenario: scenario, strategies: choices, options: options, replicates: replicates,
          parallel: !serial)
        try emit(ReplicatesReport.render(rows, format: report.format), to: report.output)
        return
      }
      let rows = try Comparison.run(
        traces: named, scenario: scenario, strategies: choices, options: options, parallel: !serial)
      let summary = named.count > 1 ? Comparison.summary(rows, traceCount: named.count) : []
      try emit(Report.render(rows, summary: summary, format: report.format), to: report.output)
    }
  }
}
