/// `blank_cell_seconds` (separator `_`) or `preload-leading` (`-`) → `blankCellSeconds`,
/// `preloadLeading`: the names people type on a command line, as scrollsim's keys spell them.
/// camelCase names pass through.
func camelCase(_ name: String, separator: Character) -> String {
  let parts = name.split(separator: separator)
  guard parts.count > 1 else { return name }
  return String(parts[0]) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
}
