import ArgumentParser
import SimCore

extension GenerateCommand {
  func run() throws {
    try reportingErrors { () throws(SimError) in
      if let physics { _ = try PhysicsPresets.lookup(physics) }
      let device = phone(DevicePlatform.ios.typicalDevice)
      guard var session = SessionProfiles.named(profile) else {
        let trace = GestureGenerator.generate(profile: profile, duration: duration ?? 60, seed: seed, device: device)
        try emit(trace.checkedEncoding(), to: output)
        return
      }
      for assignment in param { try session.apply(assignment) }
      if listParams {
        try emit(parameterList(session), to: nil)
        return
      }
      guard let population else {
        let user = SessionUser.median(of: session, seconds: duration ?? 60)
        let trace =
          profile == .feed
          ? FeedSession.generate(profile: session, user: user, seed: seed, device: device)
          : ShortVideoSession.generate(profile: session, user: user, seed: seed, device: device)
        try emit(trace.checkedEncoding(), to: output)
        return
      }
      var users = GeneratedPopulation(
        kind: profile, profile: session, count: population, seed: seed, device: device, seconds: duration)
      users.deviceMix = try deviceMix.map { text throws(SimError) in
        try ProfileMix(text, kind: .device, option: "--device-mix")
      }
      // Each platform's phones scroll with their own physics, at their own size, unless given.
      for platform in DevicePlatform.allCases { users.platformDevices[platform] = phone(platform.typicalDevice) }
      users.networkMix = try networkMix.map { text throws(SimError) in
        try ProfileMix(text, kind: .network, option: "--network-mix")
      }
      let manifest = ([users.manifestHeader] + (0..<population).map(users.manifestLine)).joined(separator: "\n") + "\n"
      // An earlier population (its manifest and sessions, nothing else) is replaced whole.
      let earlier: ([String]) -> Bool = { entries in
        entries.contains("population.csv") && entries.allSatisfy { $0 == "population.csv" || $0.hasSuffix(".json") }
      }
      try AtomicFolder.write(output!, count: population + 1, replaceable: earlier) { index throws(SimError) in
        if index == population { return ("population.csv", manifest) }
        return (users.fileName(index), try users.session(index).checkedEncoding())
      }
      printNote("wrote \(population) \(profile.rawValue) sessions and population.csv to \(output!)")
    }
  }

  /// `typical` with what the command line gives laid over it.
  private func phone(_ typical: Device) -> Device {
    Device(
      viewportWidth: viewportWidth ?? typical.viewportWidth, viewportHeight: viewportHeight ?? typical.viewportHeight,
      refreshRate: refreshRate, physics: physics ?? typical.physics, density: density ?? typical.density)
  }

  private func parameterList(_ profile: SessionProfile) -> String {
    profile.parameters.map { parameter in
      "\(parameter.key)=\(JSONWriter.number(parameter.value))  (\(JSONWriter.number(parameter.range.lowerBound))...\(JSONWriter.number(parameter.range.upperBound)))  \(parameter.meaning); \(parameter.basis)"
    }.joined(separator: "\n") + "\n"
  }
}
