import ArgumentParser
import SimCore

/// `--jobs N`: the worker threads a command's runs share. Any number gives the same output, so
/// a command's provenance leaves it out.
struct ThreadsOption: ParsableArguments {
  @Option(help: "Worker threads the runs share (default: all cores). The output is the same for any value.")
  var jobs: Int?

  func validate() throws {
    guard jobs.map({ (1...1024).contains($0) }) ?? true else { throw ValidationError("--jobs must be in 1...1024") }
  }

  /// `--jobs`, else every core.
  var threads: Int { jobs ?? BatchControl.defaultThreads }
}
