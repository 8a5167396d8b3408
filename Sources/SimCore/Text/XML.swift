/// Text as XML (and HTML) character data or a double-quoted attribute value: the one escaper of
/// the SVG pictures, the HTML page and JUnit files.
///
/// `&`, `<`, `>` and `"` become entities; tab, line feed and carriage return become character
/// references (an attribute keeps them, where a parser would turn them into spaces); the other
/// control characters, which XML 1.0 forbids even as references (§2.2, `Char`), and the
/// non-characters U+FFFE and U+FFFF are dropped, so a trace named with one still writes a
/// document that parses. `'` is left as it is: every attribute scrollsim writes is in double
/// quotes.
enum XML {
  static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscaping) else { return text }
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "\t": escaped += "&#9;"
      case "\n": escaped += "&#10;"
      case "\r": escaped += "&#13;"
      default:
        if isForbidden(scalar) { continue }
        escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  private static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
    "&<>\"".unicodeScalars.contains(scalar) || isForbidden(scalar) || scalar == "\t" || scalar == "\n" || scalar == "\r"
  }

  private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r") || scalar.value == 0xFFFE
      || scalar.value == 0xFFFF
  }
}
