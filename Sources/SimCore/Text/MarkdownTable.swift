/// A Markdown (GitHub) pipe table: the one builder behind every Markdown table scrollsim writes
/// (reports, the gate's delta table, sweep summaries, physics tables, benchmarks). A cell's `|`
/// is escaped as `\|` and a line break becomes a space, so no text can break the table.
package enum MarkdownTable {
  package enum Alignment: Sendable { case left, right }

  /// The table's lines: header, alignment row, one line per row.
  package static func lines(_ header: [String], _ rows: [[String]], alignments: [Alignment]) -> [String] {
    var lines = [line(header)]
    lines.append("|" + alignments.map { $0 == .left ? "---|" : "---:|" }.joined())
    for cells in rows { lines.append(line(cells)) }
    return lines
  }

  /// The table's lines, the first `textColumns` left-aligned and the rest (numbers) right.
  package static func lines(_ header: [String], _ rows: [[String]], textColumns: Int) -> [String] {
    lines(header, rows, alignments: header.indices.map { $0 < textColumns ? .left : .right })
  }

  /// The table as text ending in a newline.
  package static func render(_ header: [String], _ rows: [[String]], textColumns: Int) -> String {
    lines(header, rows, textColumns: textColumns).joined(separator: "\n") + "\n"
  }

  /// The table as text ending in a newline.
  package static func render(_ header: [String], _ rows: [[String]], alignments: [Alignment]) -> String {
    lines(header, rows, alignments: alignments).joined(separator: "\n") + "\n"
  }

  static func line(_ cells: [String]) -> String { "| " + cells.map(escaped).joined(separator: " | ") + " |" }

  /// A cell's text: `|` escaped, line breaks as spaces.
  static func escaped(_ text: String) -> String {
    guard text.contains(where: { $0 == "|" || $0.isNewline }) else { return text }
    var escaped = ""
    for character in text {
      if character == "|" {
        escaped += "\\|"
      } else {
        escaped.append(character.isNewline ? " " : character)
      }
    }
    return escaped
  }
}
