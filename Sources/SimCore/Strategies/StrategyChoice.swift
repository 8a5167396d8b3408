/// A strategy and its checked parameters: a recipe for a fresh instance per run, so runs can go
/// in parallel without sharing state. What `Simulation.run`, `Comparison.run`,
/// `Replicates.run` and sweeps take.
///
///     let mine = try StrategyChoice(MyStrategy.self, parameters: ["gap": "5"])
///     let threshold = try StrategyChoice(name: "threshold", parameters: ["mode=dynamic"])
///     let android = try StrategyChoice(name: "paging3+glide", parameters: ["maxPreload=6"])
///
/// A choice is one strategy that decides both pages and content, or two halves: a page rule
/// and a content rule (`A+B`, or a one-role strategy with its `StrategyInfo.partner`).
public struct StrategyChoice: @unchecked Sendable {
  /// One strategy of the choice with its parameters.
  public struct Part: @unchecked Sendable {
    public let type: any PrefetchStrategy.Type
    public let parameters: StrategyParameters
    public var name: String { type.info.name }
  }

  /// One part, or two: the page rule, then the content rule.
  public let parts: [Part]
  /// What runs, spelt out: `threshold`, `paging3+glide`, and `remain+on-display` for `remain`
  /// (a one-role strategy with its partner).
  public let name: String
  /// Non-default parameters as given, for labels (`smart-range(mode=full)`).
  public let overrides: [(String, String)]

  /// `type` with `parameters` (name: value, as text) over its defaults; each name must be one of
  /// `type.info.parameters` (or its partner's) and each value of its kind and range.
  public init(_ type: any PrefetchStrategy.Type, parameters: KeyValuePairs<String, String> = [:]) throws(SimError) {
    let types = try Self.withPartner(type, catalog: .builtIn)
    try self.init(
      types: types, name: types.map { $0.info.name }.joined(separator: "+"),
      overrides: parameters.map { ($0.key, $0.value) }, strict: true)
  }

  /// The strategy named `name` (or an alias) in `catalog`, or a pair `pages+content`, with
  /// `key=value` parameters as the command line gives them (kebab-case keys work). A key goes
  /// to each half that declares it; `half.key=value` (e.g. `glide.maxPreload=6`) to that half
  /// only. With `strict` false (several strategies given one `--param` list), keys this choice
  /// does not declare are skipped, and so are values outside a choice parameter's list
  /// (`mode=dynamic` is threshold's; smart-range's `mode` has other values).
  public init(
    name: String, parameters: [String], strict: Bool = true, catalog: StrategyCatalog = .builtIn
  ) throws(SimError) {
    var overrides: [(String, String)] = []
    for text in parameters {
      guard let (key, value) = splitKeyValue(text) else {
        throw SimError(.usage, "--param \(text): expected key=value, e.g. threshold=0.8")
      }
      overrides.append((parameterKey(key), value))
    }
    let types = try catalog.resolve(name)
    try self.init(
      types: types, name: types.map { $0.info.name }.joined(separator: "+"), overrides: overrides, strict: strict)
  }

  private init(
    types: [any PrefetchStrategy.Type], name: String, overrides: [(String, String)], strict: Bool
  ) throws(SimError) {
    var perPart: [[(String, String)]] = types.map { _ in [] }
    var used: [(String, String)] = []
    for (key, value) in overrides {
      var targets = Self.targets(of: key, in: types)
      if !strict { targets.indices.removeAll { !Self.accepts(types[$0], targets.key, value) } }
      if targets.indices.isEmpty {
        if !strict { continue }
        let known = types.flatMap { $0.info.parameters.map(\.name) }
        throw SimError(
          .usage,
          "--param \(key): \(name) has no parameter \"\(targets.key)\"; its parameters: \(known.isEmpty ? "none" : known.joined(separator: ", "))"
        )
      }
      for index in targets.indices { perPart[index].append((targets.key, value)) }
      // A label names the scope only where it chooses a half: `smart-range(mode=full)`.
      used.append((types.count == 1 ? targets.key : key, value))
    }
    var parts: [Part] = []
    for (type, overrides) in zip(types, perPart) {
      parts.append(Part(type: type, parameters: try StrategyParameters(info: type.info, overrides: overrides)))
    }
    self.parts = parts
    self.name = name
    self.overrides = used
  }

  /// Whether `type`'s parameter `key` can take `value`: false only for a value outside a
  /// choice parameter's list (numbers and flags are checked, with a message, when used).
  private static func accepts(_ type: any PrefetchStrategy.Type, _ key: String, _ value: String) -> Bool {
    guard case .choice(let allowed)? = type.info.parameters.first(where: { $0.name == key })?.kind else { return true }
    return allowed.contains(value)
  }

  /// The parts a key goes to, and the key without its `half.` prefix.
  static func targets(of key: String, in types: [any PrefetchStrategy.Type]) -> (key: String, indices: [Int]) {
    let declares = { (type: any PrefetchStrategy.Type, key: String) in type.info.parameters.contains { $0.name == key }
    }
    if let dot = key.firstIndex(of: "."), types.count > 1 || !declares(types[0], key) {
      let half = String(key[..<dot])
      let rest = String(key[key.index(after: dot)...])
      let indices = types.indices.filter { index in
        let info = types[index].info
        return (info.name == half || info.aliases.contains(half)) && declares(types[index], rest)
      }
      return (rest, indices)
    }
    return (key, types.indices.filter { declares(types[$0], key) })
  }

  /// `type` alone if it decides both halves, else it and its partner (page rule first).
  static func withPartner(
    _ type: any PrefetchStrategy.Type, catalog: StrategyCatalog
  ) throws(SimError) -> [any PrefetchStrategy.Type] {
    guard let partnerName = type.info.partner else { return [type] }
    let partner = try catalog.lookup(partnerName)
    return type.info.role == .pages ? [type, partner] : [partner, type]
  }

  /// The name with its non-default parameters, e.g. `threshold(mode=dynamic)`.
  public var label: String {
    overrides.isEmpty ? name : "\(name)(\(overrides.map { "\($0)=\($1)" }.joined(separator: ",")))"
  }

  /// A fresh instance for one run.
  public func make() -> any ListCallbacks {
    let instances = parts.map { $0.type.init(parameters: $0.parameters) }
    return instances.count == 1 ? instances[0] : PairedStrategy(pages: instances[0], content: instances[1])
  }
}
