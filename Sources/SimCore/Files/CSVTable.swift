import Foundation

/// A small CSV reader for numeric logs: comma- or tab-separated (whichever the first line
/// uses), double-quoted fields, blank lines skipped. Keeps 1-based line numbers for errors.
struct CSVTable {
  var rows: [(line: Int, cells: [String])] = []

  init(text: String) {
    let lines = textLines(text)
    let first = lines.first { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty } ?? ""
    let separator: Character = first.contains("\t") && !first.contains(",") ? "\t" : ","
    for (index, raw) in lines.enumerated() {
      let line = raw
      if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
      rows.append((index + 1, Self.split(line, separator)))
    }
  }

  private static func split(_ line: Substring, _ separator: Character) -> [String] {
    var cells: [String] = []
    var current = ""
    var quoted = false
    var iterator = line.makeIterator()
    while let character = iterator.next() {
      if character == "\"" {
        if quoted, let next = iterator.next() {
          if next == "\"" {
            current.append("\"")
          } else {
            quoted = false
            if next == separator {
              cells.append(current)
              current = ""
            } else {
              current.append(next)
            }
          }
        } else {
          quoted.toggle()
        }
      } else if character == separator && !quoted {
        cells.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    cells.append(current)
    return cells.map { $0.trimmingCharacters(in: .whitespaces) }
  }

  /// Resolves a column given by header name or 1-based number. With names, the first row is
  /// the header; with numbers, a first row whose `probe` column is not a number is a header.
  static func columnIndex(_ reference: String, header: [String]?) -> Int? {
    if let number = Int(reference), number >= 1 { return number - 1 }
    return header?.firstIndex(of: reference)
  }
}
