import Foundation

/// Reads and writes whole files the way a CLI user expects: errors name the file, and a write
/// goes to a temporary file in the same folder that is renamed into place, so a failure never
/// leaves a half-written output behind.
package enum AtomicFile {
  /// The largest input file read: 512 MiB (a day-long trace is about 300 MB). Past it, or from
  /// an endless source such as `/dev/zero`, reading stops with a message instead of filling
  /// memory.
  package static let maximumReadBytes = 512 << 20

  /// A file's text, or nil when there is no such file (a sweep's `--resume` of a first run).
  package static func readTextIfPresent(_ path: String) throws(SimError) -> String? {
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    return String(decoding: try read(path), as: UTF8.self)
  }

  /// Reads a whole file, a pipe (`<(adb shell getevent -lt)`) or a device, up to
  /// `maximumReadBytes`.
  package static func read(_ path: String, maximumBytes: Int = maximumReadBytes) throws(SimError) -> [UInt8] {
    var bytes: [UInt8] = []
    try forEachChunk(path, size: 1 << 16) { chunk throws(SimError) in
      guard bytes.count + chunk.count <= maximumBytes else {
        throw SimError(
          .badData, file: path,
          "is larger than \(maximumBytes >> 20) MiB, the most scrollsim reads (docs/reliability.md)")
      }
      bytes.append(contentsOf: chunk)
    }
    return bytes
  }

  /// Hands `body` a file's bytes `size` at a time (the last chunk shorter), in order; errors
  /// name the file (no such file, a folder, a read that failed). What `read` and a file read a
  /// line at a time (`TextFileLines`) share.
  static func forEachChunk(
    _ path: String, size: Int, _ body: (ArraySlice<UInt8>) throws(SimError) -> Void
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
    var chunk = [UInt8](repeating: 0, count: max(1, size))
    while true {
      let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress!, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw SimError(.noInput, file: path, "cannot be read: \(String(cString: strerror(errno)))")
      }
      if count == 0 { return }
      try body(chunk[0..<count])
    }
  }

  /// Writes `text` to `path`. A regular file (or a new one) is replaced atomically; anything
  /// else — a device such as `/dev/null`, a FIFO, a symbolic link such as `/dev/stdout` — is
  /// written in place, because renaming over it would replace the device or the link with a
  /// plain file.
  package static func write(_ text: String, to path: String) throws(SimError) {
    try writeAll([(text, path)])
  }

  /// Writes several files all or nothing: each regular file goes to a temporary file beside it
  /// first, and only when every one is written are they renamed into place. A failure removes
  /// the temporary files and leaves every output as it was. (Devices, FIFOs and links are
  /// written in place after the renames; a rename failing after others succeeded, which needs
  /// the folder to change under us, is the one case that leaves some outputs new.)
  package static func writeAll(_ files: [(text: String, path: String)]) throws(SimError) {
    var seen: Set<String> = []
    for (_, path) in files {
      guard !path.isEmpty else { throw SimError(.usage, "an empty file name (-o ''): give a path") }
      guard seen.insert(path).inserted else { throw SimError(.usage, "\(path) is given for two outputs") }
    }
    // A Ctrl-C or a kill while writing waits until the temporary files are renamed or removed.
    let inPlace = try SignalDeferral.during { () throws(SimError) in try stageAndRename(files) }
    // Not deferred: opening a FIFO waits for its reader, and Ctrl-C must still work.
    for (text, path) in inPlace { try writeInPlace(Array(text.utf8), to: path, naming: path) }
  }

  /// Writes the regular files among `files` to temporary files, then renames them all into
  /// place; returns the others (devices, FIFOs, links), to be written in place.
  private static func stageAndRename(_ files: [(text: String, path: String)]) throws(SimError) -> [(
    text: String, path: String
  )] {
    var staged: [(temporary: String, path: String)] = []
    var inPlace: [(text: String, path: String)] = []
    for (text, path) in files {
      var status = stat()
      if lstat(path, &status) == 0 && (status.st_mode & S_IFMT) != S_IFREG {
        inPlace.append((text, path))
        continue
      }
      let url = URL(fileURLWithPath: path)
      let temporary = url.deletingLastPathComponent().appendingPathComponent(
        ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp"
      ).path
      // Whatever is at the temporary name already (left by a killed run with the same process
      // id, or a link planted there) is removed, and the file is created anew (`O_EXCL`), so
      // the output is never written through someone else's file.
      unlink(temporary)
      do {
        try writeInPlace(Array(text.utf8), to: temporary, naming: path, creatingIt: true)
      } catch {
        unlink(temporary)
        for file in staged { unlink(file.temporary) }
        throw error
      }
      staged.append((temporary, path))
    }
    for (index, file) in staged.enumerated() where rename(file.temporary, file.path) != 0 {
      let reason = String(cString: strerror(errno))
      for rest in staged[index...] { unlink(rest.temporary) }
      throw SimError(.cannotWrite, file: file.path, "cannot write: \(reason)")
    }
    return inPlace
  }

  /// Writes `bytes` to `path` as it is, or to a file it creates there (`creatingIt`: fails if
  /// anything is there); errors name `naming` (the output a temporary file stands for).
  private static func writeInPlace(
    _ bytes: [UInt8], to path: String, naming: String, creatingIt: Bool = false
  ) throws(SimError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | (creatingIt ? O_EXCL : O_TRUNC), 0o644)
    guard descriptor >= 0 else {
      throw SimError(.cannotWrite, file: naming, "cannot write: \(String(cString: strerror(errno)))")
    }
    var closed = false
    defer { if !closed { close(descriptor) } }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        Foundation.write(descriptor, buffer.baseAddress! + written, bytes.count - written)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw SimError(.cannotWrite, file: naming, "cannot write: \(String(cString: strerror(errno)))")
      }
      written += count
    }
    // Some file systems report a full disk only when the file is closed.
    closed = true
    if close(descriptor) != 0 {
      throw SimError(.cannotWrite, file: naming, "cannot write: \(String(cString: strerror(errno)))")
    }
  }
}
