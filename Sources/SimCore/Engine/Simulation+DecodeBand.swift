/// Where a platform decodes images only near the viewport (`MemoryPolicy.decodeBand`: a
/// browser's compositor decodes the images of the tiles around the viewport, and an `<img>`
/// farther away keeps only its encoded resource), an arrived image enters the memory tier when
/// its row is within the band, at its arrival or later as the band moves over it. Elsewhere
/// every arrival is decoded into the tier at once.
extension Simulation {
  /// Whether row `item` is within the decode band now (always, where images decode as they
  /// arrive).
  func isInDecodeBand(_ item: Int) -> Bool {
    guard let band = decodeBandReach else { return true }
    let frame = layout.frames[item]
    return frame.bottom > scroll.contentOffset - band && frame.top < scroll.contentOffset + scroll.viewportHeight + band
  }

  /// The band's reach now (points): the moving one if the list moved in the last frame.
  private var decodeBandReach: Double? {
    decodeBandPoints.map { listMoved ? $0.moving : $0.resting }
  }

  /// Moves the band with the viewport: the rows that came into it decode the image their
  /// element holds.
  func updateDecodeBand(moved: Bool) {
    listMoved = moved
    guard let band = decodeBandReach else { return }
    let version = decodeRows.version
    decodeRows.move(
      from: scroll.contentOffset - band, to: scroll.contentOffset + scroll.viewportHeight + band, layout: layout,
      count: feed.itemCount)
    guard decodeRows.version != version else { return }
    for item in decodeRows.items where cells[item].hasContent && !cache.contains(item) {
      cacheArrived(item)
      settleMemory(item)
    }
  }
}
