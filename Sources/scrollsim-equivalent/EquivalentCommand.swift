import ArgumentParser
import Foundation
import SimCore

/// The benchmark harness against the performance references (`../shared/bench`): a developer's
/// tool, its own executable so that the `ScrollsimCLI` library and `scrollsim` ship no harness
/// that looks for files beside the package. `scrollsim bench` measures a user's own traces.
@main
struct EquivalentCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "scrollsim-equivalent",
    abstract: "Measure scrollsim against the C floor and the SimPy peer of ../shared/bench, interleaved.",
    discussion: """
      Build in release first:
        bash Bench/setup.sh && swift run -c release scrollsim-equivalent

      Runs the peers' scenario (../shared/bench/equivalent-scenario.json, or --scenario; --set applies on top) on a constant 1500 pt/s scroll of --duration with infinite and threshold, and between its own runs builds and runs the C floor (cc) and the SimPy peer (Bench/setup.sh installs SimPy in Bench/.venv), --rounds times, so the three share the machine's noise. It prints ns per frame and per request of each and the ratios (docs/performance.md).
      """)

  @Option(help: "Seconds of constant scroll.")
  var duration: Double = 60

  @Option(help: "Interleaved rounds.")
  var rounds: Int = 5

  @Option(help: "scrollsim runs per rule and round; the fastest counts.")
  var repetitions: Int = 5

  @Option(help: ArgumentHelp("The performance references (default: ../shared/bench).", valueName: "dir"))
  var peers: String?

  @Option(help: ArgumentHelp("A Python with SimPy (default: Bench/.venv/bin/python, then python3).", valueName: "path"))
  var python: String?

  @Option(help: ArgumentHelp("A scenario JSON file instead of the peers' (docs/scenario.md).", valueName: "file"))
  var scenario: String?

  @Option(
    name: .customLong("set"),
    help: ArgumentHelp("Override one scenario field by JSON path (repeatable).", valueName: "path=value"))
  var overrides: [String] = []

  @Option(help: "Seed for every random draw.")
  var seed: UInt64 = 1

  func validate() throws {
    guard duration.isFinite, duration > 0, duration <= 3600 else {
      throw ValidationError("--duration must be in (0, 3600]")
    }
    guard (1...100).contains(rounds) else { throw ValidationError("--rounds must be in 1...100") }
    guard (1...1000).contains(repetitions) else { throw ValidationError("--repetitions must be in 1...1000") }
  }

  func run() throws {
    do {
      guard let references = try PeerReferences.locate(explicit: peers, python: python) else {
        throw SimError(
          .noInput, "needs the performance references: no ../shared/bench here or beside the package; pass --peers DIR")
      }
      let file = scenario ?? references.directory.appendingPathComponent("equivalent-scenario.json").path
      let loaded = try Scenario.load(file: file, overlays: [], overrides: overrides)
      let bench = EquivalentBench(peers: references, seconds: duration, rounds: rounds, repetitions: repetitions)
      let table = try bench.run(scenario: loaded, options: SimulationOptions(seed: seed))
      print(table, terminator: "")
    } catch let error as SimError {
      FileHandle.standardError.write(Data("scrollsim-equivalent: error: \(error)\n".utf8))
      throw ExitCode(error.exitCode)
    }
  }
}
