import SimCore

/// The touch and offset importers, with options taken from the input's first line, so that
/// odd settings (`time=0`, `px=1e-300`) are fuzzed along with the text. Options are set on the
/// importer directly, as a library user may, past the CLI's own checks.
extension FuzzTarget {
  /// First line: `time= y= phase= pointer= down= move= up= unit= px= gap= viewport= reset=1`.
  package static let touchCSV = FuzzTarget(name: "touch-csv", input: "an options line, then a CSV") { bytes in
    let (option, body) = optionsAndBody(bytes)
    var importer = TouchCSVImporter()
    importer.timeColumn = option["time"] ?? importer.timeColumn
    importer.yColumn = option["y"] ?? importer.yColumn
    importer.phaseColumn = option["phase"] ?? importer.phaseColumn
    importer.pointerColumn = option["pointer"]
    if let codes = option["down"] { importer.downCodes = Set(codes.split(separator: ",").map(String.init)) }
    if let codes = option["move"] { importer.moveCodes = Set(codes.split(separator: ",").map(String.init)) }
    if let codes = option["up"] { importer.upCodes = Set(codes.split(separator: ",").map(String.init)) }
    importer.timeUnit = option["unit"].flatMap(TimeUnit.init(rawValue:)) ?? .s
    importer.pixelsPerPoint = option["px"].flatMap(Double.init) ?? 1
    importer.splitGap = option["gap"].flatMap(Double.init)
    importer.newSessionOnTimeReset = option["reset"] == "1"
    if let height = option["viewport"].flatMap(Double.init) { importer.device = Device(viewportHeight: height) }
    checkImported(try? importer.importText(body))
  }

  /// First line: `axis=x|y density= screen= gap= refresh=`.
  package static let getevent = FuzzTarget(name: "getevent", input: "an options line, then getevent -lt text") {
    bytes in
    let (option, body) = optionsAndBody(bytes)
    var importer = GeteventImporter()
    importer.axis = option["axis"].flatMap(GeteventImporter.Axis.init(rawValue:)) ?? .y
    importer.density = option["density"].flatMap(Double.init) ?? 1
    importer.screenPixels = option["screen"].flatMap(Double.init)
    importer.splitGap = option["gap"].flatMap(Double.init)
    importer.refreshRate = option["refresh"].flatMap { Int($0) } ?? 60
    checkImported(try? importer.importText(body))
  }

  /// First line: `time= offset= phase= unit= px= viewport=`.
  package static let offsets = FuzzTarget(name: "offsets", input: "an options line, then a CSV or JSON lines") {
    bytes in
    let (option, body) = optionsAndBody(bytes)
    var importer = OffsetsImporter()
    importer.timeColumn = option["time"] ?? importer.timeColumn
    importer.offsetColumn = option["offset"] ?? importer.offsetColumn
    importer.phaseColumn = option["phase"] ?? importer.phaseColumn
    importer.timeUnit = option["unit"].flatMap(TimeUnit.init(rawValue:)) ?? .s
    importer.pixelsPerPoint = option["px"].flatMap(Double.init) ?? 1
    if let height = option["viewport"].flatMap(Double.init) { importer.device = Device(viewportHeight: height) }
    checkImported(try? importer.importText(body))
  }
}

/// What an accepted import must give: traces that write out and read back the same (the CLI
/// writes only what passes this check).
func checkImported(_ result: ImportResult?) {
  guard let result else { return }
  _ = result.summary
  for trace in result.traces {
    guard let written = try? trace.checkedEncoding() else { continue }
    requireReadsBack(written, "an imported trace")
  }
}
