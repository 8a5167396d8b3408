// Unit tests of the Dart SDK (UNTESTED HERE: no Dart toolchain on this project's machines).
import 'dart:convert';

import 'package:scrollsim_strategy/scrollsim_strategy.dart';
import 'package:test/test.dart';

const begin = {
  'type': 'begin', 'seed': 7, 'parameters': {'rows': 3}, 'viewportHeight': 100, 'frameInterval': 0.0167,
  'networkLatency': 0.1, 'feedKind': 'placeholder', 'pageSize': 10, 'initialPages': 1, 'columns': 2,
};

Map<String, Object?> event(String name, [Map<String, Object?> extra = const {}]) => {
      'type': 'event', 'event': name, 'time': 1, 'contentOffset': 0, 'contentLength': 500,
      'targetContentOffset': null, 'isTracking': false, 'isDragging': false, 'isDecelerating': false,
      'frameTimeRemaining': 0.01, 'averageBindTime': 0, 'itemCount': 30, 'hasMoreData': false,
      'nextPageIndex': 1, 'pageRequestsOutstanding': 0, 'visibleItems': [0, 1], ...extra,
    };

class Loader extends Strategy {
  Loader(super.params, super.seed);
  @override
  void willDisplay(ListView list, int item) {
    list.load(item);
    list.load(item);
  }
}

void main() {
  test('load asks for the page and the content once', () {
    final session = Session(const Description('loader', events: {'willDisplay'}), (p, s) => Loader(p, s));
    expect(session.handle(jsonEncode(begin)), {'type': 'ready'});
    expect(session.handle(jsonEncode(event('willDisplay', {'item': 12}))), {
      'actions': [
        ['requestPage', 1],
        ['requestContent', 12]
      ]
    });
  });

  test('waterfall layout and band queries', () {
    final list = ListView(begin);
    list.update(event('didScroll', {
      'heights': [
        [1, 100],
        [1, 50],
        [2, 30]
      ]
    }));
    expect([for (var i = 0; i < 4; i++) list.frame(i)!.top], [0, 0, 50, 80]);
    expect(list.items(50, 51), [0, 2]);
    expect(list.items(80, 80), isEmpty);
  });
}
