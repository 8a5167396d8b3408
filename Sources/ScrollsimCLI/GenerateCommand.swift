import ArgumentParser
import SimCore

extension GestureGenerator.Profile: ExpressibleByArgument {}

struct GenerateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "generate",
    abstract: "Write a synthetic touch trace (120 Hz samples).",
    discussion: """
      Profiles (fitted to 5,267 recorded strokes; numbers and method in docs/generator.md):
        reader   drags that stop before the lift (release 0), pauses ~0.5 s median
        skimmer  short flicks, release ~39 pt/s median, 127 p95
        flinger  quicker flicks, release ~374 pt/s median, 1670 p95
        mixed    each stroke reader, skimmer or flinger by the fitted shares (2/3, 1/6, 1/6)
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
      try emit(trace.checkedEncoding(), to: output)
    }
  }
}
