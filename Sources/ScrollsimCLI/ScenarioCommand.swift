import ArgumentParser
import SimCore

struct ScenarioCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "scenario",
    abstract: "Print the effective scenario as JSON (the default, or yours with --scenario/--set).",
    discussion: """
      Save it, edit it, pass it back with --scenario. Every field: docs/scenario.md.

      A latency given as measured (latencyIs end-to-end or ttfb) is server time fitted over the networks the runs use: the file's measuredOver, else the sessions' own or a command's --networks, else the scenario's link. --network-mix shows it fitted over a mix, as a population of that mix runs it:

        scrollsim scenario --scenario app.json --network-mix wifi=0.58,4g=0.37,3g=0.05 --explain
      """)

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

  @Option(
    name: .customLong("network-mix"),
    help: ArgumentHelp(
      "The networks the runs use, name=share,… (or default), over which a latency given as measured is fitted (as sessions generated with this --network-mix run it).",
      valueName: "mix"))
  var networkMix: String?

  func run() throws {
    try reportingErrors { () throws(SimError) in
      let mix = try networkMix.map { text throws(SimError) in
        try ProfileMix(text, kind: .network, option: "--network-mix").shares.map {
          NetworkShare(name: $0.name, share: $0.share)
        }
      }
      if mix != nil && scenarioOptions.network != nil {
        throw SimError(.usage, "--network-mix and --network: give one (the runs' mix, or every run on one network)")
      }
      let (scenario, layers) = try scenarioOptions.layered(runsOver: mix)
      guard explain else { return try writeStandardOutput(JSONWriter.pretty(scenario.json) + "\n") }
      let loaded = try trace.map { path throws(SimError) in try Trace.load(path: path) }
      // The platform of --device's profile, else of the trace's own.
      let platform = loaded.map(scenario.platform(of:)) ?? scenario.sessions.fixedPlatform
      let explanation = ScenarioExplanation(
        scenario: scenario, layers: layers, device: loaded?.device ?? Device(), platform: platform)
      try writeStandardOutput(explanation.text)
    }
  }
}
