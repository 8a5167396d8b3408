/// Every strategy scrollsim knows. A new strategy is one file plus one line here.
public enum StrategyRegistry {
  public static var all: [any PrefetchStrategy.Type] {
    [
      InfiniteListStrategy.self,
      ThresholdStrategy.self,
      LazyTargetRectStrategy.self,
      SmartRangeStrategy.self,
    ]
  }

  /// The strategy named `name` (or one of its aliases).
  public static func lookup(_ name: String) throws(SimError) -> any PrefetchStrategy.Type {
    for type in all where type.info.name == name || type.info.aliases.contains(name) {
      return type
    }
    let names = all.map { ([$0.info.name] + $0.info.aliases).joined(separator: "|") }
    throw SimError(.usage, "unknown strategy \"\(name)\"; known: \(names.joined(separator: ", "))")
  }

  /// Parses `names` as "all" or a comma-separated list. Each `k=v` parameter applies to the
  /// strategies that declare `k`; a key that none of them declares is an error.
  public static func choices(_ names: String, parameters: [String] = []) throws(SimError) -> [StrategyChoice] {
    let list = names == "all" ? all.map { $0.info.name } : names.split(separator: ",").map { String($0) }
    guard !list.isEmpty else { throw SimError(.usage, "no strategy named; try --strategies all") }
    var types: [any PrefetchStrategy.Type] = []
    for name in list { types.append(try lookup(name)) }
    for text in parameters {
      let key = String(text.prefix { $0 != "=" })
      guard types.contains(where: { type in type.info.parameters.contains { $0.name == key } }) else {
        throw SimError(
          .usage,
          "--param \(key): none of \(list.joined(separator: ", ")) has a parameter \"\(key)\"; see scrollsim strategies"
        )
      }
    }
    var result: [StrategyChoice] = []
    for name in list { result.append(try StrategyChoice(name: name, parameters: parameters, strict: list.count == 1)) }
    return result
  }
}

/// A strategy and its checked parameters: a recipe for a fresh instance per run, so runs can go
/// in parallel without sharing state.
public struct StrategyChoice: @unchecked Sendable {
  public let type: any PrefetchStrategy.Type
  public let parameters: StrategyParameters
  /// Non-default parameters as given, for labels (`smart-range(mode=full)`).
  public let overrides: [(String, String)]

  /// `parameters` are `k=v` strings; every key must be one of the strategy's parameters.
  /// With several strategies (compare), a key no strategy declares is an error and a key only
  /// some declare applies to those.
  public init(name: String, parameters: [String], strict: Bool = true) throws(SimError) {
    type = try StrategyRegistry.lookup(name)
    let info = type.info
    var values: [String: String] = [:]
    for parameter in info.parameters { values[parameter.name] = parameter.defaultValue }
    var overrides: [(String, String)] = []
    for text in parameters {
      guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
        throw SimError(.usage, "--param \(text): expected key=value, e.g. threshold=0.8")
      }
      let key = String(text[..<equals])
      let value = String(text[text.index(after: equals)...])
      guard let parameter = info.parameters.first(where: { $0.name == key }) else {
        if !strict { continue }
        let known = info.parameters.map(\.name).joined(separator: ", ")
        throw SimError(
          .usage,
          "--param \(key): \(info.name) has no parameter \"\(key)\"; its parameters: \(known.isEmpty ? "none" : known)")
      }
      values[key] = try parameter.validate(value, strategy: info.name)
      overrides.append((key, value))
    }
    self.parameters = StrategyParameters(values: values)
    self.overrides = overrides
  }

  public var name: String { type.info.name }

  /// The name with its non-default parameters, e.g. `threshold(mode=dynamic)`.
  public var label: String {
    overrides.isEmpty ? name : "\(name)(\(overrides.map { "\($0)=\($1)" }.joined(separator: ",")))"
  }

  public func make() -> any PrefetchStrategy { type.init(parameters: parameters) }
}
