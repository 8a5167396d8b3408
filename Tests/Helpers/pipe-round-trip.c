/* The machine's floor for one round trip between two processes over pipes, without scrollsim:
   400 bytes there, the answer back, 100,000 times; the parent blocks in read (block) or spins
   on a non-blocking read (spin), as scrollsim does. docs/performance.md:
   cc -O2 -o pipe-round-trip Tests/Helpers/pipe-round-trip.c && ./pipe-round-trip */
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static double rounds(int spin) {
  int there[2], back[2];
  char buffer[512] = {0};
  if (pipe(there) || pipe(back)) return -1;
  pid_t child = fork();
  if (child == 0) {
    /* Only its own ends: the parent's close of `there` is then the end of its input. */
    close(there[1]);
    close(back[0]);
    for (;;) {
      ssize_t n = read(there[0], buffer, sizeof buffer);
      if (n <= 0) _exit(0);
      if (write(back[1], buffer, 16) != 16) _exit(1);
    }
  }
  close(there[0]);
  close(back[1]);
  if (spin) fcntl(back[0], F_SETFL, O_NONBLOCK);
  const int count = 100000;
  double start = now();
  for (int i = 0; i < count; i++) {
    if (write(there[1], buffer, 400) != 400) return -1;
    while (read(back[0], buffer, sizeof buffer) <= 0)
      if (spin) sched_yield();
  }
  double seconds = now() - start;
  close(there[1]);
  close(back[0]);
  waitpid(child, NULL, 0);
  return seconds / count * 1e6;
}

int main(void) {
  printf("block %.1f us\nspin %.1f us\n", rounds(0), rounds(1));
  return 0;
}
