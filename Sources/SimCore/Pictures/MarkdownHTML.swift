import Foundation

/// The Markdown scrollsim's reports write, as HTML for a page: headings, paragraphs, lists,
/// block quotes, fenced code and pipe tables (`MarkdownTable`: `\|` inside a cell, `---:` for a
/// right-aligned column), with `code` spans and **strong** text inline. Not a general Markdown
/// reader: it renders what the reports produce, and escapes everything as text otherwise.
enum MarkdownHTML {
  static func render(_ markdown: String) -> String {
    var html: [String] = []
    var paragraph: [String] = []
    var list: [String] = []
    var table: [String] = []
    var code: (language: String, lines: [String])?
    func flush() {
      if !paragraph.isEmpty { html.append("<p>" + inline(paragraph.joined(separator: " ")) + "</p>") }
      if !list.isEmpty { html.append("<ul>" + list.map { "<li>" + inline($0) + "</li>" }.joined() + "</ul>") }
      if !table.isEmpty { html.append(render(table: table)) }
      (paragraph, list, table) = ([], [], [])
    }
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if var open = code {
        if line.hasPrefix("```") {
          let language = open.language.isEmpty ? "" : " class=\"language-\(XML.escaped(open.language))\""
          html.append("<pre><code\(language)>" + XML.escaped(open.lines.joined(separator: "\n")) + "</code></pre>")
          code = nil
        } else {
          open.lines.append(line)
          code = open
        }
        continue
      }
      if line.hasPrefix("```") {
        flush()
        code = (String(line.dropFirst(3)), [])
      } else if line.hasPrefix("|") {
        if table.isEmpty { flush() }
        table.append(line)
      } else if let level = ["### ", "## ", "# "].firstIndex(where: line.hasPrefix) {
        flush()
        let tag = "h\(3 - level)"
        html.append("<\(tag)>" + inline(String(line.dropFirst(3 - level + 1))) + "</\(tag)>")
      } else if line.hasPrefix("- ") {
        if !paragraph.isEmpty || !table.isEmpty { flush() }
        list.append(String(line.dropFirst(2)))
      } else if line.hasPrefix("> ") {
        flush()
        html.append("<blockquote>" + inline(String(line.dropFirst(2))) + "</blockquote>")
      } else if line.trimmingCharacters(in: .whitespaces).isEmpty {
        flush()
      } else if !list.isEmpty && line.hasPrefix("  ") {
        list[list.count - 1] += " " + line.trimmingCharacters(in: .whitespaces)
      } else {
        if !list.isEmpty || !table.isEmpty { flush() }
        paragraph.append(line)
      }
    }
    flush()
    return html.joined(separator: "\n")
  }

  /// A pipe table: its header, the alignment row, its body.
  static func render(table lines: [String]) -> String {
    let rows = lines.map(cells)
    guard rows.count >= 2 else { return "<p>" + inline(lines.joined(separator: " ")) + "</p>" }
    let right = rows[1].map { $0.hasSuffix(":") }
    func row(_ cells: [String], _ tag: String) -> String {
      "<tr>"
        + cells.enumerated().map { index, cell in
          let align = index < right.count && right[index] ? " class=\"num\"" : ""
          return "<\(tag)\(align)>" + inline(cell) + "</\(tag)>"
        }.joined() + "</tr>"
    }
    return "<table><thead>" + row(rows[0], "th") + "</thead><tbody>"
      + rows.dropFirst(2).map { row($0, "td") }.joined() + "</tbody></table>"
  }

  /// A table line's cells: split at `|` not escaped, `\|` read back as `|`.
  static func cells(_ line: String) -> [String] {
    var cells: [String] = []
    var current = ""
    var escaping = false
    for character in line.dropFirst() {
      if escaping {
        current.append(character)
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else if character == "|" {
        cells.append(current.trimmingCharacters(in: .whitespaces))
        current = ""
      } else {
        current.append(character)
      }
    }
    return cells
  }

  /// Escaped text with `code` spans and **strong** runs.
  static func inline(_ text: String) -> String {
    var html = ""
    for (index, part) in text.split(separator: "`", omittingEmptySubsequences: false).enumerated() {
      if index % 2 == 1 {
        html += "<code>" + XML.escaped(String(part)) + "</code>"
        continue
      }
      for (strongIndex, piece) in part.components(separatedBy: "**").enumerated() {
        html += strongIndex % 2 == 1 ? "<strong>" + XML.escaped(piece) + "</strong>" : XML.escaped(piece)
      }
    }
    return html
  }
}
