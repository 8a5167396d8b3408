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

  public static func write(_ text: String, to path: String) throws(SimError) {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent()
    let temporary = folder.appendingPathComponent(
      ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
    do {
      try Data(text.utf8).write(to: temporary)
    } catch {
      throw SimError(.cannotWrite, file: path, "cannot write: \(error.localizedDescription)")
    }
    if rename(temporary.path, url.path) != 0 {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temporary)
      throw SimError(.cannotWrite, file: path, "cannot write: \(reason)")
    }
  }
}
