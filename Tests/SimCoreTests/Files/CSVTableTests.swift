import Testing

@testable import SimCore

@Suite struct CSVTableTests {
  @Test func commasQuotesAndBlankLines() {
    let table = CSVTable(text: "t,y,note\n\n0.5, 10 ,\"a, \"\"b\"\"\"\r\n1,20,plain\n")
    #expect(table.rows.map(\.line) == [1, 3, 4])
    #expect(table.rows[0].cells == ["t", "y", "note"])
    #expect(table.rows[1].cells == ["0.5", "10", "a, \"b\""])
    #expect(table.rows[2].cells == ["1", "20", "plain"])
  }

  /// Tabs separate when the first line has tabs and no commas (getevent-style exports).
  @Test func tabsWhenTheFirstLineUsesThem() {
    let table = CSVTable(text: "t\ty\n0,1\t5\n")
    #expect(table.rows[1].cells == ["0,1", "5"])
    #expect(CSVTable(text: "t,y\t\n1,2\n").rows[1].cells == ["1", "2"])
  }

  @Test func columnsByNameOrOneBasedNumber() {
    let header = ["time", "y"]
    #expect(CSVTable.columnIndex("y", header: header) == 1)
    #expect(CSVTable.columnIndex("1", header: header) == 0)
    #expect(CSVTable.columnIndex("0", header: header) == nil)
    #expect(CSVTable.columnIndex("phase", header: header) == nil)
    #expect(CSVTable.columnIndex("y", header: nil) == nil)
  }
}
