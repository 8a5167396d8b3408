import ArgumentParser
import Foundation
import SimCore

struct ConformanceCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "conformance",
    abstract: "Check that a port of a strategy gives exactly the metrics of the strategy it ports.",
    discussion: """
      Runs REFERENCE and PORT on every trace × network × list (the scenario as given, a placeholder feed of 2,000 rows, a two-column waterfall, a two-column grid with gaps, padding and an image box) with the same seed, and compares each pair of runs: every metric as the JSON report writes it, byte for byte (the strategy's name aside), and every decision (each callback, its time and offset, and the actions taken in it), so a port that acts differently where no metric shows it is found too. Exit 0 when all agree, 1 on any difference, 65 if a run fails (a helper that crashed or timed out: the check stops at once, naming the trace, network and list). On a difference it lists the pairs that differ (the first ten; --all, every one) with the first metric each disagrees on (or its first differing decision, when every metric agrees), then where the first pair's runs part: the first callback at which the strategies decided differently (its time, offset and row, and both sides' actions), and the two `scrollsim run … --events` commands that write both timelines from there.

      This is how the SDKs' ports of built-ins are checked (SDKs/*/conformance.sh), and how you check your own port before trusting it: write the rule in your language, then

        scrollsim conformance threshold 'process:python3 SDKs/python/examples/threshold.py'
        scrollsim conformance gapworker 'process:node SDKs/typescript/dist/examples/gapworker.js' --networks 4g,lossy

      Without TRACE: the built-in trace (60 s of fling-stress) and the built-in population's first --sessions sessions (Traces/population/). docs/protocol.md, docs/strategies.md ("Your own strategy in any language").
      """)

  @Argument(help: "The strategy ported: a name or pair (threshold, gapworker, paging3+glide).")
  var reference: String

  @Argument(help: "The port: process:COMMAND (or another strategy name).")
  var port: String

  @Option(help: ArgumentHelp("Networks to run on, comma-separated, or all.", valueName: "a,b|all"))
  var networks: String = "all"

  @Option(help: "Sessions of the built-in population to run when no trace is given (0 to 12).")
  var sessions: Int = 4

  @Option(
    name: .long,
    help: ArgumentHelp("A parameter for both strategies (repeatable).", valueName: "key=value"),
    transform: ParameterAssignment.argument)
  var param: [ParameterAssignment] = []

  @OptionGroup var threadsOption: ThreadsOption

  @Flag(help: "List every run pair that differs, not the first ten.")
  var all = false

  @OptionGroup var scenarioOptions: ScenarioOptions

  @Argument(help: "Trace files. Default: the built-in trace and population.", completion: .file(extensions: ["json"]))
  var traces: [String] = []

  func validate() throws {
    guard (0...12).contains(sessions) else { throw ValidationError("--sessions must be in 0...12") }
  }

  func run() throws {
    var differs = false
    try reportingErrors { () throws(SimError) in
      let catalog = CommandLineContext.catalog
      let reference = try StrategyChoice(
        name: reference, settings: param.filter { catalog.takes(self.reference, $0) }, strict: false, catalog: catalog)
      let port = try StrategyChoice(
        name: port, settings: param.filter { catalog.takes(self.port, $0) }, strict: false, catalog: catalog)
      for setting in param where !catalog.takes(self.reference, setting) && !catalog.takes(self.port, setting) {
        throw SimError(.usage, "--param \(setting): neither \(reference.name) nor \(port.name) takes it")
      }
      let named: [NamedTrace]
      if traces.isEmpty {
        let population = GeneratedPopulation.embeddedDefault
        named = [Trace.embeddedDefault] + (0..<sessions).map { population.namedSession($0) }
      } else {
        named = try NamedTrace.load(traces)
      }
      let networkNames = networks == "all" ? NetworkProfiles.names : networks.split(separator: ",").map(String.init)
      for name in networkNames where NetworkProfiles.named(name) == nil {
        throw SimError(
          .usage,
          "--networks: unknown network \"\(name)\"\(NameSuggestion.hint(for: name, among: NetworkProfiles.names)); known: \(NetworkProfiles.names.joined(separator: ", "))"
        )
      }
      let check = ConformanceJob(
        reference: reference, port: port, traces: named, scenario: try scenarioOptions.load(), networks: networkNames,
        options: try scenarioOptions.simulationOptions())
      let outcome = try check.perform(
        BatchControl(threads: threadsOption.threads, progress: ProgressBar()))
      let (cases, differences) = (outcome.cases, outcome.differences)
      var lines: [String] = []
      let shape =
        "\(named.count) trace\(named.count == 1 ? "" : "s") × \(networkNames.count) network\(networkNames.count == 1 ? "" : "s") × \(check.variants.count) lists"
      if differences.isEmpty {
        lines.append(
          "\(port.label) conforms to \(reference.label): \(cases.count) of \(cases.count) run pairs agree on every metric and every decision (\(shape))"
        )
      } else {
        differs = true
        let onlyDecisions = differences.filter { $0.metric == nil }.count
        let split =
          onlyDecisions == 0
          ? "" : "; \(onlyDecisions) of them in their decisions only, every metric agreeing"
        lines.append(
          "\(port.label) differs from \(reference.label) in \(differences.count) of \(cases.count) run pairs (\(shape)\(split)):"
        )
        let first = differences[0]
        lines +=
          ConformanceReport(
            referenceLabel: reference.label, portLabel: port.label, differences: differences,
            reproduce: [(self.reference, "reference.jsonl"), (self.port, "port.jsonl")].map { strategy, file in
              reproduction(strategy, first.place, variants: check.variants, events: file)
            } + ["diff reference.jsonl port.jsonl | head"], all: all
          ).lines
      }
      try writeStandardOutput(lines.joined(separator: "\n") + "\n")
    }
    if differs { throw ExitCode(1) }
  }
}
