#!/usr/bin/env bash
# make fuzz: runs every decoder of outside input under libFuzzer with
# AddressSanitizer (allocation stacks off: recording them cost more than the
# decoding), each for FUZZ_SECONDS (default 60), FUZZ_JOBS at a time (default:
# the number of CPUs), inputs up to 4 KiB, and prints executions and findings.
#   FUZZ_TARGETS="m3u xmltv"  only these (names: tvshell-fuzz's FuzzTarget)
# The corpus starts from Tests/FuzzRegressionTests/Inputs/TARGET (the seeds and
# every earlier finding) and grows in .build/fuzz/corpus/TARGET. A crash, an
# input slower than 1 s or a sanitizer report is saved in
# .build/fuzz/findings/TARGET/: fix it, then copy it into the Inputs folder so
# `make test` runs it for good. Exits 1 when anything was found.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SECONDS:-60}
jobs=${FUZZ_JOBS:-$(nproc)}
targets=(${FUZZ_TARGETS:-m3u xmltv toml lircd lircrc keys probe ipc segments mqtt input cec thumbnails xtream nfo playlist disc})
scratch=.build/fuzz

mkdir -p "$scratch"
echo "building tvshell-fuzz with libFuzzer and AddressSanitizer (release) …"
driver=$(ls "$(dirname "$(command -v swift)")"/../lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a | head -1)
built=0
swift build -c release --product tvshell-fuzz --scratch-path "$scratch" \
  -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table -Xswiftc -DFUZZING \
  -Xlinker "$driver" -Xlinker -lstdc++ >"$scratch/build.log" 2>&1 || built=$?
grep -v "Cannot export local symbol" "$scratch/build.log" | grep -E "error|warning: unre|Compiling tvshell-fuzz|Build" || true
binary="$scratch/release/tvshell-fuzz"
# A failed build leaves the last binary in place: never fuzz that.
[ "$built" -eq 0 ] && [ -x "$binary" ] || { echo "tvshell-fuzz did not build (exit $built; $scratch/build.log)" >&2; exit 2; }

run() {
  local target=$1
  local corpus="$scratch/corpus/$target" findings="$scratch/findings/$target" log="$scratch/logs/$target.log"
  mkdir -p "$corpus" "$findings" "$scratch/logs"
  cp -n Tests/FuzzRegressionTests/Inputs/"$target"/* "$corpus"/ 2>/dev/null || true
  TVSHELL_FUZZ_TARGET=$target ASAN_OPTIONS=detect_leaks=0:malloc_context_size=0 "$binary" "$corpus" \
    -max_total_time="$seconds" -timeout=1 -rss_limit_mb=2048 -max_len=4096 \
    -artifact_prefix="$findings/" -print_final_stats=1 >"$log" 2>&1 || true
  local executions found
  executions=$(grep -a "stat::number_of_executed_units" "$log" | awk '{print $2}' | tail -1) || true
  found=$(find "$findings" -type f | wc -l)
  printf '%-9s %12s executions in %s s, corpus %5s inputs, findings: %s%s\n' "$target" "${executions:-?}" "$seconds" \
    "$(find "$corpus" -type f | wc -l)" "$found" "$([ "$found" -gt 0 ] && echo " (in $findings; log $log)")"
  # A target that never ran (an unknown name, a crash at start) is a failure, not "no findings".
  [ -n "$executions" ] || { echo "$target did not run: $log" >&2; touch "$scratch/not-run-$target"; }
}

rm -f "$scratch"/not-run-*
echo "fuzzing ${#targets[@]} targets for $seconds s each, $jobs at a time"
for target in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
  run "$target" &
done
wait

total=0
for target in "${targets[@]}"; do total=$((total + $(find "$scratch/findings/$target" -type f | wc -l))); done
if [ "$total" -gt 0 ]; then echo "fuzz: $total findings"; exit 1; fi
if ls "$scratch"/not-run-* >/dev/null 2>&1; then echo "fuzz: some targets did not run"; exit 2; fi
echo "fuzz: no findings"
