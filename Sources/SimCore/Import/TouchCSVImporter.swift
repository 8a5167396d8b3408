/// `scrollsim import touch-csv`: touch samples from any CSV, given which columns hold the time,
/// the vertical position and the phase (and, optionally, the pointer id).
package struct TouchCSVImporter: TraceImporter {
  package var timeColumn = "t"
  package var yColumn = "y"
  package var phaseColumn = "phase"
  /// With a pointer column, rows of any finger but the gesture's first are dropped.
  package var pointerColumn: String?
  package var downCodes: Set<String> = ["down"]
  package var moveCodes: Set<String> = ["move"]
  package var upCodes: Set<String> = ["up"]
  package var timeUnit = TimeUnit.s
  /// Device pixels per point (the density): y in pt = y / this.
  package var pixelsPerPoint = 1.0
  /// Split into separate traces where a pause between gestures exceeds this many seconds.
  package var splitGap: Double?
  /// Start a new trace where the clock goes back between gestures (logs that concatenate
  /// recordings); otherwise time going backwards is refused.
  package var newSessionOnTimeReset = false
  package var device = Device()
  /// Columns naming the device and network profile the recording ran on (`deviceProfile`,
  /// `networkProfile` of every trace the file gives): one value for the whole file, a phone and a
  /// connection per user's recording; a row that names another is refused.
  package var deviceColumn: String?
  package var networkColumn: String?

  package init() {}

  package func importText(_ text: String) throws(SimError) -> ImportResult {
    let table = CSVTable(text: text)
    let columns = try self.columns(of: table)
    var gestures = GestureAssembly()
    var previousTime: Double?
    var profiles: [String?] = [nil, nil]
    for row in table.rows.dropFirst(columns.headerRows) {
      func cell(_ index: Int) -> String? { index < row.cells.count ? row.cells[index] : nil }
      for (slot, (index, dimension, role)) in [
        (columns.device, SessionDimension.device, deviceColumn ?? ""), (columns.network, .network, networkColumn ?? ""),
      ].enumerated() {
        guard let index else { continue }
        let name = cell(index)?.trimmingCharacters(in: .whitespaces) ?? ""
        if let problem = dimension.unknown(name) {
          throw SimError(.badData, path: "line \(row.line)", "column \(role): \(problem)")
        }
        if let first = profiles[slot], first != name {
          throw SimError(
            .badData, path: "line \(row.line)",
            "column \(role) names \(name), earlier rows \(first): one file is one user's recording, on one phone and network"
          )
        }
        profiles[slot] = name
      }
      guard let timeText = cell(columns.time), let rawTime = Double(timeText), rawTime.isFinite else {
        throw SimError(
          .badData, path: "line \(row.line)", "no timestamp in the time column (found \"\(cell(columns.time) ?? "")\")")
      }
      let t = rawTime * timeUnit.seconds
      if let previous = previousTime, t < previous {
        guard newSessionOnTimeReset, !gestures.open, downCodes.contains(cell(columns.phase) ?? "") else {
          throw SimError(
            .badData, path: "line \(row.line)",
            "time goes backwards (\(timeText) after a larger time)\(gestures.open ? " inside a gesture" : ": several recordings in one file? --new-session-on-time-reset starts a new trace there")"
          )
        }
        gestures.newRecording()
      }
      previousTime = t
      guard let yText = cell(columns.y), let y = Double(yText), y.isFinite else {
        gestures.dropped.add("rows without a numeric y dropped")
        continue
      }
      let pointer = columns.pointer.flatMap { cell($0) }
      if gestures.open, let gesturePointer = gestures.pointer, let pointer, pointer != gesturePointer {
        gestures.dropped.add("rows of a second finger dropped")
        continue
      }
      let point = try checkedPosition(y / pixelsPerPoint, line: row.line, "y")
      gestures.add(code: cell(columns.phase) ?? "", t: t, y: point, pointer: pointer, importer: self)
    }
    let sessions = gestures.finish()
    var imported = try result(sessions, dropped: gestures.dropped)
    for index in imported.traces.indices {
      imported.traces[index].deviceProfile = profiles[0]
      imported.traces[index].networkProfile = profiles[1]
    }
    return imported
  }

  /// Where the columns are, by name (a header row) or by 1-based number.
  private struct Columns {
    var headerRows: Int
    var time: Int
    var y: Int
    var phase: Int
    var pointer: Int?
    var device: Int?
    var network: Int?
  }

  /// The columns named by the options; a name the header lacks is refused, naming the header.
  private func columns(of table: CSVTable) throws(SimError) -> Columns {
    guard let firstRow = table.rows.first else { throw SimError(.badData, "the file has no rows") }
    let references =
      [timeColumn, yColumn, phaseColumn] + [pointerColumn, deviceColumn, networkColumn].compactMap { $0 }
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
    return Columns(
      headerRows: hasHeader ? 1 : 0, time: try column(timeColumn, "time"), y: try column(yColumn, "y"),
      phase: try column(phaseColumn, "phase"),
      pointer: try pointerColumn.map { reference throws(SimError) in try column(reference, "pointer") },
      device: try deviceColumn.map { reference throws(SimError) in try column(reference, "device profile") },
      network: try networkColumn.map { reference throws(SimError) in try column(reference, "network profile") })
  }

  /// The traces of the recordings, split at long pauses, and what was dropped.
  private func result(_ sessions: [[TouchSample]], dropped: DropCounter) throws(SimError) -> ImportResult {
    let samples = sessions.flatMap { $0 }
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

/// Rows grouped into gestures by their phase code (down, move, up), and into recordings where
/// the clock goes back; a gesture left open is ended at its last sample.
private struct GestureAssembly {
  private(set) var sessions: [[TouchSample]] = []
  private var samples: [TouchSample] = []
  private(set) var open = false
  /// The finger of the open gesture, when the file names fingers.
  private(set) var pointer: String?
  var dropped = DropCounter()

  mutating func add(code: String, t: Double, y: Double, pointer: String?, importer: TouchCSVImporter) {
    if importer.downCodes.contains(code) {
      endOpenGesture()
      samples.append(TouchSample(t: t, y: y, phase: .began))
      open = true
      self.pointer = pointer
    } else if importer.moveCodes.contains(code) {
      guard open else { return dropped.add("moves outside a gesture dropped") }
      samples.append(TouchSample(t: t, y: y, phase: .moved))
    } else if importer.upCodes.contains(code) {
      guard open else { return dropped.add("ups outside a gesture dropped") }
      samples.append(TouchSample(t: t, y: y, phase: .ended))
      open = false
      self.pointer = nil
    } else {
      dropped.add("rows with an unknown phase code dropped")
    }
  }

  /// A new recording starts (the clock went back between gestures).
  mutating func newRecording() {
    if !samples.isEmpty { sessions.append(samples) }
    samples = []
  }

  /// The recordings, the last gesture ended if it was left open.
  mutating func finish() -> [[TouchSample]] {
    endOpenGesture()
    newRecording()
    return sessions
  }

  private mutating func endOpenGesture() {
    guard open, let last = samples.last else { return }
    samples.append(TouchSample(t: last.t, y: last.y, phase: .ended))
    dropped.add("gestures without an up, ended at their last sample")
    open = false
  }
}
