#!/usr/bin/env bash
# Smoke test of the standalone app (`make dist`, then `make dist-smoke`): starts the built
# dist/robbers-den/robbers-den headless from outside the source tree, with a home of its own
# and no Python on PATH: a computer-only game of each kind to a screenshot, then quit. Checks
# the exit status 0 and that each screenshot was written, and prints the seconds each run took.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
app="$root/dist/robbers-den/robbers-den"
test -x "$app" || { echo "dist-smoke: no $app (run make dist first)" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"   # outside the source tree: nothing may come from $root but the app
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy ROBBERS_DEN_HOME="$work/home"
export PATH=/usr/bin:/bin PYTHONPATH= PYTHONHOME=
unset VIRTUAL_ENV
"$app" --version
for game in knights rummy; do
    start=$(date +%s%N)
    timeout 120 "$app" play --game "$game" --players medium,medium --autoplay \
        --screenshot "$work/$game.png" --quit-after 5
    end=$(date +%s%N)
    test -s "$work/$game.png" || { echo "dist-smoke: no screenshot of $game" >&2; exit 1; }
    echo "dist-smoke: $game autoplay to a screenshot in $(( (end - start) / 1000000 )) ms"
done
# The catalogs ship (the menu in German: seen by eye once, here its start and screenshot) and so
# does the rest of the package data.
for file in game/locale/de/LC_MESSAGES/robbers-den.mo game/locale/nl/LC_MESSAGES/robbers-den.mo \
        ai/rummy/values.json ai/knights/fitted_weights.json ai/review/calibration.json; do
    test -s "$root/dist/robbers-den/_internal/$file" || { echo "dist-smoke: no $file" >&2; exit 1; }
done
mkdir -p "$work/de"
echo '{"version": 1, "language": "de"}' >"$work/de/settings.json"
ROBBERS_DEN_HOME="$work/de" timeout 60 "$app" --quit-after 0 --screenshot "$work/menu-de.png"
test -s "$work/menu-de.png"
grep -q '"language": "de"' "$work/de/settings.json" || { echo "dist-smoke: German refused" >&2; exit 1; }
echo "dist-smoke: passed"
