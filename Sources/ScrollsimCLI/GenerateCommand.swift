import ArgumentParser
import SimCore

extension GestureGenerator.Profile: ExpressibleByArgument {}

struct GenerateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "generate",
    abstract: "Write a synthetic touch trace (120 Hz samples).",
    discussion: """
      Profiles (parameters in docs/trace-format.md):
        reader   reading drags with pauses of 1–3.5 s
        skimmer  medium flicks, ~0.8–2.7k pt/s
        flinger  rapid long flicks, ~3.3–8.6k pt/s
        mixed    a mix of the three with direction changes
        fling-stress  uncalibrated stress test: hard downward flicks back to back (the default trace)

      Example:
        scrollsim generate --profile flinger --duration 60 --seed 7 -o fling.json
      """)

  @Option(help: "reader, skimmer, flinger, mixed or fling-stress.")
  var profile: GestureGenerator.Profile

  @Option(help: "Seconds of input to generate.")
  var duration: Double = 60

  @Option(help: "Seed of the generator.")
  var seed: UInt64 = 1

  @Option(help: "Viewport height in pt.")
  var viewportHeight: Double = 844

  @Option(help: "Display refresh rate in Hz.")
  var refreshRate: Int = 120

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp("Write the trace to this file (atomically) instead of stdout.", valueName: "file"))
  var output: String?

  func validate() throws {
    guard duration.isFinite, duration > 0, duration <= 86_400 else {
      throw ValidationError("--duration must be a number of seconds in (0, 86400]")
    }
    guard viewportHeight.isFinite, viewportHeight >= 100, viewportHeight <= 10_000 else {
      throw ValidationError("--viewport-height must be in 100...10000 pt")
    }
    guard (1...480).contains(refreshRate) else { throw ValidationError("--refresh-rate must be in 1...480 Hz") }
  }

  func run() throws {
    try reportingErrors { () throws(SimError) in
      let device = Device(viewportHeight: viewportHeight, refreshRate: refreshRate)
      let trace = GestureGenerator.generate(profile: profile, duration: duration, seed: seed, device: device)
      try emit(trace.encoded(), to: output)
    }
  }
}
