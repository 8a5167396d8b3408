/// What `scrollsim strategies` prints about a strategy.
public struct StrategyInfo: Sendable {
  public var name: String
  public var aliases: [String]
  public var summary: String
  /// Where the rule comes from (seed article, platform source).
  public var origin: String
  public var parameters: [ParameterInfo]

  public init(name: String, aliases: [String] = [], summary: String, origin: String, parameters: [ParameterInfo] = []) {
    self.name = name
    self.aliases = aliases
    self.summary = summary
    self.origin = origin
    self.parameters = parameters
  }
}

/// One `--param` a strategy accepts.
public struct ParameterInfo: Sendable {
  public enum Kind: Sendable {
    case number(ClosedRange<Double>)
    case choice([String])
    case flag
  }

  public var name: String
  public var kind: Kind
  public var defaultValue: String
  public var help: String

  public init(_ name: String, _ kind: Kind, default defaultValue: String, _ help: String) {
    self.name = name
    self.kind = kind
    self.defaultValue = defaultValue
    self.help = help
  }

  /// Checks a value given on the command line; returns it normalised.
  func validate(_ value: String, strategy: String) throws(SimError) -> String {
    switch kind {
    case .number(let range):
      guard let number = Double(value), number.isFinite, range.contains(number) else {
        throw SimError(
          .usage,
          "--param \(name)=\(value): \(strategy)'s \(name) must be a number in \(JSONWriter.number(range.lowerBound))...\(JSONWriter.number(range.upperBound))"
        )
      }
      return value
    case .choice(let allowed):
      guard allowed.contains(value) else {
        throw SimError(
          .usage, "--param \(name)=\(value): \(strategy)'s \(name) must be one of \(allowed.joined(separator: ", "))")
      }
      return value
    case .flag:
      guard ["true", "false"].contains(value) else {
        throw SimError(.usage, "--param \(name)=\(value): \(strategy)'s \(name) must be true or false")
      }
      return value
    }
  }
}
