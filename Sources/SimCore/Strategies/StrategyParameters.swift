/// A strategy's parameters after validation: every parameter its `StrategyInfo` declares has a
/// typed value, the default unless a `StrategyChoice` set it.
///
/// Reading a name the strategy does not declare (a misspelling in the strategy's code) or
/// reading a parameter as the wrong kind is a programming error: it fails an assertion in debug
/// builds (and so in tests), and reads as 0, "" or false in release builds.
public struct StrategyParameters: Sendable {
  private let strategy: String
  private var values: [String: ParameterValue]
  /// The parameters a `StrategyChoice` set (the rest hold their defaults).
  private var given: Set<String> = []

  /// The defaults of `info`'s parameters.
  package init(info: StrategyInfo) {
    strategy = info.name
    values = [:]
    for parameter in info.parameters {
      do {
        values[parameter.name] = try parameter.validate(parameter.defaultValue, strategy: info.name)
      } catch {
        assertionFailure("\(info.name)'s default for \(parameter.name) is not one it takes: \(error)")
      }
    }
  }

  /// The defaults with `settings` applied: each names a parameter `info` declares (checked by
  /// `StrategyChoice`, the one place that checks names) and holds a value of its kind.
  init(info: StrategyInfo, settings: [(key: String, value: ParameterValue)]) {
    self.init(info: info)
    for (key, value) in settings {
      assert(values[key] != nil, "\(info.name) has no parameter \(key)")
      values[key] = value
      given.insert(key)
    }
  }

  /// Whether `name` was set rather than left at its default: a default that follows the run
  /// (flutter's `devicePixelRatio`, the trace's density) yields to a value given.
  public func isGiven(_ name: String) -> Bool { given.contains(name) }

  /// The value of the number parameter `name`.
  public func number(_ name: String) -> Double {
    guard let value = value(name) else { return 0 }
    guard case .number(let number) = value else {
      assertionFailure("\(strategy) reads its parameter \"\(name)\" = \(value) as a number")
      return 0
    }
    return number
  }

  /// The value of the word parameter `name`.
  public func string(_ name: String) -> String {
    guard let value = value(name) else { return "" }
    guard case .choice(let text) = value else {
      assertionFailure("\(strategy) reads its parameter \"\(name)\" = \(value) as a choice")
      return ""
    }
    return text
  }

  /// The value of the flag parameter `name`.
  public func flag(_ name: String) -> Bool {
    guard let value = value(name) else { return false }
    guard case .flag(let flag) = value else {
      assertionFailure("\(strategy) reads its parameter \"\(name)\" = \(value) as a flag")
      return false
    }
    return flag
  }

  private func value(_ name: String) -> ParameterValue? {
    guard let value = values[name] else {
      assertionFailure(
        "\(strategy) reads a parameter \"\(name)\" that its info does not declare; declared: \(values.keys.sorted())")
      return nil
    }
    return value
  }
}
