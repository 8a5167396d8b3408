/// What changed in the list since a strategy last looked, for a strategy that keeps its own copy
/// of the list's state instead of asking the engine (a helper process: `ProcessStrategy` sends
/// only what changed with each decision). Kept only when the run's strategy asks for it
/// (`ListChangeObserver`), so other runs pay nothing but a nil check.
///
/// The lists name candidates, not proofs: a row is listed whenever its cell is written (the
/// cell table's one write path) or its image enters or leaves the memory cache, and a page
/// whenever it is requested, fails or arrives. The reader compares what it sent before.
///
/// A run may have several readers (a pair of two helpers, `process:a+process:b`): each reads
/// every change since its own last read, and a change is dropped once every reader has read
/// it. A reader's place is claimed at its first read; the changes made before that wait for
/// it, so a helper that does not hear the first callbacks still learns what they changed.
final class ListChanges {
  /// Appended by the engine.
  var rows: [Int] = []
  var pages: [Int] = []
  /// Each reader's position in `rows` and `pages`.
  private var rowsRead: [Int]
  private var pagesRead: [Int]
  private var claimed = 0

  /// Changes for `readers` readers (the strategy's `listChangeReaders`).
  init(readers: Int = 1) {
    rowsRead = Array(repeating: 0, count: max(1, readers))
    pagesRead = rowsRead
  }

  /// A new reader's place; nil when every declared reader has one (a strategy that reads two
  /// runs' changes is a mistake of the engine's).
  func claimReader() -> Int? {
    guard claimed < rowsRead.count else { return nil }
    claimed += 1
    return claimed - 1
  }

  /// Hands `body` each row changed since `reader` last read, and marks them read.
  func readRows(_ reader: Int, _ body: (Int) -> Void) {
    for index in rowsRead[reader]..<rows.count { body(rows[index]) }
    rowsRead[reader] = rows.count
    if rowsRead.allSatisfy({ $0 == rows.count }) {
      rows.removeAll(keepingCapacity: true)
      for index in rowsRead.indices { rowsRead[index] = 0 }
    }
  }

  /// Hands `body` each page changed since `reader` last read, and marks them read.
  func readPages(_ reader: Int, _ body: (Int) -> Void) {
    for index in pagesRead[reader]..<pages.count { body(pages[index]) }
    pagesRead[reader] = pages.count
    if pagesRead.allSatisfy({ $0 == pages.count }) {
      pages.removeAll(keepingCapacity: true)
      for index in pagesRead.indices { pagesRead[index] = 0 }
    }
  }
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
  /// How items are placed, the gap between rows and the content's top padding: a mirror places
  /// rows from their heights as the engine does (`ListLayout`).
  var layoutArrangement: ListArrangement { get }
  var layoutRowGap: Double { get }
  var layoutPaddingTop: Double { get }
  /// Pages loaded before the session starts (loaded without a request).
  var initialPages: Int { get }
}
