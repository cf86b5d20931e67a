#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Regenerates the screenshots of README.md, README.zh_CN.md and docs/classroom.md from the current
# build, at a real 1920x1080 screen (Xvfb; without Xvfb, Qt's offscreen platform at the same size).
#
#   docs/screenshots/make.sh [BUILD_DIR] [NAME_FILTER]
#       BUILD_DIR    the build folder holding app/reducescope (default: build)
#       NAME_FILTER  only the shots whose file name contains it (default: all)
#
# Adding a screenshot: add one line to SHOTS below, "FILE.png|reducescope options". The options are
# the app's command line (reducescope --help): --lesson, --strategy, --input, --step, --present,
# --theme, --lang, --tab, --results, --trace, --counters. Every shot reads no saved settings. Shots
# the command line cannot set up (the warp map tab, predict mode, a simulated deuteranopia) are
# written by tests/views/step/tst_classroom_views (REDUCESCOPE_SCREENSHOT_DIR) and are not listed here.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
build="${1:-build}"
filter="${2:-}"
[[ "$build" = /* ]] || build="$root/$build"
app="$build/app/reducescope"
[ -x "$app" ] || { echo "make.sh: $app not found: build the app first (ninja -C $build reducescope)" >&2; exit 2; }

lecture="docs/results/lecture/h200_1m_graph_hot.json"
ones1024="$(printf '1,%.0s' $(seq 1 1023))1"

# FILE.png|options   (one shot a line; '#' starts a comment)
SHOTS=$(cat <<EOF
# The step pane at desktop size: PMPP exercise 6, the third stride of simple.
step_simple_pmpp.png|--strategy simple --input 6,2,7,4,5,8,3,1 --step 3
# The kernel editor's Step through the CPU engine (reducescope-cli kernel trace): the student's file
# (docs/screenshots/my_convergent.cu), its trace in the step pane, at 1920x1080, en and zh_CN.
kernel_editor_step_1920x1080_en.png|--present --kernel $here/my_convergent.cu --tab step --input 6,2,7,4,5,8,3,1 --lang en
kernel_editor_step_1920x1080_zh_CN.png|--present --kernel $here/my_convergent.cu --tab step --input 6,2,7,4,5,8,3,1 --lang zh_CN
# A lesson with its note (Lessons menu), desktop size.
classroom_lesson.png|--lesson pmpp_exercise_6
# Presentation mode at 1920x1080: the divergence lesson, light and dark.
classroom_presentation_1920x1080.png|--lesson divergence_1024 --present
classroom_presentation_dark.png|--lesson divergence_1024 --present --theme dark
# A 32-way bank conflict: interleaved_strided on 2048 values, block 1024, stride 16 (step 6).
step_interleaved_strided_32way.png|--lesson bank_conflicts --step 6
# The race: 1024 ones, atomic-order seed 0 (the model's own order), the merge step.
step_race_1024.png|--strategy race --input $ones1024 --block-size 256 --step 2
# The benchmark pane on the lecture file (what a machine without a GPU opens).
bench_lecture_h200.png|--results $lecture --tab bench
# The same in Chinese.
zh_CN_lesson_divergence_present.png|--lang zh_CN --lesson divergence_1024 --present
zh_CN_step_convergent.png|--lang zh_CN --strategy convergent --input 6,2,7,4,5,8,3,1 --step 2
zh_CN_benchmark_lecture.png|--lang zh_CN --results $lecture --tab bench
en_step_convergent.png|--lang en --strategy convergent --input 6,2,7,4,5,8,3,1 --step 2
EOF
)

display_pid=""
cleanup() { [ -n "$display_pid" ] && kill "$display_pid" 2>/dev/null || true; }
trap cleanup EXIT
if command -v Xvfb >/dev/null 2>&1; then
    for n in $(seq 50 99); do
        [ -e "/tmp/.X$n-lock" ] && continue
        Xvfb ":$n" -screen 0 1920x1080x24 -nolisten tcp >/dev/null 2>&1 &
        display_pid=$!
        sleep 1
        if kill -0 "$display_pid" 2>/dev/null; then
            export DISPLAY=":$n"
            break
        fi
        display_pid=""
    done
fi
if [ -z "$display_pid" ]; then
    echo "make.sh: no Xvfb: using QT_QPA_PLATFORM=offscreen (its own screen size)" >&2
    export QT_QPA_PLATFORM=offscreen
else
    export QT_QPA_PLATFORM=xcb
fi
export LANG=C.UTF-8

cd "$root"
count=0
while IFS='|' read -r file options; do
    [ -z "$file" ] && continue
    [[ "$file" = \#* ]] && continue
    [ -n "$filter" ] && [[ "$file" != *"$filter"* ]] && continue
    # shellcheck disable=SC2086  # the options are words of a command line
    if "$app" $options --screenshot "$here/$file"; then
        echo "wrote docs/screenshots/$file"
        count=$((count + 1))
    else
        echo "make.sh: $file failed: reducescope $options" >&2
        exit 1
    fi
done <<< "$SHOTS"
echo "make.sh: $count screenshots from $app"
