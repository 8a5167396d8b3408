/// A helper's answer to an event (`{"actions": [...], "quiet": {...}}`): the actions to take
/// in order, and the frames it need not hear about (`HelperQuiet`). `parse` says exactly what
/// is wrong with a line that is not an answer; it never traps, whatever the bytes (fuzzed by
/// `scrollsim-fuzz`).
struct HelperAnswer: Equatable {
  var actions: [HelperAction]
  var quiet: HelperQuiet?

  static func parse(_ line: [UInt8]) throws(HelperAction.ParseError) -> HelperAnswer {
    if let answer = HelperAnswerFastReader.read(line) { return answer }
    return try parseInFull(line)
  }

  /// The general path: any JSON, with a message naming what is wrong.
  static func parseInFull(_ line: [UInt8]) throws(HelperAction.ParseError) -> HelperAnswer {
    let value: JSONValue
    do {
      value = try JSONParser.parse(line)
    } catch {
      throw HelperAction.ParseError(
        message:
          "its answer is not JSON (\(error.message)): \(ProcessStrategy.excerpt(line)); a helper writes only its answers to stdout, logs go to stderr"
      )
    }
    guard case .object(let members) = value else {
      throw HelperAction.ParseError(message: "its answer is not a JSON object: \(ProcessStrategy.excerpt(line))")
    }
    if case .string(let text)? = members.first(where: { $0.0 == "error" })?.1 {
      throw HelperAction.ParseError(message: "it reported: \(text)")
    }
    guard let list = members.first(where: { $0.0 == "actions" })?.1 else {
      throw HelperAction.ParseError(message: "its answer has no \"actions\": \(ProcessStrategy.excerpt(line))")
    }
    guard case .array(let elements) = list else {
      throw HelperAction.ParseError(message: "$.actions: expected an array of actions, e.g. [[\"requestPage\", 3]]")
    }
    var actions: [HelperAction] = []
    actions.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      actions.append(try HelperAction.action(element, path: "$.actions[\(index)]"))
    }
    let quiet = try HelperQuiet.parse(members.first(where: { $0.0 == "quiet" })?.1)
    return HelperAnswer(actions: actions, quiet: quiet)
  }
}
