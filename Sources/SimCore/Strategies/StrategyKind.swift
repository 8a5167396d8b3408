/// One strategy a catalog knows: what it is (`StrategyInfo`) and how to make an instance for a
/// run. A Swift strategy's kind comes from its type (`StrategyKind(ThresholdStrategy.self)`);
/// a strategy that runs as a helper process (`process:COMMAND`) learns its info from the helper's
/// handshake, so a kind is a value, not a type.
package struct StrategyKind: @unchecked Sendable {
  package let info: StrategyInfo
  /// A fresh instance for one run, with parameters checked against `info.parameters`.
  package let make: (StrategyParameters) -> any ListCallbacks
  /// The Swift type it comes from; nil for a helper process.
  package let swiftType: (any PrefetchStrategy.Type)?
  /// The command of a helper process (`process:COMMAND`); nil for a Swift strategy.
  package let command: String?
  /// The search over runs this strategy is, if it is one (the clairvoyant limit).
  var searching: (any SearchingStrategy.Type)? { swiftType as? any SearchingStrategy.Type }

  /// The kind of a Swift strategy type.
  package init(_ type: any PrefetchStrategy.Type) {
    info = type.info
    make = { type.init(parameters: $0) }
    swiftType = type
    command = nil
  }

  /// A kind whose info is known only at run time (a helper process's handshake).
  init(info: StrategyInfo, command: String, make: @escaping (StrategyParameters) -> any ListCallbacks) {
    self.info = info
    self.make = make
    self.command = command
    swiftType = nil
  }
}
