/// Cutting and converting traces (`scrollsim trace slice`, `trace scale`).
package enum TraceTools {
  /// The part of `trace` between `from` and `to` seconds, starting at 0.5 s. A gesture cut by an
  /// edge begins at its first kept sample and ends at its last.
  package static func slice(_ trace: Trace, from: Double, to: Double) throws(SimError) -> Trace {
    guard to > from else {
      throw SimError(.usage, "--to (\(JSONWriter.number(to))) must be after --from (\(JSONWriter.number(from)))")
    }
    var result = trace
    switch trace.input {
    case .touches(let samples):
      var kept: [TouchSample] = []
      var gesture: [TouchSample] = []
      func flush() {
        guard var first = gesture.first else { return }
        first.phase = .began
        var last = gesture.count > 1 ? gesture[gesture.count - 1] : first
        last.phase = .ended
        kept.append(first)
        kept += gesture.dropFirst().dropLast().map { TouchSample(t: $0.t, y: $0.y, phase: .moved) }
        kept.append(last)
        gesture = []
      }
      for sample in samples {
        if sample.t >= from && sample.t <= to { gesture.append(sample) }
        if sample.phase == .ended { flush() }
      }
      flush()
      guard !kept.isEmpty else {
        throw SimError(.usage, "no gesture between \(JSONWriter.number(from)) s and \(JSONWriter.number(to)) s")
      }
      result.input = .touches(
        try rebase(kept, lead: 0.5 + (kept[0].t - from), hint: "start the slice nearer the first gesture (--from)"))
    case .offsets(let samples):
      let kept = samples.filter { $0.t >= from && $0.t <= to }
      guard !kept.isEmpty else {
        throw SimError(.usage, "no sample between \(JSONWriter.number(from)) s and \(JSONWriter.number(to)) s")
      }
      result.input = .offsets(kept.map { OffsetSample(t: $0.t - from + 0.5, offset: $0.offset, phase: $0.phase) })
    }
    return result
  }

  /// Positions and the viewport multiplied by `factor` (e.g. 1/3 turns 3× pixels into points).
  package static func scale(_ trace: Trace, factor: Double) throws(SimError) -> Trace {
    guard factor.isFinite, factor > 0 else { throw SimError(.usage, "--factor must be a positive number") }
    var result = trace
    result.device.viewportWidth *= factor
    result.device.viewportHeight *= factor
    switch trace.input {
    case .touches(let samples):
      result.input = .touches(samples.map { TouchSample(t: $0.t, y: $0.y * factor, phase: $0.phase) })
    case .offsets(let samples):
      result.input = .offsets(samples.map { OffsetSample(t: $0.t, offset: $0.offset * factor, phase: $0.phase) })
    }
    return result
  }
}
