// Seed 001's threshold rule (Sources/SimCore/Strategies/Seeds/ThresholdStrategy.swift), ported.
// UNTESTED HERE (no Dart toolchain); conformance.sh checks it wherever `dart` is installed.
import 'package:scrollsim_strategy/scrollsim_strategy.dart';

class Threshold extends Strategy {
  Threshold(super.params, super.seed);

  @override
  void listDidLoad(ListView list) => check(list);

  @override
  void didScroll(ListView list) {
    if (params['skipAtEnd'] as bool && list.contentOffset + list.viewportHeight >= list.contentLength) return;
    check(list);
  }

  @override
  void willDisplay(ListView list, int item) => list.load(item);

  @override
  void requestDidFail(ListView list, String kind, int index) {
    if (kind == 'page') check(list);
  }

  double triggerRatio(ListView list) {
    final threshold = (params['threshold'] as num).toDouble();
    if (params['mode'] != 'dynamic') return threshold;
    final perPage = list.pageSize.toDouble();
    final currentPage = (list.itemCount / perPage).ceilToDouble() - 1;
    final needRead = perPage * threshold + currentPage * perPage;
    return needRead / (perPage * (currentPage + 1));
  }

  void check(ListView list) {
    if (list.feedKind != 'append' || !list.hasMoreData || !(list.contentLength > 0)) return;
    if (params['guard'] as bool && list.pageRequestsOutstanding > 0) return;
    final ratio = (list.contentOffset + list.viewportHeight) / list.contentLength;
    if (ratio >= triggerRatio(list)) list.requestPage(list.nextPageIndex);
  }
}

void main() => serve(
    Description('threshold-dart',
        summary: "seed 001's ratio rule, ported to Dart",
        events: {'listDidLoad', 'didScroll', 'willDisplay', 'requestDidFail'},
        parameters: [
          choice('mode', ['static', 'dynamic'], 'static'),
          number('threshold', 0, 1, 0.7),
          flag('guard', true),
          flag('skipAtEnd', true),
        ]),
    (params, seed) => Threshold(params, seed));
