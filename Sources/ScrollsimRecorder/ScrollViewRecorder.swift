#if canImport(UIKit)
  import UIKit

  /// Records a `UIScrollView` (or table or collection view) as a scrollsim trace: the finger from
  /// the scroll view's own pan recognizer, the content offset from key-value observation with
  /// `isDragging` / `isDecelerating` as phases. Drop it in, keep a reference while recording,
  /// then write either kind:
  ///
  /// ```swift
  /// let recorder = ScrollViewRecorder(scrollView: tableView)
  /// // … the user scrolls …
  /// try recorder.write(.touches, to: FileManager.default.temporaryDirectory.appendingPathComponent("feed.json"))
  /// ```
  ///
  /// The pan recognizer reports a drag once the finger has moved past UIKit's slop, so the
  /// first touch sample is where the drag was recognised, not where the finger landed.
  @MainActor
  public final class ScrollViewRecorder: NSObject {
    public private(set) var recording: TraceRecording
    private weak var scrollView: UIScrollView?
    private var observation: NSKeyValueObservation?

    public init(scrollView: UIScrollView, name: String? = nil) {
      let rate = scrollView.window?.windowScene?.screen.maximumFramesPerSecond ?? 60
      recording = TraceRecording(
        viewportWidth: Double(scrollView.bounds.width), viewportHeight: Double(scrollView.bounds.height),
        refreshRate: rate, physics: scrollView.decelerationRate == .fast ? "ios-fast" : "ios", name: name)
      self.scrollView = scrollView
      super.init()
      scrollView.panGestureRecognizer.addTarget(self, action: #selector(pan(_:)))
      observation = scrollView.observe(\.contentOffset, options: [.new]) { [weak self] view, _ in
        MainActor.assumeIsolated {
          self?.recording.addOffset(
            t: CACurrentMediaTime(), offset: Double(view.contentOffset.y), dragging: view.isDragging,
            decelerating: view.isDecelerating)
        }
      }
    }

    /// Stops recording (the recorded samples stay).
    public func stop() {
      observation = nil
      scrollView?.panGestureRecognizer.removeTarget(self, action: #selector(pan(_:)))
    }

    @objc private func pan(_ recognizer: UIPanGestureRecognizer) {
      let y = Double(recognizer.location(in: recognizer.view).y - (scrollView?.contentOffset.y ?? 0))
      let phase: TraceRecording.Phase
      switch recognizer.state {
      case .began: phase = .began
      case .changed: phase = .moved
      case .ended, .cancelled, .failed: phase = .ended
      default: return
      }
      recording.addTouch(t: CACurrentMediaTime(), y: y, phase: phase)
    }

    /// Writes the trace of `kind` to `url` (atomically).
    public func write(_ kind: TraceRecording.Kind, to url: URL) throws {
      guard let text = recording.json(kind) else { return }
      try Data(text.utf8).write(to: url, options: .atomic)
    }
  }
#endif
