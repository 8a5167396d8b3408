import Testing

@testable import SimCore

/// The compose window's line table holds what a dictionary would, and lists it in order.
@Suite struct LineTableTests {
  @Test func holdsLinesOnEitherSideAndListsThemInOrder() {
    var table = LineTable<String>()
    #expect(table.isEmpty && table.lines == [])
    table[10] = "ten"
    table[7] = "seven"
    table[12] = "twelve"
    #expect(table.lines == [7, 10, 12] && table.count == 3)
    #expect(table.updateValue("TEN", forKey: 10) == "ten")
    #expect(table[10] == "TEN" && table[11] == nil && table[6] == nil && table[13] == nil)
    #expect(table.lines(in: 8...12) == [10, 12] && table.lines(in: 13...20) == [] && table.lines(in: 0...7) == [7])
  }

  @Test func dropsLinesFromEitherEndAndInTheMiddle() {
    var table = LineTable<Int>()
    for line in 3...6 { table[line] = line * 10 }
    #expect(table.removeValue(forKey: 3) == 30)
    #expect(table.removeValue(forKey: 5) == 50)
    #expect(table.removeValue(forKey: 9) == nil)
    #expect(table.lines == [4, 6])
    table[6] = nil
    #expect(table.lines == [4] && table.contains(4) && !table.contains(6))
    table[4] = nil
    #expect(table.isEmpty && table.lines == [])
    table[-2] = 1
    #expect(table.lines == [-2])
    table.removeAll()
    #expect(table.isEmpty && table[-2] == nil)
  }
}
