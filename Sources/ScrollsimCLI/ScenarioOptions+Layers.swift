import SimCore

extension ScenarioOptions {
  /// What each option laid over the defaults, labelled as given (for `scenario --explain`):
  /// the file, the profiles, the HAR, then each `--set`.
  func layers() throws(SimError) -> [ScenarioExplanation.Layer] {
    var layers: [ScenarioExplanation.Layer] = []
    if let scenario {
      do throws(SimError) {
        layers.append((scenario, try JSONParser.parse(try AtomicFile.read(scenario))))
      } catch {
        throw error.inFile(scenario)
      }
    }
    if let network { layers.append(("--network \(network)", try NetworkProfiles.overlay(network))) }
    if let device { layers.append(("--device \(device)", try DeviceProfiles.lookup(device).json)) }
    if let har {
      let imported = try HARImport.load(
        path: har, pagePattern: harPage, contentPattern: harContent, serverOnly: network != nil)
      layers.append(("--latency-from \(har)", imported.overlay))
    }
    for override in overrides {
      guard let (key, text) = splitKeyValue(override) else { continue }
      var patch = (try? JSONParser.parse(text)) ?? .string(text)
      for part in key.split(separator: ".").reversed() { patch = .object([(String(part), patch)]) }
      layers.append(("--set \(override)", patch))
    }
    return layers
  }
}
