import Foundation

/// Trace arguments that may be folders (a population, a day of recordings): a folder stands
/// for its `.json` files, in byte order of their names, hidden files and subfolders left out.
public enum TraceFolder {
  /// Whether `path` is a folder.
  public static func isFolder(_ path: String) -> Bool {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
  }

  /// The trace files `paths` stand for: each file as given, each folder's `.json` files.
  public static func expand(_ paths: [String]) throws(SimError) -> [String] {
    try expand(paths, keeping: { $0.hasSuffix(".json") }, none: "is a folder without .json traces")
  }

  /// Each file of `paths` as given, and each folder's files whose names `keeping` accepts (not
  /// hidden, not folders) in byte order of their names; a folder with none is `none`.
  public static func expand(_ paths: [String], keeping: (String) -> Bool, none: String) throws(SimError) -> [String] {
    var files: [String] = []
    for path in paths {
      guard isFolder(path) else {
        files.append(path)
        continue
      }
      let names: [String]
      do {
        names = try FileManager.default.contentsOfDirectory(atPath: path)
      } catch {
        throw SimError(.noInput, file: path, "cannot be read: \(error.localizedDescription)")
      }
      let found = names.filter { keeping($0) && !$0.hasPrefix(".") }
        .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        .map { (path.hasSuffix("/") ? path : path + "/") + $0 }
        .filter { !isFolder($0) }
      guard !found.isEmpty else { throw SimError(.noInput, file: path, none) }
      files += found
    }
    return files
  }
}
