/// The numbers of a session profile (`feed`, `short-video`): each with its value, the range it
/// may take and where it comes from — a figure of `../shared/reference/feed-sessions.md` (S1…
/// S16) or `ASSUMPTION` where nothing published supports it. `generate --param key=value`
/// changes any of them, so a team that measured its own users sets its own (`docs/generator.md`).
package struct SessionProfile: Sendable, Equatable {
  /// One named number.
  package struct Parameter: Sendable, Equatable {
    package var key: String
    package var value: Double
    package var range: ClosedRange<Double>
    /// What it means, with its unit.
    package var meaning: String
    /// Its source, or "ASSUMPTION".
    package var basis: String
  }

  package var name: String
  package private(set) var parameters: [Parameter]

  package init(name: String, parameters: [Parameter]) {
    self.name = name
    self.parameters = parameters
  }

  /// The value of `key` (a programming error when the profile has no such key).
  package subscript(_ key: String) -> Double {
    guard let parameter = parameters.first(where: { $0.key == key }) else {
      preconditionFailure("profile \(name) has no parameter \(key)")
    }
    return parameter.value
  }

  /// Sets `key` to `value`, checked against the parameter's range.
  package mutating func set(_ key: String, _ value: Double) throws(SimError) {
    guard let index = parameters.firstIndex(where: { $0.key == key }) else {
      let keys = parameters.map(\.key)
      throw SimError(
        .usage,
        "the \(name) profile has no parameter \"\(key)\"\(NameSuggestion.hint(for: key, among: keys)); known: \(keys.joined(separator: ", "))"
      )
    }
    let range = parameters[index].range
    guard value.isFinite, range.contains(value) else {
      throw SimError(
        .usage,
        "\(name) parameter \(key) must be in \(JSONWriter.number(range.lowerBound))...\(JSONWriter.number(range.upperBound)), got \(value)"
      )
    }
    parameters[index].value = value
  }

  /// `key=value` as `generate --param` gives it.
  package mutating func apply(_ assignment: String) throws(SimError) {
    guard let (key, text) = splitKeyValue(assignment) else {
      throw SimError(.usage, "--param \(assignment): expected key=value, e.g. dwellMedian=1.5")
    }
    guard let value = Double(text) else {
      throw SimError(.usage, "--param \(assignment): \(text) is not a number")
    }
    try set(key, value)
  }
}
