/// Values a scenario accepts but that are far outside what their field means, most likely a
/// number typed in another unit (`--set network.page.latency=350` meant as milliseconds runs
/// 350-second requests). Each warning names the field, the unit it was read in and how to
/// write what was probably meant; the run goes on, as the value is valid.
extension Scenario {
  package var plausibilityWarnings: [String] {
    var warnings: [String] = []
    func check(_ path: String, _ typical: Double, above limit: Double, _ unit: String, meant: String) {
      guard typical > limit else { return }
      warnings.append(
        "$.\(path): a typical value of \(JSONWriter.number(typical)) \(unit), read in \(unit); \(meant)")
    }
    func checkBelow(_ path: String, _ typical: Double, below limit: Double, _ unit: String, meant: String) {
      guard typical < limit else { return }
      warnings.append(
        "$.\(path): a typical value of \(JSONWriter.number(typical)) \(unit), read in \(unit); \(meant)")
    }
    func ms(_ value: Double) -> String { "if you meant milliseconds, write \(JSONWriter.number(value))ms" }
    for (name, endpoint) in [("page", network.page), ("content", network.content)] {
      let latency = endpoint.latency.typical
      check("network.\(name).latency", latency, above: 30, "s", meant: ms(latency))
      let bytes = endpoint.bytes.typical
      checkBelow(
        "network.\(name).bytes", bytes, below: 100, "bytes",
        meant: "if you meant kilobytes, write \(JSONWriter.number(bytes))KB")
    }
    check("network.link.latency", network.link.latency, above: 10, "s", meant: ms(network.link.latency))
    check("cell.renderTime", cell.renderTime.typical, above: 1, "s", meant: ms(cell.renderTime.typical))
    check("mainThread.bindTime", mainThread.bindTime.typical, above: 1, "s", meant: ms(mainThread.bindTime.typical))
    checkBelow(
      "memory.deviceMB", memory.deviceMB, below: 64, "MB",
      meant: "if you meant gigabytes, write \(JSONWriter.number(memory.deviceMB))GB")
    return warnings
  }
}

extension Distribution {
  /// The value a person would call typical: the median where the distribution is given by it,
  /// else the mean.
  var typical: Double {
    switch self {
    case .fixed(let value): value
    case .lognormal(let median, _): median
    default: mean
    }
  }
}
