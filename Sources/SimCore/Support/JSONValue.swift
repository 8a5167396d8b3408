/// A parsed JSON document, kept as a tree so that readers can report JSON paths in errors.
///
/// Objects keep their keys in document order (an array of pairs), so nothing depends on
/// dictionary ordering.
public enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: false
    }
  }

  /// A number from an integer (JSON has one number type).
  public static func int(_ value: Int) -> JSONValue { .number(Double(value)) }

  /// Members of an object, or nil.
  public var members: [(String, JSONValue)]? {
    if case .object(let members) = self { return members }
    return nil
  }

  /// `overlay` merged into `self`: objects merge key by key (recursively), anything else is
  /// replaced — and so is an object for which `replacesWhole(base, overlay)` says so. This is
  /// how scenario files, profiles and `--set` override the defaults.
  public func merging(
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
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
