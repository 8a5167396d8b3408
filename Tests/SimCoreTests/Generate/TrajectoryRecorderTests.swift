import Foundation
import Testing

@testable import SimCore

/// `scrollsim trace offsets`: a touch trace's trajectory, replayed as offsets, moves the list
/// the same way: the same rows appear, and the blank time differs by at most a frame's worth
/// per gesture.
@Suite struct TrajectoryRecorderTests {
  @Test func offsetsReplayTheTouchesTrajectory() throws {
    let touches = GestureGenerator.generate(profile: .flinger, duration: 15, seed: 5)
    let offsets = try TrajectoryRecorder.offsets(of: touches, physics: "chromium")
    guard case .offsets(let samples) = offsets.input else {
      Issue.record("not an offsets trace")
      return
    }
    #expect(samples.count > 100)
    #expect(zip(samples, samples.dropFirst()).allSatisfy { $0.t < $1.t })
    // It loads back.
    let decoded = try Trace.decode(JSONParser.parse(offsets.encoded()))
    guard case .offsets(let loaded) = decoded.input else {
      Issue.record("did not load back as offsets")
      return
    }
    #expect(loaded.count == samples.count)
    #expect(zip(loaded, samples).allSatisfy { abs($0.offset - $1.offset) < 0.01 && abs($0.t - $1.t) < 1e-6 })
    var options = SimulationOptions(seed: 1)
    options.physics = "chromium"
    let strategy = try StrategyChoice(name: "smart", parameters: [])
    let fromTouches = try Simulation.run(
      trace: touches, traceName: "t", scenario: .default, strategy: strategy, options: options)
    let fromOffsets = try Simulation.run(
      trace: offsets, traceName: "o", scenario: .default, strategy: strategy, options: options)
    #expect(fromTouches.metrics.cellsAppeared == fromOffsets.metrics.cellsAppeared)
    #expect(
      abs(fromTouches.metrics.blankCellSeconds - fromOffsets.metrics.blankCellSeconds) < 0.05
        * max(1, fromTouches.metrics.blankCellSeconds))
  }
}
