import ArgumentParser
import SimCore

extension TraceCommand {
  struct Scale: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "scale",
      abstract: "Multiply positions and the viewport by a factor (e.g. 0.3333 turns 3× pixels into points).")

    @Option(help: "The factor.") var factor: Double
    @Option(name: .shortAndLong, help: ArgumentHelp("Output file (atomic); stdout if absent.", valueName: "file"))
    var output: String?
    @Argument(help: "The trace file.") var file: String

    func run() throws {
      try reportingErrors { () throws(SimError) in
        try emit(try TraceTools.scale(Trace.load(path: file), factor: factor).checkedEncoding(), to: output)
      }
    }
  }
}
