import ArgumentParser
import SimCore

extension TraceCommand {
  struct Offsets: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "offsets",
      abstract: "Turn a touch trace into the offsets trace its physics produce (an offsets trace is copied).",
      discussion: """
        The content offset at every frame that scrolled, as the physics preset (the trace's, or \
        --physics) turns the touches into drags and flings over a list that never ends. Replaying \
        it moves a list the same way without the physics: Validation/ plays it in Chromium frame \
        by frame.

        Example: scrollsim trace offsets --physics chromium Traces/lab/skimmer-60s.json -o skim-offsets.json
        """)

    @Option(
      help: ArgumentHelp(
        "Physics preset instead of the trace's: \(PhysicsPresets.names.joined(separator: ", ")).", valueName: "name"))
    var physics: String?
    @OptionGroup var touch: TouchOptions
    @OptionGroup var traces: TraceCommand.Transformed

    func run() throws {
      try reportingErrors { () throws(SimError) in
        if let physics { _ = try PhysicsPresets.lookup(physics) }
        try traces.each { trace throws(SimError) in
          try TrajectoryRecorder.offsets(of: trace, physics: physics, touch: touch.applied())
        }
      }
    }
  }
}
