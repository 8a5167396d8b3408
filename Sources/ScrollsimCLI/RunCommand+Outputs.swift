import SimCore

/// What `run` writes, each where its option says: the timeline, the per-frame record, the
/// pictures, and the report last.
extension RunCommand {
  func outputs(of outcome: RunJob.Outcome) -> [(text: String, path: String?)] {
    let recorded: [(String?, String?)] = [
      (outcome.events, events), (outcome.frames, frames), (outcome.svg, svg), (outcome.traceEvents, traceEvents),
    ]
    return recorded.compactMap { text, path in text.map { ($0, path) } } + [(outcome.report, report.output)]
  }
}
