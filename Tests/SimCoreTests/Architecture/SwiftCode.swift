/// Swift source as a reader of type references sees it: comments (nested block comments too)
/// and the text of string literals (plain, multi-line and raw) blanked out, the code inside a
/// string's interpolations kept. Not a parser: enough for `FloorsTests` to find the type names
/// a file uses.
enum SwiftCode {
  private enum Context {
    case code
    case interpolation(depth: Int)
    case string(multiline: Bool, hashes: Int)
  }

  static func code(_ source: String) -> String {
    let s = Array(source.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(s.count)
    var stack: [Context] = [.code]
    var i = 0
    func at(_ k: Int) -> UInt8 { k < s.count ? s[k] : 0 }
    func hashes(from k: Int) -> Int {
      var n = 0
      while at(k + n) == UInt8(ascii: "#") { n += 1 }
      return n
    }
    let slash = UInt8(ascii: "/")
    let star = UInt8(ascii: "*")
    let quote = UInt8(ascii: "\"")
    let backslash = UInt8(ascii: "\\")
    let newline = UInt8(ascii: "\n")
    while i < s.count {
      switch stack[stack.count - 1] {
      case .code, .interpolation:
        if s[i] == slash, at(i + 1) == slash {
          while i < s.count, s[i] != newline { i += 1 }
        } else if s[i] == slash, at(i + 1) == star {
          var depth = 0
          repeat {
            if at(i) == slash, at(i + 1) == star {
              depth += 1
              i += 2
            } else if at(i) == star, at(i + 1) == slash {
              depth -= 1
              i += 2
            } else {
              i += 1
            }
          } while depth > 0 && i < s.count
          out.append(UInt8(ascii: " "))
        } else if s[i] == quote || (s[i] == UInt8(ascii: "#") && at(i + hashes(from: i)) == quote) {
          let h = hashes(from: i)
          let multiline = at(i + h + 1) == quote && at(i + h + 2) == quote
          stack.append(.string(multiline: multiline, hashes: h))
          i += h + (multiline ? 3 : 1)
          out.append(UInt8(ascii: " "))
        } else {
          if case .interpolation(let depth) = stack[stack.count - 1] {
            if s[i] == UInt8(ascii: "(") {
              stack[stack.count - 1] = .interpolation(depth: depth + 1)
            } else if s[i] == UInt8(ascii: ")") {
              if depth == 0 {
                stack.removeLast()
                out.append(UInt8(ascii: " "))
                i += 1
                continue
              }
              stack[stack.count - 1] = .interpolation(depth: depth - 1)
            }
          }
          out.append(s[i])
          i += 1
        }
      case .string(let multiline, let h):
        if s[i] == backslash, hashes(from: i + 1) >= h {
          if at(i + 1 + h) == UInt8(ascii: "(") {
            stack.append(.interpolation(depth: 0))
            out.append(UInt8(ascii: " "))
            i += h + 2
          } else {
            i += h + 2  // an escaped character
          }
        } else if s[i] == quote, !multiline || (at(i + 1) == quote && at(i + 2) == quote) {
          let end = i + (multiline ? 3 : 1)
          if hashes(from: end) >= h {
            stack.removeLast()
            i = end + h
          } else {
            i += 1
          }
        } else if s[i] == newline, !multiline {
          stack.removeLast()  // an unterminated literal ends with its line
        } else {
          if s[i] == newline { out.append(newline) }
          i += 1
        }
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The capitalised identifiers `code` uses, except members (`x.Name`, `.Name`).
  static func typeNames(in code: String) -> Set<String> {
    var names = Set<String>()
    let s = Array(code.utf8)
    var i = 0
    func isIdentifier(_ c: UInt8) -> Bool {
      (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == UInt8(ascii: "_")
    }
    while i < s.count {
      guard isIdentifier(s[i]) else {
        i += 1
        continue
      }
      let start = i
      while i < s.count, isIdentifier(s[i]) { i += 1 }
      let member = start > 0 && s[start - 1] == UInt8(ascii: ".")
      if !member, s[start] >= 0x41, s[start] <= 0x5A {
        names.insert(String(decoding: s[start..<i], as: UTF8.self))
      }
    }
    return names
  }
}
