/// What `scrollsim tune` searches: every parameter of the stack's strategy, each with the value
/// the team ships today (`--from`, else the platform's default) and, for the knobs searched,
/// the values tried. `--knobs` narrows the search to the knobs it names and can give any
/// declared parameter values to try (widening it); the others stay at `--from`.
package struct TuneSpace: Sendable {
  package struct Parameter: Sendable {
    /// Scoped to its half (`glide.maxPreload`), so it reaches exactly one part.
    package var name: ParameterName
    package var current: String
    /// The values tried, in order; empty: held at `current`.
    package var values: [String]
    /// The values the stack's knob offers (`--knobs NAME` tries them), searched or not.
    package var offered: [String] = []
    /// Where it lives in the stack's API; nil for a parameter that is not one of the stack's knobs.
    package var api: String?
    /// The values its declaration allows, for a number.
    package var bounds: ClosedRange<Double>?
    package var isSearched: Bool { !values.isEmpty }
  }

  package let stack: TuneStack
  package private(set) var parameters: [Parameter] = []

  /// `from`: `name=value` settings of the team's current configuration; `knobs`: `name` or
  /// `name=spec` (`SweepPlan.axis`'s grammar), nil for every knob of the stack.
  package init(
    stack: TuneStack, from: [ParameterAssignment] = [], knobs: [String]? = nil, catalog: StrategyCatalog = .builtIn
  ) throws(SimError) {
    self.stack = stack
    for type in try catalog.resolve(stack.strategy) {
      for info in type.info.parameters {
        let name = ParameterName(scope: type.info.name, key: info.name)
        let knob = stack.knobs.first { $0.parameter == name }
        var bounds: ClosedRange<Double>?
        if case .number(let range) = info.kind { bounds = range }
        var parameter = Parameter(
          name: name, current: info.defaultValue, values: knob?.searchedByDefault == true ? knob?.values ?? [] : [],
          api: knob?.api, bounds: bounds)
        parameter.offered = knob?.values ?? []
        parameters.append(parameter)
      }
    }
    for setting in from {
      let matches = try positions(of: setting.name, option: "--from", catalog: catalog)
      for index in matches { parameters[index].current = setting.value }
    }
    if let knobs {
      let given = parameters.indices.map { _ in [String]?.none }
      var chosen = given
      for spec in knobs {
        let axis: SweepPlan.Axis
        if spec.contains("=") {
          axis = try SweepPlan.axis(spec)
        } else {
          axis = SweepPlan.Axis(name: ParameterName(parsing: spec), values: [])
        }
        for index in try positions(of: axis.name, option: "--knobs", catalog: catalog) {
          let values = axis.values.isEmpty ? parameters[index].offered : axis.values
          guard !values.isEmpty else {
            throw SimError(
              .usage,
              "--knobs \(spec): \(parameters[index].name) is not one of \(stack.name)'s knobs, so it has no values to try; give them (\(parameters[index].name.key)=a,b,c or start:stop:step)"
            )
          }
          chosen[index] = values
        }
      }
      for index in parameters.indices { parameters[index].values = chosen[index] ?? [] }
    }
    // Every value must be one the strategy takes, checked before any run.
    for parameter in parameters {
      for value in [parameter.current] + parameter.values {
        _ = try StrategyChoice(
          name: stack.strategy, settings: [ParameterAssignment(parameter.name, value)], catalog: catalog)
      }
    }
    guard parameters.contains(where: \.isSearched) else {
      throw SimError(.usage, "--knobs: nothing to search (\(stack.name)'s knobs: \(knobNames))")
    }
  }

  /// The stack's knobs as `--knobs` takes them.
  package var knobNames: String { stack.knobs.map { $0.parameter.key }.joined(separator: ", ") }

  /// The parameters a name given on the command line sets: its key, in the part its scope names
  /// (a strategy's name or alias), or in every part declaring it when it has no scope.
  private func positions(of name: ParameterName, option: String, catalog: StrategyCatalog) throws(SimError) -> [Int] {
    let types = (try? catalog.resolve(stack.strategy)) ?? []
    let matches = parameters.indices.filter { index in
      let parameter = parameters[index].name
      guard parameter.key == name.key else { return false }
      guard let scope = name.scope else { return true }
      guard let type = types.first(where: { $0.info.name == parameter.scope }) else { return false }
      return type.info.name == scope || type.info.aliases.contains(scope)
    }
    guard !matches.isEmpty else {
      let known = parameters.map { $0.name.key }
      throw SimError(
        .usage,
        "\(option) \(name): \(stack.name) (\(stack.strategy)) has no parameter \"\(name)\"\(NameSuggestion.hint(for: name.key, among: known)); its knobs: \(knobNames); all its parameters: \(known.joined(separator: ", "))"
      )
    }
    return matches
  }

  /// How many settings the searched values make (a Double: a product can pass Int's range).
  package var gridSize: Double {
    parameters.filter(\.isSearched).reduce(1.0) { $0 * Double($1.values.count) }
  }

  /// The team's current setting, every parameter scoped.
  package var current: [ParameterAssignment] { setting { $0.current } }

  /// A setting as assignments, every parameter listed: the searched ones at `value(parameter)`,
  /// the others at `current`.
  func setting(_ value: (Parameter) -> String) -> [ParameterAssignment] {
    parameters.map { parameter in
      ParameterAssignment(parameter.name, parameter.isSearched ? value(parameter) : parameter.current)
    }
  }

  /// Up to `count` settings to race, the current one first: every setting of the grid when it has
  /// no more, else `count − 1` distinct settings drawn uniformly from the grid with `seed` (in
  /// grid order), besides the current one.
  package func candidates(count: Int, seed: UInt64) -> [[ParameterAssignment]] {
    let searched = parameters.filter(\.isSearched)
    let radices = searched.map(\.values.count)
    func assignment(_ index: Int) -> [ParameterAssignment] {
      var rest = index
      var chosen: [String: String] = [:]
      for (parameter, radix) in zip(searched, radices).reversed() {
        chosen[parameter.name.description] = parameter.values[rest % radix]
        rest /= radix
      }
      return setting { chosen[$0.name.description] ?? $0.current }
    }
    let first = current
    var result = [first]
    if gridSize <= Double(count) {
      for index in 0..<Int(gridSize) where assignment(index) != first { result.append(assignment(index)) }
      return Array(result.prefix(max(count, 1)))
    }
    let size = gridSize > 1e15 ? 1e15 : gridSize
    var random = SeededRandom(seed: seed, stream: "tune-candidates")
    var picked: Set<Int> = []
    var attempts = 0
    while picked.count < count - 1 && attempts < count * 100 {
      attempts += 1
      let index = min(Int(random.unit() * size), Int(size) - 1)
      if assignment(index) != first { picked.insert(index) }
    }
    return result + picked.sorted().map(assignment)
  }

  /// The value of `parameter` (scoped, as `TuneStack.code` asks) in `setting`.
  package func value(_ parameter: String, in setting: [ParameterAssignment]) -> String {
    setting.first { $0.name.description == parameter }?.value
      ?? parameters.first { $0.name.description == parameter }?.current ?? ""
  }

  /// `setting` as code to paste, in the stack's language, for a list laid out as `list` (its
  /// layout props; a plain column adds none).
  package func code(_ setting: [ParameterAssignment], pageSize: Int, list: ListSpec = ListSpec()) -> String {
    stack.code({ value($0, in: setting) }, TuneCodeContext(pageSize: pageSize, list: list))
  }

  /// A parameter's name in tables: its key, scoped when another parameter has the same key
  /// (the web's two `rootMargin`s).
  package func shortName(_ parameter: Parameter) -> String {
    parameters.filter { $0.name.key == parameter.name.key }.count > 1
      ? parameter.name.description : parameter.name.key
  }

  /// The searched parameters of `setting` as `key=value`, for tables.
  package func label(_ setting: [ParameterAssignment]) -> String {
    parameters.filter(\.isSearched).map { "\(shortName($0))=\(value($0.name.description, in: setting))" }
      .joined(separator: " ")
  }
}
