import SimCore

extension TuneCommand {
  /// The other libraries of the stack (`TuneStack.alternatives`), each tuned by its own race on
  /// `request`'s sessions, networks and luck; none when `--knobs` or `--from` name the asked-for
  /// stack's parameters (the others have their own: `tune --stack NAME`), and none for
  /// `--check`, which judges the asked-for stack's setting alone.
  func alternatives(of request: TuneRequest) throws(SimError) -> [TuneResult] {
    let stack = request.space.stack
    guard !stack.alternatives.isEmpty, !check else { return [] }
    guard search.knobs.isEmpty && search.from.isEmpty else {
      printNote(
        "note: --knobs and --from name \(stack.name)'s parameters, so the other libraries (\(stack.alternatives.joined(separator: ", "))) are not raced beside it; tune --stack NAME tunes one"
      )
      return []
    }
    var results: [TuneResult] = []
    for name in stack.alternatives {
      var other = request
      other.space = try TuneSpace(stack: try TuneStacks.named(name), catalog: request.catalog)
      other.candidates = TuneAlternatives.candidates(request.candidates)
      other.sessionClasses = nil
      other.movesKnobs = false
      printNote("tune: racing \(name) on the same sessions")
      let outcome = try TuneJob(other).perform(
        BatchControl(threads: threads, stop: .listening(printInterruption), progress: ProgressBar()))
      if let error = outcome.error { throw error }
      guard let result = outcome.result else {
        printNote("tune: stopped before \(name) answered; the libraries left are not in the report")
        return results
      }
      results.append(result)
    }
    return results
  }
}
