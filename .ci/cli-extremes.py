#!/usr/bin/env python3
"""Every numeric option of the CLI, given extreme values: each run ends within its time limit with
exit 0 or a documented code (1, 64, 65, 66, 73) and, on failure, a message on stderr; no run is
killed by a signal (a trap), and no temporary file is left behind (docs/reliability.md).

usage: .ci/cli-extremes.py path/to/scrollsim
"""
import os
import subprocess
import sys
import tempfile

EXTREMES = ["0", "-0", "-1", "1e-308", "5e-324", "1e308", "-1e308", "nan", "inf", "-inf", "1e19",
            "99999999999999999999", "0x10", "1_000", ""]
ALLOWED = {0, 1, 64, 65, 66, 73}
LIMIT = 60  # seconds per run; a run past it is a hang


def main():
    binary = os.path.abspath(sys.argv[1])
    work = tempfile.mkdtemp(prefix="cli-extremes-")
    os.chdir(work)

    def run(args, check=True):
        return subprocess.run([binary] + args, capture_output=True, text=True, timeout=LIMIT, check=check)

    run(["generate", "--profile", "flinger", "--duration", "5", "-o", "t.json"])
    with open("touch.csv", "w") as f:
        f.write("t,y,phase\n0,500,down\n0.01,480,move\n0.02,440,move\n0.03,400,up\n2,500,down\n2.02,300,up\n")
    with open("getevent.txt", "w") as f:
        f.write("[ 1.000000] EV_ABS ABS_MT_TRACKING_ID 00000001\n[ 1.000000] EV_ABS ABS_MT_POSITION_Y 00000500\n"
                "[ 1.000000] EV_SYN SYN_REPORT 00000000\n[ 1.016000] EV_ABS ABS_MT_POSITION_Y 00000400\n"
                "[ 1.016000] EV_SYN SYN_REPORT 00000000\n[ 1.032000] EV_ABS ABS_MT_TRACKING_ID ffffffff\n"
                "[ 1.032000] EV_SYN SYN_REPORT 00000000\n")
    with open("offsets.csv", "w") as f:
        f.write("t,offset\n0,0\n0.016,10\n0.033,30\n0.05,60\n")
    run(["sweep", "--strategies", "threshold", "--grid", "threshold=0.7,0.9", "t.json", "-o", "sweep.csv"])
    run(["generate", "--profile", "feed", "--duration", "3", "--population", "4", "-o", "sessions"])

    templates = [
        "generate --profile mixed --duration {} -o out.json",
        "generate --profile mixed --duration 2 --viewport-height {} -o out.json",
        "generate --profile mixed --duration 2 --refresh-rate {} -o out.json",
        "generate --profile mixed --duration 2 --seed {} -o out.json",
        "generate --profile feed --duration 2 --population {} -o pop",
        "generate --profile feed --duration 2 --param dwellMedian={} -o out.json",
        "generate --profile feed --duration 2 --param travelMedian={} -o out.json",
        "generate --profile short-video --duration 2 --param watchMedian={} -o out.json",
        "trace slice --from {} --to 3 t.json -o out.json",
        "trace slice --from 0 --to {} t.json -o out.json",
        "trace scale --factor {} t.json -o out.json",
        "trace info --format json t.json",
        "import touch-csv --px-per-pt {} touch.csv -o out.json",
        "import touch-csv --viewport-height {} touch.csv -o out.json",
        "import touch-csv --viewport-width {} touch.csv -o out.json",
        "import touch-csv --refresh-rate {} touch.csv -o out.json",
        "import touch-csv --closest-sample-interval {} touch.csv -o out.json",
        "trace info --closest-sample-interval {} t.json",
        "trace offsets --ios-max-fling-velocity {} t.json -o out.json",
        "physics --preset ios --velocity 9000 --ios-max-fling-velocity {}",
        "run --strategy threshold --ios-max-fling-velocity {} t.json",
        "run --strategy threshold --set touch.iosMaxFlingVelocity={} t.json",
        "sweep --strategies threshold --grid threshold=0.8 --objective wait_time*{} t.json -o out.csv",
        "compare --strategies threshold,oracle --jobs {} t.json",
        "import touch-csv --split-gap {} touch.csv -o out.json",
        "import touch-csv --time-col {} touch.csv -o out.json",
        "import getevent --density {} getevent.txt -o out.json",
        "import getevent --screen-pixels {} getevent.txt -o out.json",
        "import getevent --refresh-rate {} getevent.txt -o out.json",
        "import getevent --split-gap {} getevent.txt -o out.json",
        "import offsets --px-per-pt {} offsets.csv -o out.json",
        "import offsets --viewport-height {} offsets.csv -o out.json",
        "physics --velocity {}",
        "physics --preset android --velocity 1000 --density {}",
        "physics --preset chromium --velocity 1000 --viewport {}",
        "physics --preset ios --velocity 1000 --from {}",
        "physics --preset ios --velocity 1000 --max-offset {}",
        "run --strategy smart --seed {} t.json",
        "run --strategy threshold --param threshold={} t.json",
        "run --strategy smart --param leading-screens={} t.json",
        "run --strategy smart --set network.link.latency={} t.json",
        "run --strategy smart --set network.link.downlinkMbps={} t.json",
        "run --strategy smart --set network.page.timeout={} t.json",
        "run --strategy smart --set network.page.failureRate={} t.json",
        "run --strategy smart --set network.content.bytes={} t.json",
        "run --strategy smart --set feed.pageSize={} t.json",
        "run --strategy smart --set feed.totalItems={} t.json",
        "run --strategy smart --set list.itemHeight={} t.json",
        "run --strategy smart --set list.columns={} t.json",
        "run --strategy smart --set cell.renderTime={} t.json",
        "run --strategy smart --set cache.capacity={} t.json",
        "run --strategy smart --set display.refreshRate={} t.json",
        "run --strategy smart --set stall.giveUpAfter={} t.json",
        "run --strategy smart --replicates {} t.json",
        "compare --strategies smart --replicates {} t.json",
        "compare --strategies smart --fail-if wait_time>{} t.json",
        "sweep --strategies threshold --grid threshold=0:1:{} t.json -o out.csv",
        "sweep --strategies threshold --grid threshold={}:1:0.5 t.json -o out.csv",
        "sweep --strategies threshold --range threshold=0:{} --samples 2 t.json -o out.csv",
        "sweep --strategies threshold --grid threshold=0.8 --samples {} t.json -o out.csv",
        "sweep --strategies threshold --grid threshold=0.8 --replicates {} t.json -o out.csv",
        "sweep --strategies threshold --grid threshold=0.8 --jobs {} t.json -o out.csv",
        "sweep --strategies threshold --grid threshold=0.8 --shard {}/2 t.json -o out.csv",
        "merge sweep.csv --objective {}",
        "tune --stack flutter --candidates {} --holdout 0.5 sessions",
        "tune --stack flutter --candidates 4 --eta {} --holdout 0.5 sessions",
        "tune --stack flutter --candidates 4 --holdout {} sessions",
        "tune --stack flutter --candidates 4 --holdout 0.5 --replicates {} sessions",
        "tune --stack flutter --candidates 4 --holdout 0.5 --check --margin {} sessions",
        "tune --stack flutter --candidates 4 --holdout 0.5 --budget bytes<={} sessions",
        "tune --stack flutter --candidates 4 --holdout 0.5 --knobs cacheExtent=0:{}:100 sessions",
        "tune --stack flutter --candidates 4 --holdout 0.5 --from cacheExtent={} --code-only",
        "tune --stack flutter --candidates 4 --holdout 0.5 --jobs {} sessions",
        "conformance threshold threshold --networks none --sessions {}",
        "conformance threshold threshold --networks none --jobs {} t.json",
        "draws --pages {}",
        "draws --items {}",
        "draws --attempts {}",
        "bench --duration {} --repetitions 1",
        "bench --duration 1 --repetitions {}",
    ]
    failures = []
    runs = 0
    codes = {}
    for template in templates:
        for value in EXTREMES:
            args = [word.replace("{}", value) for word in template.split(" ")]
            runs += 1
            try:
                result = run(args, check=False)
            except subprocess.TimeoutExpired:
                failures.append(f"{' '.join(args)}: still running after {LIMIT} s")
                continue
            code = result.returncode
            codes[code] = codes.get(code, 0) + 1
            if code < 0 or code not in ALLOWED:
                failures.append(f"{' '.join(args)}: exit {code}\n{result.stderr[-2000:]}")
            elif code != 0 and not result.stderr.strip():
                failures.append(f"{' '.join(args)}: exit {code} without a message")
            left = [name for name in os.listdir(".") if name.endswith(".tmp")]
            if left:
                failures.append(f"{' '.join(args)}: left {left}")
    for failure in failures:
        print("FAIL", failure)
    print(f"{runs} runs of {len(templates)} numeric options with {len(EXTREMES)} extreme values: "
          f"{len(failures)} failures; exit codes {dict(sorted(codes.items()))}")
    sys.exit(1 if failures else 0)


main()
