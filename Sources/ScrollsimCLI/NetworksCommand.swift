import ArgumentParser
import SimCore

struct NetworksCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "networks",
    abstract: "List the network (--network) and device (--device) profiles with their numbers and sources.")

  func run() throws {
    var lines = ["Networks (--network NAME): request latency, downlink, attempt failures; source", ""]
    for profile in NetworkProfiles.all {
      let link = profile.link
      let downlink = link.downlinkMbps.map { NumberText.fixed($0, 2) + " Mbit/s" } ?? "unlimited"
      lines.append(
        "  \(link.name.padding(toLength: 8, withPad: " ", startingAt: 0)) \(NumberText.fixed(link.latency * 1000, 1)) ms, \(downlink), \(NumberText.fixed(link.loss * 100, 0))% failures"
      )
      lines.append("           \(profile.source)")
    }
    lines += [
      "",
      "Devices (--device NAME): platform, render time per cell, render workers, memory (and what the platform reports), refresh rate",
      "",
    ]
    let width = DeviceProfiles.names.map(\.count).max() ?? 8
    for profile in DeviceProfiles.all {
      lines.append(
        "  \(profile.name.padding(toLength: width, withPad: " ", startingAt: 0)) \(profile.platform.label), \(profile.renderTime), \(profile.renderWorkers) workers, \(NumberText.fixed(profile.deviceMB, 0)) MB RAM (reports \(NumberText.fixed(profile.reportedMB, 0))), killed at \(NumberText.fixed(profile.limitMB, 0)) MB, \(profile.refreshRate) Hz"
      )
      lines.append(String(repeating: " ", count: width + 3) + profile.note)
    }
    lines += ["", "Details and sources: docs/network.md, docs/memory.md."]
    try printOutput(lines.joined(separator: "\n") + "\n")
  }
}
