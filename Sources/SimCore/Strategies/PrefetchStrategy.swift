/// A prefetch strategy: it reacts to the callbacks an iOS list's delegate receives and asks the
/// list to load pages, content and renders. One file per strategy, registered in
/// `StrategyRegistry`.
///
/// Every callback has an empty default, so a strategy implements only what it uses.
public protocol PrefetchStrategy: AnyObject {
  /// Name, aliases, origin and parameters (shown by `scrollsim strategies`).
  static var info: StrategyInfo { get }
  /// Builds the strategy from parameters already checked against `info.parameters`.
  init(parameters: StrategyParameters)

  /// Whether cells live on off screen with their image and rendering (Texture's nodes); otherwise
  /// a cell that stops displaying is reused for another row (UIKit): its rendering is dropped
  /// and its image stays only in the cache.
  var keepsOffscreenCells: Bool { get }

  /// The list has appeared with its initial rows (before the first frame).
  func listDidLoad(_ list: any ListContext)
  /// `scrollViewDidScroll`: once per displayed frame in which the offset changed.
  func didScroll(_ list: any ListContext)
  func willBeginDragging(_ list: any ListContext)
  /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`; velocity in pt/s.
  func willEndDragging(_ list: any ListContext, velocity: Double, targetContentOffset: Double)
  func didEndDragging(_ list: any ListContext, willDecelerate: Bool)
  func didEndDecelerating(_ list: any ListContext)
  func willDisplay(_ list: any ListContext, item: Int)
  func didEndDisplaying(_ list: any ListContext, item: Int)
  /// A request finished; for a page on an append feed, its rows have been inserted.
  func requestDidComplete(_ list: any ListContext, kind: RequestKind, index: Int)
  /// A request failed for good (after the scenario's retries); nothing arrives for it.
  func requestDidFail(_ list: any ListContext, kind: RequestKind, index: Int)
}

extension PrefetchStrategy {
  public var keepsOffscreenCells: Bool { false }
  public func listDidLoad(_ list: any ListContext) {}
  public func didScroll(_ list: any ListContext) {}
  public func willBeginDragging(_ list: any ListContext) {}
  public func willEndDragging(_ list: any ListContext, velocity: Double, targetContentOffset: Double) {}
  public func didEndDragging(_ list: any ListContext, willDecelerate: Bool) {}
  public func didEndDecelerating(_ list: any ListContext) {}
  public func willDisplay(_ list: any ListContext, item: Int) {}
  public func didEndDisplaying(_ list: any ListContext, item: Int) {}
  public func requestDidComplete(_ list: any ListContext, kind: RequestKind, index: Int) {}
  public func requestDidFail(_ list: any ListContext, kind: RequestKind, index: Int) {}
}

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

/// A strategy's parameters after validation: every declared parameter has a value.
public struct StrategyParameters: Sendable {
  private var values: [String: String]

  init(values: [String: String]) { self.values = values }

  public func number(_ name: String) -> Double { Double(values[name] ?? "") ?? 0 }
  public func string(_ name: String) -> String { values[name] ?? "" }
  public func flag(_ name: String) -> Bool { values[name] == "true" }
}
