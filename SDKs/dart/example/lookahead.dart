// A team's own rule, the SDK README's first example: the next page once the rows it looks ahead
// reach the end of the list; a row's image when it displays and `rows` rows past the screen on
// every scroll; after a failed page, ask again a second later. The same rule as
// SDKs/python/examples/lookahead.py. UNTESTED HERE (no Dart toolchain).
import 'package:scrollsim_strategy/scrollsim_strategy.dart';

class Lookahead extends Strategy {
  Lookahead(super.params, super.seed);

  int get rows => (params['rows'] as num).toInt();

  @override
  void didScroll(ListView list) {
    final last = list.visibleItems.isEmpty ? 0 : list.visibleItems.last;
    for (var item = last + 1; item < list.itemCount && item < last + 1 + rows; item++) {
      list.load(item);
    }
    if (list.hasMoreData && list.pageRequestsOutstanding == 0 && last + 1 + rows >= list.itemCount) {
      list.requestPage(list.nextPageIndex);
    }
  }

  @override
  void willDisplay(ListView list, int item) => list.load(item);

  @override
  void requestDidFail(ListView list, String kind, int index) {
    if (kind == 'page') list.wakeUp(1.0); // try again in a second
  }

  @override
  void timerDidFire(ListView list) {
    if (list.hasMoreData && list.pageRequestsOutstanding == 0) list.requestPage(list.nextPageIndex);
  }
}

void main() => serve(
    Description('lookahead-dart',
        events: {'didScroll', 'willDisplay', 'requestDidFail', 'timerDidFire'},
        parameters: [number('rows', 0, 100, 5, 'rows past the screen to load')]),
    (params, seed) => Lookahead(params, seed));
