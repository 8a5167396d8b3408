/// A value per row index (0 ≤ index < 2⁶²), stored in chunks of 1024 rows allocated when a row
/// in them is first written; rows never written read as `defaultValue`.
///
/// Per-row bookkeeping (cells, draw counters) lives here rather than in a dictionary (hashing
/// an `Int` per lookup was a twentieth of a run) or in one array sized to the list (a
/// ten-million-row list would cost hundreds of MB before its first frame): memory follows the
/// rows the session touches.
struct RowTable<Element> {
  private static var chunkShift: Int { 10 }
  private static var chunkSize: Int { 1 << chunkShift }

  private var chunks: [[Element]?] = []
  private let defaultValue: Element

  init(defaultValue: Element) { self.defaultValue = defaultValue }

  /// Row `index`'s value; writing needs `index ≥ 0`.
  subscript(index: Int) -> Element {
    get {
      let chunk = index >> Self.chunkShift
      guard index >= 0, chunk < chunks.count, let rows = chunks[chunk] else { return defaultValue }
      return rows[index & (Self.chunkSize - 1)]
    }
    _modify {
      let chunk = index >> Self.chunkShift
      if chunk >= chunks.count { chunks.append(contentsOf: repeatElement(nil, count: chunk + 1 - chunks.count)) }
      if chunks[chunk] == nil { chunks[chunk] = Array(repeating: defaultValue, count: Self.chunkSize) }
      yield &chunks[chunk]![index & (Self.chunkSize - 1)]
    }
  }
}
