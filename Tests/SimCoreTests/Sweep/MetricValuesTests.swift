import Testing

@testable import SimCore

/// A sweep row's compact metric values read as the dictionary they replace.
@Suite struct MetricValuesTests {
  @Test func readsAsTheDictionaryItReplaces() throws {
    var values: MetricValues = ["waitSeconds": 2.5, "stallCount": 0]
    #expect(values["waitSeconds"] == 2.5)
    #expect(values["stallCount"] == 0)
    #expect(values["ttcMax"] == nil)
    // A key that is not a metric column is not kept (the table has no column for it).
    values["strategy"] = 1
    #expect(values["strategy"] == nil)
    values["waitSeconds"] = nil
    #expect(values.dictionary == ["stallCount": 0])
    // Metrics and objectives read it as they read a dictionary.
    let objective = try Objective("stallCount + 1")
    #expect(objective.value(values) == objective.value(values.dictionary))
    #expect(objective.value(values) == 1)
  }
}
