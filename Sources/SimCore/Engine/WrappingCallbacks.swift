/// A strategy wrapped to note its callbacks (`FrameRecordingCallbacks`, `DecisionRecordingCallbacks`):
/// its platform is the wrapped strategy's, unchanged, so wrapping changes no run.
protocol WrappingCallbacks: ListCallbacks {
  var inner: any ListCallbacks { get }
}

extension WrappingCallbacks {
  var keepsOffscreenCells: Bool { inner.keepsOffscreenCells }
  var prioritiesFromLayouts: Bool { inner.prioritiesFromLayouts }
  var contentQueue: ContentQueue { inner.contentQueue }
  var threading: RowThreading { inner.threading }
  var layoutUnits: LayoutUnits { inner.layoutUnits }
  var arrivalPlan: ArrivalPlan? { inner.arrivalPlan }
  var memoryPolicy: MemoryPolicy { inner.memoryPolicy }
  func memoryPolicy(on platform: DevicePlatform?) -> MemoryPolicy { inner.memoryPolicy(on: platform) }
  var failure: SimError? { inner.failure }
}
