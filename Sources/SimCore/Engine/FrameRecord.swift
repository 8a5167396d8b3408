/// The per-frame record (`run --frames`, `docs/events.md`): every callback the engine makes to
/// the strategy with the list as the strategy saw it, the rows as they are laid out, and at the
/// end of each drawn frame the offset, viewport, content length, row count and the strategy's
/// own state (`FrameStateReporting`). It is what a referee needs to replay the run's inputs into
/// a platform's own list code and compare decisions frame by frame (`Validation/platforms/`).
///
/// Times are written twice: `t` in seconds and `ns`, the engine's clock, exactly, so a referee
/// can order its own timers against the record's events without rounding.
struct FrameRecord {
  private(set) var lines: [String] = []
  /// Rows whose layout has been written.
  private var rowsWritten = 0

  init(header: [(String, JSONValue)]) {
    lines.append(
      JSONWriter.compact(.object([("format", .string("scrollsim-frames")), ("version", .number(1))] + header)))
  }

  /// A callback, before the strategy hears it.
  mutating func callback(_ name: String, at time: SimTime, list: [(String, JSONValue)], fields: [(String, JSONValue)]) {
    lines.append(JSONWriter.compact(.object(Self.stamp(time) + [("call", .string(name))] + fields + list)))
  }

  /// The rows laid out since the last call: `[top, height, column]` from row `first` on.
  mutating func layout(_ layout: ListLayout, at time: SimTime) {
    let count = layout.laidOutCount
    guard count > rowsWritten else { return }
    let rows = (rowsWritten..<count).map { item -> JSONValue in
      let frame = layout.frames[item]
      return .array([.number(frame.top), .number(frame.height), .number(Double(frame.column))])
    }
    lines.append(
      JSONWriter.compact(
        .object(
          Self.stamp(time) + [("layout", .object([("first", .number(Double(rowsWritten))), ("rows", .array(rows))]))])))
    rowsWritten = count
  }

  /// The end of a drawn frame.
  mutating func frame(_ index: Int64, at time: SimTime, list: [(String, JSONValue)], state: JSONValue?) {
    var members = Self.stamp(time) + [("frame", .number(Double(index)))] + list
    if let state { members.append(("state", state)) }
    lines.append(JSONWriter.compact(.object(members)))
  }

  var jsonLines: String { lines.map { $0 + "\n" }.joined() }

  private static func stamp(_ time: SimTime) -> [(String, JSONValue)] {
    [("t", .number(time.seconds)), ("ns", .number(Double(time)))]
  }
}
