import ArgumentParser
import SimCore

extension TraceCommand {
  struct Slice: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "slice", abstract: "Keep the part of a trace between two times (it then starts at 0.5 s).")

    @Option(help: "Start (s).") var from: Double
    @Option(help: "End (s).") var to: Double
    @OptionGroup var traces: TraceCommand.Transformed

    func run() throws {
      try reportingErrors { () throws(SimError) in
        try traces.each { trace throws(SimError) in
          try TraceTools.slice(trace, from: from, to: to)
        }
      }
    }
  }
}
