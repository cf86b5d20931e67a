#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A hostile pass over the CLI's and the app's arguments, their file readers and their output
# (issue 28), as a careful tester would try them by hand. Each case says what a right answer is
# (an exit code, and for a refusal the word its one line must name, or a file that must appear);
# the case is then one of
#   right    the expected exit code, one line on stderr naming what it must name (or the file made)
#   crash    killed by a signal (abort, segfault, SIGXFSZ) or a sanitizer report
#   hang     still running after the time limit (20 s)
#   wrong    another exit code: accepted what it should refuse, refused what it should accept
#   unclear  the right exit code, but not one line, or the line does not name the field
# and the totals are printed at the end. The lead extends it (the kernel engine, the GPU host).
#
#   tests/hostile/run.sh [BUILD_DIR]     # default: build; -v prints every case
# Exit status: 0 when every case is right, 1 otherwise. Needs sh, python3, timeout; no GPU (a
# bench that would run stops at the device, exit 77, which the cases expect where arguments are valid).
set -u
SRC=$(cd "$(dirname "$0")/../.." && pwd)
# check NAME CODES MENTION -- COMMAND..., cli, app, the counts and totals: lib.sh.
. "$(dirname "$0")/lib.sh" "$@"

# ---- reducescope-cli: every numeric option of bench, hostile values ------------------------------
# A valid bench (no GPU here) exits 77 at the device; every refusal is 2 naming the option.
for opt in --reps --warmup --batches --min-samples --repeat --device --seed --gpus; do
    for v in -1 '' ' 5' '5 ' 0x10 1e3 99999999999999999999999 '٣' 'nan' '5;rm'; do
        cli "bench $opt '$v'" 2 "$opt" bench --strategies simple "$opt" "$v"
    done
done
for opt in --min-time --max-noise --timeout; do
    for v in -1 1e400 inf nan '' '1e' '+1' '0x1p3' '5 s' '1,5'; do
        cli "bench $opt '$v'" 2 "$opt" bench --strategies simple "$opt" "$v"
    done
    if [ $opt = --timeout ]; then  # 0 s, below the least timeout 0.001 s
        cli "bench $opt 1e-400 (0, below 0.001)" 2 "$opt must be a number in 0.001..3600 s (got 1e-400)" bench --n 1024 --strategies simple "$opt" 1e-400
    else                           # 0, inside the range, as compare --noise-factor reads it
        cli "bench $opt 1e-400 (0, inside 0..)" '0|77' '' bench --n 1024 --strategies simple "$opt" 1e-400
    fi
done
for v in 0 -1 2^40 1T 1.5K '' 1K..0 4K..1K 1K..1K..2K 1,1 'x'; do
    cli "bench --n/--sweep-n '$v'" 2 "--" bench --strategies simple --sweep-n "$v"
done
cli "bench --n 1K --sweep-n 1K..4K" 2 "--n and --sweep-n cannot be combined" bench --n 1K --sweep-n 1K..4K
cli "bench --sweep-n 1K,2K --n 2K" 2 "--n and --sweep-n cannot be combined" bench --sweep-n 1K,2K --n 2K
for v in 0 3 48 2048 '' 64,64 '32,' ; do
    cli "bench --block-size '$v'" 2 "--block-size" bench --block-size "$v"
    cli "bench --coarse-factor '$v'" 2 "--coarse-factor" bench --coarse-factor "$v"
done
cli "bench --mode turbo" 2 "--mode" bench --mode turbo
cli "bench --cache warm" 2 "--cache" bench --cache warm
cli "bench --strategies bogus" 2 "--strategies" bench --strategies bogus
cli "bench --strategies ''" 2 "--strategies" bench --strategies ''
cli "bench --reps with --min-time" 2 "--reps fixes the number of samples" bench --reps 5 --min-time 1
cli "bench --counters with --gpus" 2 "--counters cannot be combined" bench --counters --gpus 2
cli "bench --repeat with --gpus" 2 "--repeat cannot be combined" bench --repeat 2 --gpus 2
cli "bench --json a directory" 2 "a directory" bench --json /
cli "bench --json /dev/null" 2 "a device" bench --json /dev/null
check "bench --json dangling link" 2 "dangling" -- sh -c "ln -sf '$S/nowhere' '$S/dl.json' && exec '$CLI' bench --json '$S/dl.json'"
cli "bench --json missing folder" 2 "no such directory" bench --json "$S/no/such/x.json"
cli "bench --json= empty" 2 "--json" bench --json=
cli "bench --table=yes" 2 "a flag" bench --table=yes
cli "bench, valid (no GPU: 77)" '0|77' '' bench --n 1024 --strategies simple --reps 1 --warmup 0

# ---- reducescope-cli: trace and list -------------------------------------------------------------
for v in '' nan,, '1,,2' '1e40' 'inf,-inf' "$(printf '\xff')" "$(seq -s, 1 4097)" '1 2 x' '0x10'; do
    cli "trace --input '${v:0:20}'" '0|2' '' trace --strategy simple --input "$v"
done
for opt in --block-size --warp-size --coarse-factor --banks; do
    for v in 0 $([ $opt = --coarse-factor ] || echo 3) -4 65536 '' x; do  # a coarse factor is any of 1..64 in the model
        cli "trace $opt '$v'" 2 "${opt#--} must be" trace --strategy simple --input 1,2,3,4 "$opt" "$v"
    done
done
cli "trace --strategy bogus" 2 "strategy must be one of" trace --strategy bogus --input 1,2
cli "trace --strategy cub (no model)" 2 "has no step model" trace --strategy cub --input 1,2
cli "trace --atomic-order bogus" 2 "atomic-order must be" trace --strategy atomic_naive --input 1,2 --atomic-order bogus
cli "list --with bogus" 2 "--with" list --ids --with bogus
cli "list --json --ids" '0|2' '' list --json --ids
cli "--version extra" 2 "--version takes no other arguments" --version extra
cli "--version" 0 - --version
cli "unknown subcommand" 2 "unknown subcommand" frobnicate
check "list >/dev/full" 74 "cannot write stdout: No space left on device" -- sh -c "exec '$CLI' list >/dev/full"
check "list, stdout closed" 74 "cannot write stdout: Bad file descriptor" -- sh -c "exec '$CLI' list >&-"
check "list --json, ulimit -f 1" 74 "cannot write stdout: File too large" -- sh -c "ulimit -f 1; exec '$CLI' list --json >'$S/big.txt'"
check "trace --json, ulimit -f 1" 74 "File too large" -- sh -c "ulimit -f 1; exec '$CLI' trace --strategy shared --input 1,2,3,4,5,6,7,8 --json >'$S/big2.txt'"

# ---- results files: the reader's refusals, through compare and the app ---------------------------
FIX="$SRC/tests/app/bench/data/fixture_1m.json"
mk() {  # mk NAME PYTHON-EDIT: a copy of the fixture with results r and file j edited
    python3 - "$FIX" "$S/$1" "$2" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
r = j["results"]
exec(sys.argv[3])
open(sys.argv[2], "w").write(json.dumps(j))
PY
}
mk far.json 'r[0]["result"]=1e30; r[0]["abs_error"]=1e30'
mk abserr.json 'r[0]["abs_error"]=7.0'
mk wrongbw.json 'r[7]["bandwidth_gbs"]=4194304/(0.0103*1e6)'
mk wrongsp.json 'r[7]["speedup_vs_cpu"]=3.0'
mk ceilnull.json 'j["ceilings"]=None
for x in r: x["ceiling_read_gbs"]=None'
mk ceilnull2.json 'j["ceilings"]=None'
mk pctceil.json 'r[4]["pct_ceiling"]=77.0'
mk pctpeak.json 'r[4]["pct_peak"]=77.0'
mk spcpu.json 'r[4]["speedup_vs_cpu"]=1000.0'
mk spcub.json 'r[4]["speedup_vs_cub"]=1000.0'
mk okafter.json 'r[2]["checked_after_timing"]=True; r[2]["result_after_timing"]=0.0'
mk wrongok.json 'r[7]["result"]=524288.0; r[7]["abs_error"]=0.0'
mk bwoff.json 'r[4]["bandwidth_gbs"]=5000.0'
mk nneg.json 'r[4]["n"]=-1'
mk dup.json 'r.append(dict(r[0]))'
mk timeorder.json 'r[0]["time_ms"]={"median":1,"min":2,"max":3}'
mk status.json 'r[0]["status"]="fine"'
mk noschema.json 'del j["schema"]'
mk v3.json 'j["version"]=3'   # version 2 is current (results format 2); 3 is from the future
mk nan.json 'r[0]["result"]=float("nan")'
{ printf '{"schema":"reducescope-results","version":1,"x":'; printf '[%.0s' $(seq 300); printf ']%.0s' $(seq 300); printf '}'; } >"$S/deep.json"
mk okwithin.json 'r[7]["result"]=524288.5; r[7]["abs_error"]=0.5; r[7]["message"]="the output still holds the poison: the kernel did not write it"'
printf '\xef\xbb\xbf' | cat - "$FIX" >"$S/bom.json"
printf ' \xef\xbb\xbf' | cat - "$FIX" >"$S/bom2.json"
: >"$S/empty.json"
printf '{"schema": ' >"$S/cut.json"
mkfifo "$S/fifo.json"
for f in far:results[0].status abserr:results[0].abs_error wrongbw:results[7].bandwidth_gbs wrongsp:results[7].speedup_vs_cpu \
         ceilnull:results[0].pct_ceiling ceilnull2:results[0].ceiling_read_gbs pctceil:results[4].pct_ceiling \
         pctpeak:results[4].pct_peak spcpu:results[4].speedup_vs_cpu spcub:results[4].speedup_vs_cub \
         okafter:results[2].status wrongok:results[7].status bwoff:results[4].bandwidth_gbs nneg:results[4].n \
         dup:results[13] timeorder:results[0].time_ms status:results[0].status noschema:schema v3:version \
         nan:"not JSON" deep:"nested deeper" bom2:"not JSON" empty:"not JSON" cut:"not JSON"; do
    file=${f%%:*} field=${f#*:}
    cli "compare $file.json" 2 "$field" compare "$S/$file.json" "$FIX"
    app "app --results $file.json" 2 "$field" --results "$S/$file.json" --screenshot "$S/r.png"
done
cli "compare bom.json (accepted)" 0 '' compare "$S/bom.json" "$FIX"
app "app --results bom.json (accepted)" 0 - --results "$S/bom.json" --screenshot "$S/bom.png"
cli "compare okwithin.json (another reason: accepted)" 0 '' compare "$S/okwithin.json" "$FIX"
cli "compare a FIFO" 2 "not a regular file" compare "$S/fifo.json" "$FIX"
cli "compare /dev/zero" 2 "not a regular file" compare /dev/zero "$FIX"
cli "compare a directory" 2 "not a regular file" compare "$S" "$FIX"
cli "compare /proc/self/mem (EIO)" 2 "cannot read (Input/output error)" compare /proc/self/mem "$FIX"
cli "compare missing" 2 "cannot open (No such file or directory" compare "$S/none.json" "$FIX"
cli "compare --noise-factor 1e-400" 0 '' compare --noise-factor 1e-400 "$FIX" "$FIX"
cli "compare --noise-factor -1" 2 "--noise-factor" compare --noise-factor -1 "$FIX" "$FIX"
# Every shipped results file loads.
while IFS= read -r f; do
    cli "compare shipped ${f#$SRC/}" 0 '' compare "$f" "$f"
done < <(grep -rl '"reducescope-results"' "$SRC/docs" "$SRC/tests/app" --include='*.json')

# ---- the app: arguments, traces, counters, output, display, names ---------------------------------
for v in 0 -1 20001 abc 1.5 ''; do
    app "app --step '$v'" 2 "step" --strategy simple --step "$v" --screenshot "$S/s.png"
done
app "app --step past the trace" 2 "step must be in 1.." --strategy simple --step 99 --screenshot "$S/s.png"
app "app --block-size 3" 2 "block-size" --block-size 3
app "app --strategy bogus" 2 "strategy must be one of" --strategy bogus
app "app --input ''" 2 "input" --input ''
app "app --lang xx" 2 "lang must be one of" --lang xx
app "app --theme neon" 2 "theme must be one of" --theme neon
app "app --tab nope" 2 "tab must be one of" --tab nope
app "app --lesson bogus" 2 "lesson must be one of" --lesson bogus
app "app --bogus" 2 "unknown option" --bogus
app "app positional" 2 "unexpected argument" extra
app "app --version extra" 2 "version takes no other arguments" --version extra
app "app --screenshot x.txt" 2 "ending in .png" --screenshot "$S/x.txt"
mkdir -p "$S/d.png"
app "app --screenshot onto a directory" 2 "a directory" --screenshot "$S/d.png"
app "app --screenshot into a missing folder" 74 "No such file or directory" --screenshot "$S/no/x.png"
check "app --screenshot, ulimit -f 8" 74 "File too large" -- sh -c "ulimit -f 8; exec '$APP' --screenshot '$S/u.png'"
check "app --help >/dev/full" 74 "cannot write stdout" -- sh -c "exec '$APP' --help >/dev/full"
"$CLI" trace --strategy shared --input 6,2,7,4,5,8,3,1 --json >"$S/t.json"
python3 - "$S/t.json" "$S/t1.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); d["steps"][0]["values"] = d["steps"][0]["values"][:1]
open(sys.argv[2], "w").write(json.dumps(d))
PY
printf '\xef\xbb\xbf' | cat - "$S/t.json" >"$S/tbom.json"
app "app --trace, values 1 entry of 4" 2 "steps[0].values must hold" --trace "$S/t1.json" --screenshot "$S/s.png"
app "app --trace with a BOM (accepted)" 0 - --trace "$S/tbom.json" --screenshot "$S/s.png"
app "app --trace /dev/zero" 2 "not a regular file" --trace /dev/zero --screenshot "$S/s.png"
app "app --trace empty" 2 "empty" --trace "$S/empty.json" --screenshot "$S/s.png"
app "app --trace a results file" 2 "trace" --trace "$FIX" --screenshot "$S/s.png"
python3 - "$SRC/tests/app/step/data/counters_h200_1024.json" "$S/cmiss.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); del d["counters"]["kernels"][0]["hardware"]["smsp__sass_branch_targets_threads_divergent.sum"]
open(sys.argv[2], "w").write(json.dumps(d))
PY
app "app --counters, ok lacking a metric" 2 "lacks smsp__sass_branch_targets_threads_divergent.sum" --counters "$S/cmiss.json" --screenshot "$S/s.png"
app "app --counters, shipped" 0 - --counters "$SRC/tests/app/step/data/counters_h200_1024.json" --screenshot "$S/s.png"
check "app, stale DISPLAY, screenshot" 0 "rendered offscreen" -- env -u QT_QPA_PLATFORM DISPLAY=:97 "$APP" --screenshot "$S/d1.png"
check "app, stale DISPLAY, window" 1 "cannot open a window: DISPLAY=:97" -- env -u QT_QPA_PLATFORM DISPLAY=:97 "$APP"
check "app, DISPLAY localhost:58 (ssh)" 1 "TCP port 6058" -- env -u QT_QPA_PLATFORM DISPLAY=localhost:58.0 "$APP"
check "app, DISPLAY garbage" 1 "not of the form" -- env -u QT_QPA_PLATFORM DISPLAY=garbage "$APP"
check "app, no display at all" 1 "" -- env -u QT_QPA_PLATFORM -u DISPLAY "$APP"
check "app, QT_QPA_PLATFORM=bogus, screenshot" 2 "QT_QPA_PLATFORM must name a Qt platform plugin" -- env QT_QPA_PLATFORM=bogus "$APP" --screenshot "$S/b.png"
check "app, QT_QPA_PLATFORM=bogus, window" 2 "QT_QPA_PLATFORM must name" -- env QT_QPA_PLATFORM=bogus "$APP"
check "app, QT_QPA_PLATFORM=bogus;offscreen" 0 - -- env QT_QPA_PLATFORM='bogus;offscreen' "$APP" --screenshot "$S/b2.png"
check "app, QT_SCALE_FACTOR=1000" 2 "QT_SCALE_FACTOR must be a number in 0.1..10" -- env QT_SCALE_FACTOR=1000 "$APP" --screenshot "$S/q.png"
check "app, QT_SCALE_FACTOR=0.001" 2 "QT_SCALE_FACTOR" -- env QT_SCALE_FACTOR=0.001 "$APP" --screenshot "$S/q.png"
check "app, QT_SCREEN_SCALE_FACTORS=1000" 2 "QT_SCREEN_SCALE_FACTORS" -- env QT_SCREEN_SCALE_FACTORS=1000 "$APP" --screenshot "$S/q.png"
check "app, QT_FONT_DPI=1e6" 2 "QT_FONT_DPI" -- env QT_FONT_DPI=1000000 "$APP" --screenshot "$S/q.png"
check "app, QT_SCALE_FACTOR=2 (accepted)" 0 - -- env QT_SCALE_FACTOR=2 "$APP" --screenshot "$S/q2.png"
cp "$S/t.json" "$S/$(printf 't\351.json')"
for loc in C C.UTF-8; do
    check "app, non-UTF-8 names, LC_ALL=$loc" 0 "@$S/$(printf '\377\376')x.png" -- env LC_ALL=$loc \
        "$APP" --trace "$S/$(printf 't\351.json')" --screenshot "$S/$(printf '\377\376')x.png"
    rm -f "$S/$(printf '\377\376')x.png"
    check "app, missing non-UTF-8 name, LC_ALL=$loc" 2 't\xe9\xe9.json: cannot open' -- env LC_ALL=$loc \
        "$APP" --trace "$S/$(printf 't\351\351.json')" --screenshot "$S/s.png"
    check "cli compare, non-UTF-8 name, LC_ALL=$loc" 0 '' -- env LC_ALL=$loc sh -c "cp '$FIX' '$S/$(printf 'r\351.json')' && exec '$CLI' compare '$S/$(printf 'r\351.json')' '$FIX'"
done
for f in docs/results/h200-2026-11-29/bench_1m_graph_hot.json docs/results/h200-2026-11-29/goal_1m_loop.json \
         docs/results/h200-2026-12-01/heatmap/heatmap_1m_graph_hot.json docs/results/h200x2-2026-11-29-multi-gpu/multi_gpu_h200x2.json; do
    app "app --results ${f##*/}: no layout lines" 0 - --results "$SRC/$f" --screenshot "$S/l.png"
done
if mkdir -p "$S/full" && mount -t tmpfs -o size=64k tmpfs "$S/full" 2>/dev/null; then
    app "app --screenshot on a full disk" 74 "No space left on device" --screenshot "$S/full/x.png"
    umount "$S/full"
fi

totals "hostile pass"
