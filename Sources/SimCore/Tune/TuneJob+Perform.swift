import Foundation

/// `scrollsim tune` from its runs table to what is left to write and say: a shard's slice, or
/// the race and the held-out check; a stop or a failed run keeps the finished runs for
/// `--resume`. The command parses, calls this, and writes what it is given.
extension TuneJob {
  /// What a tune left: its runs table (every finished run), the answer when it got one, the
  /// notes to print and the error to end with once the files are written.
  public struct Outcome: Sendable {
    public var table: SweepTable
    /// The answer; nil for a shard, after a stop or after a failed run.
    public var result: TuneResult?
    /// A shard's table is its output (`--runs`, or stdout for `merge` to join).
    public var isShard: Bool
    public var notes: [String]
    public var error: SimError?
  }

  /// Runs the slice `shard` (`--shard K/N`) or the race and the held-out check, from the table
  /// at `runs` when `resume`.
  public func perform(runs: String?, resume: Bool, shard: String?, control: BatchControl) throws(SimError)
    -> Outcome
  {
    let slice = try shard.map { text throws(SimError) in try Shard(text) }
    var table = try table(resumingFrom: resume ? runs : nil)
    let started = Date()
    if let slice {
      control.progress.start(total: slice.size(of: configurations.count))
      var outcome = Outcome(table: table, result: nil, isShard: true, notes: [], error: nil)
      do throws(SimError) {
        let count = try runShard(
          slice, into: &table, jobs: control.threads, shouldStop: control.shouldStop,
          progress: control.progress.update)
        outcome.notes.append(
          "shard \(slice.text): \(count) runs in \(NumberText.fixed(Date().timeIntervalSince(started), 1)) s; join the shards with scrollsim merge, then run tune with --resume --runs MERGED.csv"
        )
      } catch { outcome.error = error }
      control.progress.finish()
      outcome.table = table
      if outcome.error == nil, let signal = control.stop.signal {
        outcome.notes = []
        outcome.error = stopped(signal, runs: runs)
      }
      return outcome
    }
    control.progress.start(total: plannedRuns)
    var outcome = Outcome(table: table, result: nil, isShard: false, notes: [], error: nil)
    do throws(SimError) {
      outcome.result = try run(
        into: &table, jobs: control.threads, shouldStop: control.shouldStop, progress: control.progress.update,
        keepsEveryRun: runs != nil)
    } catch { outcome.error = error }
    control.progress.finish()
    outcome.table = table
    guard outcome.error == nil else { return outcome }
    guard let result = outcome.result else {
      outcome.error = stopped(control.stop.signal ?? SIGINT, runs: runs)
      return outcome
    }
    outcome.notes.append(
      "\(result.raceRuns) race runs and \(result.heldOutRuns) held-out runs in \(NumberText.fixed(Date().timeIntervalSince(started), 1)) s"
    )
    return outcome
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
