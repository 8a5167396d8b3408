import Foundation
import Testing

/// Every run a job, a picture, a report or a command needs goes through `Batch` (a cell may ask
/// to record its timeline, frames or decisions: `Batch.Cell.record`), so it runs on the batch's
/// threads and takes the limit's yardstick the one way. Only `Batch/LimitYardstick.swift`
/// calls `Simulation.run`. The model's own tools that drive the engine directly stay where
/// they are: the engine (`Engine/`: a run, the free path), the limit's search inside a run
/// (`Strategies/Limit/`), and a touch trace turned into offsets (`Generate/TrajectoryRecorder`);
/// so do the benchmark (`ScrollsimBench`, which times the engine itself) and the fuzz targets.
@Suite struct OneRunnerTests {
  static var engine: Regex<(Substring, Substring?)> { /Simulation\s*\.\s*(run|runOnce)\s*\(|\bSimulation\s*\(/ }

  /// Files under `folder` (relative to the package) that start the engine, with the lines.
  static func starters(under folder: String) throws -> [String] {
    let root = PackageRoot.url(folder)
    let walker = try #require(FileManager.default.enumerator(atPath: root.path))
    var found: [String] = []
    while let path = walker.nextObject() as? String {
      guard path.hasSuffix(".swift") else { continue }
      let code = SwiftCode.code(try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))
      for (number, line) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      where line.contains("Simulation") && line.contains(engine) {
        found.append("\(folder)/\(path):\(number + 1)")
      }
    }
    return found.sorted()
  }

  @Test func onlyTheBatchRunsTheEngineForJobsPicturesAndCommands() throws {
    let allowed = ["Batch/LimitYardstick.swift", "Engine/", "Strategies/Limit/", "Generate/TrajectoryRecorder.swift"]
    let simCore = try Self.starters(under: "Sources/SimCore").filter { place in
      !allowed.contains { place.hasPrefix("Sources/SimCore/" + $0) }
    }
    #expect(simCore == [], "start runs through Batch (Batch.Cell, with record: for what a picture reads)")
    #expect(try Self.starters(under: "Sources/ScrollsimCLI") == [], "a command hands its runs to a job")
    // The one runner itself is seen: the scan would notice a call.
    #expect(
      try Self.starters(under: "Sources/SimCore").contains {
        $0.hasPrefix("Sources/SimCore/Batch/LimitYardstick.swift:")
      })
  }

  @Test func theScanSeesACallAndNotAComment() {
    #expect(SwiftCode.code("let r = try Simulation.run(trace: t)").contains(Self.engine))
    #expect(SwiftCode.code("let s = Simulation(trace: t)").contains(Self.engine))
    #expect(!SwiftCode.code("// Simulation.run(trace: t)\nlet x = \"Simulation(\"").contains(Self.engine))
    #expect(!SwiftCode.code("let options = SimulationOptions()").contains(Self.engine))
  }
}
