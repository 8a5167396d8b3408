import Foundation

/// Reads and writes whole files the way a CLI user expects: errors name the file, and a write
/// goes to a temporary file in the same folder that is renamed into place, so a failure never
/// leaves a half-written output behind.
public enum AtomicFile {
  /// The largest input file read: 512 MiB (a day-long trace is about 300 MB). Past it, or from
  /// an endless source such as `/dev/zero`, reading stops with a message instead of filling
  /// memory.
  public static let maximumReadBytes = 512 << 20

  /// Reads a whole file, a pipe (`<(adb shell getevent -lt)`) or a device, up to
  /// `maximumReadBytes`.
  public static func read(_ path: String, maximumBytes: Int = maximumReadBytes) throws(SimError) -> [UInt8] {
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
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress!, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw SimError(.noInput, file: path, "cannot be read: \(String(cString: strerror(errno)))")
      }
      if count == 0 { return bytes }
      guard bytes.count + count <= maximumBytes else {
        throw SimError(
          .badData, file: path,
          "is larger than \(maximumBytes >> 20) MiB, the most scrollsim reads (docs/reliability.md)")
      }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }

  /// Writes `text` to `path`. A regular file (or a new one) is replaced atomically; anything
  /// else — a device such as `/dev/null`, a FIFO, a symbolic link such as `/dev/stdout` — is
  /// written in place, because renaming over it would replace the device or the link with a
  /// plain file.
  public static func write(_ text: String, to path: String) throws(SimError) {
    guard !path.isEmpty else { throw SimError(.usage, "an empty file name (-o ''): give a path") }
    var status = stat()
    if lstat(path, &status) == 0 && (status.st_mode & S_IFMT) != S_IFREG {
      try writeInPlace(Array(text.utf8), to: path)
      return
    }
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent()
    let temporary = folder.appendingPathComponent(
      ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
    do {
      try Data(text.utf8).write(to: temporary)
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw SimError(.cannotWrite, file: path, "cannot write: \(error.localizedDescription)")
    }
    if rename(temporary.path, url.path) != 0 {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temporary)
      throw SimError(.cannotWrite, file: path, "cannot write: \(reason)")
    }
  }

  private static func writeInPlace(_ bytes: [UInt8], to path: String) throws(SimError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else {
      throw SimError(.cannotWrite, file: path, "cannot write: \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        Foundation.write(descriptor, buffer.baseAddress! + written, bytes.count - written)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw SimError(.cannotWrite, file: path, "cannot write: \(String(cString: strerror(errno)))")
      }
      written += count
    }
  }
}
