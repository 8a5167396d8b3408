/// A text field for a CSV file as RFC 4180 writes it: quoted, with quotes doubled, when it holds
/// a comma, a quote or a line break; as it is otherwise. Every CSV scrollsim writes uses this.
func csvField(_ text: String) -> String {
  guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
  return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
}

/// The fields of one CSV line as `csvField` writes them: split at commas outside quotes,
/// quoted fields unquoted. A line without quotes (nearly every row of a runs table) is split
/// without copying.
func csvCells(_ line: Substring) -> [Substring] {
  guard line.utf8.contains(UInt8(ascii: "\"")) else {
    return line.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map { Substring($0) }
  }
  var cells: [Substring] = []
  var current = ""
  var quoted = false
  var index = line.startIndex
  while index < line.endIndex {
    let character = line[index]
    index = line.index(after: index)
    if quoted {
      if character != "\"" {
        current.append(character)
      } else if index < line.endIndex && line[index] == "\"" {
        current.append("\"")
        index = line.index(after: index)
      } else {
        quoted = false
      }
    } else if character == "\"" {
      quoted = true
    } else if character == "," {
      cells.append(Substring(current))
      current = ""
    } else {
      current.append(character)
    }
  }
  cells.append(Substring(current))
  return cells
}
