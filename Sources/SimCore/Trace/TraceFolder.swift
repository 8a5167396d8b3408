import Foundation

/// Trace arguments that may be folders (a population, a day of recordings): a folder stands for
/// its `.json` files at any depth (`users/android/…` and `users/ios/…` are one population), in
/// byte order of their paths within it, hidden files and folders left out.
///
/// Each session is named by its path relative to the folder given (`android/feed-0001.json`;
/// a file given on its own, by its file name), and the name is its identity: its network luck
/// is drawn from it (`SessionSeed`), tune splits by it, reports count by it. So no two
/// sessions of one command share a name: where two would (`compare android/ ios/`, each with a
/// `feed-0001.json`), those are named by their path as given (`android/feed-0001.json`,
/// `ios/feed-0001.json`), and the same file given twice is refused.
package enum TraceFolder {
  /// A trace file and the name its session is reported, seeded and split under.
  package struct SessionFile: Sendable, Equatable {
    package var path: String
    package var name: String
  }

  /// Whether `path` is a folder.
  package static func isFolder(_ path: String) -> Bool {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
  }

  /// The trace files `paths` stand for: each file as given, each folder's `.json` files at any
  /// depth.
  package static func expand(_ paths: [String]) throws(SimError) -> [String] {
    try sessionFiles(paths).map(\.path)
  }

  /// The trace files `paths` stand for, each with its session's name, no two alike.
  package static func sessionFiles(_ paths: [String]) throws(SimError) -> [SessionFile] {
    var files: [SessionFile] = []
    for path in paths {
      guard isFolder(path) else {
        files.append(SessionFile(path: path, name: URL(fileURLWithPath: path).lastPathComponent))
        continue
      }
      var visited: Set<String> = []
      let found = try walk(path, relative: "", keeping: { $0.hasSuffix(".json") }, visited: &visited)
        .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
      guard !found.isEmpty else { throw SimError(.noInput, file: path, "is a folder without .json traces") }
      let folder = path.hasSuffix("/") ? path : path + "/"
      files += found.map { SessionFile(path: folder + $0, name: $0) }
    }
    return try distinct(files)
  }

  /// Each file of `paths` as given, and each folder's own files (not its subfolders) whose names
  /// `keeping` accepts (not hidden), in byte order of their names; a folder with none is
  /// `none`. What `import` reads: a folder of recordings, each a file.
  package static func expand(_ paths: [String], keeping: (String) -> Bool, none: String) throws(SimError) -> [String] {
    var files: [String] = []
    for path in paths {
      guard isFolder(path) else {
        files.append(path)
        continue
      }
      let found = try entries(of: path).filter { keeping($0) && !$0.hasPrefix(".") }
        .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        .map { (path.hasSuffix("/") ? path : path + "/") + $0 }
        .filter { !isFolder($0) }
      guard !found.isEmpty else { throw SimError(.noInput, file: path, none) }
      files += found
    }
    return files
  }

  /// The kept files under `folder`, as paths relative to it (`sub/x.json`); a folder reached
  /// twice (a link back up) is walked once.
  private static func walk(
    _ folder: String, relative: String, keeping: (String) -> Bool, visited: inout Set<String>
  ) throws(SimError) -> [String] {
    let real = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
    guard visited.insert(real).inserted else { return [] }
    var found: [String] = []
    for name in try entries(of: folder) where !name.hasPrefix(".") {
      let path = (folder.hasSuffix("/") ? folder : folder + "/") + name
      if isFolder(path) {
        found += try walk(path, relative: relative + name + "/", keeping: keeping, visited: &visited)
      } else if keeping(name) {
        found.append(relative + name)
      }
    }
    return found
  }

  private static func entries(of folder: String) throws(SimError) -> [String] {
    do {
      return try FileManager.default.contentsOfDirectory(atPath: folder)
    } catch {
      throw SimError(.noInput, file: folder, "cannot be read: \(error.localizedDescription)")
    }
  }

  /// `files` with no two names alike: those that would share one are named by their path as
  /// given (tidied: no `./`, no doubled `/`); the same file twice is refused.
  static func distinct(_ files: [SessionFile]) throws(SimError) -> [SessionFile] {
    var seenFiles: [String: String] = [:]
    for file in files {
      let real = URL(fileURLWithPath: file.path).standardizedFileURL.resolvingSymlinksInPath().path
      if let earlier = seenFiles[real] {
        let also = earlier == file.path ? "" : " (also as \(earlier))"
        throw SimError(
          .usage, "\(file.path) is given twice\(also): each session once; --replicates runs one again under other luck")
      }
      seenFiles[real] = file.path
    }
    var counts: [String: Int] = [:]
    for file in files { counts[file.name, default: 0] += 1 }
    guard counts.values.contains(where: { $0 > 1 }) else { return files }
    var named = files.map { file in
      counts[file.name]! > 1 ? SessionFile(path: file.path, name: tidy(file.path)) : file
    }
    // A tidied path may still meet another session's name (a file given as `android/x.json`
    // beside a folder holding `android/x.json`): the later ones take their full path.
    var taken: Set<String> = []
    for index in named.indices where !taken.insert(named[index].name).inserted {
      named[index].name = URL(fileURLWithPath: named[index].path).standardizedFileURL.path
      taken.insert(named[index].name)
    }
    return named
  }

  /// `path` without a leading `./` or doubled slashes.
  static func tidy(_ path: String) -> String {
    var text = path
    while text.contains("//") { text = text.replacingOccurrences(of: "//", with: "/") }
    while text.hasPrefix("./") { text.removeFirst(2) }
    return text.replacingOccurrences(of: "/./", with: "/")
  }
}
