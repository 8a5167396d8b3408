import Foundation

/// `scrollsim tune` from its runs table to what is left to write and say: a shard's slice, or
/// the race and the held-out check; a stop or a failed run keeps the finished runs for
/// `--resume`. The command parses, calls this, and writes what it is given.
package struct TuneJob: Sendable {
  /// The search: the race, the held-out check, the classes and the knobs' sensitivity.
  package let search: TuneSearch
  /// The runs table's file (`--runs`): what `resume` goes on from, and where a stop keeps the
  /// finished runs.
  package var runs: String?
  /// Whether the runs in `runs` are kept and only the missing ones run (`--resume`).
  package var resume = false
  /// The slice of the runs to run (`--shard K/N`); nil: the race and the held-out check.
  package var shard: String?

  /// Refuses a request that cannot be searched (`TuneSearch.init`) before any run.
  package init(_ request: TuneRequest) throws(SimError) { search = try TuneSearch(request) }

  /// What a tune left: its runs table (every finished run), the answer when it got one, the
  /// notes to print and the error to end with once the files are written.
  package struct Outcome: Sendable {
    package var table: SweepTable
    /// The answer; nil for a shard, after a stop or after a failed run.
    package var result: TuneResult?
    /// A shard's table is its output (`--runs`, or stdout for `merge` to join).
    package var isShard: Bool
    package var notes: [String]
    package var error: SimError?
  }

  /// Runs the slice `shard` (`--shard K/N`) or the race and the held-out check, from the table
  /// at `runs` when `resume`.
  package func perform(_ control: BatchControl) throws(SimError) -> Outcome {
    let slice = try shard.map { text throws(SimError) in try Shard(text) }
    var table = try search.table(resumingFrom: resume ? runs : nil)
    let started = Date()
    // The outcome is made after the runs: holding the table in it meanwhile would copy every
    // resumed row on the first one added.
    if let slice {
      control.progress.start(total: slice.size(of: search.configurations.count))
      var notes: [String] = []
      var failure: SimError?
      do throws(SimError) {
        let count = try search.runShard(
          slice, into: &table, jobs: control.threads, shouldStop: control.shouldStop,
          progress: control.progress.update)
        notes.append(
          "shard \(slice.text): \(count) runs in \(NumberText.fixed(Date().timeIntervalSince(started), 1)) s; join the shards with scrollsim merge, then run tune with --resume --runs MERGED.csv"
        )
      } catch { failure = error }
      control.progress.finish()
      if failure == nil, let signal = control.stop.signal {
        notes = []
        failure = stopped(signal, runs: runs)
      }
      return Outcome(table: table, result: nil, isShard: true, notes: notes, error: failure)
    }
    control.progress.start(total: search.plannedRuns)
    var result: TuneResult?
    var failure: SimError?
    do throws(SimError) {
      result = try search.run(
        into: &table, jobs: control.threads, shouldStop: control.shouldStop, progress: control.progress.update,
        keepsEveryRun: runs != nil)
    } catch { failure = error }
    control.progress.finish()
    if failure == nil && result == nil { failure = stopped(control.stop.signal ?? SIGINT, runs: runs) }
    let notes =
      result.map {
        [
          "\($0.raceRuns) race runs, \($0.heldOutRuns) held-out runs, \($0.byClass.map { "\($0.runs) for the classes, " } ?? "")\($0.sensitivity?.runs ?? 0) moving the knobs in \(NumberText.fixed(Date().timeIntervalSince(started), 1)) s"
        ]
      } ?? []
    return Outcome(table: table, result: failure == nil ? result : nil, isShard: false, notes: notes, error: failure)
  }

  /// The error a stopped tune ends with (exit 130 or 143): how to finish it.
  func stopped(_ signal: Int32, runs: String?) -> SimError {
    let what = signal == SIGTERM ? "terminated" : "interrupted"
    return SimError(
      signal == SIGTERM ? .terminated : .interrupted,
      "\(what): run again with --resume --runs \(runs ?? "FILE") to finish\(runs == nil ? " (give --runs to keep the runs)" : "")"
    )
  }
}
