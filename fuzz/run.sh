#!/usr/bin/env bash
# One short fuzz run for ctest -L fuzz: run.sh <fuzz binary> <seed dir> <work dir> <seconds> <max input bytes>
# New inputs go to <work dir>/corpus, a crashing input to <work dir>/ (its path printed);
# the seeds are only read. Fails when the fuzzer finds a crash, leak, UB or timeout.
set -euo pipefail
bin=$1 seeds=$2 work=$3 seconds=$4 maxlen=$5
mkdir -p "$work/corpus"
# Leaks are checked per input; a single input running 20 s is a hang.
exec "$bin" -max_total_time="$seconds" -max_len="$maxlen" -timeout=20 -rss_limit_mb=2048 \
  -print_final_stats=1 -artifact_prefix="$work/" "$work/corpus" "$seeds"
