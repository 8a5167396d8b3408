import ArgumentParser
import SimCore

extension TraceCommand {
  struct Scale: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "scale",
      abstract: "Multiply positions and the viewport by a factor (e.g. 0.3333 turns 3× pixels into points).")

    @Option(help: "The factor.") var factor: Double
    @OptionGroup var traces: TraceCommand.Transformed

    func run() throws {
      try reportingErrors { () throws(SimError) in
        try traces.each { trace throws(SimError) in
          try TraceTools.scale(trace, factor: factor)
        }
      }
    }
  }
}
