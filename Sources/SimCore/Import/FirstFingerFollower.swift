/// Touch samples from frames of contacts (`GeteventDecoder.Frame`): the first finger down is
/// followed until it lifts, the other fingers ignored; positions along the scroll `axis` become
/// points through `density`. The gesture assembly of `GeteventImporter`.
struct FirstFingerFollower {
  let axis: GeteventImporter.Axis
  let density: Double
  private(set) var samples: [TouchSample] = []
  /// Finger travel in pixels on each axis, to tell a log scrolled along the other axis.
  private(set) var travel = (x: 0.0, y: 0.0)
  /// The followed finger's tracking id or slot (nil: the first contact listed).
  private var following: Int?
  private var fingerDown = false
  private var lastPosition = (x: 0.0, y: 0.0)

  init(axis: GeteventImporter.Axis, density: Double) {
    self.axis = axis
    self.density = density
  }

  /// Follows the finger through one frame read at line `line`.
  mutating func follow(_ frame: GeteventDecoder.Frame, line: Int) throws(SimError) {
    let contacts = frame.contacts
    let followed =
      following.flatMap { id in contacts.first { $0.id == id } }
      ?? (fingerDown && following != nil ? nil : contacts.first)
    if let contact = followed, let x = contact.x ?? (fingerDown ? lastPosition.x : nil),
      let y = contact.y ?? (fingerDown ? lastPosition.y : nil)
    {
      let position = try checkedPosition((axis == .y ? y : x) / density, line: line, "the position")
      if fingerDown {
        travel.x += abs(x - lastPosition.x)
        travel.y += abs(y - lastPosition.y)
        if axis == .y ? y != lastPosition.y : x != lastPosition.x {
          samples.append(TouchSample(t: frame.time, y: position, phase: .moved))
        }
      } else {
        samples.append(TouchSample(t: frame.time, y: position, phase: .began))
        fingerDown = true
        following = contact.id
      }
      lastPosition = (x, y)
    } else if fingerDown {
      let position = (axis == .y ? lastPosition.y : lastPosition.x) / density
      samples.append(TouchSample(t: frame.time, y: position, phase: .ended))
      fingerDown = false
      following = nil
    }
  }

  /// Ends a finger still down when the log ends, at its last sample; returns whether one was.
  mutating func finish() -> Bool {
    guard fingerDown, let last = samples.last else { return false }
    samples.append(TouchSample(t: last.t, y: last.y, phase: .ended))
    fingerDown = false
    return true
  }

  /// Travel along the scroll axis, and across it (px).
  var moved: Double { axis == .y ? travel.y : travel.x }
  var crossed: Double { axis == .y ? travel.x : travel.y }
}
