import Foundation

/// Reads and writes whole files the way a CLI user expects: errors name the file, and a write
/// goes to a temporary file in the same folder that is renamed into place, so a failure never
/// leaves a half-written output behind.
public enum AtomicFile {
  public static func read(_ path: String) throws(SimError) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
        throw SimError(
          .noInput, file: path, isDirectory.boolValue ? "is a folder, not a file" : "cannot be read")
      }
      throw SimError(.noInput, file: path, "no such file")
    }
    return [UInt8](data)
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
