/// A strategy's parameters after validation: every parameter its `StrategyInfo` declares has a
/// value, the default unless overridden.
///
/// Reading a name the strategy does not declare (a misspelling in the strategy's code) or
/// reading a parameter as the wrong kind is a programming error: it fails an assertion in debug
/// builds (and so in tests), and reads as 0, "" or false in release builds.
public struct StrategyParameters: Sendable {
  private let strategy: String
  private var values: [String: String]

  /// The defaults of `info`'s parameters with `overrides` (name, value) applied; each override
  /// must name a declared parameter and hold a value of its kind and range.
  public init(info: StrategyInfo, overrides: [(String, String)] = []) throws(SimError) {
    strategy = info.name
    values = [:]
    for parameter in info.parameters { values[parameter.name] = parameter.defaultValue }
    for (key, value) in overrides {
      guard let parameter = info.parameters.first(where: { $0.name == key }) else {
        let known = info.parameters.map(\.name).joined(separator: ", ")
        throw SimError(
          .usage,
          "--param \(key): \(info.name) has no parameter \"\(key)\"; its parameters: \(known.isEmpty ? "none" : known)")
      }
      values[key] = try parameter.validate(value, strategy: info.name)
    }
  }

  public func number(_ name: String) -> Double {
    guard let text = value(name) else { return 0 }
    guard let number = Double(text) else {
      assertionFailure("\(strategy) reads its parameter \"\(name)\" = \"\(text)\" as a number")
      return 0
    }
    return number
  }

  public func string(_ name: String) -> String { value(name) ?? "" }

  public func flag(_ name: String) -> Bool {
    guard let text = value(name) else { return false }
    assert(text == "true" || text == "false", "\(strategy) reads its parameter \"\(name)\" = \"\(text)\" as a flag")
    return text == "true"
  }

  private func value(_ name: String) -> String? {
    guard let text = values[name] else {
      assertionFailure(
        "\(strategy) reads a parameter \"\(name)\" that its info does not declare; declared: \(values.keys.sorted())")
      return nil
    }
    return text
  }
}
