import Foundation
import Testing

@testable import SimCore

/// A batch stopped part-way and resumed from its runs table ends with the table, summary and
/// answer of a batch never stopped, whatever the threads; cells in another order give the same
/// rows.
@Suite struct ResumeTests {
  static let sessions = (0..<3).map { index in
    NamedTrace(
      name: "user-\(index).json",
      trace: GestureGenerator.generate(profile: .mixed, duration: 4, seed: UInt64(20 + index)))
  }

  /// Stops the batch (as SIGINT would) once `runs` runs are done.
  final class StopAfterRuns: BatchProgress, @unchecked Sendable {
    let stop: StopSignal
    let runs: Int
    init(_ stop: StopSignal, runs: Int) {
      self.stop = stop
      self.runs = runs
    }
    func start(total: Int) {}
    func update(_ done: Int) { if done >= runs { stop.receive(SIGINT) } }
    func finish() {}
  }

  func folder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("resume-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  func sweepJob() throws -> SweepJob {
    var plan = SweepPlan(strategies: ["threshold", "infinite-list"], traceNames: Self.sessions.map(\.name))
    plan.grid = [try SweepPlan.axis("threshold=0.5,0.8")]
    plan.networks = ["wifi", "3g"]
    plan.sessionLuck = true
    return try SweepJob(
      plan: plan, sessions: Sessions(Self.sessions), scenario: .default, options: SimulationOptions(),
      measuresLimit: true, shard: nil)
  }

  @Test(arguments: [1, 2])
  func aStoppedSweepResumedEqualsOneNeverStopped(threads: Int) throws {
    let job = try sweepJob()
    let whole = try job.performing(output: nil, resume: false, BatchControl(threads: 1))
    #expect(whole.error == nil && whole.table.rows.count == 18)
    let path = try folder() + "/runs.csv"
    defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
    let stop = StopSignal()
    let stopped = try job.performing(
      output: path, resume: false, BatchControl(threads: threads, stop: stop, progress: StopAfterRuns(stop, runs: 5)))
    #expect(stopped.tableOnly && stopped.error?.kind == .interrupted)
    #expect((1..<18).contains(stopped.table.rows.count))
    try AtomicFile.write(stopped.table.csv, to: path)
    let resumed = try job.performing(output: path, resume: true, BatchControl(threads: threads))
    #expect(resumed.error == nil && !resumed.tableOnly)
    #expect(resumed.table.csv == whole.table.csv)
    let objective = try Objective(SweepSummary.defaultObjective)
    #expect(
      SweepSummary.markdown(resumed.table, objective: objective)
        == SweepSummary.markdown(whole.table, objective: objective))
  }

  @Test func aStoppedTuneResumedGivesTheSameAnswer() throws {
    var request = TuneRequest(
      space: try TuneSpace(stack: try TuneStacks.named("flutter")),
      traces: Self.sessions
        + Self.sessions.map {
          NamedTrace(name: "again-" + $0.name, trace: $0.trace)
        }, scenario: .default, options: SimulationOptions(seed: 1))
    request.candidates = 4
    request.holdout = 0.5
    let job = try TuneJob(request)
    let path = try folder() + "/runs.csv"
    let whole = try job.performing(runs: path, resume: false, BatchControl(threads: 2))
    let answer = try #require(whole.result)
    // Without --runs the race drops the rows it is done with; the answer is the same.
    let folded = try job.performing(runs: nil, resume: false, BatchControl(threads: 2))
    #expect(folded.table.rows.count < whole.table.rows.count)
    #expect(try TuneReport.markdown(#require(folded.result), command: "t") == TuneReport.markdown(answer, command: "t"))
    defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
    let stop = StopSignal()
    let stopped = try job.performing(
      runs: path, resume: false, BatchControl(threads: 2, stop: stop, progress: StopAfterRuns(stop, runs: 4)))
    #expect(stopped.result == nil && stopped.error?.kind == .interrupted)
    try AtomicFile.write(stopped.table.csv, to: path)
    let resumed = try job.performing(runs: path, resume: true, BatchControl(threads: 1))
    let again = try #require(resumed.result)
    #expect(TuneReport.markdown(again, command: "t") == TuneReport.markdown(answer, command: "t"))
    #expect(resumed.table.csv == whole.table.csv)
  }

  /// The cells of a batch in reverse order: each cell's row is the one it has in order.
  @Test func theOrderOfCellsNeverChangesARow() throws {
    let choices = try StrategyCatalog.builtIn.choices("threshold,infinite-list")
    let cells = Self.sessions.indices.flatMap { session in
      choices.map { Batch.Cell(session: session, scenario: 0, seed: .perSession(base: 3), strategy: $0) }
    }
    func rows(_ cells: [Batch.Cell]) throws -> [String: String] {
      var rows: [String: String] = [:]
      let batch = Batch(
        sessions: Sessions(Self.sessions), scenarios: [.default], options: SimulationOptions(), cells: cells,
        measuresLimit: true, window: 1)
      try batch.run(threads: 2) { index, row, session in
        rows["\(session.name) \(cells[index].strategy?.label ?? "limit")"] = JSONWriter.compact(.object(row.fields))
      }
      return rows
    }
    let forward = try rows(cells)
    #expect(forward.count == 6)
    #expect(try rows(cells.reversed()) == forward)
  }
}

extension SweepJob {
  /// `perform` with the runs table at `output`, resumed or not.
  fileprivate func performing(output: String?, resume: Bool, _ control: BatchControl) throws(SimError) -> Outcome {
    var job = self
    (job.output, job.resume) = (output, resume)
    return try job.perform(control)
  }
}

extension TuneJob {
  /// `perform` with the runs table at `runs`, resumed or not.
  fileprivate func performing(runs: String?, resume: Bool, _ control: BatchControl) throws(SimError) -> Outcome {
    var job = self
    (job.runs, job.resume) = (runs, resume)
    return try job.perform(control)
  }
}
