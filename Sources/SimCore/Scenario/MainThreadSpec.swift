/// What the main (UI) thread spends on a frame and on a row, and, where a team knows better than
/// the platform's default, where a row's work runs (`docs/main-thread.md`).
///
/// Sources and assumptions, named so that a team replaces them with its own trace:
/// - `bindTime`: Android's "Slow rendering" guide (developer.android.com/topic/performance/
///   vitals/render) says a row's `onBindViewHolder` should take "much less than one millisecond";
///   the default, uniform 0.2–0.8 ms, sits inside that. Inflating a view (a new row type) has no
///   public figure: add it to `bindTime` if the list creates views while scrolling.
/// - `frameTime`: the frame's own work besides rows (input dispatch, animations, the layout and
///   draw of what is already on screen). No public figure; 3 ms is an assumption (Texture's
///   README leaves "less than 10 ms" of a 60 Hz frame to the app after the system's share).
/// - `inputTime`: one touch sample's dispatch; 0.05 ms, an assumption.
/// - `layoutPageTime`, `layoutRowTime`: inserting an appended page (`insertItems`,
///   `notifyItemRangeInserted`, a page of DOM rows) and laying out each of its rows. No public
///   figure; 1 ms and 0.05 ms are assumptions. Texture measures rows on a background queue
///   (`ASDataController.h`), so a list that binds asynchronously pays only the page's cost.
/// - The decode of a row's image costs `cell.renderTime`, wherever it runs.
package struct MainThreadSpec: Equatable, Sendable {
  /// The frame's own main-thread work besides rows (s).
  package var frameTime: Double
  /// Main-thread time to dispatch one touch sample (s); it is added to the next frame.
  package var inputTime: Double
  /// Main-thread time to bind one row that comes on screen, or that a strategy binds ahead (s).
  package var bindTime: Distribution
  /// Main-thread time to insert an appended page (s).
  package var layoutPageTime: Double
  /// Main-thread time to lay out each row of an appended page (s), on lists that bind rows on
  /// the main thread.
  package var layoutRowTime: Double
  /// Where rows bind: nil = the strategy's platform (`RowThreading`).
  package var bind: RowThreading.Bind?
  /// Where images decode: nil = the strategy's platform (`RowThreading`).
  package var decode: RowThreading.Decode?

  package init(
    frameTime: Double = 0.003, inputTime: Double = 0.000_05,
    bindTime: Distribution = .uniform(min: 0.0002, max: 0.0008),
    layoutPageTime: Double = 0.001, layoutRowTime: Double = 0.000_05, bind: RowThreading.Bind? = nil,
    decode: RowThreading.Decode? = nil
  ) {
    self.frameTime = frameTime
    self.inputTime = inputTime
    self.bindTime = bindTime
    self.layoutPageTime = layoutPageTime
    self.layoutRowTime = layoutRowTime
    self.bind = bind
    self.decode = decode
  }

  /// The costs as a scenario writes them (the placement apart: a device overlay sets costs
  /// only).
  var costFields: [(String, JSONValue)] {
    [
      ("frameTime", .number(frameTime)), ("inputTime", .number(inputTime)), ("bindTime", bindTime.json),
      ("layoutPageTime", .number(layoutPageTime)), ("layoutRowTime", .number(layoutRowTime)),
    ]
  }

  /// Where a run's rows do their work: the scenario's placement where it gives one, else the
  /// strategy's.
  func threading(for strategy: RowThreading) -> RowThreading {
    RowThreading(bind: bind ?? strategy.bind, decode: decode ?? strategy.decode)
  }
}
