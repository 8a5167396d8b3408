/// The numbers of a session profile (`feed`, `short-video`): each with its value, the range it
/// may take and where it comes from — a figure of `../shared/reference/feed-sessions.md` (S1…
/// S16) or `ASSUMPTION` where nothing published supports it. `generate --param key=value`
/// changes any of them, so a team that measured its own users sets its own (`docs/generator.md`).
public struct SessionProfile: Sendable, Equatable {
  /// One named number.
  public struct Parameter: Sendable, Equatable {
    public var key: String
    public var value: Double
    public var range: ClosedRange<Double>
    /// What it means, with its unit.
    public var meaning: String
    /// Its source, or "ASSUMPTION".
    public var basis: String
  }

  public var name: String
  public private(set) var parameters: [Parameter]

  public init(name: String, parameters: [Parameter]) {
    self.name = name
    self.parameters = parameters
  }

  /// The value of `key` (a programming error when the profile has no such key).
  public subscript(_ key: String) -> Double {
    guard let parameter = parameters.first(where: { $0.key == key }) else {
      preconditionFailure("profile \(name) has no parameter \(key)")
    }
    return parameter.value
  }

  /// Sets `key` to `value`, checked against the parameter's range.
  public mutating func set(_ key: String, _ value: Double) throws(SimError) {
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
  public mutating func apply(_ assignment: String) throws(SimError) {
    guard let (key, text) = splitKeyValue(assignment) else {
      throw SimError(.usage, "--param \(assignment): expected key=value, e.g. dwellMedian=1.5")
    }
    guard let value = Double(text) else {
      throw SimError(.usage, "--param \(assignment): \(text) is not a number")
    }
    try set(key, value)
  }
}
