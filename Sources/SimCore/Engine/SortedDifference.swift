/// What changed between two sorted lists of rows: the ones that left and the ones that came,
/// each in order. O(n + m), no hashing.
package func sortedDifference(from old: [Int], to new: [Int]) -> (removed: [Int], added: [Int]) {
  var removed: [Int] = []
  var added: [Int] = []
  visitSortedDifference(from: old, to: new, removed: { removed.append($0) }, added: { added.append($0) })
  return (removed, added)
}

/// The same difference, visited instead of collected (no arrays are made): `removed` for each
/// row of `old` not in `new`, `added` for each row of `new` not in `old`, in index order.
///
/// Runs of consecutive rows (a one-column list's bands, nearly every call) differ by at most a
/// run below and a run above each other's ends: those are counted out without the merge, whose
/// branches on every pair of rows cost more than the rest of a frame's visibility update.
@inline(__always)
func visitSortedDifference(
  from old: [Int], to new: [Int], removed: (Int) -> Void = { _ in }, added: (Int) -> Void = { _ in }
) {
  if let oldFirst = old.first, let oldLast = old.last, let newFirst = new.first, let newLast = new.last,
    oldLast - oldFirst == old.count - 1, newLast - newFirst == new.count - 1
  {
    // Below the other run's first row (at most one of the two is not empty), then above the
    // other's last: index order.
    visit(oldFirst, through: min(oldLast, newFirst - 1), removed)
    visit(newFirst, through: min(newLast, oldFirst - 1), added)
    visit(max(oldFirst, newLast + 1), through: oldLast, removed)
    visit(max(newFirst, oldLast + 1), through: newLast, added)
    return
  }
  var i = 0
  var j = 0
  while i < old.count || j < new.count {
    if j == new.count || (i < old.count && old[i] < new[j]) {
      removed(old[i])
      i += 1
    } else if i == old.count || new[j] < old[i] {
      added(new[j])
      j += 1
    } else {
      i += 1
      j += 1
    }
  }
}

/// `body` for each row from `first` through `last` (none when `last < first`).
@inline(__always)
private func visit(_ first: Int, through last: Int, _ body: (Int) -> Void) {
  var item = first
  while item <= last {
    body(item)
    item += 1
  }
}
