import Foundation
import Testing

@testable import SimCore

/// Each built-in's `callbacks` (the `events` a port copies from `strategies NAME --format json`)
/// are exactly the callbacks its source implements: its own file's, and those of the rule it
/// shares (`SeedPageRule`, `MarginContentRule`). A callback added or removed without its
/// declaration fails here.
@Suite struct StrategyCallbacksTests {
  static let rules = ["SeedPageRule": "Seeds/SeedPageRule.swift", "MarginContentRule": "Web/MarginContentRule.swift"]

  /// The callbacks `source` implements (`package func didScroll(`), in `StrategyCallback` order.
  static func implemented(in source: String) -> [StrategyCallback] {
    StrategyCallback.allCases.filter { source.contains("package func \($0.rawValue)(") }
  }

  @Test func everyBuiltInDeclaresTheCallbacksItImplements() throws {
    let folder = PackageRoot.url("Sources/SimCore/Strategies")
    let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)!
      .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
    let sources = try files.map { try String(contentsOf: $0, encoding: .utf8) }
    for kind in StrategyCatalog.builtIn.strategies {
      let type = try #require(kind.swiftType)
      let name = String(describing: type)
      let source = try #require(sources.first { $0.contains("package final class \(name):") }, "\(name)'s file")
      var expected = Set(Self.implemented(in: source))
      for (rule, file) in Self.rules where source.contains("package final class \(name): \(rule)") {
        expected.formUnion(Self.implemented(in: try String(contentsOf: folder.appending(path: file), encoding: .utf8)))
      }
      #expect(Set(type.callbacks) == expected, "\(name)")
      #expect(
        type.callbacks == StrategyCallback.allCases.filter(expected.contains), "\(name): in StrategyCallback order")
      #expect(!expected.isEmpty, "\(name) implements no callback")
    }
  }
}

/// `strategies NAME --format json`: each built-in's declaration is a handshake scrollsim reads
/// (renamed, as a port must), declaring the built-in's parameters, callbacks and platform.
@Suite struct StrategyDeclarationTests {
  @Test func everyDeclarationIsAHandshakeThatSaysWhatTheBuiltInIs() throws {
    let builtInNames = Set(StrategyCatalog.builtIn.strategies.flatMap { [$0.info.name] + $0.info.aliases })
    for kind in StrategyCatalog.builtIn.strategies where kind.info.platform != .limit {
      let declaration = StrategyDeclaration(kind)
      guard case .object(var members) = declaration.handshake else {
        Issue.record("\(kind.info.name): not an object")
        continue
      }
      members = members.map { $0.0 == "name" ? ("name", .string(kind.info.name + "-port")) : $0 }
      let read = try HelperDescription(reply: .object(members), reservedNames: builtInNames)
      let builtIn = kind.make(StrategyParameters(info: kind.info))
      #expect(read.info.parameters.map(\.name) == kind.info.parameters.map(\.name), "\(kind.info.name)")
      #expect(read.info.parameters.map(\.defaultValue) == kind.info.parameters.map(\.defaultValue), "\(kind.info.name)")
      #expect(read.info.role == kind.info.role && read.info.partner == kind.info.partner, "\(kind.info.name)")
      #expect(read.events.map(\.rawValue).sorted() == kind.swiftType!.callbacks.map(\.rawValue).sorted())
      #expect(read.threading == builtIn.threading, "\(kind.info.name)")
      #expect(read.keepsOffscreenCells == builtIn.keepsOffscreenCells, "\(kind.info.name)")
      #expect(read.prioritiesFromLayouts == builtIn.prioritiesFromLayouts, "\(kind.info.name)")
      #expect(read.contentQueue == builtIn.contentQueue, "\(kind.info.name)")
      #expect(read.layoutUnits == builtIn.layoutUnits, "\(kind.info.name)")
      // The image library, where protocol 2 has its name; a note where it has none.
      #expect((read.memoryPolicy == builtIn.memoryPolicy) != declaration.notes.contains { $0.contains("memory") })
    }
  }

  /// docs/strategies.md's table of declarations says what each built-in's declaration says.
  @Test func theDocsTableIsTheDeclarations() throws {
    let doc = try String(contentsOf: PackageRoot.url("docs/strategies.md"), encoding: .utf8)
    for kind in StrategyCatalog.builtIn.strategies where kind.info.platform != .limit {
      guard case .object(let members) = StrategyDeclaration(kind).handshake,
        case .array(let events)? = members.first(where: { $0.0 == "events" })?.1,
        case .object(let platform)? = members.first(where: { $0.0 == "platform" })?.1
      else {
        Issue.record("\(kind.info.name): no events or platform")
        continue
      }
      func text(_ value: JSONValue?) -> String {
        switch value {
        case .string(let text)?: text
        case .bool(let flag)?: flag ? "true" : "false"
        default: "?"
        }
      }
      let cells =
        [
          "`\(kind.info.name)`", events.map { text($0) }.joined(separator: ", "),
        ]
        + ["memory", "bind", "decode", "keepsOffscreenCells", "prioritiesFromLayouts"].map { key in
          text(platform.first { $0.0 == key }?.1)
        }
      var queue = text(platform.first { $0.0 == "queue" }?.1)
      if queue == "?" { queue = "network" }
      if queue == "loader-pool", case .number(let threads)? = platform.first(where: { $0.0 == "poolThreads" })?.1 {
        queue +=
          ", \(Int(threads)) threads"
          + (text(platform.first { $0.0 == "lowPreloads" }?.1) == "true" ? ", low preloads" : "")
      }
      var layout = text(platform.first { $0.0 == "layout" }?.1)
      if layout == "?" { layout = "points" }
      let row = "| " + (cells + [queue, layout]).joined(separator: " | ") + " |"
      #expect(doc.contains(row), "docs/strategies.md lacks \(row)")
    }
  }

  /// `platform.layout`: points unless said, whole pixels by name, and a refusal that names the
  /// field and the choices.
  @Test(
    arguments: [
      (#"{}"#, LayoutUnits.points, nil), (#"{"layout":"points"}"#, .points, nil),
      (#"{"layout":"whole-pixels"}"#, .wholePixels, nil),
      (#"{"layout":"pixels"}"#, nil, "$.platform.layout: \"pixels\": expected points or whole-pixels"),
      (#"{"layout":1}"#, nil, "$.platform.layout"),
    ] as [(String, LayoutUnits?, String?)])
  func aLayoutIsReadOrRefusedByName(_ platform: String, _ units: LayoutUnits?, _ refusal: String?) throws {
    let reply = try JSONParser.parse(#"{"type":"strategy","protocol":2,"name":"mine","platform":"# + platform + "}")
    do {
      let read = try HelperDescription(reply: reply, reservedNames: [])
      #expect(refusal == nil && read.layoutUnits == units, "\(platform) was read as \(read.layoutUnits)")
    } catch {
      #expect(refusal != nil && error.description.contains(refusal!), "\(platform): \(error)")
    }
  }

  /// `platform.queue`: each queue a built-in has, and a clear refusal of what is not one.
  @Test(
    arguments: [
      (#"{"queue":"in-order"}"#, nil), (#"{"queue":"loader-pool","poolThreads":1}"#, nil),
      (#"{"queue":"loader-pool","poolThreads":64,"lowPreloads":true}"#, nil),
      (#"{"queue":"loader-pool","poolThreads":0}"#, "$.platform.poolThreads: 0 is outside 1...64"),
      (#"{"queue":"loader-pool","poolThreads":65}"#, "$.platform.poolThreads: 65 is outside 1...64"),
      (#"{"queue":"loader-pool"}"#, "needs \"poolThreads\""),
      (#"{"queue":"network","poolThreads":4}"#, "$.platform.poolThreads: only a \"loader-pool\" queue takes it"),
      (#"{"queue":"fifo"}"#, "expected network, in-order or loader-pool"),
    ] as [(String, String?)])
  func aQueueIsReadOrRefusedByName(_ platform: String, _ refusal: String?) throws {
    let reply = try JSONParser.parse(#"{"type":"strategy","protocol":2,"name":"mine","platform":"# + platform + "}")
    do {
      let read = try HelperDescription(reply: reply, reservedNames: [])
      #expect(refusal == nil, "\(platform) was read")
      #expect(read.contentQueue != .network)
    } catch {
      #expect(refusal != nil && error.description.contains(refusal!), "\(platform): \(error)")
    }
  }
}
