/// The HTML page's side-by-side replay of the simulated screen (issue 31; WebPageTest's
/// filmstrip and video comparison are the anchors): for a few strategies on one trace, the
/// viewport with its rows filled (grey) or blank (red), the list where each run had it, all in
/// step under one scrubber over time, with play. Each run's data is embedded as JSON and drawn
/// on a `<canvas>` by an inline script; nothing is fetched.
///
/// Row geometry comes from the run's own layout (`ListLayout` with the scenario's list and the
/// run's seed, as the engine lays rows out), offsets and visibility from its timeline, so the
/// replay shows what the run measured: a row is blank from the frame it appears until the
/// frame its content is drawn.
package struct ReplayHTML: Sendable {
  /// One strategy's run on the replay's trace.
  package struct Run: Sendable {
    package var strategy: String
    /// What the caption says under its screen: e.g. the wait.
    package var caption: String
    package var timeline: Timeline

    package init(strategy: String, caption: String, timeline: Timeline) {
      self.strategy = strategy
      self.caption = caption
      self.timeline = timeline
    }
  }

  package var runs: [Run]
  /// Every row the runs show: (item, column, top, height) in points.
  package var rows: [(item: Int, column: Int, top: Double, height: Double)]
  package var viewportWidth: Double
  package var viewportHeight: Double
  package var columns: Int

  /// The runs' rows laid out as the engine lays them out for `scenario` under `seed`.
  package init(runs: [Run], scenario: Scenario, seed: UInt64, viewportWidth: Double, viewportHeight: Double) {
    self.runs = runs
    let layout = ListLayout(spec: scenario.list, seed: seed)
    let items = Set(runs.flatMap { $0.timeline.episodes.map(\.item) }).sorted()
    if let last = items.last { layout.ensure(last + 1) }
    rows = items.map { item in
      let frame = layout.frame(of: item)
      return (item, frame.column, frame.top, frame.height)
    }
    self.viewportWidth = viewportWidth
    self.viewportHeight = viewportHeight
    columns = scenario.list.columns
  }

  /// The data the script reads: numbers rounded (ms, 0.1 pt) and flattened so a 60 s run at
  /// 120 Hz stays a few hundred kilobytes.
  var json: JSONValue {
    func ms(_ t: Double) -> JSONValue { .number(rounded(t, decimals: 3)) }
    func tenth(_ value: Double) -> JSONValue { .number(rounded(value, decimals: 1)) }
    let end = runs.map(\.timeline.end).max() ?? 0
    var rowItems: [JSONValue] = []
    for row in rows {
      let cells: [JSONValue] = [.int(row.item), .int(row.column), tenth(row.top), tenth(row.height)]
      rowItems.append(.array(cells))
    }
    var runItems: [JSONValue] = []
    for run in runs {
      var offsets: [JSONValue] = []
      for sample in run.timeline.offsets {
        offsets.append(ms(sample.t))
        offsets.append(tenth(sample.offset))
      }
      var episodes: [JSONValue] = []
      for episode in run.timeline.episodes {
        episodes.append(.int(episode.item))
        episodes.append(ms(episode.visible))
        episodes.append(episode.ready.map(ms) ?? .int(-1))
        episodes.append(episode.hidden.map(ms) ?? .int(-1))
      }
      var stalls: [JSONValue] = []
      for stall in run.timeline.gestures where stall.kind == "stall" {
        stalls.append(ms(stall.start))
        stalls.append(ms(stall.end ?? end))
      }
      let members: [(String, JSONValue)] = [
        ("strategy", .string(run.strategy)), ("caption", .string(run.caption)), ("offsets", .array(offsets)),
        ("episodes", .array(episodes)), ("stalls", .array(stalls)),
      ]
      runItems.append(.object(members))
    }
    let viewport: JSONValue = .object([("width", .number(viewportWidth)), ("height", .number(viewportHeight))])
    return .object([
      ("viewport", viewport), ("columns", .int(columns)), ("end", ms(end)), ("rows", .array(rowItems)),
      ("runs", .array(runItems)),
    ])
  }

  /// The section: screens side by side, the scrubber and play controls, the data, the script.
  package var html: String {
    let scale = min(1, 240 / max(viewportWidth, 1))
    let width = Int((viewportWidth * scale).rounded())
    let height = Int((viewportHeight * scale).rounded())
    var html = "<div class=\"replay\">\n<div class=\"controls\"><button id=\"play\" type=\"button\">▶ play</button> "
    html +=
      "<input id=\"scrub\" type=\"range\" min=\"0\" max=\"\(JSONWriter.number(runs.map(\.timeline.end).max() ?? 0))\" step=\"0.01\" value=\"0\" aria-label=\"time\"> "
    html += "<span id=\"time\">0.00 s</span> <select id=\"speed\" aria-label=\"speed\">"
    html += "<option value=\"1\">1×</option><option value=\"2\">2×</option><option value=\"4\" selected>4×</option>"
    html += "<option value=\"10\">10×</option></select></div>\n<div class=\"screens\">\n"
    for (index, run) in runs.enumerated() {
      html +=
        "<figure><canvas class=\"screen\" id=\"screen-\(index)\" width=\"\(width)\" height=\"\(height)\"></canvas>"
      html += "<figcaption><b>\(XML.escaped(run.strategy))</b><br>\(XML.escaped(run.caption))"
      html += "<br><span class=\"state\" id=\"state-\(index)\"></span></figcaption></figure>\n"
    }
    html += "</div></div>\n"
    // The data as JSON in a non-executed script element ("</" cannot occur: names are escaped).
    let data = JSONWriter.compact(json).replacingOccurrences(of: "</", with: "<\\/")
    html += "<script type=\"application/json\" id=\"replay-data\">\(data)</script>\n"
    html += "<script>\n\(Self.script)</script>\n"
    return html
  }

  /// Draws every screen at the scrubber's time; play advances it at the chosen speed.
  static let script = """
    (function () {
      const data = JSON.parse(document.getElementById('replay-data').textContent);
      const frames = new Map(data.rows.map(r => [r[0], r]));
      const scrub = document.getElementById('scrub');
      const time = document.getElementById('time');
      const play = document.getElementById('play');
      const speed = document.getElementById('speed');
      const columnWidth = data.viewport.width / data.columns;
      function offsetAt(offsets, t) {
        let lo = 0, hi = offsets.length / 2 - 1, found = 0;
        while (lo <= hi) {
          const mid = (lo + hi) >> 1;
          if (offsets[2 * mid] <= t) { found = mid; lo = mid + 1; } else { hi = mid - 1; }
        }
        return offsets.length ? offsets[2 * found + 1] : 0;
      }
      function draw(t) {
        data.runs.forEach((run, k) => {
          const canvas = document.getElementById('screen-' + k);
          const ctx = canvas.getContext('2d');
          const s = canvas.width / data.viewport.width;
          ctx.fillStyle = '#fff';
          ctx.fillRect(0, 0, canvas.width, canvas.height);
          const offset = offsetAt(run.offsets, t);
          let shown = 0, blank = 0;
          const e = run.episodes;
          for (let i = 0; i < e.length; i += 4) {
            const visible = e[i + 1], ready = e[i + 2], hidden = e[i + 3];
            if (visible > t || (hidden >= 0 && hidden <= t)) continue;
            const frame = frames.get(e[i]);
            if (!frame) continue;
            const isBlank = ready < 0 || ready > t;
            shown += 1;
            if (isBlank) blank += 1;
            const x = frame[1] * columnWidth * s, y = (frame[2] - offset) * s;
            const w = columnWidth * s, h = frame[3] * s;
            ctx.fillStyle = isBlank ? '#fbd5d5' : '#b8c4d0';
            ctx.fillRect(x + 1, y + 1, w - 2, h - 2);
            ctx.strokeStyle = isBlank ? '#d62728' : '#8796a8';
            ctx.strokeRect(x + 1.5, y + 1.5, w - 3, h - 3);
            ctx.fillStyle = isBlank ? '#d62728' : '#44546a';
            ctx.font = '10px Helvetica, Arial, sans-serif';
            ctx.fillText('row ' + e[i] + (isBlank ? ' · blank' : ''), x + 6, y + 14);
          }
          let stalled = false;
          for (let i = 0; i < run.stalls.length; i += 2) {
            if (run.stalls[i] <= t && t < run.stalls[i + 1]) stalled = true;
          }
          if (stalled) {
            ctx.fillStyle = 'rgba(214, 39, 40, 0.85)';
            ctx.fillRect(0, canvas.height - 22, canvas.width, 22);
            ctx.fillStyle = '#fff';
            ctx.font = 'bold 11px Helvetica, Arial, sans-serif';
            ctx.fillText('stalled: waiting for the next page', 8, canvas.height - 7);
          }
          ctx.strokeStyle = '#333';
          ctx.strokeRect(0.5, 0.5, canvas.width - 1, canvas.height - 1);
          document.getElementById('state-' + k).textContent =
            blank + ' of ' + shown + ' rows blank' + (stalled ? ', stalled' : '');
        });
        time.textContent = t.toFixed(2) + ' s';
      }
      let playing = false, last = 0;
      function step(now) {
        if (!playing) return;
        const t = Math.min(+scrub.max, +scrub.value + (now - last) / 1000 * +speed.value);
        last = now;
        scrub.value = t;
        draw(t);
        if (t >= +scrub.max) { playing = false; play.textContent = '▶ play'; return; }
        requestAnimationFrame(step);
      }
      play.addEventListener('click', () => {
        playing = !playing;
        play.textContent = playing ? '❚❚ pause' : '▶ play';
        if (playing) {
          if (+scrub.value >= +scrub.max) scrub.value = 0;
          last = performance.now();
          requestAnimationFrame(step);
        }
      });
      scrub.addEventListener('input', () => draw(+scrub.value));
      draw(+scrub.value);
    })();

    """
}

extension ReplayHTML {
  /// The strategies replayed when `--replay` is not given: the one that makes the user wait
  /// least on the first trace, the next, the one that makes them wait most, and the limit:
  /// the span of what the comparison found, in at most four screens. `roles`: the strategies
  /// that are the limit's runs (`RunMetrics.limitRole`), which are no contenders.
  static func defaultReplay(_ strategies: [String], waits: [String: Double], roles: [String: LimitRole]) -> [String] {
    let contenders = strategies.filter { roles[$0] == nil }
    func wait(_ index: Int) -> Double { waits[contenders[index]] ?? 0 }
    let ranked = contenders.indices.sorted { a, b in wait(a) != wait(b) ? wait(a) < wait(b) : a < b }.map {
      contenders[$0]
    }
    var chosen = Array(ranked.prefix(2))
    if let worst = ranked.last, !chosen.contains(worst) { chosen.append(worst) }
    chosen += strategies.filter { roles[$0] == .reference }
    return chosen
  }
}
