import Testing

@testable import SimCore

/// The reports' Markdown as HTML (tune's page): tables as tables with their alignment and
/// escaped pipes, code fenced as code, text escaped.
@Suite struct MarkdownHTMLTests {
  @Test func tablesCodeListsAndInlineText() {
    let markdown =
      "# t\n\n**Ship this** (`x < y`): why.\n\n```dart\nfinal a = 1 < 2;\n```\n\n"
      + MarkdownTable.render(["knob", "value"], [["a|b", "1"], ["<c>", "2"]], textColumns: 1)
      + "\n- one\n  continued\n- two\n\n> note\n"
    let html = MarkdownHTML.render(markdown)
    #expect(html.contains("<h1>t</h1>"))
    #expect(html.contains("<p><strong>Ship this</strong> (<code>x &lt; y</code>): why.</p>"))
    #expect(html.contains("<pre><code class=\"language-dart\">final a = 1 &lt; 2;</code></pre>"))
    #expect(html.contains("<thead><tr><th>knob</th><th class=\"num\">value</th></tr></thead>"))
    #expect(html.contains("<td>a|b</td><td class=\"num\">1</td>"))
    #expect(html.contains("<td>&lt;c&gt;</td>"))
    #expect(html.contains("<ul><li>one continued</li><li>two</li></ul>"))
    #expect(html.contains("<blockquote>note</blockquote>"))
    #expect(!html.contains("| "))
  }
}
