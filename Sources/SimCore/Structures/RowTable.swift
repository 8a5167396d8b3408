/// A value per row index (0 ≤ index < 2⁶²), stored in chunks of 256 rows allocated when a row
/// in them is first written; rows never written read as `defaultValue`.
///
/// Sparse per-row bookkeeping (the feed's pages, the network's and render pool's attempt
/// counters) lives here rather than in a dictionary (hashing an `Int` per lookup was a
/// twentieth of a run) or in one array sized to the list (a ten-million-row list would cost
/// hundreds of MB before its first frame): memory follows the rows the session touches. The
/// cells, read every frame, are a plain array up to the furthest row touched (`CellTable`).
///
/// The chunks sit end to end in one array, found through a table of their offsets. The first
/// chunk is never written: every row of a chunk not stored reads from it. So a read is one
/// lookup and one load with no branch between them, and yields the value in place, as reading
/// a plain array does (a read with two ways out was not inlined, and cost about a sixth of a
/// run).
struct RowTable<Element> {
  private static var chunkShift: Int { 8 }
  private static var chunkSize: Int { 1 << chunkShift }

  /// Per chunk, where its rows start in `values`; 0: never written (the default chunk).
  private var chunkStarts: [Int] = []
  private var values: [Element]
  private let defaultValue: Element

  init(defaultValue: Element) {
    self.defaultValue = defaultValue
    values = Array(repeating: defaultValue, count: Self.chunkSize)
  }

  /// Row `index`'s value; writing needs `index ≥ 0`.
  @inline(__always) subscript(index: Int) -> Element {
    _read {
      let chunk = index >> Self.chunkShift
      let start = index >= 0 && chunk < chunkStarts.count ? chunkStarts[chunk] : 0
      yield values[start + index & (Self.chunkSize - 1)]
    }
    _modify {
      let chunk = index >> Self.chunkShift
      var start = chunk < chunkStarts.count ? chunkStarts[chunk] : 0
      if start == 0 { start = makeChunk(chunk) }
      yield &values[start + index & (Self.chunkSize - 1)]
    }
  }

  /// Stores chunk `chunk` (its rows the default); returns where its rows start.
  private mutating func makeChunk(_ chunk: Int) -> Int {
    if chunk >= chunkStarts.count {
      chunkStarts.append(contentsOf: repeatElement(0, count: chunk + 1 - chunkStarts.count))
    }
    let start = values.count
    chunkStarts[chunk] = start
    values.append(contentsOf: repeatElement(defaultValue, count: Self.chunkSize))
    return start
  }

  /// Calls `body` with each row of the chunks written so far, in index order, and its value
  /// (rows of those chunks never written included, as the default); other rows are the default.
  func forEachStoredRow(_ body: (_ index: Int, _ value: Element) -> Void) {
    for chunk in chunkStarts.indices where chunkStarts[chunk] > 0 {
      let start = chunkStarts[chunk]
      for offset in 0..<Self.chunkSize { body(chunk << Self.chunkShift + offset, values[start + offset]) }
    }
  }
}

extension RowTable: Sendable where Element: Sendable {}
