import Foundation
import Testing

@testable import SimCore

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The one XML escaper (`XML`) and the one Markdown table builder (`MarkdownTable`): no text a
/// trace or strategy can be named with breaks the document or the table.
@Suite struct TextEscapingTests {
  @Test func xmlEscapesEntitiesAndDropsForbiddenControlCharacters() {
    #expect(XML.escaped("plain") == "plain")
    #expect(XML.escaped("a&b<c>\"d\"'e") == "a&amp;b&lt;c&gt;&quot;d&quot;'e")
    #expect(XML.escaped("tab\tline\nreturn\r") == "tab&#9;line&#10;return&#13;")
    // U+0000–U+001F other than tab, LF, CR, and U+FFFE/U+FFFF are not XML 1.0 characters.
    #expect(XML.escaped("a\u{0}b\u{1}c\u{8}d\u{1F}e\u{FFFE}f\u{FFFF}g") == "abcdefg")
    #expect(XML.escaped("ünïcödé ★ 😀") == "ünïcödé ★ 😀")
  }

  /// A trace named with a control character still writes SVG that an XML parser accepts.
  @Test func anSVGWithAControlCharacterInItsTextParses() throws {
    var svg = SVG(width: 10, height: 10)
    svg.text(1, 1, "trace\u{1}<&>\"name\u{7}", size: 10)
    svg.rect(0, 0, 1, 1, fill: "#000", tooltip: "tip\u{0}\n")
    let parser = XMLParser(data: Data(svg.document.utf8))
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
  }

  @Test func markdownTablesEscapePipesAndLineBreaks() {
    let table = MarkdownTable.render(["name", "n"], [["a|b", "1"], ["two\nlines", "22"]], textColumns: 1)
    #expect(table == "| name | n |\n|---|---:|\n| a\\|b | 1 |\n| two lines | 22 |\n")
    let mixed = MarkdownTable.lines(["x", "y", "z"], [], alignments: [.right, .left, .right])
    #expect(mixed == ["| x | y | z |", "|---:|---|---:|"])
  }

  /// The one rounding: a tiny negative value is zero, not "-0", at every number of places.
  @Test func roundingHasNoNegativeZero() {
    for decimals in 0...10 {
      #expect(JSONWriter.number(rounded(-1e-12, decimals: decimals)) == "0")
    }
    #expect(rounded(1.23456789, decimals: 3) == 1.235)
    #expect(rounded(0.1 + 0.2, decimals: 9) == 0.3)
  }
}
