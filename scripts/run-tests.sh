#!/usr/bin/env bash
# Runs the whole built test bundle: the unit tests in one process and each
# end-to-end suite in a process of its own, TEST_WORKERS processes at a time
# (3 unless set), the suites with the most tests first.
#
# Why: the end-to-end tests wait on real shells, players and servers, and each
# holds one of the test process's threads while it waits; a process has as many
# such threads as the machine has cores, so on a box of two the suite ran two
# shells at a time with the CPU three parts idle. Processes of their own let
# more wait at once. Every suite still runs its own tests as it says
# (`.serialized` ones one by one).
#
# Each process's output is printed whole when it ends, so a failure reads as it
# would from `swift test`; a summary of what failed and how long each took
# follows. Exits 1 if any failed. A process still running after
# TEST_PROCESS_TIMEOUT seconds (1200 unless set; the longest suite takes about
# 400 here) is stopped and fails with what it printed so far: a test that hangs
# reads as that test, not as a CI run that ran out of time with nothing to show.
#
# Usage: scripts/run-tests.sh BUNDLE   (BUNDLE: .build/debug/<package>PackageTests.xctest)
set -uo pipefail

bundle=${1:?usage: scripts/run-tests.sh TEST-BUNDLE}
workers=${TEST_WORKERS:-3}
limit=${TEST_PROCESS_TIMEOUT:-1200}
logs=$(mktemp -d "${TMPDIR:-/tmp}/tvshell-test-logs.XXXXXX")
trap 'rm -rf "$logs"' EXIT

listed=$("$bundle" --testing-library swift-testing --list-tests 2>/dev/null)
suites=$(sed -n 's|^\(EndToEndTests\.[^/]*\)/.*|\1|p' <<< "$listed" | sort | uniq -c | sort -k1,1nr -k2 | awk '{print $2}')
if [[ -z $suites ]]; then
    echo "run-tests: $bundle lists no end-to-end suite" >&2
    exit 1
fi

# One job: "unit" (every test outside EndToEndTests) or an end-to-end suite.
run_job() {
    local job=$1 log="$logs/$1.log" start=$SECONDS status
    if [[ $job == unit ]]; then
        timeout -k 30 "$limit" "$bundle" --testing-library swift-testing --skip '^EndToEndTests\.' > "$log" 2>&1
    else
        timeout -k 30 "$limit" "$bundle" --testing-library swift-testing --filter "^${job//./\\.}/" > "$log" 2>&1
    fi
    status=$?
    echo "$status $((SECONDS - start)) $job" > "$logs/$job.result"
    local outcome="FAILED (status $status)"
    [[ $status == 0 ]] && outcome=passed
    [[ $status == 124 || $status == 137 ]] && outcome="FAILED (still running after $limit s: stopped; what it printed follows)"
    {
        flock 9
        echo "════ $job: $outcome after $((SECONDS - start)) s"
        cat "$log"
    } 9> "$logs/.print-lock"
}
export -f run_job
export bundle logs limit

started=$SECONDS
printf '%s\n' unit $suites | xargs -P "$workers" -I{} bash -c 'run_job {}'

failed=() tests=0
for result in "$logs"/*.result; do
    read -r status seconds job < "$result"
    [[ $status == 0 ]] || failed+=("$job")
    tests=$((tests + $(sed -n 's/.*Test run with \([0-9]*\) tests\{0,1\} .*/\1/p' "$logs/$job.log" | tail -1 | grep . || echo 0)))
done
echo "════ the slowest processes (seconds):"
cat "$logs"/*.result | sort -k2,2nr | head -8 | awk '{printf "  %5d  %s\n", $2, $3}'
jobs=$(( $(wc -w <<< "$suites") + 1 ))
echo "════ $tests tests in $jobs processes, $workers at a time, $((SECONDS - started)) s"
# A process that never reported, or a filter that missed tests, must not pass for a green run.
finished=$(find "$logs" -name '*.result' | wc -l) expected=$(wc -l <<< "$listed")
(( finished == jobs )) || failed+=("$((jobs - finished)) of $jobs processes never ended")
(( tests == expected )) || failed+=("$tests tests ran of the $expected listed")
if (( ${#failed[@]} )); then
    echo "════ FAILED: ${failed[*]}"
    exit 1
fi
echo "════ all passed"
