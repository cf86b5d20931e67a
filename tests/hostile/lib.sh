# SPDX-License-Identifier: GPL-3.0-or-later
# The case runner of the hostile passes, sourced by tests/hostile/run.sh and new_features.sh as
#   . "$(dirname "$0")/lib.sh" "$@"
# It reads the script's arguments ([-v] [BUILD_DIR], default build), finds the CLI and the app there
# (exit 2 naming the script when either is not built), makes the scratch folder $S (removed on exit)
# and sets the app offscreen. Then:
#   check NAME CODES MENTION [STDIN] -- COMMAND...   CODES: "2" or "0|77"; MENTION: text the one
#       stderr line holds ("" = no check; "-" = stderr empty; "@FILE" = FILE exists afterwards);
#       STDIN: a file for the command's stdin (default /dev/null)
#   cli / app NAME CODES MENTION ARGS...   check on reducescope-cli / reducescope with ARGS
#   base_verdict CODE CODES   crash, hang, wrong, or "" (the exit code is one expected)
#   tally VERDICT NAME CODE EXPECTED   counts the case (right/crash/hang/wrong/unclear); -v prints it
#   totals LABEL   the failures, one a line, then "LABEL: N cases: ..."; true when every case is right
# A case runs under `timeout -s KILL $limit` (20 s; a script may change limit between cases).
set -u
verbose=0
[ "${1:-}" = -v ] && { verbose=1; shift; }
BUILD=$(cd "${1:-build}" && pwd)
CLI="$BUILD/kernels/cli/reducescope-cli"
APP="$BUILD/app/reducescope"
[ -x "$CLI" ] && [ -x "$APP" ] || { echo "$(basename "$0"): build reducescope and reducescope-cli in $BUILD first" >&2; exit 2; }
S=$(mktemp -d)
trap 'chmod -R u+rwx "$S" 2>/dev/null; rm -rf "$S"' EXIT
export QT_QPA_PLATFORM=offscreen
unset WAYLAND_DISPLAY XDG_SESSION_TYPE
right=0 crash=0 hang=0 wrong=0 unclear=0
declare -a failures=()
limit=20

tally() {  # tally VERDICT NAME CODE EXPECTED
    case $1 in
        right) right=$((right + 1)) ;;
        crash) crash=$((crash + 1)) ;;
        hang) hang=$((hang + 1)) ;;
        wrong) wrong=$((wrong + 1)) ;;
        unclear) unclear=$((unclear + 1)) ;;
    esac
    [ "$1" != right ] && failures+=("$1: $2 (exit $3, expected $4): $(head -c 300 "$S/.err" | tr '\n' '|')")
    [ $verbose = 1 ] && printf '%-8s %s\n' "$1" "$2"
    return 0
}

# The verdict every case starts from: crash (a sanitizer report, an uncaught exception, a signal),
# hang (killed by the time limit), wrong (an exit code not in CODES), or "" (an expected exit code).
base_verdict() {  # base_verdict CODE CODES
    if grep -q -e 'AddressSanitizer' -e 'runtime error:' -e 'LeakSanitizer' -e 'terminate called' "$S/.err"; then
        echo crash
    elif [ "$1" -eq 137 ] || [ "$1" -eq 124 ]; then
        echo hang
    elif [ "$1" -ge 128 ]; then
        echo crash
    elif ! printf '%s\n' "$2" | tr '|' '\n' | grep -qx "$1"; then
        echo wrong
    fi
}

check() {  # check NAME CODES MENTION [STDIN] -- COMMAND...
    local name=$1 codes=$2 mention=$3 in=/dev/null
    shift 3
    [ "$1" != -- ] && { in=$1; shift; }
    shift
    timeout -s KILL $limit "$@" >"$S/.out" 2>"$S/.err" <"$in"
    local code=$? verdict
    verdict=$(base_verdict $code "$codes")
    if [ -z "$verdict" ]; then
        local lines
        lines=$(grep -c '' "$S/.err")
        if [ "$mention" = - ]; then
            [ -s "$S/.err" ] && verdict=unclear || verdict=right
        elif [ "${mention#@}" != "$mention" ]; then
            [ -e "${mention#@}" ] && verdict=right || verdict=wrong
        elif [ -n "$mention" ] && { [ "$lines" -ne 1 ] || ! grep -qF -- "$mention" "$S/.err"; }; then
            verdict=unclear
        else
            verdict=right
        fi
    fi
    tally "$verdict" "$name" $code "$codes"
}
cli() { check "$1" "$2" "$3" -- "$CLI" "${@:4}"; }
app() { check "$1" "$2" "$3" -- "$APP" "${@:4}"; }

write_kernels() {  # write_kernels DIR: DIR/simple.cu, PMPP's simple kernel, the base of many sources
    mkdir -p "$1"
    cat >"$1/simple.cu" <<'EOF'
__global__ void simple(float* input, float* output)
{
    float* segment = input + 2 * blockDim.x * blockIdx.x;
    const unsigned int i = 2 * threadIdx.x;
    for (unsigned int stride = 1; stride <= blockDim.x; stride *= 2) {
        if (threadIdx.x % stride == 0)
            segment[i] += segment[i + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        if (gridDim.x == 1)
            *output = segment[0];
        else
            atomicAdd(output, segment[0]);
    }
}
EOF
}

totals() {  # totals LABEL
    local total=$((right + crash + hang + wrong + unclear)) f
    for f in "${failures[@]}"; do echo "$f"; done
    echo "$1: $total cases: $right right, $crash crash, $hang hang, $wrong wrong, $unclear unclear"
    [ $total -eq $right ]
}
