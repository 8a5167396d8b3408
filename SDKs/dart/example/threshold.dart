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

  // didScroll acts only through check, which reads these facts and the offset: until they
  // change, it cannot act below the offset where the ratio reaches the trigger (a margin of a
  // millionth keeps rounding on the side of asking).
  @override
  Quiet quiet(ListView list) {
    const facts = ['hasMoreData', 'contentLength', 'itemCount', 'nextPageIndex', 'pageRequestsOutstanding'];
    if (!armed(list)) return const Quiet(facts: facts);
    final trigger = triggerRatio(list) * list.contentLength - list.viewportHeight;
    final margin = 1e-6 * (trigger.abs() + list.viewportHeight + list.contentLength);
    return Quiet(offsetAbove: trigger - margin, facts: facts);
  }

  double triggerRatio(ListView list) {
    final threshold = (params['threshold'] as num).toDouble();
    if (params['mode'] != 'dynamic') return threshold;
    final perPage = list.pageSize.toDouble();
    final currentPage = (list.itemCount / perPage).ceilToDouble() - 1;
    final needRead = perPage * threshold + currentPage * perPage;
    return needRead / (perPage * (currentPage + 1));
  }

  // Whether check may ask for a page at all: an append feed with more to load and a length, and
  // no page request outstanding under the guard (quiet reads it too).
  bool armed(ListView list) {
    if (list.feedKind != 'append' || !list.hasMoreData || !(list.contentLength > 0)) return false;
    return !(params['guard'] as bool && list.pageRequestsOutstanding > 0);
  }

  void check(ListView list) {
    if (!armed(list)) return;
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
