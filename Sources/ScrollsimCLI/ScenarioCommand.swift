import ArgumentParser
import SimCore

struct ScenarioCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "scenario",
    abstract: "Print the effective scenario as JSON (the default, or yours with --scenario/--set).",
    discussion: "Save it, edit it, pass it back with --scenario. Every field: docs/scenario.md.")

  @OptionGroup var scenarioOptions: ScenarioOptions

  func run() throws {
    try reportingErrors { () throws(SimError) in
      try writeStandardOutput(JSONWriter.pretty(try scenarioOptions.load().json) + "\n")
    }
  }
}
