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

  /// The metric members of a run report and of a comparison's rows are generated from
  /// `Metric.all` (`Metric.schemaProperties`): a new metric reaches the schemas without an edit.
  /// `SCROLLSIM_UPDATE_SCHEMAS=1 swift test --filter SchemaTests` writes them.
  @Test func metricMembersAreGeneratedFromTheMetricTable() throws {
    let update = ProcessInfo.processInfo.environment["SCROLLSIM_UPDATE_SCHEMAS"] == "1"
    // run.schema.json: format, version, the metrics, then meta.
    try Self.generated("run", update: update) { schema in
      var head: [(String, JSONValue)] = []
      var tail: [(String, JSONValue)] = []
      for (key, value) in Self.member("properties", of: schema)?.members ?? [] {
        if key == "format" || key == "version" { head.append((key, value)) }
        if key == "meta" { tail.append((key, value)) }
      }
      return Self.replacing(
        schema, required: ["format", "version"] + RunMetrics.keys, properties: head + Metric.schemaProperties + tail)
    }
    // comparison.schema.json: $defs.metrics, the rows of `runs` and `sumsOverTraces`.
    try Self.generated("comparison", update: update) { schema in
      let defs = Self.member("$defs", of: schema) ?? .object([])
      let metrics = Self.member("metrics", of: defs) ?? .object([])
      let rewritten = Self.replacing(metrics, required: RunMetrics.keys, properties: Metric.schemaProperties)
      return Self.replacing(schema, member: "$defs", with: Self.replacing(defs, member: "metrics", with: rewritten))
    }
  }

  static func member(_ key: String, of object: JSONValue) -> JSONValue? {
    for (name, value) in object.members ?? [] where name == key { return value }
    return nil
  }

  /// Checks that schema `name` equals what `generate` makes of it, or writes that when `update`.
  static func generated(_ name: String, update: Bool, _ generate: (JSONValue) throws -> JSONValue) throws {
    let url = PackageRoot.url("schemas/\(name).schema.json")
    let schema = try JSONParser.parse(Array(try Data(contentsOf: url)))
    let expected = try generate(schema)
    if update {
      try Data((JSONWriter.pretty(expected) + "\n").utf8).write(to: url)
    } else {
      #expect(schema == expected, "schemas/\(name).schema.json: regenerate with SCROLLSIM_UPDATE_SCHEMAS=1")
    }
  }

  static func replacing(_ object: JSONValue, required: [String], properties: [(String, JSONValue)]) -> JSONValue {
    replacing(
      replacing(object, member: "required", with: .array(required.map { .string($0) })), member: "properties",
      with: .object(properties))
  }

  static func replacing(_ object: JSONValue, member: String, with value: JSONValue) -> JSONValue {
    var members: [(String, JSONValue)] = []
    for (key, old) in object.members ?? [] { members.append((key, key == member ? value : old)) }
    return .object(members)
  }

  /// Every document format the code writes has a schema whose `format` is that name and whose
  /// `version` is the one written.
  @Test func everyDocumentFormatHasItsSchema() throws {
    let files: [DocumentFormat: String] = [
      .run: "run", .comparison: "comparison", .replicatedComparison: "replicated-comparison", .gate: "gate",
      .traceInfo: "trace-info", .physics: "physics", .population: "population", .tune: "tune",
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

  /// Every section and key `scrollsim scenario` prints is one the scenario schema names (its
  /// sections allow no others): a field added to the decoder reaches the schema too.
  @Test func theScenarioSchemaNamesEveryPrintedKey() throws {
    let properties = try Self.schema("scenario")["properties"]
    for (section, value) in Scenario.default.json.members ?? [] {
      #expect(properties[section].exists, "schemas/scenario.schema.json: no section \(section)")
      guard properties[section]["properties"].exists, case .object(let members) = value else { continue }
      let named = Set(try properties[section]["properties"].keys())
      for (key, _) in members {
        #expect(named.contains(key), "schemas/scenario.schema.json: no \(section).\(key)")
      }
    }
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
