import ArgumentParser
import SimCore

extension TraceCommand {
  struct Slice: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "slice", abstract: "Keep the part of a trace between two times (it then starts at 0.5 s).")

    @Option(help: "Start (s).") var from: Double
    @Option(help: "End (s).") var to: Double
    @Option(name: .shortAndLong, help: ArgumentHelp("Output file (atomic); stdout if absent.", valueName: "file"))
    var output: String?
    @Argument(help: "The trace file.") var file: String

    func run() throws {
      try reportingErrors { () throws(SimError) in
        try emit(try TraceTools.slice(Trace.load(path: file), from: from, to: to).checkedEncoding(), to: output)
      }
    }
  }
}
