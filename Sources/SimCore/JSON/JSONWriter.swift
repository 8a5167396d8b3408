/// Writes a `JSONValue` with keys in the order given and numbers in a fixed, shortest round-trip form,
/// so that the same result always prints the same bytes (Foundation's encoder does not promise
/// either across platforms).
package enum JSONWriter {
  package static func compact(_ node: JSONValue) -> String {
    var out = ""
    write(node, into: &out, indent: nil, level: 0)
    return out
  }

  package static func pretty(_ node: JSONValue) -> String {
    var out = ""
    write(node, into: &out, indent: "  ", level: 0)
    return out
  }

  /// Formats a finite double as JSON so that it reads back bit-identical: whole numbers below
  /// 10^15 without a fraction, negative zero as `-0`, others in Swift's shortest round-trip
  /// form. Not finite: `null`.
  package static func number(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if let whole = wholeNumber(value) { return String(whole) }
    if value == 0 && value.sign == .minus { return "-0" }
    return "\(value)"
  }

  /// The value as the whole number `number` writes without a fraction (below 10^15, not -0),
  /// or nil: shared with writers that build their lines as bytes (`JSONLineBuilder`).
  package static func wholeNumber(_ value: Double) -> Int64? {
    guard value.isFinite, value == value.rounded(), abs(value) < 1e15, !(value == 0 && value.sign == .minus) else {
      return nil
    }
    return Int64(value)
  }

  /// A number of either case as JSON writes it; nil for anything else.
  package static func number(_ value: JSONValue) -> String? {
    switch value {
    case .number(let double): Self.number(double)
    case .unsigned(let whole): String(whole)
    default: nil
    }
  }

  package static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  private static func write(_ node: JSONValue, into out: inout String, indent: String?, level: Int) {
    switch node {
    case .null: out += "null"
    case .bool(let flag): out += flag ? "true" : "false"
    case .number(let value): out += number(value)
    case .unsigned(let value): out += String(value)
    case .string(let text): out += quoted(text)
    case .array(let items):
      if items.isEmpty {
        out += "[]"
        return
      }
      out += "["
      for (i, item) in items.enumerated() {
        if i > 0 { out += "," }
        newline(&out, indent, level + 1)
        write(item, into: &out, indent: indent, level: level + 1)
      }
      newline(&out, indent, level)
      out += "]"
    case .object(let members):
      if members.isEmpty {
        out += "{}"
        return
      }
      out += "{"
      for (i, (key, value)) in members.enumerated() {
        if i > 0 { out += "," }
        newline(&out, indent, level + 1)
        out += quoted(key)
        out += indent == nil ? ":" : ": "
        write(value, into: &out, indent: indent, level: level + 1)
      }
      newline(&out, indent, level)
      out += "}"
    }
  }

  private static func newline(_ out: inout String, _ indent: String?, _ level: Int) {
    guard let indent else { return }
    out += "\n" + String(repeating: indent, count: level)
  }
}
