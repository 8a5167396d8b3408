/// The per-frame record's header and frame lines (`FrameRecord`).
extension Simulation {
  /// What a referee needs before the first line: the device, the display, the feed and the list.
  static func frameHeader(trace: Trace, scenario: Scenario, refreshRate: Int64) -> [(String, JSONValue)] {
    [
      (
        "viewport",
        .object([("width", .number(trace.device.viewportWidth)), ("height", .number(trace.device.viewportHeight))])
      ),
      ("density", .number(trace.device.density)),
      ("refreshRate", .number(Double(refreshRate))),
      ("feed", .string(scenario.feed.kind.rawValue)), ("pageSize", .number(Double(scenario.feed.pageSize))),
      ("columns", .number(Double(scenario.list.columns))),
    ]
  }

  /// The end of drawn frame `index`: the list as it is and the strategy's state.
  func recordFrame(_ index: Int64) {
    guard let frameRecorder else { return }
    let inner = (strategy as? FrameRecordingCallbacks)?.inner ?? strategy
    frameRecorder.frame(index, at: now, list: self, state: (inner as? any FrameStateReporting)?.takeFrameState())
  }
}
