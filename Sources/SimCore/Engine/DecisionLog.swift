/// A run's decisions, for finding where a port parts from the strategy it ports
/// (`PortConformance`): every callback the engine makes on the strategy, with the list's time
/// and offset and the callback's own arguments, and the actions the strategy took in it, in
/// order. Kept only when a run asks for it (`SimulationOptions.recordDecisions`): conformance
/// runs a differing pair again with it.
final class DecisionLog {
  private(set) var decisions: [Decision] = []
  private var open = false
  /// Actions in progress: one an action makes (a load from the cache inside `requestContent`)
  /// is part of it, not the strategy's own.
  private var depth = 0

  func begin(_ callback: String, time: Double, offset: Double) {
    decisions.append(Decision(time: time, offset: offset, callback: callback))
    open = true
  }

  func end() { open = false }

  /// An action starts; `done()` ends it.
  func act(_ name: String, _ argument: String) {
    if open && depth == 0 { decisions[decisions.count - 1].actions.append("\(name)(\(argument))") }
    depth += 1
  }

  func done() { depth -= 1 }
}

/// One callback the engine made on a strategy, and what the strategy did in it.
public struct Decision: Equatable, Sendable {
  public var time: Double
  public var offset: Double
  /// "willDisplay(item: 61)".
  public var callback: String
  /// "requestContent(61)", in the order taken.
  public var actions: [String] = []

  /// "t = 1.25 s, offset 3120.52 pt, willDisplay(item: 61)" (the offset to 0.01 pt, as the
  /// `--events` timeline gives it).
  public var place: String {
    "t = \(JSONWriter.number(time)) s, offset \(JSONWriter.number((offset * 100).rounded() / 100)) pt, \(callback)"
  }

  /// "requestContent(61), prepareRender(62)" or "nothing".
  public var actionList: String { actions.isEmpty ? "nothing" : actions.joined(separator: ", ") }
}
