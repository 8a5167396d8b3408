/// `scrollsim import offsets`: content offsets over time, as an iOS app logging
/// `scrollViewDidScroll` writes them: CSV with a header, or JSON lines
/// (`{"t": 1.25, "offset": 830.5, "phase": "dragging"}` a line).
package struct OffsetsImporter: TraceImporter {
  package var timeColumn = "t"
  package var offsetColumn = "offset"
  /// Optional: `dragging` / `decelerating` (what `isDragging`/`isDecelerating` said).
  package var phaseColumn = "phase"
  package var timeUnit = TimeUnit.s
  /// Pixels per point, if offsets were logged in pixels.
  package var pixelsPerPoint = 1.0
  package var device = Device()

  package init() {}

  package func importText(_ text: String) throws(SimError) -> ImportResult {
    var rows: [(line: Int, t: String?, offset: String?, phase: String?)] = []
    let trimmed = text.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
    if trimmed.hasPrefix("{") {
      for (number, line) in textLines(text).enumerated()
      where !line.trimmingCharacters(in: .whitespaces).isEmpty {
        let value: JSONValue
        do {
          value = try JSONParser.parse(String(line))
        } catch {
          throw SimError(.badData, path: "line \(number + 1)", error.message)
        }
        func field(_ key: String) -> String? {
          switch value.members?.first(where: { $0.0 == key })?.1 {
          case .number(let n)?: return String(n)
          case .unsigned(let n)?: return String(n)
          case .string(let s)?: return s
          default: return nil
          }
        }
        rows.append((number + 1, field(timeColumn), field(offsetColumn), field(phaseColumn)))
      }
    } else {
      let table = CSVTable(text: text)
      guard let header = table.rows.first?.cells else { throw SimError(.badData, "the file has no rows") }
      guard let timeIndex = CSVTable.columnIndex(timeColumn, header: header) else {
        throw SimError(.badData, path: "line 1", "no time column \"\(timeColumn)\" in the header")
      }
      guard let offsetIndex = CSVTable.columnIndex(offsetColumn, header: header) else {
        throw SimError(.badData, path: "line 1", "no offset column \"\(offsetColumn)\" in the header")
      }
      let phaseIndex = CSVTable.columnIndex(phaseColumn, header: header)
      for row in table.rows.dropFirst() {
        func cell(_ index: Int?) -> String? { index.flatMap { $0 < row.cells.count ? row.cells[$0] : nil } }
        rows.append((row.line, cell(timeIndex), cell(offsetIndex), cell(phaseIndex)))
      }
    }
    var dropped = DropCounter()
    var samples: [OffsetSample] = []
    for row in rows {
      guard let text = row.t, let raw = Double(text), raw.isFinite else {
        throw SimError(.badData, path: "line \(row.line)", "no timestamp (\"\(timeColumn)\")")
      }
      let t = raw * timeUnit.seconds
      if let last = samples.last, t < last.t {
        throw SimError(.badData, path: "line \(row.line)", "time goes backwards")
      }
      guard let offsetText = row.offset, let offset = Double(offsetText), offset.isFinite else {
        dropped.add("rows without a numeric offset dropped")
        continue
      }
      var phase: OffsetPhase?
      if let name = row.phase, !name.isEmpty {
        phase = OffsetPhase(rawValue: name)
        if phase == nil { dropped.add("unknown phases (not dragging/decelerating) ignored") }
      }
      let points = try checkedPosition(offset / pixelsPerPoint, line: row.line, "the offset")
      samples.append(OffsetSample(t: t, offset: points, phase: phase))
    }
    guard !samples.isEmpty else { throw SimError(.badData, "no offset samples") }
    guard Set(samples.map(\.offset)).count > 1 else { throw SimError(.badData, "no motion: the offset never changes") }
    let first = samples[0].t
    try checkSpan(from: first, to: samples[samples.count - 1].t)
    let rebased = samples.map { OffsetSample(t: $0.t - first + 0.5, offset: $0.offset, phase: $0.phase) }
    return ImportResult(traces: [Trace(device: device, input: .offsets(rebased))], notes: dropped.notes)
  }
}
