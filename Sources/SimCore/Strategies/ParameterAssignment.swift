/// A parameter's name as the command line gives it (`--param`, `--grid`, `--range`), parsed
/// once: an optional scope naming one strategy or one half of a pair (`glide` in
/// `glide.maxPreload`), and the key in camelCase, as strategies declare it (`leading-screens`
/// → `leadingScreens`; strategy names keep their dashes).
package struct ParameterName: Hashable, Sendable, CustomStringConvertible {
  package var scope: String?
  package var key: String

  package init(scope: String? = nil, key: String) {
    self.scope = scope
    self.key = key
  }

  /// `key` or `scope.key`, kebab-case keys allowed.
  package init(parsing text: String) {
    guard let dot = text.lastIndex(of: ".") else {
      self.init(key: camelCase(text, separator: "-"))
      return
    }
    self.init(scope: String(text[..<dot]), key: camelCase(String(text[text.index(after: dot)...]), separator: "-"))
  }

  package var description: String { scope.map { "\($0).\(key)" } ?? key }

  /// The parts of a choice (`types`, page rule first) this name sets: those that declare its
  /// key and, when it is scoped, that the scope names (a strategy's name or alias).
  func parts(of types: [StrategyKind]) -> [Int] {
    types.indices.filter { index in
      let info = types[index].info
      guard info.parameters.contains(where: { $0.name == key }) else { return false }
      guard let scope else { return true }
      return info.name == scope || info.aliases.contains(scope)
    }
  }

  /// The one check that a parameter exists: some strategy of `strategies` (each a name and the
  /// types it runs) declares this name; else a usage error naming what was given.
  func requireDeclared(
    by strategies: [(name: String, types: [StrategyKind])], option: String
  ) throws(SimError) {
    guard !strategies.contains(where: { !parts(of: $0.types).isEmpty }) else { return }
    guard strategies.count == 1 else {
      // A name declared by several strategies may repeat: the nearest is the same either way.
      let everyName = strategies.flatMap { $0.types.flatMap { $0.info.parameters.map(\.name) } }
      throw SimError(
        .usage,
        "\(option) \(self): none of \(strategies.map(\.name).joined(separator: ", ")) has a parameter \"\(self)\"\(NameSuggestion.hint(for: key, among: everyName)); see scrollsim strategies"
      )
    }
    let known = strategies[0].types.flatMap { $0.info.parameters.map(\.name) }
    throw SimError(
      .usage,
      "\(option) \(self): \(strategies[0].name) has no parameter \"\(key)\"\(NameSuggestion.hint(for: key, among: known)); its parameters: \(known.isEmpty ? "none" : known.joined(separator: ", "))"
    )
  }
}

/// One parameter setting (`--param key=value`, a grid value, a sampled value): a name and the
/// value as given. The value is typed (`ParameterValue`) by the declaration of each strategy it
/// goes to, once, when a `StrategyChoice` is made.
package struct ParameterAssignment: Hashable, Sendable, CustomStringConvertible {
  package var name: ParameterName
  package var value: String

  package init(_ name: ParameterName, _ value: String) {
    self.name = name
    self.value = value
  }

  /// `key=value` or `scope.key=value`, as `--param` takes it.
  package init(parsing text: String) throws(SimError) {
    guard let (key, value) = splitKeyValue(text) else {
      throw SimError(.usage, "--param \(text): expected key=value, e.g. threshold=0.8")
    }
    self.init(ParameterName(parsing: key), value)
  }

  package var description: String { "\(name)=\(value)" }
}

/// A parameter's value after its declaration checked it: what a strategy reads.
package enum ParameterValue: Hashable, Sendable {
  case number(Double)
  case choice(String)
  case flag(Bool)
}
