/// One action in a helper's answer (`["requestContent", 12]`): the `ListContext` call it names,
/// with its argument. `parse` reads an answer line and says exactly what is wrong with one that
/// is not an answer; it never traps, whatever the bytes (fuzzed by `scrollsim-fuzz`).
enum HelperAction: Equatable, CustomStringConvertible {
  case requestPage(Int)
  case requestContent(Int)
  case loadFromCache(Int)
  case cancelContent(Int)
  case clearContent(Int)
  case prepareRender(Int)
  case discardRender(Int)
  case wakeUp(Double)

  struct ParseError: Error {
    var message: String
  }

  /// The row the action is about, if it is about one.
  var item: Int? {
    switch self {
    case .requestContent(let item), .loadFromCache(let item), .cancelContent(let item), .clearContent(let item),
      .prepareRender(let item), .discardRender(let item):
      item
    case .requestPage, .wakeUp: nil
    }
  }

  var description: String {
    switch self {
    case .requestPage(let page): "[\"requestPage\",\(page)]"
    case .requestContent(let item): "[\"requestContent\",\(item)]"
    case .loadFromCache(let item): "[\"loadFromCache\",\(item)]"
    case .cancelContent(let item): "[\"cancelContent\",\(item)]"
    case .clearContent(let item): "[\"clearContent\",\(item)]"
    case .prepareRender(let item): "[\"prepareRender\",\(item)]"
    case .discardRender(let item): "[\"discardRender\",\(item)]"
    case .wakeUp(let seconds): "[\"wakeUp\",\(JSONWriter.number(seconds))]"
    }
  }

  static func action(_ value: JSONValue, path: String) throws(ParseError) -> HelperAction {
    guard case .array(let parts) = value, parts.count == 2, case .string(let name) = parts[0] else {
      throw ParseError(message: "\(path): expected [name, argument], e.g. [\"requestContent\", 12]")
    }
    guard let argument = parts[1].double else {
      throw ParseError(message: "\(path): \(name)'s argument must be a number")
    }
    return try action(named: name, argument: argument, path: path)
  }

  /// A row or page index as the protocol allows it (an action's, a quiet's rows and visible
  /// rows): a whole number from 0 below 10^15, the one place that says so.
  static func index(_ number: Double) -> Int? {
    number >= 0 && number < 1e15 && number == number.rounded() ? Int(number) : nil
  }

  /// The action `name` with `argument`, checked against its bounds: the one place that knows
  /// them, for the general reader and the fast one (`HelperAnswerFastReader`), which drops the
  /// message.
  static func action(
    named name: String, argument: Double, path: @autoclosure () -> String
  ) throws(ParseError) -> HelperAction {
    if name == "wakeUp" {
      guard argument >= 0, argument <= 86_400 else {
        throw ParseError(message: "\(path()): wakeUp takes seconds from 0 to 86400, not \(JSONWriter.number(argument))")
      }
      return .wakeUp(argument)
    }
    guard let index = Self.index(argument) else {
      throw ParseError(
        message:
          "\(path()): \(name) takes a \(name == "requestPage" ? "page" : "row") index (a whole number from 0), not \(JSONWriter.number(argument))"
      )
    }
    switch name {
    case "requestPage": return .requestPage(index)
    case "requestContent": return .requestContent(index)
    case "loadFromCache": return .loadFromCache(index)
    case "cancelContent": return .cancelContent(index)
    case "clearContent": return .clearContent(index)
    case "prepareRender": return .prepareRender(index)
    case "discardRender": return .discardRender(index)
    default:
      throw ParseError(
        message:
          "\(path()): \"\(name)\" is not an action; expected requestPage, requestContent, loadFromCache, cancelContent, clearContent, prepareRender, discardRender or wakeUp"
      )
    }
  }
}

/// A helper's line read as scrollsim reads it, both as a handshake and as an answer: what the
/// fuzzer drives (`scrollsim-fuzz run helper-reply`), so that no bytes a helper can write trap.
package enum HelperReply {
  /// The strategy's name if `bytes` is a handshake scrollsim accepts, and the number of actions
  /// if it is an answer.
  package static func read(_ bytes: [UInt8]) -> (strategy: String?, actions: Int?) {
    let handshake = (try? JSONParser.parse(bytes)).flatMap {
      try? HelperDescription(reply: $0, reservedNames: ["threshold"])
    }
    return (handshake?.info.name, (try? HelperAnswer.parse(bytes))?.actions.count)
  }
}
