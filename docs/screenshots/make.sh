#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The one script that regenerates the screenshots of README.md, README.zh_CN.md, docs/classroom.md
# (and the other docs' pictures) from the current build, on a real X screen of 1920x1080 (Xvfb;
# 1280x720 for the two small-projector shots), English and Chinese, light and dark, with one
# deuteranopia simulation. Every PNG is kept under 400 KB.
#
#   docs/screenshots/make.sh [BUILD_DIR] [NAME_FILTER]
#       BUILD_DIR    the build folder (default: build); it needs app/reducescope,
#                    kernels/cli/reducescope-cli, tests/app/step/tst_classroom_pane,
#                    tests/app/step/tst_presentation and tests/views/step/screenshot_png_tool:
#                    ninja -C build reducescope reducescope-cli tst_classroom_pane tst_presentation screenshot_png_tool
#       NAME_FILTER  only the shots whose file name contains it (default: all)
#   BACK_ROW=DIR docs/screenshots/make.sh   also writes each picture scaled to 25 % into DIR (what
#                    the back row of a lecture hall sees; not kept in the repository)
#
# Most shots are the app's own --screenshot (reducescope --help): one line "FILE.png|options" in
# SHOTS below, so adding one is adding a line; every shot reads no saved settings. What the command
# line cannot set up (the warp map tab, predict mode after a click, the kernel source unfolded) is
# written by the tests named at the end, with REDUCESCOPE_SCREENSHOT_DIR. The deuteranopia copy is
# Machado, Oliveira and Fernandes (2009), severity 1.0, on linear RGB (screenshot_png_tool).
# Needs Xvfb (Debian: xvfb; x11-utils' xdpyinfo to know when it is up) and python3 (to read a
# trace's step count).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
build="${1:-build}"
filter="${2:-}"
[[ "$build" = /* ]] || build="$root/$build"
app="$build/app/reducescope"
cli="$build/kernels/cli/reducescope-cli"
tool_exe="$build/tests/views/step/screenshot_png_tool"
tool() { QT_QPA_PLATFORM=offscreen "$tool_exe" "$@"; }
for exe in "$app" "$cli" "$tool_exe"; do
    [ -x "$exe" ] || { echo "make.sh: $exe not found: build it first (see the head of this script)" >&2; exit 2; }
done
command -v Xvfb >/dev/null || { echo "make.sh: needs Xvfb (apt-get install xvfb)" >&2; exit 2; }
max_bytes=400000
palette_bytes=150000

lecture="docs/results/lecture/h200_1m_graph_hot.json"
ones1024="$(printf '1,%.0s' $(seq 1 1023))1"
iota4096="$(seq -s, 1 4096)"
pmpp="6,2,7,4,5,8,3,1"

# The step count of a trace (the last step's number): reducescope-cli trace --json.
steps() { "$cli" trace "$@" --json | python3 -c 'import json, sys; print(len(json.load(sys.stdin)["steps"]))'; }
atomic_last="$(steps --strategy atomic_naive --input "$iota4096")"
shuffle_last="$(steps --strategy warp_shuffle --input "$iota4096")"
# The number of the first step whose label starts with PREFIX: step_of PREFIX TRACE_OPTIONS...
step_of() {
    local prefix="$1"
    shift
    "$cli" trace "$@" --json | python3 -c 'import json, sys
steps = json.load(sys.stdin)["steps"]
print(next(i + 1 for i, s in enumerate(steps) if s.get("label", "").startswith(sys.argv[1])))' "$prefix"
}
two_pass_warp_sums="$(step_of "warp partials" --strategy two_pass --input "$iota4096")"
two_pass_partials="$(step_of "write: thread 0 of each block" --strategy two_pass --input "$iota4096")"

# FILE.png|options   (one shot a line; '#' starts a comment; 720p: on the 1280x720 screen)
SHOTS=$(cat <<EOF
# 1. Fit to screen: the PMPP exercise in presentation mode (the first stride), en/zh_CN, light/dark,
#    and on a 1280x720 projector.
lecture_fit_en_light.png|--lesson pmpp_exercise_6 --present --lang en --theme light --step 2
lecture_fit_en_dark.png|--lesson pmpp_exercise_6 --present --lang en --theme dark --step 2
lecture_fit_zh_CN_light.png|--lesson pmpp_exercise_6 --present --lang zh_CN --theme light --step 2
lecture_fit_zh_CN_dark.png|--lesson pmpp_exercise_6 --present --lang zh_CN --theme dark --step 2
720p:lecture_fit_1280x720_en.png|--lesson pmpp_exercise_6 --present --lang en --theme light --step 2
720p:lecture_fit_1280x720_zh_CN.png|--lesson pmpp_exercise_6 --present --lang zh_CN --theme light --step 2
#    The last step of atomic_naive and warp_shuffle at 4096 values: result, atomics, one screen.
present_atomic_naive_4096_last_en.png|--strategy atomic_naive --input $iota4096 --present --lang en --theme light --step $atomic_last
present_atomic_naive_4096_last_zh_CN.png|--strategy atomic_naive --input $iota4096 --present --lang zh_CN --theme dark --step $atomic_last
present_warp_shuffle_4096_last_en.png|--strategy warp_shuffle --input $iota4096 --present --lang en --theme dark --step $shuffle_last
# 2. The overview at 1024 and 4096 values: warp boxes with their counts, the value strip and its scale.
classroom_presentation_1920x1080.png|--lesson divergence_1024 --present --lang en --theme light
classroom_presentation_dark.png|--lesson divergence_1024 --present --lang en --theme dark
zh_CN_lesson_divergence_present.png|--lesson divergence_1024 --present --lang zh_CN --theme light
overview_simple_4096_present_en.png|--strategy simple --input $iota4096 --present --lang en --theme light --step 2
overview_simple_4096_present_zh_CN.png|--strategy simple --input $iota4096 --present --lang zh_CN --theme dark --step 2
# 3. The bank strip with 32 banks: interleaved_strided on 2048 values, stride 16, a 32-way conflict.
step_interleaved_strided_32way.png|--lesson bank_conflicts --step 6 --lang en --theme light
bank_conflicts_32way_present_zh_CN.png|--lesson bank_conflicts --step 6 --present --lang zh_CN --theme light
# 4. Exact numbers: two_pass's partial sums (the second pass) and the Table tab.
#    (the 32 warp sums of block 0, seven-digit integers; the 4 per-block partials in the table)
two_pass_4096_warp_sums_present_en.png|--strategy two_pass --input $iota4096 --present --lang en --theme light --step $two_pass_warp_sums
two_pass_4096_partials_present_zh_CN.png|--strategy two_pass --input $iota4096 --present --lang zh_CN --theme light --step $two_pass_partials
two_pass_4096_table_en.png|--strategy two_pass --input $iota4096 --lang en --theme light --tab table --step $two_pass_partials
two_pass_4096_table_zh_CN.png|--strategy two_pass --input $iota4096 --lang zh_CN --theme dark --tab table --step $two_pass_partials
# 6. The race with two seeds of the atomic order (the merge step): another interleaving loses another count.
step_race_1024.png|--strategy race --input $ones1024 --block-size 256 --step 2 --lang en --theme light --atomic-order 0 --present
step_race_1024_seed7.png|--strategy race --input $ones1024 --block-size 256 --step 2 --lang en --theme light --atomic-order 7 --present
zh_CN_step_race_1024_seed7.png|--strategy race --input $ones1024 --block-size 256 --step 2 --lang zh_CN --theme dark --atomic-order 7 --present
# 8. The benchmark pane on the lecture file (what a machine without a GPU opens), en and zh_CN.
bench_lecture_h200.png|--results $lecture --tab bench --lang en --theme light
zh_CN_benchmark_lecture.png|--results $lecture --tab bench --lang zh_CN --theme light
bench_lecture_h200_present_dark.png|--results $lecture --tab bench --lang en --theme dark --present
# The README's other pictures: PMPP exercise 6 at desktop size, a lesson, convergent in both languages.
step_simple_pmpp.png|--strategy simple --input $pmpp --step 3 --lang en --theme light
classroom_lesson.png|--lesson pmpp_exercise_6 --lang en --theme light
en_step_convergent.png|--lang en --strategy convergent --input $pmpp --step 2 --theme light
zh_CN_step_convergent.png|--lang zh_CN --strategy convergent --input $pmpp --step 2 --theme light
step_recorded_shared.png|--trace docs/traces/h200-2026-11-29/trace_shared_seed_recorded.json --lang en --theme light
counters_model_vs_hardware.png|--strategy shared --counters docs/results/h200-2026-11-29/final-b0b23a5/bench_counters.json --lang en --theme light
step_self_reset_reset.png|--strategy self_reset --step 2 --lang en --theme light
# The kernel editor's Step (docs/kernel-editor.md): the student's file my_convergent.cu, en and zh_CN.
kernel_editor_step_1920x1080_en.png|--present --kernel $here/my_convergent.cu --tab step --input $pmpp --lang en
kernel_editor_step_1920x1080_zh_CN.png|--present --kernel $here/my_convergent.cu --tab step --input $pmpp --lang zh_CN
# The editor with a compile error underlined at its line (docs/kernel-editor.md).
kernel_editor_diagnostic_1920x1080.png|--present --kernel $root/tests/app/kernel/data/convergent_typo.cu --lang en --theme light
# An own kernel's note (docs/your-own-kernel.md, "Notes"): one value per thread at the default 2
# elements per thread, half the input never read; and at 1024 values the race across warps of a tree
# without its loop's barrier (the fault band), en and zh_CN.
own_unread_input_1920x1080_en.png|--present --kernel $here/one_value_each.cu --tab step --input $pmpp --lang en
own_unread_input_1920x1080_zh_CN.png|--present --kernel $here/one_value_each.cu --tab step --input $pmpp --lang zh_CN
own_race_across_warps_1024_en.png|--present --kernel $here/tree_without_loop_barrier.cu --tab step --input $ones1024 --step 2 --lang en
own_race_across_warps_1024_zh_CN.png|--present --kernel $here/tree_without_loop_barrier.cu --tab step --input $ones1024 --step 2 --lang zh_CN
EOF
)

displays=()
cleanup() { for pid in "${displays[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap cleanup EXIT
# Starts an X server of WxH on a free display number and sets $started to ":N" once it accepts
# clients (xdpyinfo gets an answer; a loaded machine takes seconds).
start_x() {
    local n pid i
    for n in $(seq 50 99); do
        [ -e "/tmp/.X$n-lock" ] && continue
        Xvfb ":$n" -screen 0 "$1x24" -nolisten tcp -noreset >/dev/null 2>&1 &
        pid=$!
        for i in $(seq 1 60); do
            if [ -S "/tmp/.X11-unix/X$n" ]; then
                # The socket comes before the server answers: ask it (xdpyinfo), else wait.
                if command -v xdpyinfo >/dev/null; then
                    xdpyinfo -display ":$n" >/dev/null 2>&1 && break
                else
                    sleep 3 && break
                fi
            fi
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.5
        done
        if kill -0 "$pid" 2>/dev/null && [ -S "/tmp/.X11-unix/X$n" ]; then
            displays+=("$pid")
            started=":$n"
            return
        fi
    done
    echo "make.sh: no Xvfb display could be started" >&2
    exit 1
}
start_x 1920x1080
big="$started"
start_x 1280x720
small="$started"
export QT_QPA_PLATFORM=xcb LANG=C.UTF-8 QT_SCALE_FACTOR=1 QT_FONT_DPI=96

cd "$root"
count=0
written=()
want() { [ -z "$filter" ] || [[ "$1" == *"$filter"* ]]; }
finish() {  # FILE: under the size limit, listed
    # A 256-colour palette for every picture over palette_bytes (the total stays near 8 MB); none
    # may stay over max_bytes.
    tool shrink "$here/$1" "$palette_bytes" >/dev/null || true
    [ "$(stat -c %s "$here/$1")" -le "$max_bytes" ] || { echo "make.sh: $1 stays over $max_bytes bytes" >&2; exit 1; }
    written+=("$1")
    count=$((count + 1))
    echo "wrote docs/screenshots/$1 ($(stat -c %s "$here/$1") bytes)"
}
while IFS='|' read -r file options; do
    [ -z "$file" ] && continue
    [[ "$file" = \#* ]] && continue
    display="$big"
    if [[ "$file" = 720p:* ]]; then
        file="${file#720p:}"
        display="$small"
    fi
    want "$file" || continue
    # shellcheck disable=SC2086  # the options are words of a command line
    if DISPLAY="$display" "$app" $options --screenshot "$here/$file"; then
        finish "$file"
    else
        echo "make.sh: $file failed: reducescope $options" >&2
        exit 1
    fi
done <<< "$SHOTS"

# What the command line cannot set up, from the tests (each writes into a folder of its own; the
# pictures the docs use are taken from there):
#   tst_classroom_pane screenshots: the warp map (light, dark), predict mode at 1024 values
#   (question and revealed), at 1920x1080 in presentation mode;
#   tst_presentation screenshots: the kernel source unfolded in presentation mode (no probe calls,
#   the file's line numbers) and the sidebar shown, en and zh_CN.
tests_out="$(mktemp -d)"
written_dir="$tests_out"
trap 'cleanup; rm -rf "$written_dir"' EXIT
from_test() {  # BINARY SLOT FILE...
    local binary="$1" slot="$2"
    shift 2
    local any=0 f
    for f in "$@"; do want "$f" && any=1; done
    [ "$any" = 1 ] || return 0
    mkdir -p "$tests_out/$slot"
    DISPLAY="$big" REDUCESCOPE_SCREENSHOT_DIR="$tests_out/$slot" "$build/$binary" screenshots >/dev/null
    for f in "$@"; do
        want "$f" || continue
        cp "$tests_out/$slot/$f" "$here/$f"
        finish "$f"
    done
}
from_test tests/app/step/tst_classroom_pane pane \
    classroom_warp_map.png classroom_warp_map_dark.png classroom_predict_question.png classroom_predict_revealed.png
from_test tests/app/step/tst_presentation presentation \
    lecture_source_en.png lecture_source_zh_CN.png lecture_sidebar_en.png lecture_sidebar_zh_CN.png

# One deuteranopia simulation: the dark warp map (divergent orange against active blue) and the
# dark fit picture, as a deuteranope sees them.
for pair in classroom_warp_map_dark.png:classroom_warp_map_deuteranopia.png \
            lecture_fit_en_dark.png:lecture_fit_en_dark_deuteranopia.png; do
    in="${pair%%:*}" out="${pair##*:}"
    want "$out" || continue
    tool deuteranopia "$here/$in" "$here/$out"
    finish "$out"
done

if [ -n "${BACK_ROW:-}" ]; then
    mkdir -p "$BACK_ROW"
    for f in "${written[@]}"; do
        tool scale "$here/$f" "$BACK_ROW/${f%.png}_25.png" 25
    done
    echo "make.sh: the 25 % views are in $BACK_ROW"
fi
echo "make.sh: $count screenshots from $app ($(du -ch "${written[@]/#/$here/}" 2>/dev/null | tail -1 | cut -f1) in all)"
