/// What changed between two sorted lists of rows: the ones that left and the ones that came,
/// each in order. O(n + m), no hashing.
public func sortedDifference(from old: [Int], to new: [Int]) -> (removed: [Int], added: [Int]) {
  var removed: [Int] = []
  var added: [Int] = []
  var i = 0
  var j = 0
  while i < old.count || j < new.count {
    if j == new.count || (i < old.count && old[i] < new[j]) {
      removed.append(old[i])
      i += 1
    } else if i == old.count || new[j] < old[i] {
      added.append(new[j])
      j += 1
    } else {
      i += 1
      j += 1
    }
  }
  return (removed, added)
}

/// The same difference, visited instead of collected (no arrays are made): `removed` for each
/// row of `old` not in `new`, `added` for each row of `new` not in `old`, in order.
@inline(__always)
func visitSortedDifference(
  from old: [Int], to new: [Int], removed: (Int) -> Void = { _ in }, added: (Int) -> Void = { _ in }
) {
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
