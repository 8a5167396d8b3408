# Shared by .ci/run and .ci/run-long (sourced; they set $tmp first).

# expect_exit CODE COMMAND...: runs COMMAND, fails CI unless it exits with CODE; prints the start
# of its message.
expect_exit() {
  local want=$1; shift
  set +e
  "$@" > /dev/null 2> "$tmp/err"
  local got=$?
  set -e
  if [ "$got" != "$want" ]; then
    echo "expected exit $want, got $got: $*"; cat "$tmp/err"; exit 1
  fi
  echo "exit $got: $(head -c 200 "$tmp/err")"
}

# Debian's headless Chromium, installed if missing.
ensure_chromium() {
  if ! command -v chromium > /dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium > /dev/null
  fi
}
