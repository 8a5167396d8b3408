/// What `scrollsim strategies` prints about a strategy, and how it pairs with others.
public struct StrategyInfo: Sendable {
  public var name: String
  public var aliases: [String]
  public var summary: String
  /// Where the rule comes from (seed article, platform source).
  public var origin: String
  public var parameters: [ParameterInfo]
  /// Who ships it; `scrollsim strategies` groups by this.
  public var platform: StrategyPlatform
  /// Which half of a list's loading it decides: pages, content, or both.
  public var role: StrategyRole
  /// For a strategy with one role, the catalog name of the strategy that supplies the other half
  /// when it runs alone (the platform's usual partner: Paging 3 under Glide, a sentinel under
  /// `loading="lazy"`). Running `A+B` replaces it.
  public var partner: String?

  public init(
    name: String, aliases: [String] = [], summary: String, origin: String, parameters: [ParameterInfo] = [],
    platform: StrategyPlatform = .custom, role: StrategyRole = .both, partner: String? = nil
  ) {
    precondition((role == .both) == (partner == nil), "\(name): a strategy with one role names its partner")
    self.name = name
    self.aliases = aliases
    self.summary = summary
    self.origin = origin
    self.parameters = parameters
    self.platform = platform
    self.role = role
    self.partner = partner
  }
}

/// Which half of loading a strategy decides. A list loads pages (the rows' data) and content
/// (each row's image); a platform often ships the two separately (Paging 3 and Glide).
public enum StrategyRole: String, Sendable {
  /// When to ask for the next page (on a placeholder feed: which rows' pages).
  case pages
  /// Which rows' content to ask for, keep and cancel.
  case content
  case both
}

/// Who ships a strategy, in the order `scrollsim strategies` lists them.
public enum StrategyPlatform: String, Sendable, CaseIterable {
  case seeds = "seed articles"
  case android = "Android"
  case iOS = "iOS"
  case flutter = "Flutter"
  case reactNative = "React Native"
  case web = "Web"
  /// The clairvoyant limit: no platform ships it; every report measures against it.
  case limit = "the limit"
  case custom = "custom"
}

/// One `--param` a strategy accepts.
public struct ParameterInfo: Sendable {
  /// What values the parameter takes: a number in a range, one of a set of words, or a flag.
  public enum Kind: Sendable {
    case number(ClosedRange<Double>)
    case choice([String])
    case flag
  }

  public var name: String
  public var kind: Kind
  public var defaultValue: String
  public var help: String

  /// `name` (camelCase; the command line also takes kebab-case), its kind, its default as the
  /// command line writes it, and a line of help for `scrollsim strategies`.
  public init(_ name: String, _ kind: Kind, default defaultValue: String, _ help: String) {
    self.name = name
    self.kind = kind
    self.defaultValue = defaultValue
    self.help = help
  }

  /// Checks a value given on the command line against the declaration; the typed value.
  func validate(_ value: String, strategy: String) throws(SimError) -> ParameterValue {
    switch kind {
    case .number(let range):
      guard let number = Double(value), number.isFinite, range.contains(number) else {
        throw SimError(
          .usage,
          "--param \(name)=\(value): \(strategy)'s \(name) must be a number in \(JSONWriter.number(range.lowerBound))...\(JSONWriter.number(range.upperBound))"
        )
      }
      return .number(number)
    case .choice(let allowed):
      guard allowed.contains(value) else {
        throw SimError(
          .usage, "--param \(name)=\(value): \(strategy)'s \(name) must be one of \(allowed.joined(separator: ", "))")
      }
      return .choice(value)
    case .flag:
      guard ["true", "false"].contains(value) else {
        throw SimError(.usage, "--param \(name)=\(value): \(strategy)'s \(name) must be true or false")
      }
      return .flag(value == "true")
    }
  }

  /// Whether `value` is one this parameter takes (a choice lists it; a number is in range).
  func accepts(_ value: String) -> Bool { (try? validate(value, strategy: "")) != nil }
}
