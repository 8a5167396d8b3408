import Foundation
import Testing

/// SimCore's folders on the floors `docs/model.md` writes down ("The floors"): a folder names
/// the types of its own floor and the floors below, never one above, except for the references
/// the same section lists as still standing. A new reference against the floors fails here, and
/// so does a listed one that is gone (the list only shrinks).
@Suite struct FloorsTests {
  struct Reference: Hashable, Comparable, CustomStringConvertible {
    var from: String
    var to: String
    var type: String
    var description: String { "\(from)/ → \(to)/: \(type)" }
    static func < (a: Reference, b: Reference) -> Bool { a.description < b.description }
  }

  /// The floors (folder → floor, 1 the lowest) and the references still standing, as
  /// `docs/model.md` writes them.
  static func documented() throws -> (floors: [String: Int], standing: Set<Reference>) {
    let text = try String(contentsOf: PackageRoot.url("docs/model.md"), encoding: .utf8)
    let section = try #require(text.components(separatedBy: "\n## The floors\n").dropFirst().first)
      .components(separatedBy: "\n## ").first!
    var floors: [String: Int] = [:]
    var standing = Set<Reference>()
    for line in section.split(separator: "\n") where line.hasPrefix("| ") {
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      let folders = cells.map { cell in cell.matches(of: /`(\w+)\/`/).map { String($0.output.1) } }
      if let floor = cells.first?.split(separator: " ").first.flatMap({ Int($0) }), cells.count == 2 {
        for folder in folders[1] { floors[folder] = floor }
      } else if cells.count == 3, folders[0].count == 1, folders[1].count == 1 {
        for type in cells[2].matches(of: /`(\w+)`/) {
          standing.insert(Reference(from: folders[0][0], to: folders[1][0], type: String(type.output.1)))
        }
      }
    }
    return (floors, standing)
  }

  /// SimCore's files by folder, as `SwiftCode` reads them (comments and string text blanked).
  static func sources() throws -> [(folder: String, code: String)] {
    let root = PackageRoot.url("Sources/SimCore")
    var files: [(String, String)] = []
    let walker = try #require(FileManager.default.enumerator(atPath: root.path))
    while let path = walker.nextObject() as? String {
      guard path.hasSuffix(".swift"), let folder = path.split(separator: "/").first, path.contains("/") else {
        continue
      }
      let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
      files.append((String(folder), SwiftCode.code(text)))
    }
    return files.sorted { $0.0 < $1.0 }
  }

  /// Each type a folder names that another folder declares (top level, not private).
  static func references(_ files: [(folder: String, code: String)]) -> Set<Reference> {
    let declaration =
      /^(?:@\w+(?:\([^)]*\))?\s+)*((?:(?:public|package|internal|fileprivate|private|final|indirect|nonisolated)\s+)*)(?:struct|class|enum|protocol|actor|typealias)\s+([A-Z]\w*)/
      .anchorsMatchLineEndings()
    var owner: [String: String] = [:]
    for file in files {
      for match in file.code.matches(of: declaration) where !match.output.1.contains("private") {
        owner[String(match.output.2)] = file.folder
      }
    }
    var found = Set<Reference>()
    for file in files {
      for name in SwiftCode.typeNames(in: file.code) {
        if let to = owner[name], to != file.folder { found.insert(Reference(from: file.folder, to: to, type: name)) }
      }
    }
    return found
  }

  @Test func everyFolderIsOnAFloor() throws {
    let floors = try Self.documented().floors
    let folders = Set(try Self.sources().map(\.folder))
    #expect(folders.count > 20)
    #expect(folders.subtracting(floors.keys).sorted() == [], "folders docs/model.md does not place on a floor")
    #expect(Set(floors.keys).subtracting(folders).sorted() == [], "floors name folders SimCore does not have")
  }

  @Test func noFolderNamesATypeOfAFloorAbove() throws {
    let (floors, standing) = try Self.documented()
    let against = Self.references(try Self.sources()).filter { floors[$0.to, default: 0] > floors[$0.from, default: 0] }
    #expect(
      against.subtracting(standing).sorted().map(\.description) == [],
      "references against the floors (move the type down, or the code up: docs/model.md, The floors)")
    #expect(
      standing.subtracting(against).sorted().map(\.description) == [],
      "listed in docs/model.md as standing, but gone: take them off the list")
  }

  /// The reader sees types in code and in interpolations, not in comments or a string's text.
  @Test func typesAreReadFromCodeOnly() {
    let source = ##"""
      /* Batch /* nested Gate */ Report */ let a = Engine() // Pictures
      let b = "Sweep \(Tune.run("Gate (", x)) Report" + #"raw Gate \#(Trace()) \(Memory)"#
      let c = """
        Population \(Metrics.x)
        """
      let d = x.Scenario
      """##
    let names = SwiftCode.typeNames(in: SwiftCode.code(source))
    #expect(names == ["Engine", "Tune", "Trace", "Metrics"])
  }
}
