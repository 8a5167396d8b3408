/// The lines of a text file, whatever its line endings (LF, CRLF or CR). Splitting a Swift
/// String on "\n" alone misses CRLF files entirely: "\r\n" is one Character.
func textLines(_ text: String) -> [Substring] {
  text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
}
