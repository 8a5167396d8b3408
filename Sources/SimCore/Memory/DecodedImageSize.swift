/// The bytes one row's decoded image holds: decode width × height × bytes per pixel
/// (Android's "Width × Height × Bytes Per Pixel", developer.android.com/topic/performance/
/// memory/guide/bitmaps; iOS's the same at `kBytesPerPixel` 4).
///
/// The image fills its row: as wide as its column, as tall as the row. At the view's size it
/// is decoded at the row's pixels (pt × density), never above the source's (Glide downsamples
/// and does not upscale); at the source's size, at the served width, with the row's aspect.
/// Simplified: a row's text and padding are counted as image.
struct DecodedImageSize: Sendable {
  private let viewportWidth: Double
  private let columnWidth: Double
  private let density: Double
  private let bytesPerPixel: Double
  private let decodeSize: DecodeSize
  private let sourceWidth: Distribution
  private let seed: UInt64

  private static let stream = RandomStream("image-width")

  init(image: ImageSpec, policy: MemoryPolicy, viewportWidth: Double, columns: Int, density: Double, seed: UInt64) {
    self.viewportWidth = viewportWidth
    columnWidth = max(viewportWidth / Double(max(columns, 1)), 1e-9)
    self.density = density
    bytesPerPixel = image.bytesPerPixel
    decodeSize = image.decodeSize ?? policy.decodeSize
    sourceWidth = image.sourceWidth
    self.seed = seed
  }

  /// The decoded bytes of row `item`, `height` pt tall, in whole bytes.
  func bytes(item: Int, height: Double) -> Int {
    let source = served(item)
    let sourceHeight = source * height / columnWidth
    let (width, tall) =
      decodeSize == .source
      ? (source, sourceHeight) : (min(source, columnWidth * density), min(sourceHeight, height * density))
    return Int(min(width * tall * bytesPerPixel, ScenarioLimits.bytes).rounded())
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
