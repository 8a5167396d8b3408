/// A touch trace's trajectory as an offsets trace: the content offset at every drawn frame that
/// scrolled, as the physics preset turns the gestures into drags and flings over a list long
/// enough never to end (nothing to load, nothing to wait for). Replaying the result moves the
/// list exactly as the touches did, without the physics: so the same motion can be played in a
/// browser frame by frame (`Validation/`), or on a platform other than the one it was
/// recorded on.
package enum TrajectoryRecorder {
  /// Rows of the endless list the trajectory is recorded over (100 pt each: 20 million pt).
  static let rows = 200_000

  package static func offsets(
    of trace: Trace, physics name: String? = nil, touch: TouchSpec = TouchSpec()
  ) throws(SimError) -> Trace {
    guard case .touches = trace.input else { return trace }
    var scenario = Scenario.default
    scenario.list.heights = .distribution(.fixed(100))
    scenario.feed = FeedSpec(kind: .append, pageSize: rows, initialItems: rows, totalItems: rows)
    scenario.cell.hasContent = false
    scenario.cell.renderTime = .fixed(0)
    let options = SimulationOptions(physics: name)
    scenario.touch = touch
    let physics = try PhysicsPresets.lookup(for: trace, override: name, touch: touch)
    let recorder = OffsetRecorder()
    let simulation = Simulation(
      trace: trace, scenario: scenario, strategy: recorder, physics: physics, options: options)
    try simulation.execute()
    if recorder.samples.contains(where: { $0.offset > Double(rows - 100) * 100 }) {
      throw SimError(.badData, "the trace scrolls more than \(rows * 100) pt: too far to record")
    }
    var result = trace
    result.input = .offsets(recorder.samples)
    if let name { result.device.physics = name }
    return result
  }
}

/// Notes the content offset at each frame that scrolled, and the frame before a movement that
/// follows a rest (so that a replay does not drift across the pause).
private final class OffsetRecorder: ListCallbacks {
  var samples = [OffsetSample(t: 0, offset: 0)]

  func didScroll(_ list: any ListContext) {
    let last = samples[samples.count - 1]
    let frame = list.frameInterval
    if list.time - last.t > 1.5 * frame {
      samples.append(OffsetSample(t: rounded(list.time - frame, decimals: 6), offset: last.offset, phase: last.phase))
    }
    let phase: OffsetPhase? = list.isDragging ? .dragging : list.isDecelerating ? .decelerating : nil
    samples.append(
      OffsetSample(
        t: rounded(list.time, decimals: 6), offset: rounded(max(0, list.contentOffset), decimals: 3), phase: phase))
  }
}
