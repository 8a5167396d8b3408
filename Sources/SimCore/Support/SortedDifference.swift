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
