import Foundation

@testable import SimCore

/// The real recordings in `../shared/data` (beside the project root; not copied into it).
enum SharedData {
  static let root = PackageRoot.url("../shared/data")

  static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

  static var available: Bool { FileManager.default.fileExists(atPath: path("README.md")) }

  static var swipeFiles: [String] {
    let folder = path("swipes")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasSuffix(".txt") }.sorted().map { "\(folder)/\($0)" }
  }
}
