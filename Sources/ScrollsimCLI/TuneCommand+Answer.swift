import ArgumentParser
import Foundation
import SimCore

/// What `tune` runs and writes: a shard's slice of runs, or the race and the held-out check and
/// the answer's files; a stop or a failed run keeps the finished runs in `--runs`.
extension TuneCommand {
  /// `--shard K/N`: runs slice K of every run a tune can need into `--runs`, for `merge`.
  func runShard(
    _ slice: Shard, of job: TuneJob, into table: inout SweepTable, stop: StopFlag, started: Date
  ) throws(SimError) {
    let bar = ProgressBar(total: job.configurations.count / slice.count)
    let count = try job.runShard(slice, into: &table, jobs: threads, shouldStop: { stop.isSet }, progress: bar.update)
    bar.finish()
    try emit(table.csv, to: runs)
    if let signal = stop.signal { throw stopped(signal) }
    printNote(
      "shard \(slice.text): \(count) runs in \(NumberText.fixed(Date().timeIntervalSince(started), 1)) s; join the shards with scrollsim merge, then run tune with --resume --runs MERGED.csv"
    )
  }

  /// The race and the held-out check; on a failed run or a stop, `--runs` keeps the finished
  /// runs for `--resume`.
  func answer(_ job: TuneJob, into table: inout SweepTable, stop: StopFlag) throws(SimError) -> TuneResult {
    let bar = ProgressBar(total: job.plannedRuns)
    let result: TuneResult?
    do throws(SimError) {
      result = try job.run(into: &table, jobs: threads, shouldStop: { stop.isSet }, progress: bar.update)
    } catch {
      // A run failed (a strategy's helper process).
      bar.finish()
      if let runs { try emit(table.csv, to: runs) }
      throw error
    }
    bar.finish()
    guard let result else {
      if let runs { try emit(table.csv, to: runs) }
      throw stopped(stop.signal ?? SIGINT)
    }
    return result
  }

  /// The report (-o or stdout), the HTML page and the runs' table, each written whole.
  func write(_ result: TuneResult, table: SweepTable) throws(SimError) {
    let command = CommandLineContext.commandLine(
      dropping: ["-o", "--output", "--html", "--runs", "--jobs"], flags: ["--resume"])
    var outputs: [(text: String, path: String?)] = []
    if let runs { outputs.append((table.csv, runs)) }
    if let html { outputs.append((TuneHTML.render(result, command: command), html)) }
    let report =
      format == .json
      ? TuneJSON.render(result, command: command) : TuneReport.markdown(result, command: command)
    outputs.append((report, output))
    try emitAll(outputs)
  }

  private func stopped(_ signal: Int32) -> SimError {
    let what = signal == SIGTERM ? "terminated" : "interrupted"
    return SimError(
      signal == SIGTERM ? .terminated : .interrupted,
      "\(what): run again with --resume --runs \(runs ?? "FILE") to finish\(runs == nil ? " (give --runs to keep the runs)" : "")"
    )
  }
}
