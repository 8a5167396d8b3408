/// A text file read a line at a time (LF, CRLF or CR endings), a chunk in memory at once: a
/// runs table of a day's sessions is read back for `--resume` without holding its text.
enum TextFileLines {
  /// Calls `body` with each line and its 1-based number; a last line without an ending counts.
  /// `chunkSize` bytes are read at a time.
  static func forEach(
    _ path: String, chunkSize: Int = 1 << 20, _ body: (Substring, Int) throws(SimError) -> Void
  ) throws(SimError) {
    var pending: [UInt8] = []  // the start of a line the last chunk cut
    var number = 0
    var afterCarriageReturn = false  // a "\n" right after "\r" ends no second line
    func emit(_ bytes: ArraySlice<UInt8>) throws(SimError) {
      number += 1
      try body(Substring(String(decoding: bytes, as: UTF8.self)), number)
    }
    try AtomicFile.forEachChunk(path, size: chunkSize) { chunk throws(SimError) in
      var start = chunk.startIndex
      for position in chunk.indices {
        let byte = chunk[position]
        guard byte == 0x0A || byte == 0x0D else {
          afterCarriageReturn = false
          continue
        }
        if byte == 0x0A && afterCarriageReturn && position == start && pending.isEmpty {
          afterCarriageReturn = false
          start = position + 1
          continue
        }
        afterCarriageReturn = byte == 0x0D
        if pending.isEmpty {
          try emit(chunk[start..<position])
        } else {
          pending.append(contentsOf: chunk[start..<position])
          try emit(pending[...])
          pending.removeAll(keepingCapacity: true)
        }
        start = position + 1
      }
      pending.append(contentsOf: chunk[start...])
    }
    if !pending.isEmpty { try emit(pending[...]) }
  }
}
