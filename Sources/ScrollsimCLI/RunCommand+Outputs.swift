import SimCore

/// What `run` writes: the timeline, the per-frame record, the pictures and the report.
extension RunCommand {
  func outputs(
    of result: RunResult, trace named: NamedTrace, scenario: Scenario, options: SimulationOptions,
    choice: StrategyChoice, provenance: Provenance
  ) throws(SimError) -> [(text: String, path: String?)] {
    var outputs: [(text: String, path: String?)] = []
    if let events { outputs.append((result.events.jsonLines, events)) }
    if let frames { outputs.append((result.frames, frames)) }
    if svg != nil || traceEvents != nil {
      let timeline = Timeline(events: result.events)
      let title = RunTitle.text(result.metrics, trace: named.trace, scenario: scenario, options: options)
      if let svg {
        outputs.append(
          (
            TimelineSVG.render(timeline, title: title, caps: TimelineSVG.caps(scenario: scenario, strategy: choice)),
            svg
          ))
      }
      if let traceEvents { outputs.append((TraceEvents.render(timeline, title: title), traceEvents)) }
    }
    outputs.append(
      (
        Report.render(
          [result.metrics], format: report.format, single: true, provenance: provenance, layout: try report.layout()),
        report.output
      ))
    return outputs
  }
}
