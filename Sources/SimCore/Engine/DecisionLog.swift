/// A run's decisions, for comparing a port with the strategy it ports (`ConformanceJob`):
/// every callback the engine makes on the strategy, with the list's time and offset and the
/// callback's own arguments, and the actions the strategy took in it that changed something,
/// in order. Kept only when a run asks for it (`SimulationOptions.recordDecisions`).
///
/// An action that changes nothing — binding a row already bound, asking for content a row
/// holds, cancelling what is not requested, a page that does not exist — is left out: so a
/// helper that skips the frames its `quiet` says would change nothing decides as its built-in
/// does, while one action that does change the list (a request, a bind, a cancel) is a
/// difference whatever the metrics say.
final class DecisionLog {
  /// What an action can change: its row's cell and the requests sent (a bind or a decode
  /// changes the cell; a page request, the requests).
  struct Footprint: Equatable {
    var cell: CellState?
    var requests: Int
  }

  private(set) var decisions: [Decision] = []
  private var open = false
  /// Actions in progress, with the footprint before each: one an action makes (a load from
  /// the cache inside `requestContent`) is part of it, not the strategy's own.
  private var inProgress: [Footprint?] = []

  func begin(_ callback: String, time: Double, offset: Double) {
    decisions.append(Decision(time: time, offset: offset, callback: callback))
    open = true
  }

  func end() { open = false }

  /// An action starts, with what it can change as it stands (nil: it always changes the run, a
  /// timer); `done(after:)` ends it.
  func act(_ name: String, _ argument: String, before: Footprint?) {
    if open && inProgress.isEmpty { decisions[decisions.count - 1].actions.append("\(name)(\(argument))") }
    inProgress.append(before)
  }

  /// The action ends; the strategy's own is dropped if it changed nothing.
  func done(after: Footprint?) {
    let before = inProgress.removeLast()
    if open && inProgress.isEmpty, let before, before == after { decisions[decisions.count - 1].actions.removeLast() }
  }
}

/// One callback the engine made on a strategy, and what the strategy did in it.
package struct Decision: Equatable, Sendable {
  package var time: Double
  package var offset: Double
  /// "willDisplay(item: 61)".
  package var callback: String
  /// "requestContent(61)", in the order taken.
  package var actions: [String] = []

  /// "t = 1.25 s, offset 3120.52 pt, willDisplay(item: 61)" (the offset to 0.01 pt, as the
  /// `--events` timeline gives it).
  package var place: String {
    "t = \(JSONWriter.number(time)) s, offset \(JSONWriter.number((offset * 100).rounded() / 100)) pt, \(callback)"
  }

  /// "requestContent(61), prepareRender(62)" or "nothing".
  package var actionList: String { actions.isEmpty ? "nothing" : actions.joined(separator: ", ") }
}
