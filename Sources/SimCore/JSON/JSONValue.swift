/// A parsed JSON document, kept as a tree so that readers can report JSON paths in errors.
///
/// Objects keep their keys in document order (an array of pairs), so nothing depends on
/// dictionary ordering.
package enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  /// A whole number from 0 to 2^64 − 1, written and read exactly (seeds, counts, bytes): a
  /// double holds whole numbers exactly only up to 2^53, and a seed of 10330397778982980522
  /// must read back as itself. The parser gives this case to every number written without a
  /// sign, a fraction or an exponent that fits; `double` reads either case as a number.
  case unsigned(UInt64)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.unsigned(let a), .unsigned(let b)): a == b
    // One number, whichever case holds it: equal when the double is that whole number exactly.
    case (.number(let a), .unsigned(let b)), (.unsigned(let b), .number(let a)): UInt64(exactly: a) == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: false
    }
  }

  /// A number from an integer, exact whatever its size (a negative one as a double).
  package static func int(_ value: Int) -> JSONValue { value >= 0 ? .unsigned(UInt64(value)) : .number(Double(value)) }

  /// The value as a double if it is a number of either case (a whole number past 2^53 to the
  /// nearest double), else nil.
  package var double: Double? {
    switch self {
    case .number(let value): value
    case .unsigned(let value): Double(value)
    default: nil
    }
  }

  /// Members of an object, or nil.
  package var members: [(String, JSONValue)]? {
    if case .object(let members) = self { return members }
    return nil
  }

  /// `overlay` merged into `self`: objects merge key by key (recursively), anything else is
  /// replaced — and so is an object for which `replacesWhole(base, overlay)` says so. This is
  /// how scenario files, profiles and `--set` override the defaults.
  /// This value with the member at `path` (object keys) replaced by `transform` of it; the
  /// value unchanged where the path does not lead to one.
  func editing(_ path: [String], _ transform: (JSONValue) -> JSONValue) -> JSONValue {
    guard let key = path.first else { return transform(self) }
    guard case .object(var members) = self, let index = members.firstIndex(where: { $0.0 == key }) else { return self }
    members[index].1 = members[index].1.editing(Array(path.dropFirst()), transform)
    return .object(members)
  }

  package func merging(
    _ overlay: JSONValue, replacesWhole: ([(String, JSONValue)], [(String, JSONValue)]) -> Bool = { _, _ in false }
  ) -> JSONValue {
    guard case .object(var base) = self, case .object(let top) = overlay, !replacesWhole(base, top) else {
      return overlay
    }
    for (key, value) in top {
      if let i = base.firstIndex(where: { $0.0 == key }) {
        base[i].1 = base[i].1.merging(value, replacesWhole: replacesWhole)
      } else {
        base.append((key, value))
      }
    }
    return .object(base)
  }

  /// A short name of the value's type for error messages.
  var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number, .unsigned: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
