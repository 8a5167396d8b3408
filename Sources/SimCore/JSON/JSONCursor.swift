/// A position in a parsed JSON document that knows its JSON path, so every read can fail with
/// a message naming the exact field (`$.touches[3].t: expected a number, found a string`).
///
/// Readers walk the tree with `cursor["key"]` / `cursor.elements()` and finish with a typed
/// accessor. `unknownKeys` lets a reader reject typos instead of silently ignoring them.
package struct JSONCursor: Sendable {
  package let value: JSONValue?
  package let path: String
  /// The unit the field is read in, where a person may type a quantity with its own unit
  /// (`"350ms"` for seconds, `measured(in:)`); nil: numbers only.
  package private(set) var unit: QuantityUnit?

  package init(_ value: JSONValue, path: String = "$") {
    self.value = value
    self.path = path
  }

  private init(optional value: JSONValue?, path: String) {
    self.value = value
    self.path = path
  }

  package func fail(_ message: String) -> SimError {
    SimError(.badData, path: path, message)
  }

  /// Whether the field is present and not `null`.
  package var exists: Bool {
    if let value, value != .null { return true }
    return false
  }

  /// The member `key` of an object (which may be missing; accessors then say so).
  package subscript(key: String) -> JSONCursor {
    guard case .object(let members)? = value else {
      return JSONCursor(optional: nil, path: "\(path).\(key)")
    }
    return JSONCursor(optional: members.first(where: { $0.0 == key })?.1, path: "\(path).\(key)")
  }

  package func object() throws(SimError) -> [(String, JSONValue)] {
    guard let value else { throw fail("missing (required)") }
    guard case .object(let members) = value else {
      throw fail("expected an object, found \(value.typeName)")
    }
    return members
  }

  package func keys() throws(SimError) -> [String] { try object().map(\.0) }

  /// Throws if the object has a key outside `allowed` (catches typos in hand-written files),
  /// naming the nearest allowed key when one is close (`levle` → "did you mean \"level\"?").
  package func rejectUnknownKeys(_ allowed: Set<String>) throws(SimError) {
    for key in try keys() where !allowed.contains(key) {
      let known = allowed.sorted()
      throw SimError(
        .badData, path: "\(path).\(key)",
        "unknown field\(NameSuggestion.hint(for: key, among: known)); expected one of \(known.joined(separator: ", "))")
    }
  }

  package func elements() throws(SimError) -> [JSONCursor] {
    guard let value else { throw fail("missing (required)") }
    guard case .array(let items) = value else {
      throw fail("expected an array, found \(value.typeName)")
    }
    return items.enumerated().map { JSONCursor(optional: $1, path: "\(path)[\($0)]") }
  }

  /// This field, read in `unit`: a number in it, or a string with a unit (`"350ms"`).
  package func measured(in unit: QuantityUnit) -> JSONCursor {
    var cursor = self
    cursor.unit = unit
    return cursor
  }

  package func double() throws(SimError) -> Double {
    guard let value else { throw fail("missing (required)") }
    if case .string(let text) = value, let unit {
      switch unit.read(text) {
      case .success(let number): return number
      case .failure(.wrongUnit(let why)):
        throw fail("is in \(unit.symbol); \(why), found \"\(text)\"")
      case .failure(.notAQuantity):
        throw fail(
          "expected a number in \(unit.symbol) or a quantity with its unit (\(unit.examples)), found \"\(text)\"")
      }
    }
    guard let number = value.double else {
      throw fail("expected a number, found \(value.typeName)")
    }
    return number
  }

  /// A whole number from 0 to 2^64 − 1, read exactly (a seed).
  package func unsigned() throws(SimError) -> UInt64 {
    guard let value else { throw fail("missing (required)") }
    switch value {
    case .unsigned(let whole): return whole
    case .number(let number):
      guard let whole = UInt64(exactly: number) else {
        throw fail("expected a whole number in 0...\(UInt64.max), found \(JSONWriter.number(number))")
      }
      return whole
    default: throw fail("expected a number, found \(value.typeName)")
    }
  }

  package func string() throws(SimError) -> String {
    guard let value else { throw fail("missing (required)") }
    guard case .string(let text) = value else {
      throw fail("expected a string, found \(value.typeName)")
    }
    return text
  }

  package func bool() throws(SimError) -> Bool {
    guard let value else { throw fail("missing (required)") }
    guard case .bool(let flag) = value else {
      throw fail("expected true or false, found \(value.typeName)")
    }
    return flag
  }

  /// A number that must be an integer in `range`.
  package func int(in range: ClosedRange<Int> = 0...Int(Int32.max)) throws(SimError) -> Int {
    if case .unsigned(let whole)? = value {
      guard let exact = Int(exactly: whole), range.contains(exact) else {
        throw fail("expected a whole number in \(range.lowerBound)...\(range.upperBound), found \(whole)")
      }
      return exact
    }
    let number = try double()
    guard number == number.rounded(), number >= Double(range.lowerBound),
      number <= Double(range.upperBound)
    else {
      throw fail(
        "expected a whole number in \(range.lowerBound)...\(range.upperBound), found \(JSONWriter.number(number))")
    }
    return Int(number)
  }

  /// A number that must be >= `minimum` (or > when `exclusive`).
  package func double(atLeast minimum: Double, exclusive: Bool = false) throws(SimError) -> Double {
    let number = try double()
    if exclusive ? number <= minimum : number < minimum {
      let bound = exclusive ? "greater than" : "at least"
      throw fail("must be \(bound) \(JSONWriter.number(minimum)), found \(JSONWriter.number(number))")
    }
    return number
  }

  /// A number within `range` (the documented range of the field).
  package func double(in range: ClosedRange<Double>) throws(SimError) -> Double {
    let number = try double()
    guard range.contains(number) else {
      throw fail(
        "must be in \(JSONWriter.number(range.lowerBound))...\(JSONWriter.number(range.upperBound)), found \(JSONWriter.number(number))"
      )
    }
    return number
  }

  /// One of a fixed set of strings.
  package func choice(_ allowed: [String]) throws(SimError) -> String {
    let text = try string()
    guard allowed.contains(text) else {
      throw fail(
        "unknown value \"\(text)\"\(NameSuggestion.hint(for: text, among: allowed)); expected one of \(allowed.joined(separator: ", "))"
      )
    }
    return text
  }
}
