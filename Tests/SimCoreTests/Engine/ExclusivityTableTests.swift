import Foundation
import Testing

/// docs/performance.md ("Where release builds skip exclusivity checks") names every stored
/// property the code marks `@exclusivity(unchecked)`, and their count: an annotation added or
/// removed without its line in the table fails here.
@Suite struct ExclusivityTableTests {
  /// (file, property) for every annotation in Sources/.
  static func annotated() throws -> [(file: String, property: String)] {
    var found: [(file: String, property: String)] = []
    let sources = PackageRoot.url("Sources")
    let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
    for case let url as URL in files where url.pathExtension == "swift" {
      let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
      for (index, line) in lines.enumerated()
      where line.trimmingCharacters(in: .whitespaces) == "@exclusivity(unchecked)" {
        // The declaration follows the `#endif` after the annotation.
        let declaration = lines[(index + 1)...].first { $0.contains("var ") }!
        let name = declaration.split(separator: "var ")[1].prefix { $0.isLetter || $0.isNumber }
        found.append((url.lastPathComponent, String(name)))
      }
    }
    return found
  }

  @Test func everyAnnotationIsInTheTable() throws {
    let doc = try String(contentsOf: PackageRoot.url("docs/performance.md"), encoding: .utf8)
    let section = doc.components(separatedBy: "## Where release builds skip exclusivity checks")[1]
      .components(separatedBy: "\n## ")[0]
    let annotated = try Self.annotated()
    #expect(annotated.count == 25)
    #expect(section.contains("Twenty-five stored properties"))
    for (file, property) in annotated {
      let row = section.split(separator: "\n").first {
        $0.hasPrefix("|") && $0.contains(file.replacingOccurrences(of: ".swift", with: ""))
      }
      #expect(row?.contains("`\(property)`") == true, "\(file): \(property) is not in docs/performance.md's table")
    }
  }
}
