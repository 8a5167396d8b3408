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
    RemainStrategy.self,
    ModuloStrategy.self,
    RemainingHeightStrategy.self,
    OnDisplayStrategy.self,
    Paging3Strategy.self,
    GapWorkerStrategy.self,
    GlideStrategy.self,
    ComposeStrategy.self,
    UIKitPrefetchStrategy.self,
    FlutterListStrategy.self,
    FlatListStrategy.self,
    FlashListStrategy.self,
    SentinelStrategy.self,
    ChromiumLazyStrategy.self,
    FirefoxLazyStrategy.self,
    WebKitLazyStrategy.self,
    IntersectionObserverStrategy.self,
    TanStackVirtualStrategy.self,
    ReactWindowStrategy.self,
    VirtuosoStrategy.self,
    OracleStrategy.self,
  ])

  package let strategies: [StrategyKind]
  /// `process:COMMAND` names a strategy that runs as a helper process (`docs/protocol.md`).
  package static let processPrefix = "process:"

  /// A catalog of `strategies`, in this order. Two strategies sharing a name or an alias is a
  /// programming error (the names must resolve one way).
  public init(_ strategies: [any PrefetchStrategy.Type]) {
    self.init(kinds: strategies.map(StrategyKind.init))
  }

  init(kinds strategies: [StrategyKind]) {
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
    adding(kinds: more.map(StrategyKind.init))
  }

  /// This catalog followed by `more` (kinds known only at run time: helper processes).
  package func adding(kinds more: [StrategyKind]) -> StrategyCatalog {
    StrategyCatalog(kinds: strategies + more)
  }

  public var names: [String] { strategies.map { $0.info.name } }

  /// The strategy named `name` (or one of its aliases).
  package func lookup(_ name: String) throws(SimError) -> StrategyKind {
    if name.hasPrefix(Self.processPrefix) {
      return try ProcessStrategies.shared.kind(
        command: String(name.dropFirst(Self.processPrefix.count)),
        reservedNames: Set(strategies.flatMap { [$0.info.name] + $0.info.aliases }))
    }
    for type in strategies where type.info.name == name || type.info.aliases.contains(name) {
      return type
    }
    if let helper = ProcessStrategies.shared.kind(named: name) { return helper }
    let names = strategies.map { ([$0.info.name] + $0.info.aliases).joined(separator: "|") }
    let hint = NameSuggestion.hint(for: name, among: strategies.flatMap { [$0.info.name] + $0.info.aliases })
    throw SimError(.usage, "unknown strategy \"\(name)\"\(hint); known: \(names.joined(separator: ", "))")
  }

  /// The part of the strategy named `name` (a name or alias) with `parameters` (a sweep row's,
  /// `key=value;…`, empty for the defaults) if it is the clairvoyant limit (`LimitRole`): for
  /// reports that know a run only by its name, as a sweep's table does.
  package func limitRole(of name: String, parameters: String) -> LimitRole? {
    let settings = parameters.split(separator: ";").map(String.init)
    return (try? StrategyChoice(name: name, parameters: settings, strict: false, catalog: self))?.limitRole
  }

  /// The strategies `expression` runs: one name (with its partner if it decides only pages or
  /// only content), or `pages+content`: the first decides the pages, the second the content.
  package func resolve(_ expression: String) throws(SimError) -> [StrategyKind] {
    let names = expression.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
    switch names.count {
    case 1:
      return try StrategyChoice.withPartner(try lookup(names[0]), catalog: self)
    case 2:
      let pages = try lookup(names[0])
      let content = try lookup(names[1])
      for half in [pages, content] where half.info.platform == .limit {
        throw SimError(
          .usage, "\(expression): \(half.info.name) knows the future for the whole list; it runs alone, not as a half")
      }
      guard pages.info.role != .content else {
        throw SimError(
          .usage,
          "\(expression): \(pages.info.name) decides content only, so it cannot be the page half; write the page rule first (e.g. \(pages.info.partner ?? "sentinel")+\(pages.info.name))"
        )
      }
      guard content.info.role != .pages else {
        throw SimError(
          .usage,
          "\(expression): \(content.info.name) decides pages only, so it cannot be the content half; write the content rule second (e.g. \(content.info.name)+\(content.info.partner ?? "on-display"))"
        )
      }
      return [pages, content]
    default:
      throw SimError(
        .usage, "\(expression): a strategy is one name or two joined by + (pages+content), e.g. paging3+glide")
    }
  }

  /// What `expression` runs, spelt out: each name canonical (aliases resolved) and a one-role
  /// strategy with its partner, so a table never shows two rows that are one run under two
  /// names (`glide` is `paging3+glide`).
  package func canonicalName(_ expression: String) throws(SimError) -> String {
    try resolve(expression).map { $0.info.name }.joined(separator: "+")
  }

  /// The strategies a list names, each as `canonicalName` spells it: `all` is every strategy
  /// of the catalog, each distinct run once (`paging3` and `gapworker` both run
  /// `paging3+gapworker`), else the comma-separated names and pairs in their order.
  package func expressions(_ names: String) throws(SimError) -> [String] {
    if names == "all" {
      var result: [String] = []
      for name in self.names {
        let full = try canonicalName(name)
        if !result.contains(full) { result.append(full) }
      }
      return result
    }
    var result: [String] = []
    for name in names.split(separator: ",") { result.append(try canonicalName(String(name))) }
    return result
  }

  /// Every parameter `expression` accepts, each once (a name both halves declare is set on both).
  package func parameters(of expression: String) throws(SimError) -> [ParameterInfo] {
    var seen: Set<String> = []
    var result: [ParameterInfo] = []
    for type in try resolve(expression) {
      for parameter in type.info.parameters where seen.insert(parameter.name).inserted { result.append(parameter) }
    }
    return result
  }

  /// Whether `strategy` (a name or a pair) takes `setting`: it declares the name (a scoped
  /// one only if the scope names it or a half) and the value is one it accepts.
  package func takes(_ strategy: String, _ setting: ParameterAssignment) -> Bool {
    guard let choice = try? StrategyChoice(name: strategy, settings: [setting], strict: false, catalog: self)
    else { return false }
    return !choice.overrides.isEmpty
  }

  /// The values among `values` that `strategy` takes for `name`, with the strategy and the
  /// name resolved once (a 100,000-value grid axis is checked in milliseconds, not a second).
  /// A value is taken when a part declaring the name accepts it (a choice lists it) and every
  /// such part's check passes (a number in range).
  package func values(_ values: [String], takenBy strategy: String, name: ParameterName) -> [String] {
    guard let types = try? resolve(strategy) else { return [] }
    let parameters = name.parts(of: types).compactMap { index in
      types[index].info.parameters.first { $0.name == name.key }
    }
    guard !parameters.isEmpty else { return [] }
    return values.filter { value in
      let accepting = parameters.filter { parameter in
        if case .choice(let allowed) = parameter.kind { return allowed.contains(value) }
        return true
      }
      return !accepting.isEmpty && accepting.allSatisfy { $0.accepts(value) }
    }
  }

  /// Parses `names` as "all" or a comma-separated list of names and pairs. Each `k=v`
  /// parameter applies to the strategies that declare `k` and, for a choice, take `v`
  /// (`name.k=v` to that strategy or half only); a key that none of them declares, or a value
  /// none of them takes, is an error.
  public func choices(_ names: String, parameters: [String] = []) throws(SimError) -> [StrategyChoice] {
    var settings: [ParameterAssignment] = []
    for text in parameters { settings.append(try ParameterAssignment(parsing: text)) }
    return try choices(names, settings: settings)
  }

  /// `choices(_:parameters:)` with the parameters already parsed.
  package func choices(_ names: String, settings: [ParameterAssignment]) throws(SimError) -> [StrategyChoice] {
    let list = try expressions(names)
    guard !list.isEmpty else { throw SimError(.usage, "no strategy named; try --strategies all") }
    var strategies: [(name: String, types: [StrategyKind])] = []
    for name in list { strategies.append((name, try resolve(name))) }
    for setting in settings { try setting.name.requireDeclared(by: strategies, option: "--param") }
    var result: [StrategyChoice] = []
    for name in list {
      result.append(try StrategyChoice(name: name, settings: settings, strict: list.count == 1, catalog: self))
    }
    // A value that no strategy of several takes (`mode=nosuch`) is an error too.
    for setting in settings where !strategies.contains(where: { takes($0.name, setting) }) {
      throw SimError(
        .usage,
        "--param \(setting): \(list.count > 3 ? "none of the \(list.count) strategies" : "no strategy of " + list.joined(separator: ", ")) takes that value; see scrollsim strategies"
      )
    }
    return result
  }
}
