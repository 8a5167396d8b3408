import ArgumentParser
import SimCore

extension TraceCommand {
  struct Slice: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "slice", abstract: "Keep the part of a trace between two times (it then starts at 0.5 s).")

    @Option(help: "Start (s).") var from: Double
    @Option(help: "End (s).") var to: Double
    @Option(
      name: .shortAndLong,
      help: ArgumentHelp(
        "Output file (atomic); stdout if absent; with several traces or a folder, a folder.", valueName: "path"))
    var output: String?
    @Argument(help: "The trace files, or folders of them.") var files: [String]

    func run() throws {
      try reportingErrors { () throws(SimError) in
        try TraceCommand.transformEach(files, output: output) { trace throws(SimError) in
          try TraceTools.slice(trace, from: from, to: to)
        }
      }
    }
  }
}
