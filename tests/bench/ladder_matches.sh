#!/bin/sh
# The matches behind the ladders (ai/<game>/ladder.json): two players at the real budgets, one
# worker, every pair of levels (SET "knights" or "rummy"), or the strengths between the levels
# against their neighbours (SET "mix", both games). Round-robin in growing chunks, so a run cut
# off anywhere leaves every pair with games. Each game is appended to
# tests/bench/results/ladder/<game>_<a>_<b>_<seed>.jsonl (a rerun plays only what the log lacks);
# then `python tools/ladder.py` fits the ratings.
#
#     nice -n 10 sh tests/bench/ladder_matches.sh knights [ROUNDS]
#     nice -n 10 sh tests/bench/ladder_matches.sh rummy [ROUNDS]
#     nice -n 10 sh tests/bench/ladder_matches.sh mix [ROUNDS]
set -e
set=$1
rounds=${2:-40}
seed=3900
python=${PYTHON:-/work/main/.venv/bin/python}
case $set in
knights) pairs="knights:medium,easy:20 knights:hard,medium:6 knights:hard,easy:2
    knights:expert,medium:2 knights:expert,easy:2 knights:expert,hard:2" ;;
rummy) pairs="rummy:medium,easy:20 rummy:hard,medium:6 rummy:expert,hard:6 rummy:hard,easy:2
    rummy:expert,medium:2 rummy:expert,easy:2" ;;
mix) pairs="knights:mix0.5,easy:2 knights:mix0.5,medium:2 rummy:mix0.5,easy:2
    rummy:mix0.5,medium:2 knights:mix1.5,medium:2 knights:mix1.5,hard:2 rummy:mix1.5,medium:2
    rummy:mix1.5,hard:2 knights:mix2.5,hard:2 rummy:mix2.5,hard:2 knights:mix2.5,expert:2
    rummy:mix2.5,expert:2" ;;
*) echo "usage: $0 knights|rummy|mix [ROUNDS]" >&2; exit 2 ;;
esac
round=1
while [ "$round" -le "$rounds" ]; do
    for entry in $pairs; do
        game=${entry%%:*}
        rest=${entry#*:}
        players=${rest%%:*}
        step=${rest##*:}
        log="tests/bench/results/ladder/${game}_$(echo "$players" | tr , _)_${seed}.jsonl"
        "$python" tests/bench/resumable_match.py --game "$game" --players "$players" \
            --games $((round * step)) --seed $seed --workers 1 --log "$log" > /dev/null
    done
    round=$((round + 1))
done
