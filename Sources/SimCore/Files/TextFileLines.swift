import Foundation

/// A text file read a line at a time (LF, CRLF or CR endings), a chunk in memory at once: a
/// runs table of a day's sessions is read back for `--resume` without holding its text.
enum TextFileLines {
  /// Calls `body` with each line and its 1-based number; a last line without an ending counts.
  /// `chunkSize` bytes are read at a time.
  static func forEach(
    _ path: String, chunkSize: Int = 1 << 20, _ body: (Substring, Int) throws(SimError) -> Void
  ) throws(SimError) {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else {
      let reason = errno
      if reason == ENOENT { throw SimError(.noInput, file: path, "no such file") }
      throw SimError(.noInput, file: path, "cannot be read: \(String(cString: strerror(reason)))")
    }
    defer { close(descriptor) }
    var status = stat()
    if fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
      throw SimError(.noInput, file: path, "is a folder, not a file")
    }
    var pending: [UInt8] = []  // the start of a line the last chunk cut
    var chunk = [UInt8](repeating: 0, count: max(1, chunkSize))
    var number = 0
    var afterCarriageReturn = false  // a "\n" right after "\r" ends no second line
    func emit(_ bytes: ArraySlice<UInt8>) throws(SimError) {
      number += 1
      try body(Substring(String(decoding: bytes, as: UTF8.self)), number)
    }
    while true {
      let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress!, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw SimError(.noInput, file: path, "cannot be read: \(String(cString: strerror(errno)))")
      }
      if count == 0 { break }
      var start = 0
      for position in 0..<count {
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
      pending.append(contentsOf: chunk[start..<count])
    }
    if !pending.isEmpty { try emit(pending[...]) }
  }
}
