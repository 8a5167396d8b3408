import Foundation
import ScrollsimBench
import SimCore

/// `scrollsim-equivalent`: scrollsim, the C floor and the SimPy peer on the equivalent scenario
/// (`../shared/bench`), interleaved: each round runs, for each of the peers' two rules, the
/// floor, then SimPy, then scrollsim, so that the shared machine's noise falls on all three.
/// Each figure is the median over rounds of a round's best run; ratios are worked out per
/// round, then their median taken. Only simulation is timed, in all three (the peers time their
/// `simulate` calls; scrollsim times `Simulation.run` on a trace already in memory).
struct EquivalentBench {
  let peers: PeerReferences
  let seconds: Double
  let rounds: Int
  let repetitions: Int
  /// Runs per round of the C floor (a run is a fraction of a millisecond) and of SimPy.
  let floorRuns = 100
  let simpyRuns = 3

  /// The peers' rules and scrollsim's strategies that follow them.
  static let rules: [(rule: String, strategy: String)] = [("infinite", "infinite"), ("threshold", "threshold")]

  struct Row {
    var strategy = ""
    var frames = 0
    var requests = 0
    var scrollsim: [Double] = []
    var floor: [Double] = []
    var floorFrames = 0
    var floorRequests = 0
    var simpy: [Double] = []
  }

  func run(scenario: Scenario, options: SimulationOptions) throws(SimError) -> String {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "scrollsim-bench-\(ProcessInfo.processInfo.processIdentifier)")
    do { try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true) } catch {
      throw SimError(.cannotWrite, "\(scratch.path): cannot create (\(error.localizedDescription))")
    }
    defer { try? FileManager.default.removeItem(at: scratch) }
    let floorBinary = try peers.buildFloor(in: scratch)
    let trace = ConstantScrollTrace.make(seconds: seconds)
    let choices = try Self.rules.map { rule throws(SimError) in
      try StrategyChoice(name: rule.strategy, parameters: [], catalog: .builtIn)
    }
    var rows = Array(repeating: Row(), count: Self.rules.count)
    for _ in 0..<rounds {
      for (index, rule) in Self.rules.enumerated() {
        let floor = try peers.runFloor(floorBinary, seconds: seconds, rule: rule.rule, runs: floorRuns)
        rows[index].floor.append(floor.milliseconds)
        rows[index].floorFrames = floor.frames ?? 0
        rows[index].floorRequests = floor.requests ?? 0
        if let simpy = try peers.runSimPy(seconds: seconds, rule: rule.rule, runs: simpyRuns) {
          rows[index].simpy.append(simpy.milliseconds)
        }
        var best = Double.infinity
        // Two untimed runs first: right after SimPy the caches are the peers'; the floor warms
        // up the same way over its many runs.
        for _ in 0..<2 {
          _ = try Benchmark.timed(trace: trace, scenario: scenario, strategy: choices[index], options: options)
        }
        for _ in 0..<repetitions {
          let (wall, metrics) = try Benchmark.timed(
            trace: trace, scenario: scenario, strategy: choices[index], options: options)
          best = min(best, wall * 1000)
          rows[index].strategy = metrics.strategy
          rows[index].frames = metrics.frames
          rows[index].requests = metrics.pageRequests + metrics.contentRequests
        }
        rows[index].scrollsim.append(best)
      }
    }
    return render(rows, trace: trace.name)
  }

  private func render(_ rows: [Row], trace: String) -> String {
    var lines = [
      "Equivalent scenario (\(peers.directory.path)), \(trace), \(rounds) rounds interleaved (C floor, SimPy, scrollsim);",
      "each figure is the median over rounds of a round's best run (floor: best of \(floorRuns), SimPy: of \(simpyRuns), scrollsim: of \(repetitions) after 2 untimed).",
      "",
    ]
    let header = [
      "strategy", "frames", "requests", "scrollsim ms", "ns / frame", "ns / request", "C floor ms", "ns / frame",
      "ns / request", "× floor per frame", "× floor per request", "SimPy ms", "SimPy ÷ scrollsim",
    ]
    let cells = rows.map { row in
      let ours = median(row.scrollsim)
      let floor = median(row.floor)
      let perFrame = median(
        zip(row.scrollsim, row.floor).map { ($0 / Double(row.frames)) / ($1 / Double(max(1, row.floorFrames))) })
      let perRequest = median(
        zip(row.scrollsim, row.floor).map { ($0 / Double(row.requests)) / ($1 / Double(max(1, row.floorRequests))) })
      let simpy = row.simpy.isEmpty ? "–" : NumberText.fixed(median(row.simpy), 1)
      let faster = row.simpy.isEmpty ? "–" : NumberText.fixed(median(zip(row.simpy, row.scrollsim).map { $0 / $1 }), 1)
      return [
        row.strategy, "\(row.frames)", "\(row.requests)", NumberText.fixed(ours, 3),
        NumberText.fixed(ours * 1e6 / Double(max(1, row.frames)), 0),
        NumberText.fixed(ours * 1e6 / Double(max(1, row.requests)), 0), NumberText.fixed(floor, 3),
        NumberText.fixed(floor * 1e6 / Double(max(1, row.floorFrames)), 0),
        NumberText.fixed(floor * 1e6 / Double(max(1, row.floorRequests)), 0), NumberText.fixed(perFrame, 2),
        NumberText.fixed(perRequest, 2), simpy, faster,
      ]
    }
    lines += MarkdownTable.lines(header, cells, textColumns: 1)
    if let problem = peers.pythonProblem { lines += ["", "SimPy peer skipped: \(problem)."] }
    return lines.joined(separator: "\n") + "\n"
  }

  private func median(_ values: [Double]) -> Double { Percentile.median(values) ?? 0 }
}
