/* The cheapest helper there is: it answers the handshake, then every event with no action. Its
   cost per decision is the transport's floor (docs/performance.md, "Strategies in other
   languages"): cc -O2 -o answer-nothing Tests/Helpers/answer-nothing.c */
#include <stdio.h>
#include <string.h>

int main(void) {
  static char line[1 << 24];
  while (fgets(line, sizeof line, stdin)) {
    if (!strncmp(line, "{\"type\":\"hello\"", 15))
      fputs("{\"type\":\"strategy\",\"protocol\":2,\"name\":\"answer-nothing\",\"role\":\"content\","
            "\"partner\":\"paging3\",\"events\":[\"listDidLoad\",\"willDisplay\",\"didEndDisplaying\","
            "\"frameDidFinish\"]}\n", stdout);
    else if (!strncmp(line, "{\"type\":\"begin\"", 15))
      fputs("{\"type\":\"ready\"}\n", stdout);
    else
      fputs("{\"actions\":[]}\n", stdout);
    fflush(stdout);
  }
  return 0;
}
