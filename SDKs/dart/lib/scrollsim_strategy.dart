/// Write a scrollsim prefetch strategy in Dart.
///
/// UNTESTED HERE: no Dart toolchain on the machines this project is built and checked on. It
/// follows docs/protocol.md line by line as the Python, TypeScript and Kotlin SDKs do (which
/// pass their conformance tests); run `conformance.sh` wherever `dart` is installed.
///
/// A strategy is a class with the callbacks it needs; `serve(description, make)` speaks
/// protocol 2 to scrollsim over stdin/stdout:
///
///     class Lookahead extends Strategy {
///       Lookahead(super.params, super.seed);
///       @override
///       void didScroll(ListView list) {
///         final last = list.visibleItems.isEmpty ? 0 : list.visibleItems.last;
///         for (var i = last + 1; i < min(list.itemCount, last + 1 + (params['rows'] as num).toInt()); i++) list.load(i);
///       }
///     }
///     void main() => serve(Description('lookahead-dart', events: {'didScroll'},
///         parameters: [number('rows', 0, 100, 5)]), (p, s) => Lookahead(p, s));
///
///     $ scrollsim compare --strategies 'threshold,process:dart run lookahead.dart'
///
/// Dart cannot tell which methods a subclass overrides, so `Description.events` names the
/// callbacks the strategy decides on (the others are not sent).
library scrollsim_strategy;

import 'dart:convert';
import 'dart:io';

const protocol = 2;

/// A row's state bits (`ListView.rowState`, `Quiet.rows`).
const stateContent = 1, stateRequested = 2, stateCached = 4, stateRendered = 8;
const _content = stateContent, _requested = stateRequested, _cached = stateCached, _rendered = stateRendered;
const _pageLoaded = 1, _pageRequested = 2;

Map<String, Object?> number(String name, num min, num max, num value, [String help = '']) =>
    {'name': name, 'kind': 'number', 'min': min, 'max': max, 'default': value, 'help': help};
Map<String, Object?> choice(String name, List<String> values, String value, [String help = '']) =>
    {'name': name, 'kind': 'choice', 'values': values, 'default': value, 'help': help};
Map<String, Object?> flag(String name, bool value, [String help = '']) =>
    {'name': name, 'kind': 'flag', 'default': value, 'help': help};

/// What a strategy says about itself in the handshake.
class Description {
  final String name;
  final Set<String> events;
  final List<Map<String, Object?>> parameters;
  final String role;
  final String? partner;
  final String summary;
  final Map<String, Object> platform;
  const Description(this.name,
      {required this.events,
      this.parameters = const [],
      this.role = 'both',
      this.partner,
      this.summary = '',
      this.platform = const {}});
}

/// What a strategy's `quiet` returns: its `didScroll` and `frameDidFinish` would change nothing
/// until one of these holds, so scrollsim need not ask (docs/protocol.md, "Quiet"). Each
/// condition is optional: `offsetAbove` / `offsetBelow` (the content offset goes above / below
/// it); `direction` (1 wakes at a frame that steps back, its offset below `lastFrameOffset`; -1
/// at one that steps forward); `facts` (names of `ListView`'s facts whose change wakes it:
/// their values now, as the copy holds them, are sent); `rows` (item to mask: wakes when any
/// of the mask's state bits of the row changes from what the copy holds now). The promise is
/// yours: skipping those frames must change nothing, your own state included;
/// `scrollsim conformance` checks it for a port.
class Quiet {
  final double? offsetAbove, offsetBelow;
  final int direction;
  final List<String> facts;
  final Map<int, int> rows;
  const Quiet({this.offsetAbove, this.offsetBelow, this.direction = 0, this.facts = const [], this.rows = const {}});

  Map<String, Object?> toJson(ListView list) => {
        if (offsetAbove != null) 'offsetAbove': offsetAbove,
        if (offsetBelow != null) 'offsetBelow': offsetBelow,
        if (direction != 0) 'direction': direction,
        if (facts.isNotEmpty) 'facts': {for (final name in facts) name: list.fact(name)},
        if (rows.isNotEmpty)
          'rows': [
            for (final entry in rows.entries) ...[entry.key, entry.value, list.rowState(entry.key) & entry.value]
          ],
      };
}

/// Where a row sits.
class Frame {
  final int column;
  final double top, height;
  const Frame(this.column, this.top, this.height);
  double get bottom => top + height;
}

double _d(Object? v) => (v as num).toDouble();
int _i(Object? v) => (v as num).toInt();

/// What a strategy sees of the list and may ask of it (Swift's `ListContext`).
class ListView {
  final int seed;
  final double viewportHeight, frameInterval, networkLatency;
  final String feedKind;
  final int pageSize;
  final int _initialPages;
  final List<double> _bottoms;
  // How rows are placed (docs/protocol.md, "heights"): gaps between rows, padding above.
  final String _layout;
  final double _rowGap, _paddingTop;
  double _rowTop, _rowHeight = 0;

  /// Items side by side in one grid row (1 for a list or a waterfall).
  int get rowItems => _layout == 'grid' ? _bottoms.length : 1;
  final _tops = <double>[], _heights = <double>[];
  final _columns = <int>[];
  double _tallest = 0;
  final _rows = <int, int>{}, _pages = <int, int>{};
  final actions = <List<Object>>[];

  double time = 0, contentOffset = 0, contentLength = 0, frameTimeRemaining = 0, averageBindTime = 0;
  double? targetContentOffset;
  bool isTracking = false, isDragging = false, isDecelerating = false, hasMoreData = false;
  int itemCount = 0, nextPageIndex = 0, pageRequestsOutstanding = 0;
  /// The offset at the end of the previous frame (at listDidLoad before the first).
  double lastFrameOffset = 0;
  List<int> visibleItems = const [];

  /// A fact by its protocol name, as the copy holds it (for `Quiet`).
  Object? fact(String name) => switch (name) {
        'time' => time,
        'contentOffset' => contentOffset,
        'contentLength' => contentLength,
        'targetContentOffset' => targetContentOffset,
        'isTracking' => isTracking,
        'isDragging' => isDragging,
        'isDecelerating' => isDecelerating,
        'frameTimeRemaining' => frameTimeRemaining,
        'averageBindTime' => averageBindTime,
        'itemCount' => itemCount,
        'hasMoreData' => hasMoreData,
        'nextPageIndex' => nextPageIndex,
        'pageRequestsOutstanding' => pageRequestsOutstanding,
        'lastFrameOffset' => lastFrameOffset,
        'visibleItems' => visibleItems,
        _ => throw ArgumentError('no fact named $name'),
      };

  /// A row's state bits as the copy holds them.
  int rowState(int item) => _rows[item] ?? 0;

  ListView(Map<String, Object?> begin)
      : seed = _i(begin['seed']),
        viewportHeight = _d(begin['viewportHeight']),
        frameInterval = _d(begin['frameInterval']),
        networkLatency = _d(begin['networkLatency']),
        feedKind = begin['feedKind'] as String,
        pageSize = _i(begin['pageSize']),
        _initialPages = _i(begin['initialPages']),
        _layout = (begin['layout'] as String?) ?? (_i(begin['columns']) > 1 ? 'waterfall' : 'list'),
        _rowGap = begin['rowGap'] == null ? 0 : _d(begin['rowGap']),
        _paddingTop = begin['paddingTop'] == null ? 0 : _d(begin['paddingTop']),
        _rowTop = begin['paddingTop'] == null ? 0 : _d(begin['paddingTop']),
        _bottoms = List<double>.filled(_i(begin['columns']), begin['paddingTop'] == null ? 0 : _d(begin['paddingTop']));

  /// Takes in an event: the facts it carries (those that changed) and the change lists.
  void update(Map<String, Object?> m) {
    m.forEach((key, value) {
      switch (key) {
        case 'time': time = _d(value);
        case 'contentOffset': contentOffset = _d(value);
        case 'contentLength': contentLength = _d(value);
        case 'targetContentOffset': targetContentOffset = value == null ? null : _d(value);
        case 'isTracking': isTracking = value as bool;
        case 'isDragging': isDragging = value as bool;
        case 'isDecelerating': isDecelerating = value as bool;
        case 'frameTimeRemaining': frameTimeRemaining = _d(value);
        case 'averageBindTime': averageBindTime = _d(value);
        case 'itemCount': itemCount = _i(value);
        case 'hasMoreData': hasMoreData = value as bool;
        case 'nextPageIndex': nextPageIndex = _i(value);
        case 'pageRequestsOutstanding': pageRequestsOutstanding = _i(value);
        case 'lastFrameOffset': lastFrameOffset = _d(value);
        case 'visibleItems': visibleItems = (value as List).map(_i).toList();
      }
    });
    for (final run in (m['heights'] as List?) ?? const []) {
      final count = _i((run as List)[0]);
      final height = _d(run[1]);
      for (var n = 0; n < count; n++) {
        var column = 0;
        double top;
        if (_layout == 'grid') {
          column = _tops.length % _bottoms.length;
          if (column == 0 && _tops.isNotEmpty) {
            _rowTop += _rowHeight + _rowGap;
            _rowHeight = 0;
          }
          if (height > _rowHeight) _rowHeight = height;
          top = _rowTop;
        } else {
          for (var c = 1; c < _bottoms.length; c++) {
            if (_bottoms[c] < _bottoms[column]) column = c;
          }
          top = _bottoms[column] + (_rowGap > 0 && _bottoms[column] > _paddingTop ? _rowGap : 0);
          _bottoms[column] = top + height;
        }
        _tops.add(top);
        _heights.add(height);
        _columns.add(column);
        if (height > _tallest) _tallest = height;
      }
    }
    final rows = m['rows'] as List?, pages = m['pages'] as List?;
    if (rows != null) for (var i = 0; i < rows.length; i += 2) _rows[_i(rows[i])] = _i(rows[i + 1]);
    if (pages != null) for (var i = 0; i < pages.length; i += 2) _pages[_i(pages[i])] = _i(pages[i + 1]);
  }

  /// The row's frame, or null for a row not laid out yet.
  Frame? frame(int item) =>
      item < 0 || item >= _tops.length ? null : Frame(_columns[item], _tops[item], _heights[item]);

  /// Rows intersecting [lower, upper) in content coordinates, in index order.
  List<int> items(double lower, double upper) {
    final count = itemCount < _tops.length ? itemCount : _tops.length;
    if (count <= 0 || upper <= lower) return const [];
    final first = _firstIndex(count, (top) => top > lower - _tallest);
    final end = _firstIndex(count, (top) => top >= upper);
    return [for (var i = first; i < end; i++) if (_tops[i] + _heights[i] > lower) i];
  }

  int _firstIndex(int count, bool Function(double) predicate) {
    var low = 0, high = count;
    while (low < high) {
      final mid = (low + high) >> 1;
      if (predicate(_tops[mid])) {
        high = mid;
      } else {
        low = mid + 1;
      }
    }
    return low;
  }

  int pageOf(int item) => item ~/ pageSize;
  bool isPageLoaded(int page) => page < _initialPages || ((_pages[page] ?? 0) & _pageLoaded) != 0;
  bool isPageRequested(int page) => ((_pages[page] ?? 0) & _pageRequested) != 0;
  bool hasData(int item) => feedKind == 'append' ? item < itemCount : isPageLoaded(pageOf(item));
  bool hasContent(int item) => ((_rows[item] ?? 0) & _content) != 0;
  bool isCached(int item) => ((_rows[item] ?? 0) & _cached) != 0;
  bool isContentRequested(int item) => ((_rows[item] ?? 0) & _requested) != 0;
  bool isRendered(int item) => ((_rows[item] ?? 0) & _rendered) != 0;
  bool needsContent(int item) => !hasContent(item) && !isContentRequested(item);

  void requestPage(int page) {
    actions.add(['requestPage', page]);
    _pages[page] = (_pages[page] ?? 0) | _pageRequested;
    pageRequestsOutstanding += 1;
  }

  void requestContent(int item) {
    actions.add(['requestContent', item]);
    final state = _rows[item] ?? 0;
    if (!hasData(item)) {
      _rows[item] = state | _requested;
    } else if (state & _content == 0) {
      _rows[item] = state | (state & _cached != 0 ? _content : _requested);
    }
  }

  bool loadFromCache(int item) {
    actions.add(['loadFromCache', item]);
    final state = _rows[item] ?? 0;
    if (item >= 0 && item < itemCount && hasData(item) && state & _cached != 0) {
      _rows[item] = state | _content;
      return true;
    }
    return false;
  }

  void cancelContent(int item) {
    actions.add(['cancelContent', item]);
    _rows[item] = (_rows[item] ?? 0) & ~_requested;
  }

  void clearContent(int item) {
    actions.add(['clearContent', item]);
    _rows[item] = (_rows[item] ?? 0) & ~(_content | _requested | _rendered);
  }

  void prepareRender(int item) => actions.add(['prepareRender', item]);

  void discardRender(int item) {
    actions.add(['discardRender', item]);
    _rows[item] = (_rows[item] ?? 0) & ~_rendered;
  }

  /// Calls `timerDidFire` once, `seconds` from now.
  void wakeUp(double seconds) => actions.add(['wakeUp', seconds]);

  /// Requests the data (placeholder feed) and content the row is missing.
  void load(int item, {bool content = true}) {
    final page = pageOf(item);
    if (!isPageLoaded(page) && !isPageRequested(page)) requestPage(page);
    if (content && needsContent(item)) requestContent(item);
  }
}

/// Extend and override the callbacks named in `Description.events`. `params` holds the run's
/// parameter values, `seed` its seed; a fresh instance serves each run.
abstract class Strategy {
  final Map<String, Object?> params;
  final int seed;
  Strategy(this.params, this.seed);

  void listDidLoad(ListView list) {}
  void didScroll(ListView list) {}
  void willBeginDragging(ListView list) {}
  void willEndDragging(ListView list, double velocity, double targetContentOffset) {}
  void didEndDragging(ListView list, bool willDecelerate) {}
  void didEndDecelerating(ListView list) {}
  void willDisplay(ListView list, int item) {}
  void didEndDisplaying(ListView list, int item) {}
  void requestDidComplete(ListView list, String kind, int index) {}
  void requestDidFail(ListView list, String kind, int index) {}
  void timerDidFire(ListView list) {}
  void frameDidFinish(ListView list) {}

  /// Called after every callback: until when the frame callbacks would change nothing, or
  /// null (the default: every frame is asked).
  Quiet? quiet(ListView list) => null;
}

/// Keeps one run between messages and answers each message.
class Session {
  final Description description;
  final Strategy Function(Map<String, Object?> params, int seed) make;
  ListView? _list;
  Strategy? _strategy;
  Session(this.description, this.make);

  Map<String, Object?> handle(String line) {
    final m = jsonDecode(line) as Map<String, Object?>;
    switch (m['type']) {
      case 'event':
        final list = _list!, s = _strategy!;
        list.update(m);
        list.actions.clear();
        switch (m['event']) {
          case 'listDidLoad': s.listDidLoad(list);
          case 'didScroll': s.didScroll(list);
          case 'willBeginDragging': s.willBeginDragging(list);
          case 'willEndDragging': s.willEndDragging(list, _d(m['velocity']), _d(m['target']));
          case 'didEndDragging': s.didEndDragging(list, m['willDecelerate'] as bool);
          case 'didEndDecelerating': s.didEndDecelerating(list);
          case 'willDisplay': s.willDisplay(list, _i(m['item']));
          case 'didEndDisplaying': s.didEndDisplaying(list, _i(m['item']));
          case 'requestDidComplete': s.requestDidComplete(list, m['kind'] as String, _i(m['index']));
          case 'requestDidFail': s.requestDidFail(list, m['kind'] as String, _i(m['index']));
          case 'timerDidFire': s.timerDidFire(list);
          case 'frameDidFinish': s.frameDidFinish(list);
          default: return {'error': 'unknown event ${m['event']}'};
        }
        final quiet = s.quiet(list);
        return {'actions': list.actions, if (quiet != null) 'quiet': quiet.toJson(list)};
      case 'begin':
        _list = ListView(m);
        _strategy = make(m['parameters'] as Map<String, Object?>, _i(m['seed']));
        return {'type': 'ready'};
      case 'hello':
        return {
          'type': 'strategy', 'protocol': protocol, 'name': description.name, 'role': description.role,
          'parameters': description.parameters, 'events': description.events.toList(),
          if (description.summary.isNotEmpty) 'summary': description.summary,
          if (description.partner != null) 'partner': description.partner,
          if (description.platform.isNotEmpty) 'platform': description.platform,
        };
      default:
        return {'error': 'unknown message type ${m['type']}'};
    }
  }
}

/// Serves the strategy until scrollsim closes stdin; an exception is reported to scrollsim with
/// its stack on stderr.
Future<void> serve(Description description, Strategy Function(Map<String, Object?>, int) make) async {
  final session = Session(description, make);
  await for (final line in stdin.transform(utf8.decoder).transform(const LineSplitter())) {
    Map<String, Object?> answer;
    try {
      answer = session.handle(line);
    } catch (error, stack) {
      stderr.writeln('$error\n$stack');
      answer = {'error': '$error'};
    }
    stdout.writeln(jsonEncode(answer));
  }
}
