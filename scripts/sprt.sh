#!/usr/bin/env bash
# SPRT between two builds with fastchess (on PATH; not part of this repository).
# Openings from ../shared/data/openings when it is there (else the sample in tests/data),
# each played with both colours.
#
# Games are adjudicated as on OpenBench and fishtest, which roughly halves their length
# without changing what is measured: a draw once both sides score within 10 cp for 8
# moves after move 40, a loss once both agree on 400 cp or more for 3 moves.
#
# Usage: scripts/sprt.sh <new binary> <base binary> [tc=5+0.05] [elo0=0] [elo1=10] [max rounds=1000]
# NEW_OPTIONS="option.EvalFile=net.nnue ..." adds UCI options to the new engine only;
# CONCURRENCY=1 plays one game at a time (a core left free for datagen; default 2).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
new=$1 base=$2 tc=${3:-5+0.05} elo0=${4:-0} elo1=${5:-10} rounds=${6:-1000}
command -v fastchess >/dev/null || { echo "fastchess not found on PATH" >&2; exit 2; }
book="$here/../../shared/data/openings/noob_3moves.epd"
[ -f "$book" ] || book="$here/../tests/data/openings/noob_3moves-sample.epd"
# shellcheck disable=SC2086
exec fastchess -engine cmd="$new" name=new ${NEW_OPTIONS:-} -engine cmd="$base" name=base \
  -each tc="$tc" option.Hash=16 option.Threads=1 \
  -openings file="$book" format=epd order=random -repeat \
  -games 2 -rounds "$rounds" -concurrency "${CONCURRENCY:-2}" -recover -ratinginterval 20 \
  -draw movenumber=40 movecount=8 score=10 -resign movecount=3 score=400 twosided=true \
  -sprt elo0="$elo0" elo1="$elo1" alpha=0.05 beta=0.05
