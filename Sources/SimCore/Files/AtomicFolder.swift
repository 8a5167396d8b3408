import Foundation

/// Writes a folder of many files all or nothing (`generate --population N -o DIR`): the files go
/// one by one into a hidden folder beside `path`, which is renamed to `path` only when every one
/// is written; a failure (or Ctrl-C: the rename is deferred like `AtomicFile`'s) removes it. The
/// files are made one at a time, so a population of 100,000 sessions never sits in memory.
package enum AtomicFolder {
  /// `path` must not exist, be an empty folder, or be one whose entries `replaceable` accepts
  /// (an earlier run's output: it is replaced whole once the new one is written); anything
  /// else is refused, so a population is never mixed with other files.
  package static func write(
    _ path: String, count: Int, replaceable: ([String]) -> Bool = { _ in false },
    file: (Int) throws(SimError) -> (name: String, text: String)
  ) throws(SimError) {
    guard !path.isEmpty else { throw SimError(.usage, "an empty folder name (-o ''): give a path") }
    var isFolder: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
    if exists {
      guard isFolder.boolValue else { throw SimError(.cannotWrite, file: path, "is a file, not a folder") }
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
      guard entries.isEmpty || replaceable(entries) else {
        throw SimError(
          .cannotWrite, file: path, "is a folder that holds other files: give a new or empty one, or an earlier output")
      }
    }
    let url = URL(fileURLWithPath: path)
    let parent = url.deletingLastPathComponent().path
    do {
      try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
    } catch {
      throw SimError(.cannotWrite, file: path, "cannot make its parent folder (\(error.localizedDescription))")
    }
    let staging = url.deletingLastPathComponent().appendingPathComponent(
      ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp"
    ).path
    try? FileManager.default.removeItem(atPath: staging)
    guard mkdir(staging, 0o755) == 0 else {
      throw SimError(.cannotWrite, file: path, "cannot write: \(String(cString: strerror(errno)))")
    }
    do throws(SimError) {
      for index in 0..<count {
        let (name, text) = try file(index)
        try AtomicFile.write(text, to: staging + "/" + name)
      }
      let old = staging + ".old"
      try SignalDeferral.during { () throws(SimError) in
        if exists {
          guard rename(path, old) == 0 else { throw SimError(.cannotWrite, file: path, "cannot replace it") }
        }
        guard rename(staging, path) == 0 else {
          let reason = String(cString: strerror(errno))
          if exists { rename(old, path) }
          throw SimError(.cannotWrite, file: path, "cannot write: \(reason)")
        }
      }
      try? FileManager.default.removeItem(atPath: old)
    } catch {
      try? FileManager.default.removeItem(atPath: staging)
      throw error.inFile(path)
    }
  }

  /// A folder of traces, `files` already made (`import`, the trace tools): a folder holding only
  /// `.json` files (an earlier output) is replaced; two files of one name are refused rather
  /// than one lost.
  package static func write(_ path: String, traces files: [(name: String, text: String)]) throws(SimError) {
    var seen: Set<String> = []
    for file in files where !seen.insert(file.name).inserted {
      throw SimError(
        .usage, "two traces would be written as \(file.name): give inputs of different names, or one at a time")
    }
    try write(path, count: files.count, replaceable: { $0.allSatisfy { $0.hasSuffix(".json") } }) {
      index throws(SimError) in files[index]
    }
  }
}
