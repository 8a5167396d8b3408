/// What changed in the list since a strategy last looked, for a strategy that keeps its own copy
/// of the list's state instead of asking the engine (a helper process: `ProcessStrategy` sends
/// only what changed with each decision). Kept only when the run's strategy asks for it
/// (`ListChangeObserver`), so other runs pay nothing but a nil check.
///
/// The lists name candidates, not proofs: a row is listed whenever its cell is written (the
/// cell table's one write path) or its image enters or leaves the memory cache, and a page
/// whenever it is requested, fails or arrives. The reader compares what it sent before.
final class ListChanges {
  var rows: [Int] = []
  var pages: [Int] = []
}

/// A strategy that reads `ObservableList.listChanges` instead of asking the list row by row.
protocol ListChangeObserver: AnyObject {}

/// What a strategy that mirrors the list needs beyond `ListContext`: the change lists and how
/// far the layout reaches.
protocol ObservableList: AnyObject {
  var listChanges: ListChanges? { get }
  /// Rows whose frame is known (laid out): a mirror learns frames up to here.
  var laidOutRows: Int { get }
  /// Columns of the layout (seed 002's waterfall has more than one).
  var layoutColumns: Int { get }
  /// Pages loaded before the session starts (loaded without a request).
  var initialPages: Int { get }
}
