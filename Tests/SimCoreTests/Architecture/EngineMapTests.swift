import Foundation
import Testing

/// `docs/model.md`'s "Map of the engine" is the engine's one map: every `Simulation+` file of
/// `Sources/SimCore` is a `+Name.swift` line of its tree, and every such line is a file.
@Suite struct EngineMapTests {
  @Test func theMapNamesEverySimulationExtensionFile() throws {
    let text = try String(contentsOf: PackageRoot.url("docs/model.md"), encoding: .utf8)
    let section = try #require(text.components(separatedBy: "\n## Map of the engine").dropFirst().first)
      .components(separatedBy: "\n## ").first!
    let tree = try #require(section.components(separatedBy: "```").dropFirst().first)
    let mapped = Set(tree.matches(of: /[├└]─ \+(\w+)\.swift/).map { String($0.output.1) })
    let root = PackageRoot.url("Sources/SimCore")
    let walker = try #require(FileManager.default.enumerator(atPath: root.path))
    var files: Set<String> = []
    while let path = walker.nextObject() as? String {
      let name = (path as NSString).lastPathComponent
      if name.hasPrefix("Simulation+"), name.hasSuffix(".swift") {
        files.insert(String(name.dropFirst("Simulation+".count).dropLast(".swift".count)))
      }
    }
    #expect(files.count > 10)
    #expect(files.subtracting(mapped).sorted() == [], "Simulation+ files docs/model.md's map does not name")
    #expect(mapped.subtracting(files).sorted() == [], "the map names Simulation+ files that are gone")
  }
}
