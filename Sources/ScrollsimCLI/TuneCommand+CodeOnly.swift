import SimCore

extension TuneCommand {
  /// `--code-only`: `--from`'s setting as code, or with `--from-class` each class's.
  func codeOnlyText(_ space: TuneSpace) throws(SimError) -> String {
    let scenario = try scenarioOptions.load()
    guard !fromClass.isEmpty else {
      return space.code(space.current, pageSize: scenario.feed.pageSize, list: scenario.list)
    }
    var branches: [TuneSpace.ClassBranch] = []
    for text in fromClass {
      guard let colon = text.firstIndex(of: ":") else {
        throw SimError(.usage, "--from-class \(text): expected CLASS:name=value,…, e.g. low-end:cacheExtent=250")
      }
      let name = String(text[..<colon])
      if let problem = SessionDimension.device.unknown(name) {
        throw SimError(.usage, "--from-class \(text): \(problem)")
      }
      guard !branches.contains(where: { $0.name == name }) else {
        throw SimError(.usage, "--from-class: \(name) is given twice")
      }
      let values = String(text[text.index(after: colon)...])
      let classSpace = try search.space(extra: values.isEmpty ? [] : [values])
      branches.append(
        TuneSpace.ClassBranch(name: name, scenario: scenario, setting: classSpace.current))
    }
    guard branches.count >= 2 else {
      throw SimError(.usage, "--from-class: give two classes or more (one class is --from)")
    }
    return space.classCode(branches, pageSize: scenario.feed.pageSize, list: scenario.list)
  }
}
