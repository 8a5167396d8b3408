/// The bytes one row's decoded image holds: decode width × height × bytes per pixel
/// (Android's "Width × Height × Bytes Per Pixel", developer.android.com/topic/performance/
/// memory/guide/bitmaps; iOS's the same at `kBytesPerPixel` 4).
///
/// The image is as wide as its column and as tall as its `aspect` says (without one, it fills
/// its row). At the view's size it is decoded at the drawn pixels (pt × density), never above
/// the source's (Glide downsamples and does not upscale); at the source's size, at the served
/// width, in proportion. The scenario's `decodeWidth` (a team's own figure for what its library
/// is told) caps the width decoded, the height in proportion. A width set in the strategy's code
/// (`MemoryPolicy.decodeWidth`: flutter's `cacheWidth`, glide's `override`, uikit's
/// `thumbnailWidth`) is the width decoded, at most the source's, whatever the view's size, and
/// wins over the scenario's.
///
/// `sourceAndMip` is Chromium's software-raster decode cache: an image drawn smaller than its
/// source is decoded at the source's size and scaled to the smallest mip level still at least
/// as large as drawn on both axes (`MipMapUtil::GetLevelForSize`: each level halves a side,
/// rounding up, `cc/tiles/mipmap_util.cc` @3f7a9d89), and both decodes stay cached
/// (`SoftwareImageDecodeCache` scales from a cached original decode, `cc/tiles/
/// software_image_decode_cache.cc` @f24a8e13); at level 0, only the source's decode. Measured
/// here (`Validation/memory_probe.py`): a 1080² PNG drawn 390 px wide holds 4.45 + 1.11 MiB, a
/// 540² one 1.11 MiB. Simplified: Skia decodes a JPEG straight to a scaled size where it can,
/// which skips the source's decode; the model treats every image as a PNG does.
/// Simplified: without an image box (`list.imageBox`), a row's text and padding are counted as
/// image. With one, the image is drawn in the box (as wide as the item) and decoded for it as
/// its `fit` says: `cover` scales the source until it fills the box (cropped), `contain` until
/// it fits inside, never above the source; the source keeps its own shape (`image.aspect`, else
/// the box's).
struct DecodedImageSize: Sendable {
  private let viewportWidth: Double
  private let columnWidth: Double
  private let imageBox: ImageBox?
  private let density: Double
  private let bytesPerPixel: Double
  private let decodeSize: DecodeSize
  private let sourceWidth: Distribution
  private let aspect: Double?
  private let decodeWidth: Double?
  /// The width the strategy's code decodes at (`MemoryPolicy.decodeWidth`).
  private let codeWidth: Double?
  private let seed: UInt64

  private static let stream = RandomStream("image-width")

  init(
    image: ImageSpec, policy: MemoryPolicy, viewportWidth: Double, columns: Int, density: Double, seed: UInt64,
    list: ListSpec? = nil
  ) {
    self.viewportWidth = viewportWidth
    // The image is as wide as its item: its column, or the width the list gives.
    if let list, !list.isPlain {
      columnWidth = list.itemWidth(viewportWidth: viewportWidth)
    } else {
      columnWidth = max(viewportWidth / Double(max(columns, 1)), 1e-9)
    }
    imageBox = list?.imageBox
    self.density = density
    bytesPerPixel = image.bytesPerPixel
    decodeSize = image.decodeSize ?? policy.decodeSize
    sourceWidth = image.sourceWidth
    aspect = image.aspect
    decodeWidth = image.decodeWidth
    codeWidth = policy.decodeWidth
    self.seed = seed
  }

  /// The decoded bytes of row `item`, `height` pt tall, in whole bytes.
  func bytes(item: Int, height: Double) -> Int {
    if let imageBox { return boxed(item: item, box: imageBox, itemHeight: height) }
    // The image drawn: as wide as its column, as tall as its aspect says (or its row).
    let drawn = aspect.map { columnWidth * $0 } ?? height
    let served = served(item)
    // Told a width in code, the library decodes at it (never above the source), in proportion.
    if let codeWidth {
      let width = min(served, codeWidth)
      return Int(min(width * width * drawn / columnWidth * bytesPerPixel, ScenarioLimits.bytes).rounded())
    }
    // A library told a decode width decodes the source at most that wide, in proportion.
    let source = decodeWidth.map { min(served, $0) } ?? served
    let sourceHeight = source * drawn / columnWidth
    let pixels =
      switch decodeSize {
      case .view: min(source, columnWidth * density) * min(sourceHeight, drawn * density)
      case .source: source * sourceHeight
      case .sourceAndMip:
        source * sourceHeight
          + Self.mipPixels(
            width: source, height: sourceHeight, drawnWidth: columnWidth * density, drawnHeight: drawn * density)
      }
    return Int(min(pixels * bytesPerPixel, ScenarioLimits.bytes).rounded())
  }

  /// The decoded bytes of an image drawn in `box` of an item `itemHeight` pt tall.
  private func boxed(item: Int, box: ImageBox, itemHeight: Double) -> Int {
    let (boxWidth, boxHeight) = (columnWidth, max(box.height(width: columnWidth, itemHeight: itemHeight), 1e-9))
    let served = served(item)
    // The source keeps its own shape: its aspect, else the box's.
    let shape = aspect ?? boxHeight / boxWidth
    if let codeWidth {
      let width = min(served, codeWidth)
      return Int(min(width * width * shape * bytesPerPixel, ScenarioLimits.bytes).rounded())
    }
    let source = decodeWidth.map { min(served, $0) } ?? served
    let sourceHeight = source * shape
    // The scale at which the source fills (cover) or fits in (contain) the box's pixels.
    let across = boxWidth * density / source
    let down = boxHeight * density / sourceHeight
    let scale = min(1, box.fit == .cover ? max(across, down) : min(across, down))
    let pixels =
      switch decodeSize {
      case .view: source * scale * sourceHeight * scale
      case .source: source * sourceHeight
      case .sourceAndMip:
        source * sourceHeight
          + Self.mipPixels(
            width: source, height: sourceHeight, drawnWidth: source * scale, drawnHeight: sourceHeight * scale)
      }
    return Int(min(pixels * bytesPerPixel, ScenarioLimits.bytes).rounded())
  }

  /// The pixels of the mip level an image `width` × `height` px drawn at `drawnWidth` ×
  /// `drawnHeight` px is scaled to (0 at level 0: no mip is made).
  static func mipPixels(width: Double, height: Double, drawnWidth: Double, drawnHeight: Double) -> Double {
    // A side at level L: ⌈side / 2^L⌉, at least 1.
    func side(_ length: Double, _ divisor: Double) -> Double { max((length / divisor).rounded(.up), 1) }
    var divisor = 1.0
    while side(width, divisor * 2) >= drawnWidth, side(height, divisor * 2) >= drawnHeight,
      side(width, divisor) > 1 || side(height, divisor) > 1, divisor < 0x1p62
    {
      divisor *= 2
    }
    return divisor == 1 ? 0 : side(width, divisor) * side(height, divisor)
  }

  /// One screen of decoded pixels (what Glide sizes its memory cache in).
  func screenBytes(viewportHeight: Double) -> Double {
    viewportWidth * density * viewportHeight * density * bytesPerPixel
  }

  /// The served width of row `item`'s image (px), drawn once per row.
  private func served(_ item: Int) -> Double {
    if case .fixed(let width) = sourceWidth { return max(width, 1) }
    var random = SeededRandom(seed: seed, stream: Self.stream, index: item)
    return max(sourceWidth.sample(&random), 1)
  }
}
