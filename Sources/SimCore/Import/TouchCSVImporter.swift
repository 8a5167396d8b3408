/// `scrollsim import touch-csv`: touch samples from any CSV, given which columns hold the time,
/// the vertical position and the phase (and, optionally, the pointer id).
public struct TouchCSVImporter: TraceImporter {
  public var timeColumn = "t"
  public var yColumn = "y"
  public var phaseColumn = "phase"
  /// With a pointer column, rows of any finger but the gesture's first are dropped.
  public var pointerColumn: String?
  public var downCodes: Set<String> = ["down"]
  public var moveCodes: Set<String> = ["move"]
  public var upCodes: Set<String> = ["up"]
  public var timeUnit = TimeUnit.s
  /// Device pixels per point (the density): y in pt = y / this.
  public var pixelsPerPoint = 1.0
  /// Split into separate traces where a pause between gestures exceeds this many seconds.
  public var splitGap: Double?
  /// Start a new trace where the clock goes back between gestures (logs that concatenate
  /// recordings); otherwise time going backwards is refused.
  public var newSessionOnTimeReset = false
  public var device = Device()

  public init() {}

  public func importText(_ text: String) throws(SimError) -> ImportResult {
    let table = CSVTable(text: text)
    guard let firstRow = table.rows.first else { throw SimError(.badData, "the file has no rows") }
    let references = [timeColumn, yColumn, phaseColumn] + (pointerColumn.map { [$0] } ?? [])
    let byName = references.contains { Int($0) == nil }
    let timeProbe = Int(timeColumn).map { $0 - 1 }
    let hasHeader =
      byName || (timeProbe.map { firstRow.cells.indices.contains($0) && Double(firstRow.cells[$0]) == nil } ?? false)
    let header = hasHeader ? firstRow.cells : nil
    func column(_ reference: String, _ role: String) throws(SimError) -> Int {
      guard let index = CSVTable.columnIndex(reference, header: header) else {
        throw SimError(
          .badData, path: "line \(firstRow.line)",
          "no \(role) column \"\(reference)\"; the header has \(header?.joined(separator: ", ") ?? "no names")")
      }
      return index
    }
    let timeIndex = try column(timeColumn, "time")
    let yIndex = try column(yColumn, "y")
    let phaseIndex = try column(phaseColumn, "phase")
    let pointerIndex: Int? = try pointerColumn.map { reference throws(SimError) in try column(reference, "pointer") }

    var dropped = DropCounter()
    var sessions: [[TouchSample]] = []
    var samples: [TouchSample] = []
    var open = false
    var gesturePointer: String?
    var previousTime: Double?
    for row in table.rows.dropFirst(hasHeader ? 1 : 0) {
      func cell(_ index: Int) -> String? { index < row.cells.count ? row.cells[index] : nil }
      guard let timeText = cell(timeIndex), let rawTime = Double(timeText), rawTime.isFinite else {
        throw SimError(
          .badData, path: "line \(row.line)", "no timestamp in the time column (found \"\(cell(timeIndex) ?? "")\")")
      }
      let t = rawTime * timeUnit.seconds
      if let previous = previousTime, t < previous {
        guard newSessionOnTimeReset, !open, downCodes.contains(cell(phaseIndex) ?? "") else {
          throw SimError(
            .badData, path: "line \(row.line)",
            "time goes backwards (\(timeText) after a larger time)\(open ? " inside a gesture" : ": several recordings in one file? --new-session-on-time-reset starts a new trace there")"
          )
        }
        if !samples.isEmpty { sessions.append(samples) }
        samples = []
      }
      previousTime = t
      guard let yText = cell(yIndex), let y = Double(yText), y.isFinite else {
        dropped.add("rows without a numeric y dropped")
        continue
      }
      let code = cell(phaseIndex) ?? ""
      let pointer = pointerIndex.flatMap { cell($0) }
      if open, let gesturePointer, let pointer, pointer != gesturePointer {
        dropped.add("rows of a second finger dropped")
        continue
      }
      let point = try checkedPosition(y / pixelsPerPoint, line: row.line, "y")
      if downCodes.contains(code) {
        if open {
          samples.append(TouchSample(t: samples.last!.t, y: samples.last!.y, phase: .ended))
          dropped.add("gestures without an up, ended at their last sample")
        }
        samples.append(TouchSample(t: t, y: point, phase: .began))
        open = true
        gesturePointer = pointer
      } else if moveCodes.contains(code) {
        guard open else {
          dropped.add("moves outside a gesture dropped")
          continue
        }
        samples.append(TouchSample(t: t, y: point, phase: .moved))
      } else if upCodes.contains(code) {
        guard open else {
          dropped.add("ups outside a gesture dropped")
          continue
        }
        samples.append(TouchSample(t: t, y: point, phase: .ended))
        open = false
        gesturePointer = nil
      } else {
        dropped.add("rows with an unknown phase code dropped")
      }
    }
    if open, let last = samples.last {
      samples.append(TouchSample(t: last.t, y: last.y, phase: .ended))
      dropped.add("gestures without an up, ended at their last sample")
    }
    if !samples.isEmpty { sessions.append(samples) }
    samples = sessions.flatMap { $0 }
    guard !samples.isEmpty else {
      throw SimError(
        .badData,
        "no gesture found (phase codes: down \(downCodes.sorted()), move \(moveCodes.sorted()), up \(upCodes.sorted()))"
      )
    }
    guard Set(samples.map(\.y)).count > 1 else {
      throw SimError(.badData, "no vertical motion: the y column never changes within the gestures")
    }
    let traces = try sessions.flatMap { splitSessions($0, gap: splitGap) }.map { session throws(SimError) in
      Trace(device: device, input: .touches(try rebase(session)))
    }
    var notes = dropped.notes
    if sessions.count > 1 { notes.append("\(sessions.count) recordings (the clock went back between them)") }
    if traces.count > sessions.count { notes.append("split at pauses over \(JSONWriter.number(splitGap ?? 0)) s") }
    return ImportResult(traces: traces, notes: notes)
  }
}
