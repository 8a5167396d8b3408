/// Passes every callback on to the strategy and writes it first into the run's per-frame record
/// (`FrameRecord`), with the list as the strategy is about to see it. Used only when the run
/// records frames (`SimulationOptions.recordFrames`), so other runs pay nothing.
final class FrameRecordingCallbacks: WrappingCallbacks {
  let inner: any ListCallbacks
  private let recorder: FrameRecorder

  init(_ inner: any ListCallbacks, recorder: FrameRecorder) {
    self.inner = inner
    self.recorder = recorder
  }

  private func note(_ name: String, _ list: any ListContext, _ fields: [(String, JSONValue)] = []) {
    recorder.callback(name, list: list, fields: fields)
  }

  func listDidLoad(_ list: any ListContext) {
    note("listDidLoad", list)
    inner.listDidLoad(list)
  }
  func didScroll(_ list: any ListContext) {
    note("didScroll", list)
    inner.didScroll(list)
  }
  func willBeginDragging(_ list: any ListContext) {
    note("willBeginDragging", list)
    inner.willBeginDragging(list)
  }
  func willEndDragging(_ list: any ListContext, velocity: Double, targetContentOffset: Double) {
    note("willEndDragging", list, [("velocity", .number(velocity)), ("target", .number(targetContentOffset))])
    inner.willEndDragging(list, velocity: velocity, targetContentOffset: targetContentOffset)
  }
  func didEndDragging(_ list: any ListContext, willDecelerate: Bool) {
    note("didEndDragging", list, [("willDecelerate", .bool(willDecelerate))])
    inner.didEndDragging(list, willDecelerate: willDecelerate)
  }
  func didEndDecelerating(_ list: any ListContext) {
    note("didEndDecelerating", list)
    inner.didEndDecelerating(list)
  }
  func willDisplay(_ list: any ListContext, item: Int) {
    note("willDisplay", list, [("item", .number(Double(item)))])
    inner.willDisplay(list, item: item)
  }
  func didEndDisplaying(_ list: any ListContext, item: Int) {
    note("didEndDisplaying", list, [("item", .number(Double(item)))])
    inner.didEndDisplaying(list, item: item)
  }
  func requestDidComplete(_ list: any ListContext, kind: RequestKind, index: Int) {
    note("requestDidComplete", list, [("kind", .string(kind.rawValue)), ("index", .number(Double(index)))])
    inner.requestDidComplete(list, kind: kind, index: index)
  }
  func requestDidFail(_ list: any ListContext, kind: RequestKind, index: Int) {
    note("requestDidFail", list, [("kind", .string(kind.rawValue)), ("index", .number(Double(index)))])
    inner.requestDidFail(list, kind: kind, index: index)
  }
  func timerDidFire(_ list: any ListContext) {
    note("timerDidFire", list)
    inner.timerDidFire(list)
  }
  func frameDidFinish(_ list: any ListContext) { inner.frameDidFinish(list) }
}

/// The run's `FrameRecord`, shared by the engine (frames) and `FrameRecordingCallbacks`. Rows
/// laid out since the last line are written before each callback and frame, so a referee knows
/// every row's place before it hears of it.
final class FrameRecorder {
  private(set) var record: FrameRecord
  private let layout: ListLayout
  private let viewportWidth: Double

  init(layout: ListLayout, viewportWidth: Double, header: [(String, JSONValue)]) {
    self.layout = layout
    self.viewportWidth = viewportWidth
    record = FrameRecord(header: header)
  }

  func callback(_ name: String, list: any ListContext, fields: [(String, JSONValue)]) {
    let time = SimTime.fromSeconds(list.time)
    record.layout(layout, at: time)
    record.callback(name, at: time, list: Self.listFields(list), fields: fields)
  }

  func frame(_ index: Int64, at time: SimTime, list: any ListContext, state: JSONValue?) {
    record.layout(layout, at: time)
    record.frame(
      index, at: time,
      list: Self.listFields(list) + [
        ("viewport", .object([("width", .number(viewportWidth)), ("height", .number(list.viewportHeight))]))
      ], state: state)
  }

  static func listFields(_ list: any ListContext) -> [(String, JSONValue)] {
    [
      ("offset", .number(list.contentOffset)), ("contentLength", .number(list.contentLength)),
      ("items", .number(Double(list.itemCount))),
    ]
  }
}
