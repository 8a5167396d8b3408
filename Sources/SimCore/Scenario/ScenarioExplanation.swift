import Foundation

/// `scrollsim scenario --explain`: every value of the effective scenario a team's numbers
/// touch, in its unit, with where it came from (the default, the file, a profile, a `--set`)
/// and what it implies (a latency's percentiles, the pages loaded first, one image's decoded
/// size), so that a value read otherwise than meant shows before a run.
package struct ScenarioExplanation {
  /// One layer over the defaults, as the command line gave it: its label (`myapp.json`,
  /// `--device android-2gb`, `--set feed.pageSize=15`) and its JSON.
  package typealias Layer = (label: String, json: JSONValue)

  let scenario: Scenario
  let layers: [Layer]
  let device: Device
  /// The phone's platform, when a device profile names it: the image libraries' budgets differ.
  let platform: DevicePlatform?

  /// `device` is the trace's (its width and density size the images); `layers` in the order
  /// they were laid; `platform` the one the device profile implies (nil: none named).
  package init(scenario: Scenario, layers: [Layer], device: Device = Device(), platform: DevicePlatform? = nil) {
    self.scenario = scenario
    self.layers = layers
    self.device = device
    self.platform = platform
  }

  /// The explanation as aligned text, section by section.
  package var text: String {
    var lines: [String] = ["Scenario, as read: value · where it came from · what it implies", ""]
    for (section, rows) in sections {
      lines.append(section)
      let width = rows.map(\.name.count).max() ?? 0
      for row in rows {
        let name = row.name.padding(toLength: width, withPad: " ", startingAt: 0)
        lines.append("  \(name)  \(row.value)  · \(row.source)" + (row.implies.isEmpty ? "" : "  → \(row.implies)"))
      }
      lines.append("")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  struct Row {
    var name: String
    var value: String
    var source: String
    var implies = ""
  }

  /// Where the value at `path` (scenario keys) came from: the last layer that sets it, or the
  /// default.
  func source(_ path: String...) -> String {
    let label = layers.last { layer in
      var cursor = JSONCursor(layer.json)
      for key in path { cursor = cursor[key] }
      return cursor.exists
    }?.label
    return label ?? "default"
  }

  var sections: [(String, [Row])] {
    [("list and feed", listRows), ("network", networkRows), ("images", imageRows), ("device", deviceRows)]
  }

  private var listRows: [Row] {
    let feed = scenario.feed
    let heights: String =
      switch scenario.list.heights {
      case .uniform(let height): "\(JSONWriter.number(height)) pt"
      case .explicit(let heights):
        "\(heights.count) heights, \(JSONWriter.number(heights.min() ?? 0))–\(JSONWriter.number(heights.max() ?? 0)) pt"
      case .distribution(let distribution): "\(distribution) pt"
      }
    let initialSource =
      source("feed", "initialItems") == "default" && source("feed", "pageSize") != "default"
      ? "follows pageSize" : source("feed", "initialItems")
    return [
      Row(name: "row height", value: heights, source: source("list", "itemHeight")),
      Row(name: "columns", value: "\(scenario.list.columns)", source: source("list", "columns")),
      layoutRow, imageBoxRow,
      Row(name: "page size", value: "\(feed.pageSize) rows", source: source("feed", "pageSize")),
      Row(
        name: "first rows", value: "\(feed.initialItems)", source: initialSource,
        implies: "\(feed.initialItems / max(feed.pageSize, 1)) page(s) loaded before the session starts"),
      Row(
        name: "rows in all", value: feed.totalItems.map { "\($0)" } ?? "no end", source: source("feed", "totalItems")),
    ]
  }

  private var networkRows: [Row] {
    let link = scenario.network.link
    let downlink = link.downlinkMbps.map { "\(JSONWriter.number($0)) Mbit/s" } ?? "unlimited"
    var rows = [
      Row(
        name: "link",
        value: "\(link.name): \(ms(link.latency)) of round trips, \(downlink), \(percent(link.loss)) loss",
        source: source("network", "link"), implies: "added to every request")
    ]
    for (name, endpoint) in [("page", scenario.network.page), ("content", scenario.network.content)] {
      rows.append(latencyRow(name, endpoint, link: link))
      rows.append(
        Row(
          name: "\(name) size", value: Self.bytes(endpoint.bytes), source: source("network", name, "bytes"),
          implies: link.bytesPerSecond.map { "\(ms(endpoint.bytes.typical / $0)) to transfer the median alone" } ?? ""))
      rows.append(
        Row(
          name: "\(name) connections",
          value:
            "\(endpoint.maxInFlight) at once, timeout \(JSONWriter.number(endpoint.timeout)) s, \(endpoint.retries) retries",
          source: source("network", name, "maxInFlight")))
    }
    return rows
  }

  /// An endpoint's latency: the server time, how it came from what was measured (end to end or
  /// to the first byte, on one link or over a mix), and what it gives back as measured.
  private func latencyRow(_ name: String, _ endpoint: EndpointSpec, link: LinkSpec) -> Row {
    let server = "server time \(Self.latency(endpoint.latency))"
    let origin = source("network", name, "latency")
    guard let measured = endpoint.measured else {
      let share = EndToEndLatency.linkShare(link, bytes: endpoint.bytes)
      return Row(
        name: "\(name) latency", value: server, source: origin,
        implies: "end to end ≈ \(Self.latency(endpoint.latency, plus: share)) alone on the link")
    }
    let what = measured.kind == .ttfb ? "to the first byte" : "end to end"
    let mix = measured.fittedOver
    let links = mix.map { share in
      (share.name == link.name ? link : NetworkProfiles.named(share.name) ?? link, share.share)
    }
    let parts = links.map {
      (offset: MeasuredLatency.share(measured.kind, link: $0.0, bytes: endpoint.bytes), weight: $0.1)
    }
    if mix.count <= 1 {
      let share = parts.first?.offset ?? 0
      return Row(
        name: "\(name) latency", value: server,
        source: origin + ", given \(what) on \(link.name): the link's \(ms(share)) taken out",
        implies: "\(what) ≈ \(Self.latency(endpoint.latency, plus: share)) alone on the link")
    }
    let over = MeasuredLatency.describe(mix.map { ($0.name, $0.share) })
    let given = measured.over == nil ? "the runs' networks" : "measuredOver"
    var implies = "\(what) over the mix"
    let shown = measured.figures.map(\.name).filter { LognormalFit.z[$0] != nil }
    let percentiles = (shown + (shown.contains("p95") ? [] : ["p95"])).compactMap { name -> String? in
      guard let z = LognormalFit.z[name],
        let value = MeasuredLatency.quantile(MeasuredLatency.normalCDF(z), server: endpoint.latency, parts: parts)
      else { return nil }
      return "\(name) \(ms(value))"
    }
    if !percentiles.isEmpty { implies += " ≈ " + percentiles.joined(separator: ", ") }
    let each = zip(mix, parts).map {
      "\($0.0.name) \(Self.latency(endpoint.latency, plus: $0.1.offset).prefix { $0 != "," })"
    }
    implies += "; alone on each link: " + each.joined(separator: ", ")
    return Row(
      name: "\(name) latency", value: server, source: origin + ", given \(what) over \(given) (\(over))",
      implies: implies)
  }

  /// How the items are placed, their width and the space around them.
  private var layoutRow: Row {
    let list = scenario.list
    let width = list.itemWidth(viewportWidth: device.viewportWidth)
    let value: String =
      switch list.arrangement {
      case .list: "one column"
      case .waterfall: "waterfall of \(list.columns) columns (each item into the shortest)"
      case .grid: "grid of \(list.columns) columns, equal rows (item i in row i / \(list.columns))"
      }
    var implies = "items \(JSONWriter.number((width * 10).rounded() / 10)) pt wide"
    implies += list.itemWidth == nil ? " (what the columns leave of \(JSONWriter.number(device.viewportWidth)) pt)" : ""
    let space = [
      list.rowGap > 0 ? "rows \(JSONWriter.number(list.rowGap)) pt apart" : nil,
      list.columnGap > 0 ? "columns \(JSONWriter.number(list.columnGap)) pt apart" : nil,
      list.padding == .zero ? nil : "padding \(JSONWriter.compact(list.padding.json)) pt",
    ].compactMap { $0 }
    if !space.isEmpty { implies += "; " + space.joined(separator: ", ") }
    return Row(name: "layout", value: value, source: source("list", "layout"), implies: implies)
  }

  /// The image's box in an item: what shows blank while the image loads.
  private var imageBoxRow: Row {
    let list = scenario.list
    guard let box = list.imageBox else {
      return Row(
        name: "image box", value: "fills the item", source: source("list", "imageBox"),
        implies: "an item is blank until its image shows")
    }
    let width = list.itemWidth(viewportWidth: device.viewportWidth)
    let shape =
      box.height.map { "\(JSONWriter.number($0)) pt tall" } ?? box.aspect.map { Self.aspect($0) }
      ?? "the rest of the item"
    var implies = "the image \(NumberText.fixed(width, 0)) pt wide"
    if case .uniform(let height) = list.heights {
      let boxHeight = box.height(width: width, itemHeight: height)
      implies =
        "the image \(NumberText.fixed(width, 0)) × \(NumberText.fixed(boxHeight, 0)) pt of a \(NumberText.fixed(width, 0)) × \(JSONWriter.number(height)) pt item: with its page's data the rest shows, so a loading image leaves \(NumberText.fixed(boxHeight / height * 100, 0)) % of the item blank"
      let pitch = height + list.rowGap
      let perRow = list.arrangement == .grid ? Double(list.columns) : Double(list.columns)
      let share = perRow * width * boxHeight / (device.viewportWidth * pitch)
      implies += "; a screen of them is \(NumberText.fixed(min(share, 1) * 100, 0)) % images"
    }
    return Row(
      name: "image box", value: "\(shape), top \(JSONWriter.number(box.top)) pt, fit \(box.fit.rawValue)",
      source: source("list", "imageBox"), implies: implies)
  }

  /// "height / width 1.333 (width : height 3 : 4)": which way an aspect is read.
  static func aspect(_ value: Double) -> String {
    var text = "height / width \(NumberText.fixed(value, 3))"
    for width in 1...32 {
      let height = value * Double(width)
      if abs(height - height.rounded()) < 1e-3 * Double(width), height.rounded() >= 1 {
        text += " (width : height \(width) : \(Int(height.rounded())))"
        break
      }
    }
    return text
  }

  private var imageRows: [Row] {
    let image = scenario.image
    let list = scenario.list
    let columnWidth =
      list.isPlain
      ? device.viewportWidth / Double(max(list.columns, 1)) : list.itemWidth(viewportWidth: device.viewportWidth)
    let rowHeight: Double =
      if case .uniform(let height) = list.heights { height } else { columnWidth }
    func decoded(_ size: DecodeSize) -> String {
      var sized = image
      sized.decodeSize = size
      let sizes = DecodedImageSize(
        image: sized, policy: .glide, viewportWidth: device.viewportWidth, columns: scenario.list.columns,
        density: device.density, seed: 1, list: scenario.list)
      return "\(NumberText.fixed(Double(sizes.bytes(item: 0, height: rowHeight)) / MemoryUnits.mb, 2)) MiB"
    }
    let served: String =
      if case .fixed(let width) = image.sourceWidth { "\(JSONWriter.number(width)) px" } else {
        "\(image.sourceWidth) px"
      }
    let drawnHeight =
      list.imageBox.map { $0.height(width: columnWidth, itemHeight: rowHeight) } ?? image.aspect.map {
        columnWidth * $0
      }
      ?? rowHeight
    return [
      Row(name: "served width", value: served, source: source("image", "sourceWidth")),
      Row(
        name: "shape",
        value: image.aspect.map { Self.aspect($0) + ", the source's own (a bare number is height / width)" }
          ?? "fills its row",
        source: source("image", "aspect"),
        implies:
          "drawn \(JSONWriter.number(columnWidth)) × \(NumberText.fixed(drawnHeight, 0)) pt, \(NumberText.fixed(columnWidth * device.density, 0)) × \(NumberText.fixed(drawnHeight * device.density, 0)) px at density \(JSONWriter.number(device.density))"
      ),
      Row(
        name: "decode width", value: image.decodeWidth.map { "at most \(JSONWriter.number($0)) px" } ?? "the library's",
        source: source("image", "decodeWidth"),
        implies:
          "one image decoded: \(decoded(.source)) at the source's size (Flutter, Fresco, SDWebImage), \(decoded(.view)) at the view's (Glide)"
      ),
    ]
  }

  private var deviceRows: [Row] {
    let memory = scenario.memory
    return [
      Row(
        name: "RAM", value: "\(JSONWriter.number(memory.deviceMB)) MB", source: source("memory", "deviceMB"),
        implies: memory.limitMB.map { "killed at \(JSONWriter.number($0)) MB" } ?? "never killed"),
      Row(
        name: "memory class", value: "\(JSONWriter.number(memory.memoryClassMB)) MB",
        source: source("memory", "memoryClassMB"),
        implies: platform == .ios
          ? "Android's heap class, unused on an iPhone: SDWebImage's cache (expo-image, fast-image) has no limit, React Native's RCTImageCache 20 MiB"
          : "Glide's cache ≤ \(NumberText.fixed(memory.memoryClassMB * 0.4, 0)) MB (expo-image, fast-image), Fresco's \(NumberText.fixed(memory.memoryClassMB / 4, 0)) MB (React Native's Image)"
      ),
      Row(
        name: "refresh", value: scenario.display.refreshRate.map { "\($0) Hz" } ?? "the trace's",
        source: source("display", "refreshRate")),
      Row(name: "render per cell", value: "\(scenario.cell.renderTime) s", source: source("cell", "renderTime")),
    ]
  }

  private func ms(_ seconds: Double) -> String { NumberText.fixed(seconds * 1000, 0) + " ms" }
  private func percent(_ share: Double) -> String { NumberText.fixed(share * 100, 0) + " %" }

  /// A latency in milliseconds with its percentiles where it has them, `plus` a constant.
  static func latency(_ latency: Distribution, plus: Double = 0) -> String {
    func ms(_ seconds: Double) -> String { NumberText.fixed((seconds + plus) * 1000, 0) + " ms" }
    switch latency {
    case .fixed(let value): return ms(value)
    case .lognormal(let median, let p95):
      let sigma = log(p95 / median) / Distribution.z95
      let p90 = median * exp(LognormalFit.z["p90"]! * sigma)
      let p99 = median * exp(LognormalFit.z["p99"]! * sigma)
      return "median \(ms(median)), p90 \(ms(p90)), p95 \(ms(p95)), p99 \(ms(p99))"
    case .uniform(let low, let high): return "\(ms(low))–\(ms(high))"
    default: return "\(latency) s" + (plus > 0 ? " + \(NumberText.fixed(plus * 1000, 0)) ms" : "")
    }
  }

  /// Bytes as a person reads them (kB of 1,000).
  static func bytes(_ bytes: Distribution) -> String {
    func kb(_ value: Double) -> String { NumberText.fixed(value / 1000, 0) + " kB" }
    switch bytes {
    case .fixed(let value): return kb(value)
    case .lognormal(let median, let p95): return "median \(kb(median)), p95 \(kb(p95))"
    case .uniform(let low, let high): return "\(kb(low))–\(kb(high))"
    default: return "\(bytes) bytes"
    }
  }
}
