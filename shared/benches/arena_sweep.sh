#!/usr/bin/env bash
# Correctness sweep for the bots: every option set at 2-10 players, mixed tables of all
# three levels, plus the 2-player draft. Fails if any game has an illegal input or hits
# the cap; prints the longest game of each run.
#   shared/benches/arena_sweep.sh path/to/coup-arena [GAMES]
set -euo pipefail
arena=${1:?usage: arena_sweep.sh path/to/coup-arena [GAMES]}
games=${2:-30}
levels=(hard normal easy)
runs=0; longest=0
run() {
  local out
  out=$("$arena" "$@" --seed 3 --hard-ms 0 --hard-iters 16 --threads 2 --cap 5000) || {
    echo "FAILED: $*"; echo "$out"; exit 1; }
  local line; line=$(sed -n 2p <<<"$out")
  grep -q "^  0 games hit the cap" <<<"$line" || { echo "CAPPED: $*"; echo "$line"; exit 1; }
  local l; l=$(sed -E 's/.*longest game ([0-9]+) inputs.*/\1/' <<<"$line")
  (( l > longest )) && longest=$l
  runs=$((runs + 1))
  echo "$* -> longest $l"
}
for opts in "" inquisitor allegiances inquisitor,allegiances; do
  for n in 2 3 4 5 6 7 8 9 10; do
    lineup=$(for ((s = 0; s < n; s++)); do echo -n "${levels[s % 3]},"; done)
    run --games "$games" --lineup "${lineup%,}" ${opts:+--options "$opts"}
  done
done
for opts in two_player_draft two_player_draft,inquisitor two_player_draft,allegiances \
  two_player_draft,inquisitor,allegiances; do
  run --games $((games * 2)) --lineup hard,normal --options "$opts"
  run --games $((games * 2)) --lineup easy,normal --options "$opts"
done
echo "arena_sweep: $runs runs, every game finished, no illegal input, longest game $longest inputs"
