/// "Did you mean": the known name closest to a mistyped one, as git and cargo suggest it.
package enum NameSuggestion {
  /// The name of `known` nearest to `name` by edit distance (insertions, deletions,
  /// substitutions, and swaps of neighbours), if it is near enough to be the one meant: at most
  /// a third of its length away, or one that starts with `name` (`smart` for `sma`).
  static func closest(to name: String, among known: [String]) -> String? {
    let typed = Array(name.lowercased())
    guard !typed.isEmpty else { return nil }
    var best: (name: String, distance: Int)?
    for candidate in known {
      let distance = editDistance(typed, Array(candidate.lowercased()))
      if best == nil || distance < best!.distance { best = (candidate, distance) }
    }
    if let best, best.distance <= max(1, typed.count / 3) { return best.name }
    return known.first { $0.lowercased().hasPrefix(name.lowercased()) }
  }

  /// `" (did you mean \"smart\"?)"`, or nothing.
  package static func hint(for name: String, among known: [String]) -> String {
    closest(to: name, among: known).map { " (did you mean \"\($0)\"?)" } ?? ""
  }

  /// Optimal string alignment distance (Damerau–Levenshtein without repeated edits).
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { rows[i][0] = i }
    for j in 0...b.count { rows[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
          rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
        }
      }
    }
    return rows[a.count][b.count]
  }
}
