import Foundation
import Testing

@testable import SimCore

/// The schemas in `schemas/` follow the code: every metric key, every document format.
/// (`.ci/schemas.py` validates real outputs against them with `jsonschema`.)
@Suite struct SchemaTests {
  static func schema(_ name: String) throws -> JSONCursor {
    JSONCursor(try JSONParser.parse(Array(try Data(contentsOf: PackageRoot.url("schemas/\(name).schema.json")))))
  }

  /// A run report requires exactly the stored metric keys, plus `format` and `version`.
  @Test func runSchemaListsEveryMetricKey() throws {
    let required = try Self.schema("run")["required"].elements().map { try $0.string() }
    #expect(required == ["format", "version"] + RunMetrics.keys)
  }

  /// Every document format the code writes has a schema whose `format` is that name and whose
  /// `version` is the one written.
  @Test func everyDocumentFormatHasItsSchema() throws {
    let files: [DocumentFormat: String] = [
      .run: "run", .comparison: "comparison", .replicatedComparison: "replicated-comparison", .gate: "gate",
      .traceInfo: "trace-info", .physics: "physics",
    ]
    for format in DocumentFormat.allCases {
      let schema = try Self.schema(try #require(files[format]))
      #expect(try schema["properties"]["format"]["const"].string() == format.rawValue)
      #expect(try schema["properties"]["version"]["const"].int() == format.version)
    }
    #expect(try Self.schema("scenario")["properties"]["version"]["const"].int() == Scenario.formatVersion)
    #expect(try Self.schema("trace")["properties"]["version"]["const"].int() == Trace.formatVersion)
    let assertions = try Self.schema("assertions")
    #expect(try assertions["properties"]["format"]["const"].string() == AssertionsFile.format)
    #expect(try assertions["properties"]["version"]["const"].int() == AssertionsFile.version)
    // The fields of one assertion are the ones the reader takes.
    let fields = try assertions["$defs"]["assertion"]["properties"].keys()
    #expect(Set(fields) == AssertionsFile.assertionKeys)
  }

  /// A scenario may leave its version out (files from before 0.2); another version is refused,
  /// by JSON path.
  @Test func scenarioVersion() throws {
    let none = try Scenario.load(bytes: Array(#"{"feed": {"pageSize": 10}}"#.utf8), file: "a.json")
    #expect(none.feed.pageSize == 10)
    #expect(JSONWriter.compact(Scenario.default.json).contains(#""version":1"#))
    #expect {
      try Scenario.load(bytes: Array(#"{"version": 2}"#.utf8), file: "b.json")
    } throws: { error in
      "\(error)".contains("b.json") && "\(error)".contains("$.version")
        && "\(error)".contains("unsupported version 2")
    }
  }
}
