import Foundation
import Testing

@testable import SimCore

@Suite(.enabled(if: SharedData.available, "needs ../shared/data"))
struct RealDataImportTests {
  /// The vertical-strokes CSV: 60 strokes, header names, ms, pixels at density 3.
  @Test func touchCSVOnTheStudyStrokes() throws {
    var importer = TouchCSVImporter()
    importer.timeColumn = "t_ms"
    importer.timeUnit = .ms
    importer.pixelsPerPoint = 3
    let result = try importer.importFile(SharedData.path("swipes-vertical-strokes.csv"))
    #expect(result.traces.count == 1)
    #expect(TraceStats(result.traces[0]).gestures == 60)
    guard case .touches(let samples) = result.traces[0].input else { return }
    #expect(samples.first?.t == 0.5)
    #expect(abs(samples.first!.y - 263.28 / 3) < 1e-9)
    // The written file reads back to the same file (positions are written to 0.01 pt).
    let text = result.traces[0].encoded()
    #expect(try Trace.decode(JSONParser.parse(text)).encoded() == text)
  }

  /// A raw swipe file holds several recordings whose clocks restart: refused by default,
  /// one trace per recording when asked.
  /// A column names the phone and the network of a file's recording: every trace it gives
  /// carries them; a row naming another, or a name scrollsim does not know, is refused.
  @Test func profilesFromColumns() throws {
    var importer = TouchCSVImporter()
    importer.deviceColumn = "phone"
    importer.networkColumn = "5"
    let rows = ["0,500,down", "0.01,490,move", "0.02,470,move", "0.03,440,up"]
    let text = (["t,y,phase,phone,net"] + rows.map { $0 + ",android-2gb,3g" }).joined(separator: "\n")
    let result = try importer.importText(text)
    #expect(result.traces.map(\.sessionClass) == [SessionClass(device: "android-2gb", network: "3g")])
    let mixed = text.replacingOccurrences(of: "0.03,440,up,android-2gb", with: "0.03,440,up,high")
    #expect(throws: SimError.self) { try importer.importText(mixed) }
    let unknown = text.replacingOccurrences(of: ",3g", with: ",5g")
    #expect {
      try importer.importText(unknown)
    } throws: { error in
      (error as! SimError).message.contains("did you mean \"4g\"")
    }
    importer.deviceColumn = "handset"
    #expect(throws: SimError.self) { try importer.importText(text) }
  }

  @Test func rawSwipesWithClockResets() throws {
    var importer = TouchCSVImporter()
    (importer.timeColumn, importer.yColumn, importer.phaseColumn) = ("6", "3", "1")
    (importer.downCodes, importer.moveCodes, importer.upCodes) = (["0"], ["2"], ["1"])
    importer.timeUnit = .ms
    importer.pixelsPerPoint = 3
    do {
      _ = try importer.importFile(SharedData.path("swipes/Swipe1.txt"))
      Issue.record("expected an error")
    } catch {
      #expect(error.path == "line 48")
      #expect(error.message.contains("--new-session-on-time-reset"))
    }
    importer.newSessionOnTimeReset = true
    let result = try importer.importFile(SharedData.path("swipes/Swipe1.txt"))
    #expect(result.traces.count == 6)
    #expect(result.notes.contains { $0.contains("6 recordings") })
  }

  /// Protocol A (phone), protocol A with BTN_TOUCH (tablet), single touch (emulator), protocol B
  /// without slots (Galaxy S paint), and two fingers. Their drags are horizontal: --axis x.
  @Test(arguments: [
    ("Phone/phone-single-drag.txt", 1), ("Tablet/tablet-single-drag.txt", 1), ("Emulator/emulator-drag.txt", 1),
    ("Phone/phone-two-finger-drag.txt", 1), ("Tablet/tablet-two-finger-drag.txt", 1),
  ])
  func geteventDrags(file: String, gestures: Int) throws {
    var importer = GeteventImporter()
    importer.axis = .x
    importer.density = 1.5
    let result = try importer.importFile(SharedData.path("getevent/" + file))
    let stats = TraceStats(result.traces[0])
    #expect(stats.gestures == gestures)
    #expect(stats.distance > 100)
    if file.contains("two-finger") { #expect(result.notes.contains { $0.contains("more than one finger") }) }
    // Vertically there is little motion, and the summary says how much was dropped.
    #expect(result.notes.contains { $0.contains("vertical finger motion dropped") })
  }

  @Test func geteventProtocolBWithoutSlots() throws {
    var importer = GeteventImporter()
    importer.density = 1.5
    let result = try importer.importFile(SharedData.path("getevent/Phone/galaxys-paint.txt"))
    #expect(TraceStats(result.traces[0]).gestures == 34)
  }

  @Test func geteventRefusesAHorizontalDragOnTheYAxis() throws {
    let importer = GeteventImporter()
    let result = try importer.importFile(SharedData.path("getevent/Emulator/emulator-drag.txt"))
    // The emulator drag moves y a little too; it is accepted but says what it dropped.
    #expect(result.notes.contains { $0.contains("horizontal finger motion dropped") })
  }

  /// `scrollsim compare` runs on an imported real trace.
  @Test func compareOnAnImportedTrace() throws {
    var importer = TouchCSVImporter()
    importer.timeColumn = "t_ms"
    importer.timeUnit = .ms
    importer.pixelsPerPoint = 3
    importer.splitGap = 10
    let trace = try importer.importFile(SharedData.path("swipes-vertical-strokes.csv")).traces.max {
      TraceStats($0).gestures < TraceStats($1).gestures
    }!
    let rows = try Comparison.run(
      traces: [NamedTrace(name: "real", trace: trace)], scenario: .default,
      strategies: StrategyCatalog.builtIn.choices("all"))
    #expect(rows.count == (try StrategyCatalog.builtIn.expressions("all")).count)
    #expect(rows.allSatisfy { $0.cellsAppeared > 0 })
  }
}

@Suite struct HandMadeImportTests {
  /// A 46-minute idle stretch inside one recording (issue 31): the summary suggests
  /// `--split-gap`; split, it is two sessions and says nothing.
  @Test func aLongPauseSuggestsSplitting() throws {
    var importer = TouchCSVImporter()
    let text = """
      t,y,phase
      0,700,down
      0.016,660,move
      0.032,600,up
      2760,700,down
      2760.016,650,move
      2760.032,600,up
      """
    let whole = try importer.importText(text)
    #expect(whole.summary.contains("a pause of 46 min between two gestures is kept inside one trace"))
    #expect(whole.summary.contains("--split-gap"))
    importer.splitGap = 60
    let split = try importer.importText(text)
    #expect(split.traces.count == 2 && !split.summary.contains("--split-gap"))
  }

  @Test func touchCSVEdgeCases() throws {
    var importer = TouchCSVImporter()
    importer.pointerColumn = "id"
    let text = """
      t,y,phase,id
      0.00,500,down,0
      0.01,490,move,0
      0.015,300,down,1
      0.02,480,move,0
      0.025,290,move,1
      0.03,470,up,0
      0.05,9,wiggle,0
      0.10,400,down,0
      0.12,350,move,0
      """
    let result = try importer.importText(text)
    guard case .touches(let samples) = result.traces[0].input else { return }
    #expect(samples.map(\.phase) == [.began, .moved, .moved, .ended, .began, .moved, .ended])
    #expect(result.notes.contains("2 rows of a second finger dropped"))
    #expect(result.notes.contains("1 rows with an unknown phase code dropped"))
    #expect(result.notes.contains("1 gestures without an up, ended at their last sample"))
  }

  @Test func touchCSVRefusals() {
    func error(_ text: String) -> SimError? {
      do {
        _ = try TouchCSVImporter().importText(text)
        return nil
      } catch { return error }
    }
    #expect(error("t,y,phase\n0,1,down\n,2,move\n")?.path == "line 3")
    #expect(error("t,y,phase\n0,1,down\n1,2,move\n0.5,3,up\n")?.message.contains("backwards") == true)
    #expect(error("t,y,phase\n0,1,down\n1,1,up\n")?.message.contains("no vertical motion") == true)
    #expect(error("time,y,phase\n0,1,down\n")?.message.contains("no time column") == true)
    #expect(error("t,y,phase\n0,1,start\n1,2,stop\n")?.message.contains("no gesture") == true)
    // The trace format's ranges, at the row that breaks them: a time column 0 (no such
    // column), a position beyond 1e9 pt, a recording longer than a day.
    var byNumber = TouchCSVImporter()
    byNumber.timeColumn = "0"
    #expect(throws: SimError.self) { try byNumber.importText("0,1,down\n1,2,up\n") }
    #expect(error("t,y,phase\n0,1,down\n0.1,1e300,move\n0.2,3,up\n")?.path == "line 3")
    #expect(error("t,y,phase\n0,1,down\n0.1,1e300,move\n")?.message.contains("beyond ±1e9 pt") == true)
    let long = error("t,y,phase\n0,1,down\n100000,2,up\n")
    #expect(long?.message.contains("the trace would last 100000.5 s, longer than a trace may") == true)
    var offsets = OffsetsImporter()
    offsets.pixelsPerPoint = 1e-300
    #expect(throws: SimError.self) { try offsets.importText("t,offset\n0,0\n0.1,5\n") }
  }

  /// A pause longer than the gap splits the log into sessions.
  @Test func splittingAtGaps() throws {
    var importer = TouchCSVImporter()
    importer.splitGap = 5
    let result = try importer.importText("t,y,phase\n0,100,down\n0.1,50,up\n20,100,down\n20.1,60,up\n")
    #expect(result.traces.count == 2)
  }

  /// Protocol B with slots: two fingers; the first is followed, the second ignored; a lift
  /// (tracking id ffffffff) ends the gesture; garbage lines are skipped and counted.
  @Test func geteventProtocolBSlots() throws {
    let log = """
      add device 1: /dev/input/event2
        ABS_MT_POSITION_Y     : value 0, min 0, max 1919, fuzz 0, flat 0, resolution 0
      [   10.000000] EV_ABS       ABS_MT_SLOT          00000000
      [   10.000000] EV_ABS       ABS_MT_TRACKING_ID   00000005
      [   10.000000] EV_ABS       ABS_MT_POSITION_X    00000100
      [   10.000000] EV_ABS       ABS_MT_POSITION_Y    00000500
      [   10.000000] EV_SYN       SYN_REPORT           00000000
      [   10.016000] EV_ABS       ABS_MT_POSITION_Y    000004f0
      [   10.016000] EV_ABS       ABS_MT_SLOT          00000001
      [   10.016000] EV_ABS       ABS_MT_TRACKING_ID   00000006
      [   10.016000] EV_ABS       ABS_MT_POSITION_X    00000300
      [   10.016000] EV_ABS       ABS_MT_POSITION_Y    00000200
      [   10.016000] EV_SYN       SYN_REPORT           00000000
      this line is garbage
      [   10.032000] EV_ABS       ABS_MT_SLOT          00000000
      [   10.032000] EV_ABS       ABS_MT_POSITION_Y    000004e0
      [   10.032000] EV_SYN       SYN_REPORT           00000000
      [   10.048000] EV_ABS       ABS_MT_TRACKING_ID   ffffffff
      [   10.048000] EV_SYN       SYN_REPORT           00000000
      [   10.064000] EV_ABS       ABS_MT_SLOT          00000001
      [   10.064000] EV_ABS       ABS_MT_TRACKING_ID   ffffffff
      [   10.064000] EV_SYN       SYN_REPORT           00000000
      """
    var importer = GeteventImporter()
    importer.density = 2
    let result = try importer.importText(log)
    guard case .touches(let samples) = result.traces[0].input else { return }
    #expect(samples.map(\.phase) == [.began, .moved, .moved, .ended])
    let ys: [Double] = samples.map(\.y)
    #expect(ys == [640, 632, 624, 624])  // 0x500, 0x4f0, 0x4e0 px at density 2
    let times: [Double] = samples.map(\.t)
    let expected: [Double] = [0.5, 0.516, 0.532, 0.548]
    #expect(zip(times, expected).allSatisfy { abs($0 - $1) < 1e-9 })
    #expect(result.traces[0].device.viewportHeight == 960)
    #expect(result.notes.contains { $0.contains("more than one finger") })
    #expect(result.notes.contains { $0.contains("not getevent") })
  }

  /// Protocol A: two contacts per frame; an empty frame lifts; a long gap splits sessions.
  @Test func geteventProtocolA() throws {
    func frame(_ t: Double, _ contacts: [(Int, Int)]) -> String {
      var lines = contacts.map { x, y in
        String(
          format:
            "[%13.6f] EV_ABS ABS_MT_POSITION_X %08x\n[%13.6f] EV_ABS ABS_MT_POSITION_Y %08x\n[%13.6f] EV_SYN SYN_MT_REPORT 00000000",
          t, x, t, y, t)
      }
      if contacts.isEmpty { lines.append(String(format: "[%13.6f] EV_SYN SYN_MT_REPORT 00000000", t)) }
      lines.append(String(format: "[%13.6f] EV_SYN SYN_REPORT 00000000", t))
      return lines.joined(separator: "\n")
    }
    let log = [
      frame(1.00, [(10, 300)]), frame(1.02, [(10, 280), (50, 50)]), frame(1.04, [(10, 260)]), frame(1.06, []),
      frame(9.00, [(10, 300)]), frame(9.02, [(10, 320)]), frame(9.04, []),
    ].joined(separator: "\n")
    var importer = GeteventImporter()
    importer.splitGap = 5
    let result = try importer.importText(log)
    #expect(result.traces.count == 2)
    guard case .touches(let first) = result.traces[0].input else { return }
    #expect(first.map(\.y) == [300, 280, 260, 260])
    #expect(result.notes.contains { $0.contains("more than one finger") })
  }

  @Test func geteventRefusals() {
    #expect(throws: SimError.self) { try GeteventImporter().importText("nothing here\n") }
    #expect(throws: SimError.self) {
      try GeteventImporter().importText("[ 2.0] EV_SYN SYN_REPORT 00000000\n[ 1.0] EV_SYN SYN_REPORT 00000000\n")
    }
  }

  @Test func offsetsCSVAndJSONLines() throws {
    let csv = try OffsetsImporter().importText("t,offset,phase\n1.0,0,\n1.1,30,dragging\n1.2,80,decelerating\n")
    guard case .offsets(let samples) = csv.traces[0].input else { return }
    let times: [Double] = samples.map(\.t)
    #expect(zip(times, [0.5, 0.6, 0.7]).allSatisfy { abs($0 - $1) < 1e-9 })
    #expect(samples.map(\.phase) == [nil, .dragging, .decelerating])
    var ms = OffsetsImporter()
    ms.timeUnit = .ms
    let lines = try ms.importText(
      "{\"t\": 1000, \"offset\": 0}\n{\"t\": 1016, \"offset\": 12.5, \"phase\": \"dragging\"}\n")
    guard case .offsets(let fromJSON) = lines.traces[0].input else { return }
    #expect(fromJSON.map(\.offset) == [0, 12.5])
    #expect(abs(fromJSON[1].t - 0.516) < 1e-9)
    #expect(throws: SimError.self) { try OffsetsImporter().importText("t,offset\n1,0\n0.5,3\n") }
    #expect(throws: SimError.self) { try OffsetsImporter().importText("t,offset\n1,5\n2,5\n") }
    #expect(throws: SimError.self) { try OffsetsImporter().importText("{\"t\": 1, \"offset\": 0}\n{broken\n") }
  }

  @Test func sliceAndScale() throws {
    let trace = GestureGenerator.generate(profile: .mixed, duration: 30, seed: 2)
    let cut = try TraceTools.slice(trace, from: 10, to: 20)
    guard case .touches(let samples) = cut.input else { return }
    #expect(samples.first?.phase == .began && samples.last?.phase == .ended)
    #expect(samples.allSatisfy { $0.t >= 0.5 && $0.t <= 10.5 + 1e-9 })
    let reread = try Trace.decode(JSONParser.parse(cut.encoded()))
    #expect(TraceStats(reread).gestures == TraceStats(cut).gestures)
    let half = try TraceTools.scale(trace, factor: 0.5)
    #expect(half.device.viewportHeight == trace.device.viewportHeight / 2)
    #expect(abs(TraceStats(half).distance - TraceStats(trace).distance / 2) < 1e-6)
    #expect(throws: SimError.self) { try TraceTools.slice(trace, from: 5, to: 4) }
  }
}
