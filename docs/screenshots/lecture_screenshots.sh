#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The lecture-hall screenshots of issue 24 (docs/classroom.md): presentation mode under a bare X
# server at 1920x1080 (and 1280x720), English and Chinese, light and dark, one deuteranopia
# simulation, and tst_presentation's own (kernel source unfolded, sidebar shown).
# Usage: docs/screenshots/lecture_screenshots.sh [BUILD_DIR]   (needs Xvfb and python3-pil;
# PYTHON=/usr/bin/python3 where the python3 on PATH has no PIL)
set -eu
build=${1:-build}
out=$(dirname "$0")
app="$build/app/reducescope"
Xvfb :91 -screen 0 1920x1080x24 >/dev/null 2>&1 & big=$!
Xvfb :92 -screen 0 1280x720x24 >/dev/null 2>&1 & small=$!
trap 'kill $big $small' EXIT
sleep 2
for lang in en zh_CN; do
  for theme in light dark; do
    DISPLAY=:91 "$app" --lesson pmpp_exercise_6 --present --lang $lang --theme $theme --step 2 \
      --screenshot "$out/lecture_fit_${lang}_${theme}.png"
  done
  DISPLAY=:92 "$app" --lesson pmpp_exercise_6 --present --lang $lang --theme light --step 2 \
    --screenshot "$out/lecture_fit_1280x720_${lang}.png"
done
REDUCESCOPE_SCREENSHOT_DIR="$out" "$build/tests/app/step/tst_presentation" screenshots >/dev/null
# How a deuteranope sees the dark picture: Machado, Oliveira and Fernandes (2009), severity 1,
# applied to the sRGB values (an approximation: the paper's matrix is for linear RGB).
"${PYTHON:-python3}" - "$out/lecture_fit_en_dark.png" "$out/lecture_fit_en_dark_deuteranopia.png" <<'PY'
import sys
from PIL import Image
m = (0.367322, 0.860646, -0.227968, 0,
     0.280085, 0.672501, 0.047413, 0,
     -0.011820, 0.042940, 0.968881, 0)
Image.open(sys.argv[1]).convert("RGB").convert("RGB", m).save(sys.argv[2])
PY
