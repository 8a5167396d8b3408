/// `scrollsim import getevent`: Android `getevent -lt` text (`[  sec.usec] EV_TYPE CODE value`,
/// values in hex), as raw touchscreen events: decoded into frames of contacts by protocol
/// (`GeteventDecoder`: multitouch A and B, single touch), then assembled into gestures
/// (`FirstFingerFollower`): the first finger down is followed until it lifts; frames with more
/// fingers are counted and the extra fingers ignored. The scroll axis is y unless `axis` says x; positions become points
/// through `density`. The screen's size comes from `getevent -lp` lines in the file
/// (`ABS_MT_POSITION_Y : value 0, min 0, max 1919`) or from `screenPixels`.
package struct GeteventImporter: TraceImporter {
  package enum Axis: String, Sendable, CaseIterable { case x, y }

  package var axis = Axis.y
  /// Physical pixels per point (dp). 1 means pixels are taken as points.
  package var density = 1.0
  /// The screen's length along the axis in pixels, if the log does not say.
  package var screenPixels: Double?
  package var splitGap: Double?
  package var refreshRate = 60

  package init() {}

  package func importText(_ text: String) throws(SimError) -> ImportResult {
    var decoder = GeteventDecoder()
    var follower = FirstFingerFollower(axis: axis, density: density)
    for (index, line) in textLines(text).enumerated() {
      guard let frame = try decoder.read(line, number: index + 1) else { continue }
      if frame.contacts.count > 1 {
        decoder.dropped.add("frames with more than one finger (the first finger was followed)")
      }
      try follower.follow(frame, line: index + 1)
    }
    var notes: [String] = []
    if follower.finish() { notes.append("the log ends with a finger down: ended at its last sample") }
    guard decoder.parsedLines > 0 else {
      throw SimError(
        .badData, "no getevent -lt events found (lines like \"[  1411.748191] EV_ABS ABS_MT_POSITION_X 00000273\")")
    }
    guard !follower.samples.isEmpty else { throw SimError(.badData, "no touch found in the events") }
    try checkMotion(follower, notes: &notes)
    let device = self.device(axisMaximum: decoder.axisMaximum, notes: &notes)
    if density == 1 { notes.append("density 1 assumed: pixels taken as points (pass --density)") }
    let traces = try splitSessions(follower.samples, gap: splitGap).map { session throws(SimError) in
      Trace(device: device, input: .touches(try rebase(session)))
    }
    return ImportResult(traces: traces, notes: decoder.dropped.notes + notes)
  }

  /// Refuses a log without motion along the axis (naming the other axis when it moved), and
  /// notes the motion across it that is dropped.
  private func checkMotion(_ follower: FirstFingerFollower, notes: inout [String]) throws(SimError) {
    guard follower.moved > 0 else {
      let other = follower.crossed
      throw SimError(
        .badData,
        "no \(axis == .y ? "vertical" : "horizontal") motion (the other axis moved \(Int(other)) px)\(other > 0 ? ": use --axis \(axis == .y ? "x" : "y")" : "")"
      )
    }
    if follower.crossed > 0 {
      notes.append(
        "\(Int(follower.crossed)) px of \(axis == .y ? "horizontal" : "vertical") finger motion dropped (scroll axis \(axis.rawValue): \(Int(follower.moved)) px)"
      )
    }
  }

  /// The device: Android physics, the density, and the viewport from the screen's size along
  /// the axis (`--screen-pixels`, else the log's axis description, else the default, noted).
  private func device(axisMaximum: [String: Double], notes: inout [String]) -> Device {
    var device = Device(refreshRate: refreshRate, physics: "android", density: density)
    let axisCode = axis == .y ? "ABS_MT_POSITION_Y" : "ABS_MT_POSITION_X"
    if let pixels = screenPixels ?? axisMaximum[axisCode].map({ $0 + 1 })
      ?? axisMaximum[axis == .y ? "ABS_Y" : "ABS_X"].map({ $0 + 1 })
    {
      device.viewportHeight = pixels / density
    } else {
      notes.append(
        "screen size unknown (no getevent -lp lines, no --screen-pixels): viewport \(Int(device.viewportHeight)) pt assumed"
      )
    }
    return device
  }
}
