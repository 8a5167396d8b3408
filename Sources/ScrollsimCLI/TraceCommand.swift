import ArgumentParser
import SimCore

struct TraceCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "trace",
    abstract: "Look at, cut and convert traces.",
    subcommands: [Info.self, Slice.self, Scale.self, Offsets.self])
}
