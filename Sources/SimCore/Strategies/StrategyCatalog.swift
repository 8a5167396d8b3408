/// The strategies a tool knows by name: the built-ins, plus any a library user adds
/// (`StrategyCatalog.builtIn.adding(MyStrategy.self)`). Names resolve `--strategy`,
/// `--strategies` and sweeps; `scrollsim strategies` lists them in this order.
public struct StrategyCatalog: @unchecked Sendable {
  /// Every strategy scrollsim ships. A new strategy is one file plus one line here.
  public static let builtIn = StrategyCatalog([
    InfiniteListStrategy.self,
    ThresholdStrategy.self,
    LazyTargetRectStrategy.self,
    SmartRangeStrategy.self,
  ])

  public let strategies: [any PrefetchStrategy.Type]

  /// A catalog of `strategies`, in this order. Two strategies sharing a name or an alias is a
  /// programming error (the names must resolve one way).
  public init(_ strategies: [any PrefetchStrategy.Type]) {
    var seen: Set<String> = []
    for type in strategies {
      for name in [type.info.name] + type.info.aliases {
        precondition(seen.insert(name).inserted, "two strategies in one catalog are named \"\(name)\"")
      }
    }
    self.strategies = strategies
  }

  /// This catalog followed by `more`.
  public func adding(_ more: any PrefetchStrategy.Type...) -> StrategyCatalog {
    StrategyCatalog(strategies + more)
  }

  public var names: [String] { strategies.map { $0.info.name } }

  /// The strategy named `name` (or one of its aliases).
  public func lookup(_ name: String) throws(SimError) -> any PrefetchStrategy.Type {
    for type in strategies where type.info.name == name || type.info.aliases.contains(name) {
      return type
    }
    let names = strategies.map { ([$0.info.name] + $0.info.aliases).joined(separator: "|") }
    throw SimError(.usage, "unknown strategy \"\(name)\"; known: \(names.joined(separator: ", "))")
  }

  /// Parses `names` as "all" or a comma-separated list. Each `k=v` parameter applies to the
  /// strategies that declare `k`; a key that none of them declares is an error.
  public func choices(_ names: String, parameters: [String] = []) throws(SimError) -> [StrategyChoice] {
    let list = names == "all" ? self.names : names.split(separator: ",").map { String($0) }
    guard !list.isEmpty else { throw SimError(.usage, "no strategy named; try --strategies all") }
    var types: [any PrefetchStrategy.Type] = []
    for name in list { types.append(try lookup(name)) }
    for text in parameters {
      let key = splitKeyValue(text)?.key ?? text
      guard types.contains(where: { type in type.info.parameters.contains { $0.name == key } }) else {
        throw SimError(
          .usage,
          "--param \(key): none of \(list.joined(separator: ", ")) has a parameter \"\(key)\"; see scrollsim strategies"
        )
      }
    }
    var result: [StrategyChoice] = []
    for name in list {
      result.append(try StrategyChoice(name: name, parameters: parameters, strict: list.count == 1, catalog: self))
    }
    return result
  }
}
