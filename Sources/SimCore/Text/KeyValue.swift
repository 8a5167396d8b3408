/// `key=value` as the command line gives it (`--param`, `--set`, `--grid`, `--range`): split at
/// the first `=`, so a value may contain `=`. Nil when there is no `=` or the key is empty.
package func splitKeyValue(_ text: String) -> (key: String, value: String)? {
  guard let equals = text.firstIndex(of: "="), equals != text.startIndex else { return nil }
  return (String(text[..<equals]), String(text[text.index(after: equals)...]))
}
