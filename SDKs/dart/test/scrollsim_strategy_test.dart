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

class Pager extends Strategy {
  Pager(super.params, super.seed);
  @override
  void didScroll(ListView list) {
    if (list.contentOffset > 200 && list.pageRequestsOutstanding == 0) list.requestPage(list.nextPageIndex);
  }

  @override
  Quiet quiet(ListView list) => const Quiet(
      offsetAbove: 200,
      direction: 1,
      facts: ['pageRequestsOutstanding', 'visibleItems'],
      rows: {4: stateContent | stateRequested});
}

void main() {
  test('quiet sends the facts as the copy holds them after the actions', () {
    final session = Session(const Description('pager', events: {'didScroll'}), (p, s) => Pager(p, s));
    session.handle(jsonEncode(begin));
    expect(jsonEncode(session.handle(jsonEncode(event('didScroll', {'contentOffset': 100})))),
        '{"actions":[],"quiet":{"offsetAbove":200.0,"direction":1,"facts":{"pageRequestsOutstanding":0,"visibleItems":[0,1]},"rows":[4,3,0]}}');
    final paged = session.handle(jsonEncode(event('didScroll', {'contentOffset': 300})));
    expect(((paged['quiet'] as Map)['facts'] as Map)['pageRequestsOutstanding'], 1);
  });


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
