/// Which of FlashList's recycled views hold which rows, and so the order in which a layout pass
/// measures them: FlashList measures every view it holds (`refHolder`, a `Map` from row to view)
/// in the map's order, and its size estimate is the average of the last five sizes measured, so
/// the order decides the estimate.
///
/// Source: Shopify/flash-list @4c6abc3b: `src/recyclerview/RenderStackManager.ts` (`sync`,
/// `syncItem`, `recycleKey`, `getKeyFromRecyclePool`: keys leave the pool in the order they
/// entered it, the render stack's order; keys are made `0, 1, 2…` and never dropped, since
/// `maxItemsInRecyclePool` has no limit by default), `ViewHolder.tsx` (a view's layout effect on
/// `[index]`: the cleanup deletes its old row from `refHolder` if it still holds it, the effect
/// sets the new one) and `ViewHolderCollection.tsx` (views rendered in the render stack's order).
/// React runs every layout effect's cleanup of a commit before any effect, each in tree order, so
/// a view moved to a new row goes to the end of `refHolder`, in render-stack order.
/// Simplified: rows are keyed by index (no `keyExtractor` that would move keys between rows) and
/// of one type; rows are only ever added.
struct FlashListRenderStack {
  /// The render stack (`keyMap`), in its order: each key's row.
  private var keyRows: [Int] = []
  /// `stableIdMap`: row → key.
  private var keyOfRow: [Int: Int] = [:]
  /// `refHolder`, in its order: (row, key).
  private(set) var measuredOrder: [(row: Int, key: Int)] = []

  /// Views made so far (`getRenderStack().size`).
  var keyCount: Int { keyRows.count }

  /// The rows held, in `refHolder`'s order: what a layout pass measures.
  var rows: [Int] { measuredOrder.map(\.row) }

  /// `sync(…, engagedIndices, dataLength)`, then the commit's layout effects on `refHolder`.
  mutating func sync(engaged: ClosedRange<Int>?, count: Int) {
    let before = keyRows
    var pool: [Int] = []
    for (key, row) in keyRows.enumerated() where row >= count || !(engaged?.contains(row) ?? false) {
      pool.append(key)
    }
    func take(_ row: Int) {
      let key: Int
      if let held = keyOfRow[row] {
        key = held
        pool.removeAll { $0 == held }
      } else if !pool.isEmpty {
        key = pool.removeFirst()
      } else {
        key = keyRows.count
        keyRows.append(row)
      }
      if keyRows[key] != row, keyOfRow[keyRows[key]] == key { keyOfRow[keyRows[key]] = nil }
      keyRows[key] = row
      keyOfRow[row] = key
    }
    if let engaged {
      for row in engaged where keyOfRow[row] != nil { take(row) }
      for row in engaged where keyOfRow[row] == nil { take(row) }
    }
    // The layout effects: cleanups of the views that moved, then the effects of those that moved
    // or mounted, in render-stack order.
    let moved = keyRows.indices.filter { $0 >= before.count || before[$0] != keyRows[$0] }
    for key in moved where key < before.count {
      measuredOrder.removeAll { $0.row == before[key] && $0.key == key }
    }
    for key in moved {
      if let at = measuredOrder.firstIndex(where: { $0.row == keyRows[key] }) {
        measuredOrder[at].key = key
      } else {
        measuredOrder.append((keyRows[key], key))
      }
    }
  }
}
