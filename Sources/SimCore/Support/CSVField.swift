/// A text field for a CSV file as RFC 4180 writes it: quoted, with quotes doubled, when it holds
/// a comma, a quote or a line break; as it is otherwise. Every CSV scrollsim writes uses this.
func csvField(_ text: String) -> String {
  guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
  return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
}
