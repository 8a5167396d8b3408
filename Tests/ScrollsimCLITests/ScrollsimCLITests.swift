import ScrollsimCLI
import SimCore
import Testing

/// The whole command line: generate, run, import, help, exit codes.
@Suite struct ScrollsimCLITests {
  @Test func generatesATraceThatRunLoadsBack() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let generated = scrollsim("generate", "--profile", "flinger", "--duration", "5", "-o", folder.file("t.json"))
    #expect(generated.status == 0, "\(generated.standardError)")
    let run = scrollsim("run", "--strategy", "smart", "--format", "json", folder.file("t.json"))
    #expect(run.status == 0, "\(run.standardError)")
    let report = try JSONParser.parse(Array(run.standardOutput.utf8))
    #expect(member(report, "strategy") == .string("smart-range"))
    #expect(member(report, "trace") == .string("t.json"))
  }

  /// `generate` writes the device it is told: an Android phone's 412 pt width and 2.625 density;
  /// a density of 0 (just outside) is a usage error, 10 (on the bound) is taken.
  @Test func generatesTheDeviceItIsTold() throws {
    let android = scrollsim(
      "generate", "--profile", "feed", "--duration", "5", "--viewport-width", "412", "--density", "2.625")
    #expect(android.status == 0, "\(android.standardError)")
    #expect(android.standardOutput.contains(#""viewport": {"width": 412, "height": 844}"#))
    #expect(android.standardOutput.contains(#""density": 2.625"#))
    #expect(scrollsim("generate", "--profile", "feed", "--duration", "5", "--density", "0").status == 64)
    #expect(scrollsim("generate", "--profile", "feed", "--duration", "5", "--density", "10").status == 0)
    #expect(scrollsim("generate", "--profile", "feed", "--duration", "5", "--density", "10.01").status == 64)
  }

  /// `trace info` gives the rows a trace reaches over the scenario it is given, and warns when
  /// the first page is never passed.
  @Test func traceInfoSaysHowFarATraceReaches() throws {
    let stress = bundledTrace("fling-stress-60s.json")
    let quiet = scrollsim("trace", "info", "--format", "json", stress)
    #expect(quiet.status == 0, "\(quiet.standardError)")
    #expect(quiet.standardOutput.contains("\"furthestRow\": 548"))
    #expect(quiet.standardOutput.contains("\"warnings\": []"))
    let bigPage = scrollsim(
      "trace", "info", "--set", "feed.pageSize=1000", "--set", "feed.initialItems=1000", stress)
    #expect(bigPage.status == 0, "\(bigPage.standardError)")
    #expect(bigPage.standardOutput.contains("warning: it never reaches the end of the first page"))
    #expect(bigPage.standardOutput.contains("row 548 of the 1000 loaded"))
  }

  @Test func runWritesEventsSVGAndTraceEvents() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let run = scrollsim(
      "run", "--strategy", "threshold", "--events", folder.file("e.jsonl"), "--svg", folder.file("t.svg"),
      "--trace-events", folder.file("t.json"), bundledTrace("lab/reader-60s.json"))
    #expect(run.status == 0, "\(run.standardError)")
    #expect(try folder.read("e.jsonl").split(separator: "\n").count > 10)
    #expect(try folder.read("t.svg").hasPrefix("<svg"))
    #expect(try folder.read("t.json").contains("traceEvents"))
  }

  @Test func importsATouchCSV() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    var csv = "t,y,phase\n0,800,down\n"
    for k in 1...10 { csv += "\(Double(k) * 0.016),\(800 - Double(k) * 30),move\n" }
    csv += "0.2,500,up\n"
    try csv.write(toFile: folder.file("touches.csv"), atomically: true, encoding: .utf8)
    let result = scrollsim("import", "touch-csv", folder.file("touches.csv"), "-o", folder.file("trace.json"))
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.contains("touches.csv: "))
    let trace = try Trace.load(path: folder.file("trace.json"))
    guard case .touches(let samples) = trace.input else {
      Issue.record("not a touch trace")
      return
    }
    #expect(samples.count == 12)
    #expect(trace.device == Device())
    #expect(result.standardError.contains("warning: no --physics"))

    // An Android recording says what it is (issue 49): physics, refresh rate and width.
    let android = scrollsim(
      "import", "touch-csv", "--physics", "android", "--refresh-rate", "90", "--viewport-width", "411",
      "--viewport-height", "914", folder.file("touches.csv"), "-o", folder.file("android.json"))
    #expect(android.status == 0, "\(android.standardError)")
    #expect(!android.standardError.contains("warning: no --physics"))
    let device = try Trace.load(path: folder.file("android.json")).device
    #expect(device.physics == "android" && device.refreshRate == 90)
    #expect(device.viewportWidth == 411 && device.viewportHeight == 914)
    let unknown = scrollsim("import", "touch-csv", "--physics", "andriod", folder.file("touches.csv"))
    #expect(unknown.status == 64)
    #expect(unknown.standardError.contains("did you mean \"android\""))
    #expect(scrollsim("import", "touch-csv", "--refresh-rate", "0", folder.file("touches.csv")).status == 64)
    #expect(scrollsim("import", "touch-csv", "--viewport-width", "-1", folder.file("touches.csv")).status == 64)

    // The device's density: --density, else the pixels per point the log was in, else 3.
    func density(_ arguments: String...) throws -> Double {
      let out = folder.file("d.json")
      let run = ScrollsimCLIRunner.run(["import"] + arguments + ["-o", out])
      #expect(run.status == 0, "\(run.standardError)")
      return try Trace.load(path: out).device.density
    }
    let touches = folder.file("touches.csv")
    #expect(try density("touch-csv", "--px-per-pt", "2.625", touches) == 2.625)
    #expect(try density("touch-csv", "--px-per-pt", "2.625", "--density", "2", touches) == 2)
    #expect(try density("touch-csv", touches) == 3)
    #expect(scrollsim("import", "touch-csv", "--density", "0", touches).status == 64)
    var offsets = "t,offset\n"
    for k in 0...30 { offsets += "\(Double(k) * 0.016),\(Double(k) * 20)\n" }
    try offsets.write(toFile: folder.file("offsets.csv"), atomically: true, encoding: .utf8)
    #expect(try density("offsets", "--density", "2.625", folder.file("offsets.csv")) == 2.625)
    let wide = scrollsim(
      "import", "offsets", "--viewport-width", "412", folder.file("offsets.csv"), "-o", folder.file("w.json"))
    #expect(wide.status == 0, "\(wide.standardError)")
    #expect(try Trace.load(path: folder.file("w.json")).device.viewportWidth == 412)
  }

  @Test func listsStrategiesNetworksAndTheScenario() throws {
    #expect(scrollsim("strategies").standardOutput.contains("smart-range"))
    #expect(scrollsim("networks").standardOutput.contains("slow-3g"))
    // A refused --set names the option it came from, not a file, and is a usage error (issue 49).
    let refused = scrollsim("scenario", "--set", "list.columns=0")
    #expect(refused.status == 64)
    #expect(refused.standardError.contains("--set list.columns=0: $.list.columns: expected a whole number in 1...64"))
    let scenario = scrollsim("scenario", "--set", "feed.pageSize=5")
    #expect(scenario.status == 0)
    let json = try JSONParser.parse(Array(scenario.standardOutput.utf8))
    #expect(member(member(json, "feed"), "pageSize")?.double == 5)
  }

  /// A scenario option that takes one value, given twice, is a usage error (ArgumentParser
  /// would keep the last silently); once, in either spelling, it runs. A bare number far
  /// outside its field is warned about on stderr, and the run goes on.
  @Test func aSingleValueOptionGivenTwiceIsRefused() {
    let twice = scrollsim("scenario", "--device", "low-end", "--device=mid")
    #expect(twice.status == 64)
    #expect(twice.standardError.contains("--device is given 2 times; it takes one value"))
    #expect(scrollsim("scenario", "--device=low-end").status == 0)
    let warned = scrollsim("scenario", "--set", "network.page.latency=350")
    #expect(warned.status == 0)
    #expect(warned.standardError.contains("warning: $.network.page.latency: a typical value of 350 s"))
  }

  /// `scenario --explain` reads the walkthrough's file as meant: its latency end to end, its
  /// pages, one image's decode, the device; a trace that cannot be read is refused by name.
  @Test func theWalkthroughsScenarioIsExplained() {
    let explained = scrollsim(
      "scenario", "--scenario", packageRoot + "/docs/examples/myapp.json", "--device", "android-2gb", "--explain")
    #expect(explained.status == 0, "\(explained.standardError)")
    #expect(explained.standardOutput.contains("end to end ≈ median 350 ms, p90 1200 ms"))
    #expect(explained.standardOutput.contains("one image decoded: 4.45 MiB at the source's size"))
    #expect(explained.standardOutput.contains("first rows   15  · follows pageSize"))
    let missing = scrollsim("scenario", "--explain", "--trace", "/nonexistent/trace.json")
    #expect(missing.status != 0 && missing.standardError.contains("/nonexistent/trace.json"))
  }

  @Test func helpGoesToStdoutAndAnUnknownTopicFails() {
    let help = scrollsim("help", "compare")
    #expect(help.status == 0)
    #expect(help.standardOutput.contains("USAGE: scrollsim compare"))
    let unknown = scrollsim("help", "nosuch")
    #expect(unknown.status == 64)
    #expect(unknown.standardError.contains("help nosuch: no such command"))
  }

  @Test func usageErrorsExit64WithTheMessageOnStderr() {
    let result = scrollsim("run", "--strategy", "nosuch")
    #expect(result.status == 64)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.contains("nosuch"))
  }

  @Test func aCustomCatalogAndToolNameReachTheCommands() {
    let result = ScrollsimCLI.invoke(["strategies"], catalog: .builtIn, commandName: "my-scrollsim")
    #expect(result.status == 0)
    let failed = ScrollsimCLI.invoke(["run", "--strategy", "x", "/nonexistent.json"], commandName: "my-scrollsim")
    #expect(failed.status == 64)
    #expect(failed.standardError.hasPrefix("my-scrollsim: error: "))
  }
}

/// The value of an object's member `key`.
func member(_ value: JSONValue?, _ key: String) -> JSONValue? {
  value?.members?.first { $0.0 == key }?.1
}
