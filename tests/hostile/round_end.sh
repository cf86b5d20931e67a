#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The third hostile pass of issue 28, over what landed after tests/hostile/new_features.sh: the
# engine's float4 values, REDUCESCOPE_WARP_SIZE and register load steps; `kernel bench` (its local
# option checks, NVRTC's loading and compilation without a GPU); `trace --on-gpu`'s local checks;
# `--gpu-host`'s local checks and a hostile host (a stand-in ssh, $REDUCESCOPE_SSH, that runs this
# build's remote-serve or says what a broken host says); the app's kernel editor on hostile files,
# the exercises, and the benchmark pane's results folder with broken files beside good ones. Same
# verdicts and format as tests/hostile/run.sh, plus: every stderr line must be valid UTF-8 with no
# raw control byte (an echoed value or source line is escaped), else the case is unclear.
#
#   tests/hostile/round_end.sh [-v] [BUILD_DIR]     # default: build
# Exit status: 0 when every case is right, 1 otherwise. Needs bash, python3, timeout, mkfifo.
# The GUI-only fields (the kernel pane's fields, predict mode's answer, the sidebar's spin boxes,
# saved settings with garbage values) are Qt Test rows: tst_hostile_fields.
set -u
. "$(dirname "$0")/lib.sh" "$@"

# stderr is valid UTF-8 and holds no control byte but the newline (ESC, CR, NUL, ...).
clean_stderr() {
    python3 - "$S/.err" <<'EOF'
import sys
d = open(sys.argv[1], 'rb').read()
try:
    d.decode('utf-8')
except UnicodeDecodeError:
    sys.exit(1)
sys.exit(1 if any(b < 0x20 and b != 0x0a or b == 0x7f for b in d) else 0)
EOF
}

# check8 NAME CODES MENTION [STDIN] -- COMMAND...: lib.sh's check, then clean_stderr.
check8() {
    local before=$right
    check "$@"
    if [ $right -gt $before ] && ! clean_stderr; then
        right=$((right - 1))
        tally unclear "$1 (stderr not clean UTF-8)" "?" "$2"
    fi
}
cli8() { check8 "$1" "$2" "$3" -- "$CLI" "${@:4}"; }
app8() { check8 "$1" "$2" "$3" -- "$APP" "${@:4}"; }

# src NAME CODES WANT FILE [trace ARGS... | json]: as new_features.sh's (every stderr line placed
# FILE:L:C: SEVERITY: or reducescope-cli: ...; err: an error at a line > 0; grep:TEXT), plus clean.
src() {
    local name=$1 codes=$2 want=$3 file=$4
    shift 4
    local cmd=(check --source "$file")
    [ "${1:-}" = trace ] && { shift; cmd=(trace --source "$file" "$@"); set --; }
    [ "${1:-}" = bench ] && { shift; cmd=(bench --source "$file" "$@"); set --; }
    [ "${1:-}" = json ] && cmd+=(--json)
    timeout -s KILL $limit "$CLI" kernel "${cmd[@]}" >"$S/.out" 2>"$S/.err" </dev/null
    local code=$? verdict
    verdict=$(base_verdict $code "$codes")
    if [ -z "$verdict" ]; then
        local placed='^(reducescope-cli: |'"$(printf '%s' "$file" | sed 's/[][\.*^$/]/\\&/g')"':[0-9]+:[0-9]+: (error|warning|note|fault): )'
        verdict=right
        grep -vEq "$placed" "$S/.err" && [ "${want#grep:}" = "$want" ] && verdict=unclear
        case $want in
            err) grep -Eq ':[1-9][0-9]*:[0-9]+: error: ' "$S/.err" || verdict=unclear ;;
            grep:*) grep -qF -- "${want#grep:}" "$S/.err" || verdict=unclear ;;
        esac
        clean_stderr || verdict=unclear
    fi
    tally "$verdict" "$name" $code "$codes"
}

K="$S/k"
write_kernels "$K"
kbody() {  # kbody NAME BODY [PRELUDE]: a kernel in the input_output signature
    printf '%s\n__global__ void k(const float* input, float* output, unsigned n)\n{\n%s\n}\n' "${3:-}" "$2" >"$K/$1.cu"
}
V='1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16'
V64=$(seq -s, 1 64)

# ---- kernel bench: every option with hostile values, refused before anything compiles ----------
B=(kernel bench --source "$K/simple.cu")
for v in '' 0 3 2048 -1 ' 64' 0x40 +64 1e2 nan 99999999999999999999 '٦٤' 64,64; do
    cli8 "kernel bench --block-size '$v'" 2 "block-size" "${B[@]}" --block-size "$v"
done
for v in '' 0 65536 -1 1.5 0x10 x 99999999999999999999 ' 1'; do
    cli8 "kernel bench --grid '$v'" 2 "grid" "${B[@]}" --grid "$v"
done
for v in '' 0 -1 1Q 2147483649 3G nan x '1 K' 0x10 1e400; do
    cli8 "kernel bench --n '$v'" 2 "--n" "${B[@]}" --n "$v"
done
# A size is read as bench --n reads it: spaces and newlines around it trimmed (sweep lists "1K, 4K").
cli8 "kernel bench --n '1K\n' (trimmed, as bench --n)" 77 "no CUDA driver" "${B[@]}" --n $'1K\n'
cli8 "kernel bench --n ' 1K ' (trimmed, as bench --n)" 77 "no CUDA driver" "${B[@]}" --n ' 1K ' 
for v in '' 0 100001 -1 1.5 x 1e3; do
    cli8 "kernel bench --reps '$v'" 2 "reps" "${B[@]}" --reps "$v"
done
for v in '' -1 18446744073709551616 0x1 1e3 x ' 1'; do
    cli8 "kernel bench --seed '$v'" 2 "seed" "${B[@]}" --seed "$v"
done
for v in '' -1 64 1.5 x ' 0' 0x1; do
    cli8 "kernel bench --device '$v'" 2 "device" "${B[@]}" --device "$v"
done
for v in '' Loop graphs per_launch x $'loop\n'; do
    cli8 "kernel bench --mode '${v//$'\n'/\\n}'" 2 "mode" "${B[@]}" --mode "$v"
done
for v in '' Hot warm "$(printf 'hot\x1b[31m')"; do
    cli8 "kernel bench --cache '$v'" 2 "cache" "${B[@]}" --cache "$v"
done
for v in '' bogus 'cub,' ',cub' NONE 'cub;cpu' "$(printf 'cub\xff')"; do
    cli8 "kernel bench --strategies '$v'" 2 "strategies" "${B[@]}" --strategies "$v"
done
long201=$(printf 'L%.0s' $(seq 1 201))
for v in '' "$long201" "$(printf 'a\nb')" "$(printf 'a\tb')" "$(printf 'a\x1b[2Jb')" "$(printf 'x\xff')" "$(printf 'x\xc3')" \
         "$(printf 'x\xc2\x85y')" "$(printf 'x\xed\xa0\x80')" "$(printf '\xc0\xaf')"; do
    cli8 "kernel bench --label '$(printf '%s' "${v:0:12}" | od -An -c | tr -s ' ' | head -c 40)'" 2 "label" "${B[@]}" --label "$v"
done
for v in "$(printf 'M%.0s' $(seq 1 41))" "$(printf 'N%.0s' $(seq 1 200))" '我的核函数' 'my kernel (v2)' "$(printf '中%.0s' $(seq 1 200))"; do
    cli8 "kernel bench --label of ${#v} printable characters (accepted)" 77 "no CUDA driver" "${B[@]}" --label "$v"
done
for v in '' bogus 'simple ' Simple $'simple\n'; do
    cli8 "kernel bench --kernel '${v//$'\n'/\\n}'" 2 "kernel" "${B[@]}" --kernel "$v"
done
mkdir -p "$S/dir.json"
for v in /dev/null "$S/dir.json" "$S/no/such/x.json" ''; do
    cli8 "kernel bench --json '$v'" 2 "json" "${B[@]}" --json "$v"
done
cli8 "kernel bench --n given twice" 2 "given 2 times" "${B[@]}" --n 1K --n 2K
cli8 "kernel bench --label given twice" 2 "given 2 times" "${B[@]}" --label a --label b
cli8 "kernel bench --table=yes" 2 "table" "${B[@]}" --table=yes
cli8 "kernel bench --bogus" 2 "bogus" "${B[@]}" --bogus
cli8 "kernel bench without --source" 2 "source" kernel bench
for v in "--n 1K" "--n 2^20" "--n 2147483648" "--mode graph" "--mode per-launch" "--cache cold" "--strategies none" \
         "--strategies all" "--strategies cub,cpu" "--seed 18446744073709551615" "--seed 0" "--reps 1" "--reps 100000" \
         "--block-size 1024" "--block-size 1" "--grid 65535" "--device 63" "--table" "--kernel simple" "--kernel _Z6simplePfS_"; do
    # shellcheck disable=SC2086
    cli8 "kernel bench $v (accepted: the source compiles, no GPU)" 77 "no CUDA driver" "${B[@]}" $v
done

# ---- kernel bench: sources; accepted exactly when kernel trace accepts them -----------------------
kbody f4 'const float4* in4 = reinterpret_cast<const float4*>(input); unsigned i = blockIdx.x * blockDim.x + threadIdx.x; float s = 0; if (i < n / 4) { float4 v = in4[i]; s = v.x + v.y + v.z + v.w; } atomicAdd(output, s);'
kbody f4_misaligned 'const float4* in4 = reinterpret_cast<const float4*>(input + 1); float4 v = in4[0]; if (threadIdx.x == 0) *output = v.x + v.y + v.z + v.w;'
kbody f4_oob 'const float4* in4 = reinterpret_cast<const float4*>(input); float4 v = in4[threadIdx.x + blockIdx.x * blockDim.x]; atomicAdd(output, v.x + v.y + v.z + v.w);'
kbody f4_shared '__shared__ float4 s[32]; s[threadIdx.x % 32] = make_float4(input[threadIdx.x % n], 0, 0, 0); __syncthreads(); if (threadIdx.x == 0) { float4 v = s[0]; *output = v.x; }'
kbody f4_local 'float4 a[2]; a[0] = make_float4(1, 2, 3, 4); a[1] = a[0]; if (threadIdx.x == 0) *output = a[1].w + input[0];'
kbody f4_select 'float4 a = make_float4(1, 2, 3, 4), b = make_float4(5, 6, 7, 8); float4 c = threadIdx.x % 2 ? a : b; atomicAdd(output, c.y);'
kbody f4_return 'float4 v = get(input); atomicAdd(output, v.x);' '__device__ float4 get(const float* p) { return make_float4(p[0], p[0], p[0], p[0]); }'
kbody f4_store 'float4* o4 = reinterpret_cast<float4*>(output); if (threadIdx.x == 0) *o4 = make_float4(input[0], 0, 0, 0);'
kbody f2 'const float2* in2 = reinterpret_cast<const float2*>(input); unsigned i = threadIdx.x; float s = 0; if (i < n / 2) { float2 v = in2[i]; s = v.x + v.y; } atomicAdd(output, s);'
kbody int4 'int4 v = make_int4(1, 2, 3, 4); if (threadIdx.x == 0) *output = input[0] + v.w;'
kbody double2 'double2 v = make_double2(1.0, 2.0); if (threadIdx.x == 0) *output = input[0] + (float)v.y;'
kbody uchar4 'uchar4 v = make_uchar4(1, 2, 3, 4); if (threadIdx.x == 0) *output = input[0] + v.w;'
kbody f4_phi 'float4 v = make_float4(0, 0, 0, 0); for (unsigned i = threadIdx.x; i < n / 4; i += blockDim.x) { float4 w = reinterpret_cast<const float4*>(input)[i]; v.x += w.x; v.y += w.y; v.z += w.z; v.w += w.w; } atomicAdd(output, v.x + v.y + v.z + v.w);'
kbody f4_shfl 'float4 v = make_float4(input[threadIdx.x % n], 0, 0, 0); v.x += __shfl_down_sync(0xffffffff, v.x, 1); if (threadIdx.x % 32 == 0) atomicAdd(output, v.x);'
kbody f4_atomic 'float4* o4 = reinterpret_cast<float4*>(output); atomicAdd(&o4->x, input[threadIdx.x % n]);'
kbody f4_vector_ext 'typedef float v4 __attribute__((ext_vector_type(4))); v4 a = {1, 2, 3, 4}; if (threadIdx.x == 0) *output = a.x + input[0];'
kbody ws 'float v = input[threadIdx.x % n]; for (int o = REDUCESCOPE_WARP_SIZE / 2; o > 0; o /= 2) v += __shfl_down_sync(0xffffffff, v, o); if (threadIdx.x % REDUCESCOPE_WARP_SIZE == 0) atomicAdd(output, v);'
kbody ws_redef 'float v = input[threadIdx.x % n]; for (int o = REDUCESCOPE_WARP_SIZE / 2; o > 0; o /= 2) v += __shfl_down_sync(0xffffffff, v, o); if (threadIdx.x % REDUCESCOPE_WARP_SIZE == 0) atomicAdd(output, v);' '#define REDUCESCOPE_WARP_SIZE 7'
kbody ws_undef 'if (threadIdx.x == 0) *output = input[0] + REDUCESCOPE_WARP_SIZE;' '#undef REDUCESCOPE_WARP_SIZE'
kbody ws_array '__shared__ float s[REDUCESCOPE_WARP_SIZE]; s[threadIdx.x % REDUCESCOPE_WARP_SIZE] = input[threadIdx.x % n]; __syncthreads(); if (threadIdx.x == 0) *output = s[0];'
kbody ws_zero '__shared__ float s[REDUCESCOPE_WARP_SIZE - 32 + 1]; s[0] = 1; if (threadIdx.x == 0) *output = s[0] + input[0];'
kbody ws_if '
#if REDUCESCOPE_WARP_SIZE != 32
#error warp size REDUCESCOPE_WARP_SIZE is not 32
#endif
if (threadIdx.x == 0) *output = input[0];'
kbody ws_mask 'unsigned m = REDUCESCOPE_WARP_SIZE == 32 ? 0xffffffffu : (1u << REDUCESCOPE_WARP_SIZE) - 1; float v = input[threadIdx.x % n]; v += __shfl_down_sync(m, v, 1); if (threadIdx.x % REDUCESCOPE_WARP_SIZE == 0) atomicAdd(output, v);'
kbody reg 'float a = input[threadIdx.x % n]; float b = input[(threadIdx.x + 1) % n]; float v = a + b; v += __shfl_xor_sync(0xffffffff, v, 16); v += __shfl_xor_sync(0xffffffff, v, 8); if (threadIdx.x % 32 == 0) atomicAdd(output, v);'
kbody reg_oob 'float a = input[threadIdx.x + n]; float v = a; v += __shfl_down_sync(0xffffffff, v, 1); atomicAdd(output, v);'
kbody reg_chain 'float v = input[threadIdx.x % n]; float w = v * 2; float x = w - v; x += __shfl_down_sync(0xffffffff, x, 16); if (threadIdx.x == 0) *output = x;'
printf '__global__ void part(const float* input, float* partials, unsigned n) { if (threadIdx.x == 0) partials[blockIdx.x] = input[blockIdx.x]; }\n' >"$K/twopass_none.cu"
# shellcheck disable=SC2016
printf '#define X(name) __global__ void name(const float* in, float* out, unsigned n) { if (threadIdx.x == 0) *out = in[0]; }\nX(a) X(b)\n' >"$K/macro_kernels.cu"
{ printf '// caf\xe9 \xff\xfe (Latin-1 and bad UTF-8 in a comment)\n'; cat "$K/simple.cu"; } >"$K/latin1.cu"
{ printf '\xef\xbb\xbf'; cat "$K/simple.cu"; } >"$K/bom.cu"
sed 's/$/\r/' "$K/simple.cu" >"$K/crlf.cu"
kbody latin1_string 'const char* s = "caf\xe9"; if (threadIdx.x == 0) *output = input[0] + s[0];'
kbody error_bytes "$(printf '#error bad \xff\xfe bytes \x1b[31m red')"
kbody warning_bytes "$(printf '#warning odd \xc3 byte\nif (threadIdx.x == 0) *output = input[0];')"
kbody pragma_bytes "$(printf '#pragma unroll \xff\nfor (int i = 0; i < 2; ++i) if (threadIdx.x == 0) *output = input[0];')"
kbody printf 'printf("%d\n", threadIdx.x); if (threadIdx.x == 0) *output = input[0];'
: >"$K/empty.cu"
for f in f4 f4_misaligned f4_oob f4_shared f4_local f4_select f4_return f4_store f2 int4 double2 uchar4 f4_phi f4_shfl f4_atomic \
         f4_vector_ext ws ws_redef ws_undef ws_array ws_zero ws_if ws_mask reg reg_oob reg_chain twopass_none macro_kernels \
         latin1 bom crlf latin1_string error_bytes warning_bytes pragma_bytes printf empty; do
    timeout -s KILL $limit "$CLI" kernel trace --source "$K/$f.cu" --input "$V64" >/dev/null 2>&1
    tc=$?
    if LC_ALL=C grep -q $'\xff' "$K/$f.cu"; then
        # NVRTC reads a 0xFF byte as the end of the file (seen with NVRTC 13.0): refused at it.
        src "kernel bench $f.cu (a 0xFF byte: refused at its place, 2)" 2 'err' "$K/$f.cu" bench
    elif [ $tc = 0 ] || [ $tc = 1 ]; then
        src "kernel bench $f.cu (kernel trace runs it: NVRTC compiles it, 77)" 77 'grep:no CUDA driver' "$K/$f.cu" bench
    else
        src "kernel bench $f.cu (kernel trace refuses it: refused, 2, placed)" 2 '' "$K/$f.cu" bench
    fi
done
for s in simple convergent convergent_reversed interleaved_strided interleaved_padded shared warp_unrolled segmented atomic_naive \
         race warp_shuffle block_reduce; do
    f=$("$CLI" list --json | python3 -c "import json,sys; print([x for x in json.load(sys.stdin) if x['id']=='$s'][0]['source_file'])")
    kname=$("$CLI" list --json | python3 -c "import json,sys; print([x for x in json.load(sys.stdin) if x['id']=='$s'][0]['kernels'])")
    cli8 "kernel bench the catalogue's $s (kernels/cuda/$f --kernel $kname)" 77 "no CUDA driver" \
        kernel bench --source "$(dirname "$0")/../../kernels/cuda/$f" --kernel "$kname"
done

# ---- kernel trace and check: the newest constructs, hostile, and sources that are not UTF-8 -------
for f in f4 f4_misaligned f4_oob f4_shared f4_local f4_select f4_return f4_store f2 int4 double2 uchar4 f4_phi f4_shfl f4_atomic \
         f4_vector_ext ws ws_redef ws_undef ws_array ws_zero ws_if ws_mask reg reg_oob reg_chain latin1 bom crlf latin1_string \
         error_bytes warning_bytes pragma_bytes; do
    src "trace --json $f.cu (runs, faults or refused, placed)" '0|1|2' '' "$K/$f.cu" trace --input "$V64" --json
done
for w in 4 8 16; do
    for f in ws ws_mask ws_array ws_if f4_shfl reg; do
        src "trace $f.cu --warp-size $w" '0|1|2' '' "$K/$f.cu" trace --input "$V64" --warp-size "$w"
    done
done
src "trace f4_misaligned.cu (a misaligned float4 load: a fault)" 1 'grep:fault:' "$K/f4_misaligned.cu" trace --input "$V"
src "trace f4_oob.cu (a float4 past the input: a fault)" 1 'grep:fault:' "$K/f4_oob.cu" trace --input 1,2,3,4,5,6
src "trace reg_oob.cu (a register load past the input: a fault)" 1 'grep:fault:' "$K/reg_oob.cu" trace --input "$V"
src "trace ws_if.cu --warp-size 8 (its #error at its line)" 2 'err' "$K/ws_if.cu" trace --input "$V" --warp-size 8
src "trace ws.cu sums 1..64 (warp-size 8)" 0 '' "$K/ws.cu" trace --input "$V64" --warp-size 8
for f in latin1 error_bytes warning_bytes latin1_string bom crlf; do
    src "check --json $f.cu" '0|2' '' "$K/$f.cu" json
    check8 "trace --json $f.cu from stdin" '0|1|2' '' "$K/$f.cu" -- "$CLI" kernel trace --source - --input "$V" --json
done
cli8 "trace --json latin1.cu: the JSON is written (the source as UTF-8)" 0 - kernel trace --source "$K/latin1.cu" --input 1,2,3,4 --json --output "$S/latin1.json"
check8 "the trace of latin1.cu reads back in the app" 0 - -- "$APP" --trace "$S/latin1.json" --screenshot "$S/l.png"

# ---- NVRTC: $REDUCESCOPE_NVRTC hostile, 72 and one clean line naming it --------------------------
: >"$S/empty.so"
printf 'not an ELF' >"$S/text.so"
for v in /nonexistent /etc/passwd libc.so.6 "$(printf '/tmp/a\nb.so')" "$(printf '/tmp/\xff\xfe.so')" /tmp /dev/zero "$CLI" \
         "$S/empty.so" "$S/text.so" ' ' "$(printf '/tmp/\x1b[31mred.so')" "/$(printf 'p%.0s' $(seq 1 5000))"; do
    check8 "REDUCESCOPE_NVRTC='$(printf '%s' "${v:0:24}" | od -An -c | tr -s ' ' | head -c 40)'" 72 'REDUCESCOPE_NVRTC' -- \
        env REDUCESCOPE_NVRTC="$v" "$CLI" kernel bench --source "$K/simple.cu"
done
check8 "REDUCESCOPE_NVRTC='' (the usual search)" 77 'no CUDA driver' -- env REDUCESCOPE_NVRTC= "$CLI" kernel bench --source "$K/simple.cu"
check8 "CUDA_HOME a missing folder (the usual search goes on)" 77 'no CUDA driver' -- env CUDA_HOME=/nonexistent "$CLI" kernel bench --source "$K/simple.cu"
check8 "an option error before NVRTC is looked for" 2 'block-size' -- env REDUCESCOPE_NVRTC=/nonexistent "$CLI" kernel bench --source "$K/simple.cu" --block-size 3
check8 "a source error before NVRTC is looked for" 2 'printf' -- env REDUCESCOPE_NVRTC=/nonexistent "$CLI" kernel bench --source "$K/printf.cu"

# ---- trace --on-gpu: the local checks, then no GPU (77) -------------------------------------------
for s in $("$CLI" list --ids --with recording | tr , ' '); do
    cli8 "trace --on-gpu --strategy $s (no GPU)" 77 "GPU" trace --on-gpu --strategy "$s" --input "$V"
done
for s in cub dot_shared cpu bogus ''; do
    cli8 "trace --on-gpu --strategy '$s'" 2 "strateg" trace --on-gpu --strategy "$s" --input "$V"
done
for o in "--warp-size 16" "--warp-size 4" "--banks 8" "--atomic-order 5" "--block-size 3" "--coarse-factor 0" "--input ''" "--on-gpu=yes"; do
    field=${o%% *}; field=${field#--}; field=${field%%=*}
    [ "$o" = "--input ''" ] && { cli8 "trace --on-gpu --input ''" 2 "input" trace --on-gpu --strategy simple --input ''; continue; }
    # shellcheck disable=SC2086
    cli8 "trace --on-gpu $o" 2 "$field" trace --on-gpu --strategy simple --input "$V" $o
done

# ---- --gpu-host: local checks before ssh, a stand-in host, hostile hosts --------------------------
FAKE="$S/fakessh"
cat >"$FAKE" <<'EOF'
#!/bin/sh
# A stand-in for ssh: runs the command ssh would run on the host (its last argument) here, or,
# with FAKE_HOST set, says what a broken host says.
for a; do last=$a; done
case ${FAKE_HOST:-} in
    '') exec sh -c "$last" ;;
    resolve) echo "ssh: Could not resolve hostname fake: Name or service not known" >&2; exit 255 ;;
    refused) echo "ssh: connect to host fake port 22: Connection refused" >&2; exit 255 ;;
    publickey) echo "alice@fake: Permission denied (publickey)." >&2; exit 255 ;;
    hostkey) echo "Host key verification failed." >&2; exit 255 ;;
    nocli) echo "sh: 1: exec: reducescope-cli: not found" >&2; exit 127 ;;
    garbage) head -c 3000 /dev/urandom | tr '\n' x; echo; exit 0 ;;
    escapes) printf 'hello \033]0;owned\007 \033[2J\n'; exit 0 ;;
    silent) exit 0 ;;
    badtypes) read -r req; echo '{"type":"remote_hello","protocol":"1","version":5,"schema":"x","hostname":7,"ok":"yes"}'; exit 0 ;;
    hello_*)
        read -r req
        v=$("$CLI_HERE" --version | sed 's/.* //')
        sch=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["schema"])' "$req")
        echo "{\"type\":\"remote_hello\",\"protocol\":1,\"version\":\"$v\",\"schema\":$sch,\"hostname\":\"fake\",\"ok\":true}"
        case $FAKE_HOST in
            hello_ctrl) sleep 0.3; printf 'reducescope-cli: \033[31mred\033[0m \xff\xfe bytes\r\n' >&2
                        echo '{"type":"remote_end","exit":1,"signal":0,"newline_added":false,"outputs":[]}' ;;
            hello_exitstr) echo '{"type":"remote_end","exit":"x","signal":"y","newline_added":false,"outputs":[]}' ;;
            hello_exit300) echo '{"type":"remote_end","exit":300,"signal":0,"newline_added":false,"outputs":[]}' ;;
            hello_outputs) echo '{"type":"remote_end","exit":0,"signal":0,"newline_added":false,"outputs":[5, null]}' ;;
            hello_noend) echo 'a line'; exit 0 ;;
            hello_hugeline) head -c 3000000 /dev/zero | tr '\0' a; echo ;
                            echo '{"type":"remote_end","exit":0,"signal":0,"newline_added":false,"outputs":[]}' ;;
        esac
        exit 0 ;;
esac
EOF
chmod +x "$FAKE"
export REDUCESCOPE_SSH="$FAKE" REDUCESCOPE_SSH_CONTROL_DIR="$S/ctl" CLI_HERE="$CLI"
H=(--gpu-host fake --gpu-host-cli "$CLI")
mkfifo "$K/fifo.cu"
mkdir -p "$K/dir.cu"
cli8 "kernel bench --gpu-host, the source (the host's 77, named)" 77 "fake: " kernel bench "${H[@]}" --source "$K/simple.cu"
for v in "$K/dir.cu" "$K/fifo.cu" /dev/zero "$K/missing.cu" '' /proc/self/mem; do
    cli8 "kernel bench --gpu-host --source '${v##*/}' (refused here)" 2 "source" kernel bench "${H[@]}" --source "$v"
done
check8 "kernel bench --gpu-host --source=/dev/zero (refused here)" 2 "source" -- "$CLI" kernel bench "${H[@]}" --source=/dev/zero
check8 "kernel bench --gpu-host --source - , 200 MB of zeros on stdin" 2 "source" -- sh -c "head -c 200000000 /dev/zero | exec '$CLI' kernel bench --gpu-host fake --gpu-host-cli '$CLI' --source -"
for sub in "bench --n 1K" "kernel bench --source $K/simple.cu"; do
    for v in /dev/null "$S/dir.json" "$S/no/such/x.json" ''; do
        # shellcheck disable=SC2086
        cli8 "$sub --gpu-host --json '$v' (refused here, before the host runs)" 2 "json" $sub "${H[@]}" --json "$v"
    done
done
kbody bad 'int x = ; *output = input[0];'
check8 "kernel bench --gpu-host, a compile error names the file here" 2 "fake: $K/bad.cu:4:" -- "$CLI" kernel bench "${H[@]}" --source "$K/bad.cu"
check8 "kernel bench --gpu-host, the host's 77 names the file here" 77 "fake: no CUDA driver found: $K/simple.cu compiled" -- "$CLI" kernel bench "${H[@]}" --source "$K/simple.cu"
cp "$K/simple.cu" "$K/$(printf 'x%.0s' $(seq 1 210)).cu"
cli8 "kernel bench --gpu-host, a file name of 213 characters (no --label given)" 77 "fake: " kernel bench "${H[@]}" --source "$K/$(printf 'x%.0s' $(seq 1 210)).cu"
cp "$K/simple.cu" "$K/$(printf 'caf\xe9.cu')"
cli8 "kernel bench --gpu-host, a file name not UTF-8 (no --label given)" 77 "fake: " kernel bench "${H[@]}" --source "$K/$(printf 'caf\xe9.cu')"
cp "$K/simple.cu" "$K/$(printf 'a\nb.cu')"
cli8 "kernel bench --gpu-host, a file name with a newline (no --label given)" 77 "fake: " kernel bench "${H[@]}" --source "$K/$(printf 'a\nb.cu')"
cli8 "kernel bench, a file name with a newline, here" 77 "no CUDA driver" kernel bench --source "$K/$(printf 'a\nb.cu')"
cli8 "kernel bench --gpu-host --label of 41 characters" 77 "fake: " kernel bench "${H[@]}" --source "$K/simple.cu" --label "$(printf 'M%.0s' $(seq 1 41))"
cli8 "kernel bench --gpu-host --kernel ''" 2 "kernel" kernel bench "${H[@]}" --source "$K/simple.cu" --kernel ''
cli8 "kernel bench --gpu-host --block-size 3 (the host refuses it)" 2 "block-size" kernel bench "${H[@]}" --source "$K/simple.cu" --block-size 3
cli8 "trace --on-gpu --gpu-host (the host's 77)" 77 "fake: " trace --on-gpu --strategy simple --input "$V" "${H[@]}"
cli8 "trace --on-gpu --gpu-host --warp-size 8 (refused)" 2 "warp-size" trace --on-gpu --strategy simple --input "$V" --warp-size 8 "${H[@]}"
cli8 "devices --gpu-host (the stand-in host has no GPU)" '0|77' '' devices "${H[@]}"
for h in resolve refused publickey hostkey nocli garbage escapes silent badtypes hello_ctrl hello_exitstr hello_exit300 hello_outputs \
         hello_noend hello_hugeline; do
    case $h in
        hello_ctrl) want=1 ;;
        hello_exitstr|hello_exit300|hello_outputs|hello_noend) want=69 ;;
        hello_hugeline) want=0 ;;
        *) want=69 ;;
    esac
    mention=fake; [ $h = hello_hugeline ] && mention=''
    json=(); [ $h = hello_outputs ] && json=(--json "$S/host_out.json")
    check8 "a host that says '$h'" "$want" "$mention" -- env FAKE_HOST=$h "$CLI" bench --n 1K "${H[@]}" "${json[@]}"
done
unset FAKE_HOST

# ---- the app: the kernel editor on hostile files, the exercises, the results folder ----------------
for f in f4 ws reg latin1 bom crlf error_bytes warning_bytes empty printf; do
    app8 "app --kernel $f.cu --tab kernel" 0 - --kernel "$K/$f.cu" --tab kernel --screenshot "$S/a.png"
done
printf 'a\0b\0__global__ void k() {}\n' >"$K/nul.cu"
head -c 2000000 /dev/zero | tr '\0' '/' >"$K/big.cu"
ln -sf "$K/loop1.cu" "$K/loop2.cu"; ln -sf "$K/loop2.cu" "$K/loop1.cu"
app8 "app --kernel a file with NUL bytes" '0|2' '' --kernel "$K/nul.cu" --tab kernel --screenshot "$S/a.png"
app8 "app --kernel a 2 MB file (over the editor's 1 MiB)" 2 "kernel" --kernel "$K/big.cu" --screenshot "$S/a.png"
app8 "app --kernel a symbolic link loop" 2 "kernel" --kernel "$K/loop1.cu" --screenshot "$S/a.png"
app8 "app --kernel a name that is not UTF-8" 0 - --kernel "$K/$(printf 'caf\xe9.cu')" --tab kernel --screenshot "$S/a.png"
app8 "app --kernel /proc/self/environ" '0|2' '' --kernel /proc/self/environ --screenshot "$S/a.png"
for l in $(QT_QPA_PLATFORM=offscreen "$APP" --help | tr -d '\n' | sed -n 's/.*--lesson.*): \([a-z0-9_, ]*\)\..*/\1/p' | tr -d ' ' | tr , ' '); do
    app8 "app --lesson $l" 0 - --lesson "$l" --screenshot "$S/a.png"
    app8 "app --lesson $l --tab kernel" 0 - --lesson "$l" --tab kernel --screenshot "$S/a.png"
done
for v in '' bogus '09_exercise_convergent' "$(printf 'x\xff')" 'exercise_convergent '; do
    app8 "app --lesson '${v:0:24}'" 2 "lesson" --lesson "$v" --screenshot "$S/a.png"
done
cat >"$S/fakecli" <<'EOF'
#!/bin/sh
case ${FAKE_CLI:-} in
    garbage) head -c 100000 /dev/urandom ;;
    crash) kill -SEGV $$ ;;
    exit2) echo '{"diagnostics":[{"line":-5,"column":99999999999,"severity":"error","message":"\u001b[31m"}]}' ; exit 2 ;;
    huge) head -c 20000000 /dev/zero | tr '\0' x; exit 2 ;;
    badjson) echo '{"kernels": 5}'; exit 0 ;;
esac
EOF
chmod +x "$S/fakecli"
for m in garbage crash exit2 huge badjson; do
    check8 "app --kernel with a CLI that answers '$m'" 0 - -- env REDUCESCOPE_CLI="$S/fakecli" FAKE_CLI=$m "$APP" --kernel "$K/simple.cu" --tab kernel --screenshot "$S/a.png"
done
check8 "app --kernel with REDUCESCOPE_CLI missing" 0 - -- env REDUCESCOPE_CLI="$S/nocli" "$APP" --kernel "$K/simple.cu" --tab kernel --screenshot "$S/a.png"
# The saved results folder ($XDG_DATA_HOME) with broken files beside a good one.
R="$S/data/ReduceScope/reducescope/results/host"
mkdir -p "$R"
shipped=$(ls "$(dirname "$0")"/../../docs/results/*.json 2>/dev/null | head -1)
[ -n "$shipped" ] && cp "$shipped" "$R/good.json"
: >"$R/empty.json"; printf '{' >"$R/truncated.json"; head -c 5000 /dev/urandom >"$R/random.json"
printf '\xef\xbb\xbf{"version": 99}' >"$R/future.json"; printf '[1,2,3]' >"$R/array.json"
mkdir -p "$R/dir.json"; mkfifo "$R/fifo.json"; ln -s "$R/nothing" "$R/dangling.json"
python3 -c "print('[' * 100000)" >"$R/deep.json"
printf '{"version": 2, "device": {"name": "\xff\xfe"}}' >"$R/badutf8.json"
check8 "app --tab bench, the results folder with broken files" 0 - -- env XDG_DATA_HOME="$S/data" "$APP" --tab bench --screenshot "$S/b.png"
[ -n "$shipped" ] && check8 "app --results, a good file beside the broken ones" 0 - -- env XDG_DATA_HOME="$S/data" "$APP" --results "$R/good.json" --screenshot "$S/b.png"
for f in empty truncated random future array deep badutf8; do
    app8 "app --results $f.json" 2 "results" --results "$R/$f.json" --screenshot "$S/b.png"
done

totals "hostile pass (round end)"
