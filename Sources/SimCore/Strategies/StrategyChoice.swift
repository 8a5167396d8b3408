/// A strategy and its checked parameters: a recipe for a fresh instance per run, so runs can go
/// in parallel without sharing state. What `Simulation.run`, `Comparison.run`,
/// `Replicates.run` and sweeps take.
///
///     let mine = try StrategyChoice(MyStrategy.self, parameters: ["gap": "5"])
///     let threshold = try StrategyChoice(name: "threshold", parameters: ["mode=dynamic"])
public struct StrategyChoice: @unchecked Sendable {
  public let type: any PrefetchStrategy.Type
  public let parameters: StrategyParameters
  /// Non-default parameters as given, for labels (`smart-range(mode=full)`).
  public let overrides: [(String, String)]

  /// `type` with `parameters` (name: value, as text) over its defaults; each name must be one of
  /// `type.info.parameters` and each value of its kind and range.
  public init(_ type: any PrefetchStrategy.Type, parameters: KeyValuePairs<String, String> = [:]) throws(SimError) {
    try self.init(type, overrides: parameters.map { ($0.key, $0.value) })
  }

  /// The strategy named `name` (or an alias) in `catalog`, with `key=value` parameters as the
  /// command line gives them. With `strict` false (several strategies given one `--param` list),
  /// keys this strategy does not declare are skipped.
  public init(
    name: String, parameters: [String], strict: Bool = true, catalog: StrategyCatalog = .builtIn
  ) throws(SimError) {
    let type = try catalog.lookup(name)
    var overrides: [(String, String)] = []
    for text in parameters {
      guard let (key, value) = splitKeyValue(text) else {
        throw SimError(.usage, "--param \(text): expected key=value, e.g. threshold=0.8")
      }
      if strict || type.info.parameters.contains(where: { $0.name == key }) { overrides.append((key, value)) }
    }
    try self.init(type, overrides: overrides)
  }

  private init(_ type: any PrefetchStrategy.Type, overrides: [(String, String)]) throws(SimError) {
    self.type = type
    parameters = try StrategyParameters(info: type.info, overrides: overrides)
    self.overrides = overrides
  }

  public var name: String { type.info.name }

  /// The name with its non-default parameters, e.g. `threshold(mode=dynamic)`.
  public var label: String {
    overrides.isEmpty ? name : "\(name)(\(overrides.map { "\($0)=\($1)" }.joined(separator: ",")))"
  }

  public func make() -> any PrefetchStrategy { type.init(parameters: parameters) }
}
