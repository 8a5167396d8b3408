import Foundation
import ScrollsimCLI

/// `scrollsim ARGUMENTS…` run in this process.
func scrollsim(_ arguments: String...) -> ScrollsimCLI.Invocation {
  ScrollsimCLI.invoke(arguments)
}

/// The same, for an argument list built in pieces.
enum ScrollsimCLIRunner {
  static func run(_ arguments: [String]) -> ScrollsimCLI.Invocation { ScrollsimCLI.invoke(arguments) }
}

/// The package's root (for `Traces/`).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().path

/// A bundled trace's path.
func bundledTrace(_ name: String) -> String { packageRoot + "/Traces/" + name }

/// A fresh empty folder for one test's files, removed by `remove()`.
struct ScratchFolder {
  let path: String

  init() throws {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("scrollsim-cli-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  func file(_ name: String) -> String { path + "/" + name }

  func read(_ name: String) throws -> String { try String(contentsOfFile: file(name), encoding: .utf8) }

  func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: file(name)) }

  func remove() { try? FileManager.default.removeItem(atPath: path) }
}
