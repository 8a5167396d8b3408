/// Passes every callback on to the strategy and notes it in the run's `DecisionLog` first, so
/// the actions the strategy takes in it are filed under it. Used only when the run records
/// decisions (`SimulationOptions.recordDecisions`), so other runs pay nothing.
final class DecisionRecordingCallbacks: WrappingCallbacks {
  let inner: any ListCallbacks
  private let log: DecisionLog

  init(_ inner: any ListCallbacks, log: DecisionLog) {
    self.inner = inner
    self.log = log
  }

  private func decide(_ callback: String, _ list: any ListContext, _ body: () -> Void) {
    log.begin(callback, time: list.time, offset: list.contentOffset)
    body()
    log.end()
  }

  func listDidLoad(_ list: any ListContext) { decide("listDidLoad", list) { inner.listDidLoad(list) } }
  func didScroll(_ list: any ListContext) { decide("didScroll", list) { inner.didScroll(list) } }
  func willBeginDragging(_ list: any ListContext) {
    decide("willBeginDragging", list) { inner.willBeginDragging(list) }
  }
  func willEndDragging(_ list: any ListContext, velocity: Double, targetContentOffset: Double) {
    let arguments = "velocity: \(JSONWriter.number(velocity)), target: \(JSONWriter.number(targetContentOffset))"
    decide("willEndDragging(\(arguments))", list) {
      inner.willEndDragging(list, velocity: velocity, targetContentOffset: targetContentOffset)
    }
  }
  func didEndDragging(_ list: any ListContext, willDecelerate: Bool) {
    decide("didEndDragging(willDecelerate: \(willDecelerate))", list) {
      inner.didEndDragging(list, willDecelerate: willDecelerate)
    }
  }
  func didEndDecelerating(_ list: any ListContext) {
    decide("didEndDecelerating", list) { inner.didEndDecelerating(list) }
  }
  func willDisplay(_ list: any ListContext, item: Int) {
    decide("willDisplay(item: \(item))", list) { inner.willDisplay(list, item: item) }
  }
  func didEndDisplaying(_ list: any ListContext, item: Int) {
    decide("didEndDisplaying(item: \(item))", list) { inner.didEndDisplaying(list, item: item) }
  }
  func requestDidComplete(_ list: any ListContext, kind: RequestKind, index: Int) {
    decide("requestDidComplete(\(kind.rawValue) \(index))", list) {
      inner.requestDidComplete(list, kind: kind, index: index)
    }
  }
  func requestDidFail(_ list: any ListContext, kind: RequestKind, index: Int) {
    decide("requestDidFail(\(kind.rawValue) \(index))", list) { inner.requestDidFail(list, kind: kind, index: index) }
  }
  func timerDidFire(_ list: any ListContext) { decide("timerDidFire", list) { inner.timerDidFire(list) } }
  func frameDidFinish(_ list: any ListContext) { decide("frameDidFinish", list) { inner.frameDidFinish(list) } }
}
