import ArgumentParser
import SimCore

extension TraceCommand {
  struct Scale: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "scale",
      abstract: "Multiply positions and the viewport by a factor (e.g. 0.3333 turns 3× pixels into points).")

    @Option(help: "The factor.") var factor: Double
    @Option(
      name: .shortAndLong,
      help: ArgumentHelp(
        "Output file (atomic); stdout if absent; with several traces or a folder, a folder.", valueName: "path"))
    var output: String?
    @Argument(help: "The trace files, or folders of them.") var files: [String]

    func run() throws {
      try reportingErrors { () throws(SimError) in
        try TraceCommand.transformEach(files, output: output) { trace throws(SimError) in
          try TraceTools.scale(trace, factor: factor)
        }
      }
    }
  }
}
