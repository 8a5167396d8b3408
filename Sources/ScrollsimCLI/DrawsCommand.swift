import ArgumentParser
import SimCore

/// `scrollsim draws`: the latency and size the network gives each request under a seed, for a
/// server that replays a run outside scrollsim (`Validation/`).
struct DrawsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "draws",
    abstract: "Print the latency, size and failure the network draws for each request under a seed.",
    discussion: """
      A run draws exactly these numbers: the page number or row index, the attempt (1: the first \
      request for it; 2: the next, after a failure or a cancellation), the seconds to the first \
      byte (link latency + server time), the response's bytes, and whether the attempt fails. A \
      server that answers each request with them replays the run's luck outside scrollsim, as \
      Validation/ does against Chromium (docs/network.md).

      Example: scrollsim draws --network 3g --seed 7 --pages 20 --items 400 -o draws.csv
      """)

  @OptionGroup var scenarioOptions: ScenarioOptions

  @Option(help: "Pages 0..<N.")
  var pages: Int = 50

  @Option(help: "Rows 0..<N.")
  var items: Int = 1000

  @Option(help: "Attempts per request (1 = first requests only).")
  var attempts: Int = 2

  @Option(
    name: .shortAndLong, help: ArgumentHelp("Write the CSV here (atomically) instead of stdout.", valueName: "file"))
  var output: String?

  func validate() throws {
    for (name, value, limit) in [
      ("--pages", pages, 1_000_000), ("--items", items, 10_000_000), ("--attempts", attempts, 100),
    ]
    where !(1...limit).contains(value) {
      throw ValidationError("\(name) must be from 1 to \(limit), not \(value)")
    }
  }

  func run() throws {
    try reportingErrors { () throws(SimError) in
      let spec = try scenarioOptions.load().network
      var lines = ["kind,index,attempt,latency,bytes,fails"]
      for (kind, count) in [(RequestKind.page, pages), (.content, items)] {
        for index in 0..<count {
          for attempt in 1...attempts {
            let draw = NetworkDraw(spec: spec, seed: scenarioOptions.seed, kind: kind, index: index, attempt: attempt)
            lines.append(
              "\(kind.rawValue),\(index),\(attempt),\(NumberText.fixed(draw.latency, 6)),\(NumberText.fixed(draw.bytes, 0)),\(draw.fails ? 1 : 0)"
            )
          }
        }
      }
      try emit(lines.joined(separator: "\n") + "\n", to: output)
    }
  }
}
