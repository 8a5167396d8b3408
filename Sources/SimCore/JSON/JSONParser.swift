/// A strict RFC 8259 JSON parser that reports line and column on error.
///
/// Foundation's parser reports neither consistently across platforms, and it accepts or
/// rejects `NaN` depending on options; this one rejects `NaN`, `Infinity` and numbers that
/// overflow a Double with a message that says so. O(n) in the input size.
package struct JSONParser {
  private let bytes: [UInt8]
  private var index = 0

  private init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// Parses a whole document. Throws `SimError(.badData)` with `line L, column C` in the path.
  package static func parse(_ bytes: [UInt8]) throws(SimError) -> JSONValue {
    var parser = JSONParser(bytes)
    parser.skipWhitespace()
    if parser.index == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      parser.index = 3
      parser.skipWhitespace()
    }
    if parser.atEnd { throw parser.error("the file is empty; expected a JSON value") }
    let value = try parser.parseValue(depth: 0)
    parser.skipWhitespace()
    if !parser.atEnd { throw parser.error("unexpected text after the JSON value") }
    return value
  }

  /// One value starting at `start` (after whitespace), and the index just past it: for readers
  /// that scan the rest of a document themselves (`TraceFastReader`).
  static func parseValue(in bytes: [UInt8], from start: Int) throws(SimError) -> (value: JSONValue, end: Int) {
    var parser = JSONParser(bytes)
    parser.index = start
    let value = try parser.parseValue(depth: 1)
    return (value, parser.index)
  }

  package static func parse(_ text: String) throws(SimError) -> JSONValue {
    try parse(Array(text.utf8))
  }

  private var atEnd: Bool { index >= bytes.count }

  private func error(_ message: String) -> SimError {
    var line = 1
    var column = 1
    for byte in bytes[..<min(index, bytes.count)] {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return SimError(.badData, path: "line \(line), column \(column)", "malformed JSON: \(message)")
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  private mutating func parseValue(depth: Int) throws(SimError) -> JSONValue {
    guard depth < 512 else { throw error("nesting deeper than 512 levels") }
    skipWhitespace()
    guard !atEnd else { throw error("unexpected end of file") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject(depth: depth)
    case UInt8(ascii: "["): return try parseArray(depth: depth)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try expectWord("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectWord("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectWord("null")
      return .null
    case UInt8(ascii: "N"), UInt8(ascii: "I"):
      throw error("NaN and Infinity are not JSON numbers; every number must be finite")
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default:
      throw error("unexpected character '\(String(decoding: [bytes[index]], as: UTF8.self))'")
    }
  }

  private mutating func expectWord(_ word: String) throws(SimError) {
    let utf8 = Array(word.utf8)
    guard bytes.count - index >= utf8.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
      throw error("expected '\(word)'")
    }
    index += utf8.count
  }

  private mutating func parseObject(depth: Int) throws(SimError) -> JSONValue {
    index += 1
    var members: [(String, JSONValue)] = []
    skipWhitespace()
    if !atEnd && bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard !atEnd, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a quoted key") }
      let key = try parseString()
      if members.contains(where: { $0.0 == key }) { throw error("duplicate key \"\(key)\"") }
      skipWhitespace()
      guard !atEnd, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
      index += 1
      members.append((key, try parseValue(depth: depth + 1)))
      skipWhitespace()
      guard !atEnd else { throw error("unexpected end of file inside an object") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      } else {
        throw error("expected ',' or '}' in an object")
      }
    }
  }

  private mutating func parseArray(depth: Int) throws(SimError) -> JSONValue {
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if !atEnd && bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      elements.append(try parseValue(depth: depth + 1))
      skipWhitespace()
      guard !atEnd else { throw error("unexpected end of file inside an array") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      } else {
        throw error("expected ',' or ']' in an array")
      }
    }
  }

  /// A number: `.unsigned` when written as digits alone and it fits 64 bits (read exactly),
  /// else `.number`.
  private mutating func parseNumber() throws(SimError) -> JSONValue {
    let start = index
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    func digits(_ p: inout JSONParser) -> Int {
      let s = p.index
      while !p.atEnd, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(p.bytes[p.index]) { p.index += 1 }
      return p.index - s
    }
    if !atEnd && bytes[index] == UInt8(ascii: "I") {
      throw error("NaN and Infinity are not JSON numbers; every number must be finite")
    }
    let intDigits = digits(&self)
    guard intDigits > 0 else { throw error("expected digits in a number") }
    if intDigits > 1 && bytes[start + (bytes[start] == UInt8(ascii: "-") ? 1 : 0)] == UInt8(ascii: "0") {
      throw error("numbers must not have leading zeros")
    }
    if !atEnd && bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits(&self) > 0 else { throw error("expected digits after '.'") }
    }
    if !atEnd && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
      index += 1
      if !atEnd && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
      guard digits(&self) > 0 else { throw error("expected digits in the exponent") }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if index - start == intDigits, let whole = UInt64(text) { return .unsigned(whole) }
    guard let value = Double(text), value.isFinite else {
      index = start
      throw error("the number \(text) does not fit a 64-bit float")
    }
    return .number(value)
  }

  private mutating func parseString() throws(SimError) -> String {
    index += 1
    var runStart = index
    var out = ""
    func flush(_ p: JSONParser, _ out: inout String, _ from: Int) {
      out += String(decoding: p.bytes[from..<p.index], as: UTF8.self)
    }
    while true {
      guard !atEnd else { throw error("unterminated string") }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        flush(self, &out, runStart)
        index += 1
        return out
      }
      if byte < 0x20 { throw error("control character inside a string") }
      if byte == UInt8(ascii: "\\") {
        flush(self, &out, runStart)
        index += 1
        guard !atEnd else { throw error("unterminated escape") }
        let escaped = bytes[index]
        index += 1
        switch escaped {
        case UInt8(ascii: "\""): out += "\""
        case UInt8(ascii: "\\"): out += "\\"
        case UInt8(ascii: "/"): out += "/"
        case UInt8(ascii: "b"): out += "\u{08}"
        case UInt8(ascii: "f"): out += "\u{0C}"
        case UInt8(ascii: "n"): out += "\n"
        case UInt8(ascii: "r"): out += "\r"
        case UInt8(ascii: "t"): out += "\t"
        case UInt8(ascii: "u"):
          var code = try parseHex4()
          if (0xD800..<0xDC00).contains(code), bytes.count - index >= 6,
            bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
          {
            index += 2
            let low = try parseHex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("invalid surrogate pair") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
          out.unicodeScalars.append(scalar)
        default: throw error("invalid escape")
        }
        runStart = index
        continue
      }
      index += 1
    }
  }

  private mutating func parseHex4() throws(SimError) -> UInt32 {
    guard bytes.count - index >= 4 else { throw error("short \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let b = bytes[index]
      let digit: UInt32
      switch b {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
      default: throw error("invalid hex digit in \\u escape")
      }
      value = value * 16 + digit
      index += 1
    }
    return value
  }
}
