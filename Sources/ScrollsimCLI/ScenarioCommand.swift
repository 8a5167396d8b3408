import ArgumentParser
import SimCore

struct ScenarioCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "scenario",
    abstract: "Print the effective scenario as JSON (the default, or yours with --scenario/--set).",
    discussion: "Save it, edit it, pass it back with --scenario. Every field: docs/scenario.md.")

  @OptionGroup var scenarioOptions: ScenarioOptions

  @Flag(
    help:
      "Explain each value instead: its unit, where it came from (default, file, profile, --set) and what it implies (latency percentiles, pages, one image's decoded size)."
  )
  var explain = false

  @Option(
    help: ArgumentHelp(
      "With --explain: the trace whose device (width, density) sizes the images (default 390 pt at density 3).",
      valueName: "trace.json"))
  var trace: String?

  func run() throws {
    try reportingErrors { () throws(SimError) in
      let (scenario, layers) = try scenarioOptions.layered()
      guard explain else { return try writeStandardOutput(JSONWriter.pretty(scenario.json) + "\n") }
      let device = try trace.map { path throws(SimError) in try Trace.load(path: path).device } ?? Device()
      let explanation = ScenarioExplanation(scenario: scenario, layers: layers, device: device)
      try writeStandardOutput(explanation.text)
    }
  }
}
