#!/usr/bin/env bash
# Lazy SMP strength: the same build with 2 threads against itself with 1 thread, one game
# at a time so that the 2-thread engine has both cores while it thinks (fastchess on PATH,
# not part of this repository). Openings played with both colours; games adjudicated as
# in scripts/sprt.sh. fastchess saves its state to config.json in the working directory
# on interrupt (or every 20 games), so a long match resumes with `fastchess -config file=config.json`.
#
# Usage: scripts/smp_match.sh <vazir binary> [games=400] [tc=10+0.1] [threads=2]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
vazir=$1 games=${2:-400} tc=${3:-10+0.1} threads=${4:-2}
command -v fastchess >/dev/null || { echo "fastchess not found on PATH" >&2; exit 2; }
book="$here/../../shared/data/openings/noob_3moves.epd"
[ -f "$book" ] || book="$here/../tests/data/openings/noob_3moves-sample.epd"
exec fastchess -engine cmd="$vazir" name="threads-$threads" "option.Threads=$threads" \
  -engine cmd="$vazir" name=threads-1 option.Threads=1 \
  -each tc="$tc" option.Hash=64 \
  -openings file="$book" format=epd order=random -repeat -games 2 -rounds $(( (games + 1) / 2 )) \
  -concurrency 1 -recover -ratinginterval 10 -autosaveinterval 10 \
  -draw movenumber=40 movecount=8 score=10 -resign movecount=3 score=400 twosided=true
