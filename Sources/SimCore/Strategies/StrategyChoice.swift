/// A strategy and its checked parameters: a recipe for a fresh instance per run, so runs can go
/// in parallel without sharing state. What `Simulation.run`, `Comparison.run`, replicates and
/// sweeps take.
///
///     let mine = try StrategyChoice(MyStrategy.self, parameters: ["gap": "5"])
///     let threshold = try StrategyChoice(name: "threshold", parameters: ["mode=dynamic"])
///     let android = try StrategyChoice(name: "paging3+glide", parameters: ["maxPreload=6"])
///
/// A choice is one strategy that decides both pages and content, or two halves: a page rule
/// and a content rule (`A+B`, or a one-role strategy with its `StrategyInfo.partner`).
public struct StrategyChoice: @unchecked Sendable {
  /// One strategy of the choice with its parameters.
  package struct Part: @unchecked Sendable {
    package let kind: StrategyKind
    package let parameters: StrategyParameters
    package var name: String { kind.info.name }
  }

  /// One part, or two: the page rule, then the content rule.
  package let parts: [Part]
  /// What runs, spelt out: `threshold`, `paging3+glide`, and `remain+on-display` for `remain`
  /// (a one-role strategy with its partner).
  public let name: String
  /// The settings given, as given, for labels (`smart-range(mode=full)`): the scope kept only
  /// where it chooses a half of a pair.
  package let overrides: [ParameterAssignment]

  /// `type` with `parameters` (name: value, as text) over its defaults; each name must be one of
  /// `type.info.parameters` (or its partner's) and each value of its kind and range.
  public init(_ type: any PrefetchStrategy.Type, parameters: KeyValuePairs<String, String> = [:]) throws(SimError) {
    let types = try Self.withPartner(StrategyKind(type), catalog: .builtIn)
    try self.init(
      types: types, name: types.map { $0.info.name }.joined(separator: "+"),
      settings: parameters.map { ParameterAssignment(ParameterName(parsing: $0.key), $0.value) }, strict: true)
  }

  /// The strategy named `name` (or an alias) in `catalog`, or a pair `pages+content`, with
  /// `key=value` parameters as the command line gives them (kebab-case keys work).
  public init(
    name: String, parameters: [String], strict: Bool = true, catalog: StrategyCatalog = .builtIn
  ) throws(SimError) {
    var settings: [ParameterAssignment] = []
    for text in parameters { settings.append(try ParameterAssignment(parsing: text)) }
    try self.init(name: name, settings: settings, strict: strict, catalog: catalog)
  }

  /// The strategy named `name` in `catalog` with `settings`. A setting goes to each half that
  /// declares its key; a scoped one (`glide.maxPreload=6`) to the half its scope names. With
  /// `strict` false (several strategies given one `--param` list), settings this choice does not
  /// declare are skipped, and so are values outside a choice parameter's list (`mode=dynamic`
  /// is threshold's; smart-range's `mode` has other values).
  package init(
    name: String, settings: [ParameterAssignment], strict: Bool = true, catalog: StrategyCatalog = .builtIn
  ) throws(SimError) {
    let types = try catalog.resolve(name)
    try self.init(
      types: types, name: types.map { $0.info.name }.joined(separator: "+"), settings: settings, strict: strict)
  }

  private init(
    types: [StrategyKind], name: String, settings: [ParameterAssignment], strict: Bool
  ) throws(SimError) {
    var perPart: [[(key: String, value: ParameterValue)]] = types.map { _ in [] }
    var used: [ParameterAssignment] = []
    for setting in settings {
      if strict { try setting.name.requireDeclared(by: [(name, types)], option: "--param") }
      var targets = setting.name.parts(of: types)
      if !strict { targets.removeAll { !Self.accepts(types[$0], setting) } }
      if targets.isEmpty { continue }
      for index in targets {
        let info = types[index].info
        let parameter = info.parameters.first { $0.name == setting.name.key }!
        perPart[index].append((setting.name.key, try parameter.validate(setting.value, strategy: info.name)))
      }
      // A label names the scope only where it chooses a half: `smart-range(mode=full)`.
      used.append(types.count == 1 ? ParameterAssignment(ParameterName(key: setting.name.key), setting.value) : setting)
    }
    self.parts = zip(types, perPart).map { type, settings in
      Part(kind: type, parameters: StrategyParameters(info: type.info, settings: settings))
    }
    self.name = name
    self.overrides = used
  }

  /// Whether `type` can take `setting`: false only for a value outside a choice parameter's list
  /// (numbers and flags are checked, with a message, when used).
  private static func accepts(_ type: StrategyKind, _ setting: ParameterAssignment) -> Bool {
    guard case .choice(let allowed)? = type.info.parameters.first(where: { $0.name == setting.name.key })?.kind
    else { return true }
    return allowed.contains(setting.value)
  }

  /// `type` alone if it decides both halves, else it and its partner (page rule first).
  static func withPartner(
    _ type: StrategyKind, catalog: StrategyCatalog
  ) throws(SimError) -> [StrategyKind] {
    guard let partnerName = type.info.partner else { return [type] }
    let partner = try catalog.lookup(partnerName)
    return type.info.role == .pages ? [type, partner] : [partner, type]
  }

  /// The name with its non-default parameters, e.g. `threshold(mode=dynamic)`.
  public var label: String { Self.label(name, settings: overrides.map(\.description)) }

  /// A strategy's row name with its settings (`threshold(threshold=0.7,mode=dynamic)`), as
  /// compare names a row and the gate names a sweep's configuration (`SweepGate`).
  package static func label(_ name: String, settings: [String]) -> String {
    settings.isEmpty ? name : "\(name)(\(settings.joined(separator: ",")))"
  }

  /// A fresh instance for one run.
  package func make() -> any ListCallbacks {
    let instances = parts.map { $0.kind.make($0.parameters) }
    return instances.count == 1 ? instances[0] : PairedStrategy(pages: instances[0], content: instances[1])
  }
}
