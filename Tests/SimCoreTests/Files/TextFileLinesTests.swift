import Foundation
import Testing

@testable import SimCore

/// A file read a line at a time gives the lines `textLines` gives its whole text, whatever the
/// line endings and wherever a chunk ends; CSV lines split as `csvField` wrote them.
@Suite struct TextFileLinesTests {
  func lines(of text: String, chunkSize: Int) throws -> [String] {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("lines-\(UUID().uuidString).txt").path
    try AtomicFile.write(text, to: path)
    defer { try? FileManager.default.removeItem(atPath: path) }
    var read: [String] = []
    try TextFileLines.forEach(path, chunkSize: chunkSize) { line, number in
      #expect(number == read.count + 1)
      read.append(String(line))
    }
    return read
  }

  @Test(arguments: [1, 2, 3, 7, 1 << 20])
  func everyEndingAndChunkBoundary(chunkSize: Int) throws {
    let text = "header,a\r\n1,\"x,y\"\r\n\r\n2,b\n3,c\r4,ä😀\n\nlast"
    let expected = textLines(text).map(String.init)
    #expect(try lines(of: text, chunkSize: chunkSize) == expected)
    #expect(try lines(of: text + "\r\n", chunkSize: chunkSize) == expected)
  }

  @Test func anEmptyFileHasNoLines() throws {
    #expect(try lines(of: "", chunkSize: 4).isEmpty)
  }

  @Test func aMissingFileIsNamed() {
    #expect(throws: SimError.self) { try TextFileLines.forEach("/nonexistent/runs.csv") { _, _ in } }
  }

  @Test func csvCellsReadWhatCSVFieldWrote() {
    let fields = ["1", "", "a,b", "say \"hi\"", "x;y=2", "line\u{2028}"]
    let line = fields.map(csvField).joined(separator: ",")
    #expect(csvCells(Substring(line)).map(String.init) == fields)
    #expect(csvCells("1,,3").map(String.init) == ["1", "", "3"])
    #expect(csvCells("").map(String.init) == [""])
  }
}
