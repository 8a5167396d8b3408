/// Where a platform decodes images only near the viewport (`MemoryPolicy.decodeBand`: a
/// browser's compositor decodes the images of the tiles around the viewport, and an `<img>`
/// farther away keeps only its encoded resource), an arrived image enters the memory tier when
/// its row is within the band, at its arrival or later as the band moves over it. Elsewhere
/// every arrival is decoded into the tier at once.
extension Simulation {
  /// Whether row `item` is within the decode band now (always, where images decode as they
  /// arrive).
  func isInDecodeBand(_ item: Int) -> Bool {
    guard let decodeReach else { return true }
    return decodeReach.contains(
      layout.frames[item], offset: scroll.contentOffset, viewportHeight: scroll.viewportHeight,
      motion: bandMotion.change)
  }

  /// Moves the band with the viewport at a frame: the rows that came into it decode the image
  /// their element holds.
  func updateDecodeBand() {
    guard let decodeReach else { return }
    let side = bandMotion.side
    bandMotion.frame(offset: scroll.contentOffset)
    let around = decodeReach.around(motion: bandMotion.change)
    let version = decodeRows.version
    decodeRows.move(
      from: scroll.contentOffset - around, to: scroll.contentOffset + scroll.viewportHeight + around,
      layout: layout, count: feed.itemCount)
    // A row left behind the motion joins the band when the motion stops or turns.
    guard decodeRows.version != version || bandMotion.side != side else { return }
    for item in decodeRows.items where cells[item].hasContent && !cache.contains(item) && isInDecodeBand(item) {
      cacheArrived(item)
      settleMemory(item)
    }
  }
}

/// The decode band's reach in points, from the platform's policy or the scenario's one band.
struct DecodeReach {
  /// Around the viewport while the list moves (ahead of the motion).
  let moving: Double
  /// Around it while the list rests.
  let resting: Double
  /// Behind the motion while the list moves.
  let trailing: Double

  /// nil where images decode as they arrive. A scenario's `image.decodeBand` is one band,
  /// moving or not, either way.
  init?(scenarioBand: Double?, policy: MemoryPolicy, device: Device) {
    let density = max(device.density, 1e-9)
    if let band = scenarioBand {
      (moving, resting, trailing) = (band / density, band / density, band / density)
    } else if let band = policy.decodeBand {
      moving = band / density
      resting = (policy.restingDecodeBand ?? band) / density
      trailing = min(
        moving,
        policy.trailingDecodeBand?.points(
          width: device.viewportWidth, height: device.viewportHeight, density: device.density) ?? moving)
    } else {
      return nil
    }
  }

  /// The band's reach around the viewport under a motion (points).
  func around(motion: Double) -> Double { motion == 0 ? resting : moving }

  /// Whether a row laid out at `frame` is within the band of a viewport at `offset` under a
  /// motion: behind it (the offset growing leaves the rows above) only the trailing reach. A
  /// row that ends exactly at the band's edge is outside.
  func contains(_ frame: ListLayout.Frame, offset: Double, viewportHeight: Double, motion: Double) -> Bool {
    let around = around(motion: motion)
    let above = motion > 0 ? trailing : around
    let below = motion < 0 ? trailing : around
    return frame.bottom > offset - above && frame.top < offset + viewportHeight + below
  }
}

/// The list's offset at the last two frames, and its change at the latest since the one two
/// frames before: Chromium measures a scroll against the oldest of the two frames its tiling
/// set keeps (`ComputeSkewport`), so one frame without a change (a replay's sample landing
/// after the vsync) is not a rest.
struct BandMotion {
  private var previous: Double?
  private var beforePrevious: Double?
  /// The offset's change (points; 0: the list rests).
  private(set) var change = 0.0

  /// Which way the list moves: 1 down the list, -1 up, 0 at rest.
  var side: Int { change > 0 ? 1 : change < 0 ? -1 : 0 }

  mutating func frame(offset: Double) {
    change = offset - (beforePrevious ?? previous ?? offset)
    beforePrevious = previous
    previous = offset
  }
}
