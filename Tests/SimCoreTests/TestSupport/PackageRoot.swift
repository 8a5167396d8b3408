import Foundation

/// The package's folders, found from this file (Tests/SimCoreTests/TestSupport/), so that a
/// test file can move between folders without counting `..`.
enum PackageRoot {
  static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// `relative` inside the package, e.g. `Traces/lab/reader-60s.json`.
  static func url(_ relative: String) -> URL { url.appendingPathComponent(relative) }
}
