#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A hostile pass over this round's features (issue 28): the kernel engine's sources and options
# (`reducescope-cli kernel check|trace`), the GPU host's options and errors (--gpu-host,
# --gpu-host-cli, --srun) and the app's new command-line options (--kernel, --tab). Same format
# as tests/hostile/run.sh. Each case is one of
#   right    the expected exit code, and stderr names what it must name: for an option one line
#            naming the option; for a source every line FILE:LINE:COL: SEVERITY: ..., an error at
#            a line > 0 when the source itself is at fault
#   crash    killed by a signal or a sanitizer report
#   hang     still running after the time limit (20 s; 15 s for an unreachable host)
#   wrong    another exit code: accepted what it should refuse, refused what it should accept
#   unclear  the right exit code, but the message does not name the field, line or range
#
#   tests/hostile/new_features.sh [-v] [BUILD_DIR]     # default: build
# Exit status: 0 when every case is right, 1 otherwise. Needs bash, python3, timeout, mkfifo.
set -u
# check NAME CODES MENTION [STDIN] -- COMMAND..., base_verdict, tally, cli, app, the totals: lib.sh.
. "$(dirname "$0")/lib.sh" "$@"

# src NAME CODES WANT FILE [ARGS...]: `kernel check` (or, with ARGS starting with "trace", the
# given command) on FILE. WANT: "ok" (exit 0/1, every stderr line placed), "err" (exit 2, every
# line FILE:L:C: or "reducescope-cli: ", and an error at a line > 0), "any" (exit 2, every line
# placed or naming reducescope-cli), or "grep:TEXT" (exit 2, stderr holds TEXT).
src() {
    local name=$1 codes=$2 want=$3 file=$4
    shift 4
    local cmd=(check --source "$file")
    [ "${1:-}" = trace ] && { shift; cmd=(trace --source "$file" "$@"); set --; }
    [ "${1:-}" = json ] && cmd+=(--json)
    timeout -s KILL $limit "$CLI" kernel "${cmd[@]}" >"$S/.out" 2>"$S/.err" </dev/null
    local code=$? verdict
    verdict=$(base_verdict $code "$codes")
    if [ -z "$verdict" ]; then
        local shown=$file
        [ "$file" = - ] && shown='<stdin>'
        local placed='^(reducescope-cli: |'"$(printf '%s' "$shown" | sed 's/[][\.*^$/]/\\&/g')"':[0-9]+:[0-9]+: (error|warning|note|fault): )'
        verdict=right
        if grep -vEq "$placed" "$S/.err" && [ "${want#grep:}" = "$want" ]; then
            verdict=unclear
        fi
        case $want in
            err) grep -Eq ':[1-9][0-9]*:[0-9]+: error: ' "$S/.err" || verdict=unclear ;;
            any) [ -s "$S/.err" ] || verdict=unclear ;;
            grep:*) grep -qF -- "${want#grep:}" "$S/.err" || verdict=unclear ;;
        esac
    fi
    tally "$verdict" "$name" $code "$codes"
}

K="$S/k"
write_kernels "$K"
cat >"$K/warp.cu" <<'EOF'
__global__ void warp_sum(const float* input, float* output, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x * 2 + threadIdx.x;
    float v = (i < n ? input[i] : 0.0f) + (i + blockDim.x < n ? input[i + blockDim.x] : 0.0f);
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    if (threadIdx.x % warpSize == 0)
        atomicAdd(output, v);
}
EOF
cat "$K/simple.cu" "$K/warp.cu" >"$K/two.cu"

# A kernel body in the input_output signature: kbody NAME BODY [PRELUDE]
kbody() {
    printf '%s\n__global__ void k(const float* input, float* output, unsigned n)\n{\n%s\n}\n' "${3:-}" "$2" >"$K/$1.cu"
}

# ---- kernel sources: refused constructs, each by name at its line --------------------------------
kbody printf 'printf("%d\n", threadIdx.x); if (threadIdx.x == 0) *output = input[0];' '#include <cstdio>'
kbody printf2 'printf("hi"); if (threadIdx.x == 0) *output = input[0];'
kbody malloc 'float* p = (float*)malloc(4); p[0] = 1; *output = p[0]; free(p);'
kbody new 'float* p = new float[4]; p[0] = 1; *output = p[0]; delete[] p;'
kbody asm 'unsigned r; asm("mov.u32 %0, %%laneid;" : "=r"(r)); if (r == 0) atomicAdd(output, input[0]);'
kbody asmv 'asm volatile("bar.sync 0;"); if (threadIdx.x == 0) *output = input[0];'
kbody goto 'unsigned i = threadIdx.x; float s = 0; again: if (i < n) { s += input[i]; i += blockDim.x; goto again; } atomicAdd(output, s);'
kbody fnptr 'float (*f)(float) = [](float x) { return x; }; atomicAdd(output, f(input[threadIdx.x % n]));'
kbody fnptr2 'atomicAdd(output, pick(threadIdx.x)(input[0]));' '__device__ float id(float x) { return x; } __device__ float neg(float x) { return -x; } typedef float (*F)(float); __device__ F pick(unsigned i) { return i % 2 ? id : neg; }'
kbody virtual 'B b; atomicAdd(output, b.get(input[0]));' 'struct A { __device__ virtual float get(float x) { return x; } }; struct B : A { __device__ float get(float x) override { return -x; } };'
kbody virtual2 'A* p = nullptr; B b; p = &b; atomicAdd(output, p->get(input[0]));' 'struct A { __device__ virtual float get(float x) { return x; } }; struct B : A { __device__ float get(float x) override { return -x; } };'
kbody throw 'if (n == 0) throw 1; atomicAdd(output, input[0]);'
kbody trycatch 'try { atomicAdd(output, input[0]); } catch (...) {}'
kbody dynpar 'if (threadIdx.x == 0) { child<<<1, 1>>>(input, output, n); }' '__global__ void child(const float* input, float* output, unsigned n) { *output = input[0]; }'
kbody recursion 'atomicAdd(output, r(threadIdx.x % 4, input));' '__device__ float r(unsigned d, const float* in) { return d == 0 ? in[0] : r(d - 1, in); }'
kbody mutual 'atomicAdd(output, a(threadIdx.x % 4, input));' '__device__ float b(unsigned, const float*); __device__ float a(unsigned d, const float* in) { return d == 0 ? in[0] : b(d - 1, in); } __device__ float b(unsigned d, const float* in) { return a(d, in); }'
kbody tmplrec 'atomicAdd(output, R<0>::v() + input[0]);' 'template <int N> struct R { __device__ static float v() { return R<N + 1>::v(); } };'
kbody tmplrec2 'atomicAdd(output, f<0>() + input[0]);' 'template <int N> __device__ float f() { return f<N + 1>(); }'
kbody double 'double s = threadIdx.x < n ? input[threadIdx.x] : 0.0; atomicAdd(output, (float)(s * 2.0));'
kbody doubleatom 'double s = 1.0; atomicAdd((double*)output, s);'
kbody half 'half h = __float2half(input[0]); atomicAdd(output, __half2float(h));' '#include <cuda_fp16.h>'
kbody int64atom 'atomicAdd((unsigned long long*)output, 1ull);'
kbody int64atom2 'atomicAdd((long long*)output, 1ll);'
kbody int64max 'atomicMax((unsigned long long*)output, 5ull);'
kbody thready 'if (threadIdx.y == 0 && threadIdx.x == 0) *output = input[0];'
kbody threadz 'unsigned i = threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y; if (i == 0) *output = input[0];'
kbody blocky 'if (blockIdx.y == 0 && blockIdx.z == 0 && threadIdx.x == 0) *output = input[0] + gridDim.y + gridDim.z + blockDim.y + blockDim.z - 4;'
kbody vla 'float a[n]; a[0] = input[0]; *output = a[0];'
kbody devvar 'g = input[0]; *output = g;' '__device__ float g;'
kbody constvar 'if (threadIdx.x == 0) *output = input[0] * c;' '__constant__ float c = 2.0f;'
kbody sinf 'if (threadIdx.x == 0) *output = sinf(input[0]);'
kbody clock 'long long t = clock64(); if (threadIdx.x == 0) *output = input[0] + (t > 0 ? 0 : 1);'
kbody trap 'if (threadIdx.x == 0) __trap(); *output = input[0];'
kbody assert 'assert(n > 0); if (threadIdx.x == 0) *output = input[0];' '#include <cassert>'
kbody syncthreads_count 'int c = __syncthreads_count(1); if (threadIdx.x == 0) *output = c;'
kbody threadfence '__threadfence(); if (threadIdx.x == 0) *output = input[0];'
kbody grid_sync 'cooperative_groups::this_grid().sync(); if (threadIdx.x == 0) *output = input[0];' '#include <cooperative_groups.h>'
kbody cg 'namespace cg = cooperative_groups; auto t = cg::tiled_partition<32>(cg::this_thread_block()); float v = input[threadIdx.x % n]; v = cg::reduce(t, v, cg::plus<float>()); if (t.thread_rank() == 0) atomicAdd(output, v);' '#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>'
kbody ldg 'if (threadIdx.x == 0) *output = __ldg(&input[0]);'
kbody texture 'if (threadIdx.x == 0) *output = tex1Dfetch<float>(0, 0);'
kbody static_local 'static float s = 0; s += 1; if (threadIdx.x == 0) *output = s;'
kbody lambda 'auto f = [&](unsigned i) { return i < n ? input[i] : 0.0f; }; atomicAdd(output, f(threadIdx.x));'
kbody longloop 'float s = 0; for (unsigned long long i = 0; i < 100000000000ull; ++i) s += 1e-9f; if (threadIdx.x == 0) *output = s;'
kbody while1 'while (true) {} *output = input[0];'
kbody while1sync 'while (true) { __syncthreads(); }'
kbody spin 'volatile float* o = output; while (*o == 0.0f) {} *output = input[0];'
kbody divzero 'unsigned z = threadIdx.x - threadIdx.x; if (threadIdx.x == 0) *output = input[0] + (float)(n / z);'
kbody modzero 'int z = threadIdx.x * 0; if (threadIdx.x == 0) *output = input[0] + (float)((int)n % z);'
kbody intmin 'int a = -2147483647 - 1 + (int)(threadIdx.x * 0); int b = -1 + (int)(threadIdx.x * 0); if (threadIdx.x == 0) *output = input[0] + (float)(a / b);'
kbody oob_in 'atomicAdd(output, input[threadIdx.x + 100000]);'
kbody oob_neg 'atomicAdd(output, input[(int)threadIdx.x - 1]);'
kbody oob_out 'output[threadIdx.x + 1] = input[0];'
kbody nullptr 'float* p = nullptr; if (threadIdx.x == 0) *output = *p + input[0];'
kbody wildptr 'float* p = (float*)0x1234; if (threadIdx.x == 0) *output = *p + input[0];'
kbody intptr 'unsigned long long a = (unsigned long long)input; const float* p = (const float*)(a + 4); if (threadIdx.x == 0) *output = *p;'
kbody misalign 'const float* p = (const float*)((const char*)input + 1); if (threadIdx.x == 0) *output = *p;'
kbody sharedbig '__shared__ float s[1 << 20]; s[threadIdx.x] = input[threadIdx.x % n]; __syncthreads(); if (threadIdx.x == 0) *output = s[0];'
kbody sharedhuge '__shared__ float s[1 << 28]; s[threadIdx.x] = 1; if (threadIdx.x == 0) *output = s[0];'
kbody sharedneg '__shared__ float s[-1]; if (threadIdx.x == 0) *output = input[0];'
kbody sharedzero '__shared__ float s[0]; if (threadIdx.x == 0) *output = input[0];'
kbody shared48k '__shared__ float s[12288]; s[threadIdx.x] = 1; __syncthreads(); if (threadIdx.x == 0) *output = s[0];'
kbody shared2d '__shared__ float s[32][33]; s[threadIdx.x % 32][threadIdx.x / 32 % 33] = input[threadIdx.x % n]; __syncthreads(); if (threadIdx.x == 0) *output = s[0][0];'
kbody externint 'extern __shared__ int si[]; si[threadIdx.x] = 1; __syncthreads(); if (threadIdx.x == 0) *output = si[0];'
kbody externoob 'extern __shared__ float sd[]; sd[threadIdx.x + blockDim.x] = 1; if (threadIdx.x == 0) *output = input[0];'
kbody localbig 'float a[1 << 20]; a[threadIdx.x] = 1; if (threadIdx.x == 0) *output = a[0];'
kbody localhuge 'float a[1 << 30]; a[threadIdx.x] = 1; if (threadIdx.x == 0) *output = a[0];'
for m in 0 1 0x55555555 0xffff0000 0x80000000 0xffffffff; do
    for w in 0 1 3 7 16 32 33 64 -1; do
        kbody "shfl_${m}_$w" "float v = input[threadIdx.x % n]; v += __shfl_down_sync($m, v, 1, $w); v += __shfl_xor_sync($m, v, 1, $w); if (threadIdx.x % 32 == 0) atomicAdd(output, v);"
    done
done
kbody shfl_off 'float v = input[threadIdx.x % n]; v += __shfl_down_sync(0xffffffff, v, 1000); atomicAdd(output, v);'
kbody shfl_negoff 'float v = input[threadIdx.x % n]; v += __shfl_sync(0xffffffff, v, -5); atomicAdd(output, v);'
kbody shfl_double 'double v = input[threadIdx.x % n]; v += __shfl_down_sync(0xffffffff, v, 1); atomicAdd(output, (float)v);'
kbody shfl_ll 'long long v = threadIdx.x; v += __shfl_down_sync(0xffffffff, v, 1); atomicAdd(output, (float)v);'
kbody shfl_branch 'float v = input[threadIdx.x % n]; if (threadIdx.x % 2) v += __shfl_down_sync(0xffffffff, v, 1); atomicAdd(output, v);'
kbody ballot 'unsigned b = __ballot_sync(0xffffffff, threadIdx.x < n); if (threadIdx.x == 0) *output = (float)__popc(b);'
kbody match 'unsigned b = __match_any_sync(0xffffffff, threadIdx.x); if (threadIdx.x == 0) *output = (float)b;'
kbody reduce_add 'unsigned b = __reduce_add_sync(0xffffffff, threadIdx.x); if (threadIdx.x == 0) *output = (float)b;'
kbody syncpart 'if (threadIdx.x < 2) __syncthreads(); if (threadIdx.x == 0) *output = input[0];'
kbody race '__shared__ float s; s = threadIdx.x; if (threadIdx.x == 0) *output = s;'
kbody nonvoid '' ; printf '__global__ int k(const float* input, float* output, unsigned n) { return 0; }\n' >"$K/nonvoid.cu"
printf '__global__ void k() {}\n' >"$K/zero_params.cu"
printf '__global__ void k(int a, int b, int c, int d, int e, int f, int g, int h, int i, int j, int k2, int l, int m, int n2, int o, int p) {}\n' >"$K/many_params.cu"
printf '__global__ void k(const float* input, float* output, unsigned n, float* extra, int more) { if (threadIdx.x == 0) *output = input[0]; }\n' >"$K/extra_params.cu"
printf '__global__ void k(float input, float* output, unsigned n) { *output = input; }\n' >"$K/value_param.cu"
printf '__global__ void k(const double* input, double* output, unsigned n) { if (threadIdx.x == 0) *output = input[0]; }\n' >"$K/double_params.cu"
printf '__global__ void k(const int* input, int* output, unsigned n) { if (threadIdx.x == 0) *output = input[0]; }\n' >"$K/int_params.cu"
printf '__global__ void k(const float* input, float* output, unsigned n);\n' >"$K/declared_only.cu"
printf '__device__ float f(float x) { return x; }\n' >"$K/no_global.cu"
printf 'template <int B> __global__ void t(const float* input, float* output, unsigned n) { if (threadIdx.x == 0) *output = input[0] * B; }\n' >"$K/tmpl_uninst.cu"
printf 'template <int B> __global__ void t(const float* input, float* output, unsigned n) { if (threadIdx.x == 0) *output = input[0] * B; }\ntemplate __global__ void t<1>(const float*, float*, unsigned);\ntemplate __global__ void t<2>(const float*, float*, unsigned);\n' >"$K/tmpl_two.cu"
printf '#include "/dev/zero"\n' >"$K/inc_zero.cu"
printf '#include "/dev/urandom"\n' >"$K/inc_urandom.cu"
printf '#include "/etc/shadow"\n' >"$K/inc_shadow.cu"
printf '#include "/etc/passwd"\n' >"$K/inc_passwd.cu"
printf '#include <stdio.h>\n' >"$K/inc_stdio.cu"; cat "$K/simple.cu" >>"$K/inc_stdio.cu"  # empty here: printf is refused at its call
printf '#include <vector>\n' >"$K/inc_vector.cu"; cat "$K/simple.cu" >>"$K/inc_vector.cu"
printf '#include <cuda_runtime.h>\n#include <cuda.h>\n#include <device_launch_parameters.h>\n' >"$K/inc_cuda.cu"; cat "$K/simple.cu" >>"$K/inc_cuda.cu"
printf '#include <nonexistent_header_xyz.h>\n' >"$K/inc_missing.cu"
printf '#include "%s"\n' "$K" >"$K/inc_dir.cu"
printf '#include __FILE__\n' >"$K/inc_self.cu"; cat "$K/simple.cu" >>"$K/inc_self.cu"
mkfifo "$K/fifo_inc"
printf '#include "%s"\n' "$K/fifo_inc" >"$K/inc_fifo.cu"
printf '#include "/proc/self/fd/0"\n' >"$K/inc_stdin.cu"
printf '#include "/proc/self/environ"\n' >"$K/inc_environ.cu"
printf '#pragma once\n#error stop here\n' >"$K/error_directive.cu"
printf '#define A(x) A(x) x\nA(1)\n' >"$K/macro_self.cu"
python3 - "$K" <<'PY'
import os, sys
k = sys.argv[1]
w = lambda name, data: open(os.path.join(k, name), "wb").write(data if isinstance(data, bytes) else data.encode())
w("empty.cu", b"")
w("space.cu", b"   \n\t\n")
w("nul.cu", b"\0" * 100)
w("binary.cu", bytes(range(256)) * 64)
w("elf.cu", open("/bin/true", "rb").read())
w("latin1.cu", "// caf\xe9\n".encode("latin-1") + open(os.path.join(k, "simple.cu"), "rb").read())
w("latin1_ident.cu", "__global__ void caf\xe9(float* input, float* output) {}\n".encode("latin-1"))
w("utf8_ident.cu", "__global__ void 核(float* input, float* output) { if (threadIdx.x == 0) *output = input[0]; }\n")
w("bad_utf8_string.cu", b'__global__ void k(float* input, float* output) { const char* s = "\xff\xfe"; if (threadIdx.x == 0) *output = input[0] + s[0]; }\n')
w("bom.cu", b"\xef\xbb\xbf" + open(os.path.join(k, "simple.cu"), "rb").read())
w("utf16.cu", open(os.path.join(k, "simple.cu")).read().encode("utf-16"))
w("crlf.cu", open(os.path.join(k, "simple.cu"), "rb").read().replace(b"\n", b"\r\n"))
w("cr_only.cu", open(os.path.join(k, "simple.cu"), "rb").read().replace(b"\n", b"\r"))
w("nul_inside.cu", open(os.path.join(k, "simple.cu"), "rb").read().replace(b"{", b"{\0", 1))
w("no_newline.cu", open(os.path.join(k, "simple.cu"), "rb").read().rstrip())
w("huge_comment.cu", b"/*" + b"x" * (10 << 20) + b"*/\n" + open(os.path.join(k, "simple.cu"), "rb").read())
w("huge_lines.cu", b"// comment line\n" * (700 << 10))
w("huge_garbage.cu", b"@#$%" * (10 << 18))
w("long_line.cu", b"__global__ void k(float* input, float* output) { float x = 0" + b" + 1" * (1 << 20) + b"; *output = x; }\n")
w("deep_parens.cu", b"__global__ void k(float* input, float* output) { *output = " + b"(" * 5000 + b"1" + b")" * 5000 + b"; }\n")
w("deep_braces.cu", b"__global__ void k(float* input, float* output) { " + b"{" * 5000 + b"*output = 1;" + b"}" * 5000 + b" }\n")
w("deep_ifs.cu", b"__global__ void k(float* input, float* output) { " + b"if (threadIdx.x < 1000) " * 3000 + b"*output = 1; }\n")
w("deep_templates.cu", b"template <class T> struct W { T t; };\n__global__ void k(float* input, float* output) { " + b"W<" * 1000 + b"float" + b">" * 1000 + b" w; *output = 1; }\n")
w("deep_macros.cu", b"".join(b"#define M%d M%d\n" % (i, i + 1) for i in range(5000)) + b"#define M5000 1\n__global__ void k(float* input, float* output) { *output = M0; }\n")
w("many_kernels.cu", b"".join(b"__global__ void k%d(const float* input, float* output, unsigned n) { if (threadIdx.x == 0) *output = input[0] + %d; }\n" % (i, i) for i in range(2000)))
w("unrolled.cu", b"__global__ void k(const float* input, float* output, unsigned n) { float s = 0;\n" + b"s += input[threadIdx.x % n];\n" * 50000 + b"atomicAdd(output, s); }\n")
w("syntax.cu", "__global__ void k(float* input, float* output) { *output = ; }\n")
w("unclosed.cu", "__global__ void k(float* input, float* output) {\n")
w("unclosed_comment.cu", "/* never closed\n__global__ void k(float* input, float* output) {}\n")
w("unclosed_string.cu", '__global__ void k(float* input, float* output) { const char* s = "abc; }\n')
w("host_main.cu", "#include <cstdio>\nint main() { printf(\"hi\"); return 0; }\n")
w("host_launch.cu", open(os.path.join(k, "warp.cu")).read() + "void host(const float* a, float* b) { warp_sum<<<1, 32>>>(a, b, 32); }\n")
w("shared_many.cu", "__global__ void k(const float* input, float* output, unsigned n) {\n" + "".join("__shared__ float s%d[1024];\n" % i for i in range(1000)) + "s0[threadIdx.x] = 1; if (threadIdx.x == 0) *output = s0[0] + s999[0]; }\n")
w("pragma_garbage.cu", "#pragma clang diagnostic error \"-Weverything\"\n" + open(os.path.join(k, "simple.cu")).read())
w("line_directive.cu", "#line 4000000000\n" + open(os.path.join(k, "simple.cu")).read())
w("line_directive_err.cu", "#line 2147483647 \"other.cu\"\n__global__ void k(float* input, float* output) { *output = ; }\n")
PY
mkdir -p "$K/dir.cu"
mkfifo "$K/fifo.cu"
cp "$K/simple.cu" "$K/unreadable.cu"; chmod 000 "$K/unreadable.cu"

# Sources that must be refused, each with an error at a line of the source.
for f in printf printf2 malloc new asm asmv fnptr2 virtual2 throw trycatch dynpar recursion mutual tmplrec \
         tmplrec2 doubleatom half double_params int_params int64atom2 int64max vla devvar constvar sinf clock trap assert syncthreads_count \
         grid_sync cg texture static_local sharedneg nonvoid \
         inc_zero inc_urandom inc_shadow inc_missing inc_dir error_directive macro_self syntax unclosed \
         unclosed_comment unclosed_string latin1_ident bad_utf8_string deep_parens deep_braces \
         inc_vector inc_passwd inc_environ inc_fifo inc_stdin \
         line_directive_err match reduce_add shfl_double shfl_ll; do
    src "check $f.cu (refused at a line)" 2 err "$K/$f.cu"
done
# Sources the engine refuses or runs: any answer but a crash, a hang, or an unplaced message.
for f in fnptr deep_templates goto virtual double lambda intptr misalign sharedbig sharedhuge sharedzero shared48k shared2d externint \
         localbig localhuge ldg threadfence thready threadz blocky ballot inc_self utf8_ident deep_ifs deep_macros pragma_garbage line_directive host_main \
         host_launch shared_many no_newline cr_only nul_inside long_line unrolled int64atom; do
    src "check $f.cu (runs or refused, placed)" '0|2' '' "$K/$f.cu"
done
# Files that are no kernel source at all: refused, exit 2, with a message.
for f in empty space nul binary elf huge_garbage utf16 zero_params many_params extra_params value_param \
         declared_only no_global tmpl_uninst huge_lines; do
    src "check $f.cu (nothing to run: 2)" 2 any "$K/$f.cu"
done
src "check huge_comment.cu (over 1000000 bytes)" 2 'grep:longer than 1000000 bytes' "$K/huge_comment.cu"
for f in simple warp two bom crlf latin1 inc_cuda inc_stdio tmpl_two many_kernels; do
    src "check $f.cu (accepted)" 0 ok "$K/$f.cu"
    src "check $f.cu --json (accepted)" 0 ok "$K/$f.cu" json
done
check "check --json output parses (simple)" 0 - -- sh -c "'$CLI' kernel check --source '$K/simple.cu' --json | python3 -c 'import json,sys; d=json.load(sys.stdin); assert d[\"kernels\"][0][\"signature\"]==\"in_place\"'"
check "check --json, refused, output parses" 0 '' -- sh -c "'$CLI' kernel check --source '$K/printf.cu' --json 2>/dev/null | python3 -c 'import json,sys; d=json.load(sys.stdin); assert d[\"diagnostics\"][0][\"line\"]>0' && echo parsed >&2"

# ---- kernel trace on the constructs that run: faults placed, no crash, no hang -------------------
for f in fnptr deep_templates goto virtual double lambda ldg threadfence thready threadz blocky ballot divzero modzero intmin oob_in \
         oob_neg oob_out nullptr wildptr intptr misalign sharedbig shared48k shared2d externint externoob localbig \
         localhuge longloop while1 while1sync spin syncpart race shfl_off shfl_negoff shfl_branch int64atom \
         sharedzero sharedhuge deep_ifs unrolled; do
    src "trace $f.cu (runs, faults or refused, placed)" '0|1|2' '' "$K/$f.cu" trace --input 1,2,3,4,5,6,7,8 --json
done
for p in "$K"/shfl_*_*.cu; do
    b=${p##*/}
    src "trace ${b%.cu} (mask/width)" '0|1|2' '' "$p" trace --input "$(seq -s, 1 64)"
done
for f in divzero modzero oob_in oob_out nullptr while1 syncpart race; do
    src "trace $f.cu (a fault, exit 1, placed)" 1 'grep:fault:' "$K/$f.cu" trace --input 1,2,3,4,5,6,7,8
done

# ---- kernel trace and check: the files behind --source and --output -----------------------------
cli "check --source a directory" 2 "source" kernel check --source "$K/dir.cu"
cli "trace --source a directory" 2 "source" kernel trace --source "$K/dir.cu" --input 1,2
check "check --source a fifo nobody writes" 2 "source" -- "$CLI" kernel check --source "$K/fifo.cu"
[ "$(id -u)" != 0 ] && cli "check --source unreadable" 2 "source" kernel check --source "$K/unreadable.cu"
cli "check --source missing" 2 "source" kernel check --source "$K/missing.cu"
cli "check --source ''" 2 "source" kernel check --source ''
cli "check --source /dev/zero" 2 "source" kernel check --source /dev/zero
cli "check --source /dev/null" 2 "" kernel check --source /dev/null
cli "check --source /proc/self/mem" 2 "source" kernel check --source /proc/self/mem
cli "check --source missing value" 2 "--source" kernel check --source
cli "check without --source" 2 "--source" kernel check
cli "kernel without a subcommand" 2 "" kernel
cli "kernel bogus" 2 "bogus" kernel bogus
check "check --source - , empty stdin" 2 "" -- "$CLI" kernel check --source -
check "check --source - , the kernel on stdin" 0 '' "$K/simple.cu" -- "$CLI" kernel check --source -
check "trace --source - , the kernel on stdin" 0 - "$K/simple.cu" -- "$CLI" kernel trace --source - --input 1,2,3,4
check "check --source - , binary stdin" 2 "" "$K/binary.cu" -- "$CLI" kernel check --source -
check "check --source - , /dev/zero stdin (10 s of zeros)" '2' '' -- sh -c "head -c 200000000 /dev/zero | exec '$CLI' kernel check --source -"
cli "check --output into a missing folder" 74 "No such file or directory" kernel check --source "$K/simple.cu" --output "$S/no/x.txt"
mkdir -p "$S/ro"; chmod 555 "$S/ro"
if [ "$(id -u)" != 0 ]; then
    cli "check --output into a read-only folder" 74 "Permission denied" kernel check --source "$K/simple.cu" --output "$S/ro/x.txt"
    cli "trace --output into a read-only folder" 74 "Permission denied" kernel trace --source "$K/simple.cu" --input 1,2 --output "$S/ro/x.txt"
fi
cli "check --output /dev/full" 74 "cannot write" kernel check --source "$K/simple.cu" --output /dev/full
check "check stdout /dev/full" 74 "cannot write" -- sh -c "exec '$CLI' kernel check --source '$K/simple.cu' >/dev/full"
check "trace stdout /dev/full" 74 "cannot write" -- sh -c "exec '$CLI' kernel trace --source '$K/simple.cu' --input 1,2,3,4 --json >/dev/full"
cli "trace --output /dev/full" 74 "cannot write" kernel trace --source "$K/simple.cu" --input 1,2 --output /dev/full
cli "check --output a directory" 74 "" kernel check --source "$K/simple.cu" --output "$K/dir.cu"
cli "check --output ''" 0 "" kernel check --source "$K/simple.cu" --output ''
cli "check --output the source itself (after reading)" 0 "" kernel check --source "$K/simple.cu" --output "$S/simple_copy.cu"
cli "trace --output a file (made)" 0 "@$S/t.json" kernel trace --source "$K/simple.cu" --input 1,2,3,4 --json --output "$S/t.json"
cli "check --json=yes" 2 "--json" kernel check --source "$K/simple.cu" --json=yes

# ---- kernel trace: every option, hostile values --------------------------------------------------
for v in '' 0 3 5 2048 1025 -1 -64 ' 64' '64 ' 64.0 1e2 0x40 +64 nan inf 99999999999999999999 '٦٤' 64,64 x; do
    cli "trace --block-size '$v'" 2 "block-size" kernel trace --source "$K/simple.cu" --input 1,2,3,4 --block-size "$v"
done
for v in '' 0 65536 1e9 1000000000 -1 ' 1' 1.5 0x10 nan inf 99999999999999999999 x; do
    cli "trace --grid '$v'" 2 "grid" kernel trace --source "$K/simple.cu" --input 1,2,3,4 --grid "$v"
done
for v in '' 0 3 7 64 33 -32 1.5 0x20 nan x 99999999999999999999; do
    cli "trace --warp-size '$v'" 2 "warp-size" kernel trace --source "$K/simple.cu" --input 1,2,3,4 --warp-size "$v"
done
for v in '' 0 3 33 64 -32 1.5 nan x 99999999999999999999; do
    cli "trace --banks '$v'" 2 "banks" kernel trace --source "$K/simple.cu" --input 1,2,3,4 --banks "$v"
done
for v in 1 2 4 8 16 32 64 256 1024; do
    cli "trace --block-size $v (accepted)" '0|1' '' kernel trace --source "$K/warp.cu" --input "$(seq -s, 1 64)" --block-size "$v"
done
for v in 4 8 16 32; do
    cli "trace --warp-size $v (accepted)" 0 - kernel trace --source "$K/warp.cu" --input "$(seq -s, 1 64)" --warp-size "$v"
    cli "trace --banks $v (accepted)" 0 - kernel trace --source "$K/simple.cu" --input 1,2,3,4 --banks "$v"
done
cli "trace --grid 65535 (in-place kernel, 65535 blocks)" '0|1|2' '' kernel trace --source "$K/simple.cu" --input 1,2 --grid 65535 --block-size 1024
cli "trace --grid 65535 --block-size 1024, warp kernel" '0|1|2' '' kernel trace --source "$K/warp.cu" --input 1,2 --grid 65535 --block-size 1024
cli "trace --grid 2 (accepted)" 0 - kernel trace --source "$K/simple.cu" --input 1,2,3,4,5,6,7,8 --grid 2 --block-size 2
for v in '' ' ' ',' ',,' 'nan' 'inf' '-inf' 'NaN,1' '1,Inf' '-0' '-0,0' '1e-45' '1.4e-45,1e-40' '1e-310' '3.5e38,3.5e38' '1e39' \
         'x' '1;2' '1 2 3' '0x1p3' '1,,2' "$(printf '\xff\xfe')" "$(printf '1,2\n3')" '٣' '1e' '--1' '+1' '1.0.0'; do
    cli "kernel trace --input '${v:0:20}'" '0|2' '' kernel trace --source "$K/simple.cu" --input "$v"
    cli "kernel trace --input '${v:0:20}', warp kernel" '0|1|2' '' kernel trace --source "$K/warp.cu" --input "$v"
done
cli "kernel trace --input 4096 values (accepted)" 0 - kernel trace --source "$K/warp.cu" --input "$(seq -s, 1 4096)" --output "$S/4096.txt"
cli "kernel trace --input 4097 values" 2 "input must hold 1..4096 values" kernel trace --source "$K/warp.cu" --input "$(seq -s, 1 4097)"
cli "kernel trace --input 20000 values" 2 "input must hold 1..4096 values" kernel trace --source "$K/warp.cu" --input "$(seq -s, 1 20000)"
cli "kernel trace --input 100 KB of garbage" 2 "input" kernel trace --source "$K/warp.cu" --input "$(head -c 100000 /dev/zero | tr '\0' x)"
cli "kernel trace --input missing value" 2 "--input" kernel trace --source "$K/warp.cu" --input
cli "kernel trace without --input" 2 "--input" kernel trace --source "$K/warp.cu"
cli "kernel trace --input NaN (result NaN, accepted)" 0 '' kernel trace --source "$K/simple.cu" --input nan,1
cli "kernel trace, two kernels, no --kernel" 2 "kernel" kernel trace --source "$K/two.cu" --input 1,2,3,4
cli "kernel trace, two kernels, --kernel warp_sum" 0 - kernel trace --source "$K/two.cu" --input "$(seq -s, 1 64)" --kernel warp_sum
cli "kernel trace, two kernels, --kernel by its symbol (accepted)" 0 - kernel trace --source "$K/two.cu" --input 1,2,3,4 --kernel _Z6simplePfS_
cli "kernel trace, two kernels, --kernel simple" 0 - kernel trace --source "$K/two.cu" --input 1,2,3,4 --kernel simple
for v in '' bogus Simple 'simple ' '-oProxyCommand=x' "$(printf '\xff')" 'simple;rm' '_Z6simplePf' "$(printf 'a%.0s' $(seq 1 5000))"; do
    cli "kernel trace --kernel '${v:0:20}'" 2 "kernel" kernel trace --source "$K/two.cu" --input 1,2,3,4 --kernel "$v"
done
cli "kernel trace, 2000 kernels, no --kernel" 2 "kernel" kernel trace --source "$K/many_kernels.cu" --input 1,2
cli "kernel trace, 2000 kernels, --kernel k1999" 0 - kernel trace --source "$K/many_kernels.cu" --input 1 --kernel k1999
cli "kernel trace, zero-parameter kernel" 2 "" kernel trace --source "$K/zero_params.cu" --input 1,2
cli "kernel trace, template uninstantiated" 2 "" kernel trace --source "$K/tmpl_uninst.cu" --input 1,2
cli "kernel trace, two instantiations, no --kernel" 2 "kernel" kernel trace --source "$K/tmpl_two.cu" --input 1,2
cli "kernel trace, unknown option" 2 "--bogus" kernel trace --source "$K/warp.cu" --input 1,2 --bogus
cli "kernel trace --block-size given twice" 2 'given 2 times' kernel trace --source "$K/warp.cu" --input 1,2 --block-size 2 --block-size 4

# ---- the GPU host: DEST, --gpu-host-cli, --srun --------------------------------------------------
# A malformed DEST is refused before ssh starts (exit 2, one line naming --gpu-host). Nothing may
# reach ssh as an option: a DEST starting with '-' is refused.
sentinel="$S/injected"
for sub in bench devices selftest "trace --on-gpu --strategy simple --input 1,2"; do
    for d in '' '@' 'user@' '@host' 'host:' 'host:0' 'host:99999' 'host:-1' 'host:x' 'host:22:22' '[::1' '[::1]x' '[]' \
             '[zz]' 'a b' ' host' 'host ' "-oProxyCommand=touch $sentinel" "-oProxyCommand=touch${IFS:0:1}$sentinel" \
             '-p' '-Fnone' 'user@-oProxyCommand=x' '-user@host' 'host;id' 'host|id' 'host$(id)' 'ho`id`st' \
             "$(printf 'host\nx')" "$(printf 'h\xffst')" 'host/x' 'a@b@c' "$(printf 'h%.0s' $(seq 1 300))" '%h' '~/x'; do
        # shellcheck disable=SC2086
        cli "$sub --gpu-host '${d:0:30}'" 2 "--gpu-host" $sub --gpu-host "$d"
    done
done
[ -e "$sentinel" ] && { wrong=$((wrong + 1)); failures+=("wrong: a --gpu-host value ran ProxyCommand"); }
for d in 'host' 'user@host' 'host:22' 'user@host:2222' '[::1]:22' 'my-gpu.example_1'; do
    # A well-formed DEST that is not reachable: not a DEST error (the message names ssh or the host).
    cli "devices --gpu-host $d (well-formed, no such host, within 20 s)" '1|2|69|75|255' '' devices --gpu-host "$d.invalid"
done
# 127.0.0.1 on a closed port: answered within 15 s, naming the host.
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
limit=15
for sub in bench devices selftest "trace --on-gpu --strategy simple --input 1,2"; do
    # shellcheck disable=SC2086
    cli "$sub --gpu-host 127.0.0.1:$port (closed port, within 15 s)" '1|69|75|255' "127.0.0.1" $sub --gpu-host "127.0.0.1:$port"
done
check "devices --gpu-host 10.255.255.1 (blackhole, within 15 s)" '1|69|75|255' '10.255.255.1' -- "$CLI" devices --gpu-host 10.255.255.1
limit=20
for c in '' ' ' '-oProxyCommand=x' "$(printf 'a\nb')" "/path with spaces/cli" "'quoted'" '$(id)' ';id' '~/bin/cli' "$(printf '\xff')" "$(printf 'p%.0s' $(seq 1 5000))"; do
    cli "devices --gpu-host-cli '${c:0:20}' without --gpu-host" 2 "--gpu-host-cli" devices --gpu-host-cli "$c"
    cli "devices --gpu-host 127.0.0.1:$port --gpu-host-cli '${c:0:20}'" '1|2|69|75|255' '' devices --gpu-host "127.0.0.1:$port" --gpu-host-cli "$c"
done
for o in '' ' ' ';' 'a;b' '"--partition gpu"' "'x'" '$(id)' '--partition=gpu;id' '|' "$(printf 'a\nb')" "$(printf '\xff')" '--' '-' 'a  b'; do
    cli "bench --srun '${o:0:20}' without --gpu-host" 2 "--srun" bench --srun "$o"
    cli "bench --gpu-host 127.0.0.1:$port --srun '${o:0:20}'" '1|2|69|75|255' '' bench --gpu-host "127.0.0.1:$port" --srun "$o"
done
cli "devices --gpu-host given twice" '1|2|69|75|255' '' devices --gpu-host "127.0.0.1:$port" --gpu-host "127.0.0.1:$port"
cli "--gpu-host on compare (not a GPU command)" 2 "" compare --gpu-host host a.json b.json
cli "--gpu-host on kernel trace (not a GPU command)" 2 "" kernel trace --source "$K/simple.cu" --input 1,2 --gpu-host host
cli "devices --gpu-host missing value" 2 "--gpu-host" devices --gpu-host
cli "remote-serve, empty stdin" 2 "stdin ended before a request" remote-serve
check "remote-serve, garbage stdin" 2 "" "$K/binary.cu" -- "$CLI" remote-serve
check "remote-serve, huge stdin" 2 "" "$K/huge_garbage.cu" -- "$CLI" remote-serve
check "remote-serve, JSON that is no request" 2 "" -- sh -c "echo '{\"argv\": 5}' | exec '$CLI' remote-serve"
check "remote-serve, a request to run a shell" 2 "" -- sh -c "echo '{\"argv\": [\"/bin/sh\", \"-c\", \"touch $sentinel\"]}' | exec '$CLI' remote-serve"
cli "remote-serve --lock-dir a file" 2 "--lock-dir" remote-serve --lock-dir "$K/simple.cu"
cli "remote-serve --lock-dir ''" 2 "--lock-dir" remote-serve --lock-dir ''
cli "remote-serve --child missing" 2 "" remote-serve --child "$S/nochild"
[ -e "$sentinel" ] && { wrong=$((wrong + 1)); failures+=("wrong: remote-serve ran a shell from its request"); }

# ---- the app's new command-line options ----------------------------------------------------------
app "app --kernel ''" 2 "kernel" --kernel '' --screenshot "$S/a.png"
app "app --kernel missing file" 2 "kernel" --kernel "$K/missing.cu" --screenshot "$S/a.png"
app "app --kernel a directory" 2 "kernel" --kernel "$K/dir.cu" --screenshot "$S/a.png"
app "app --kernel a fifo" 2 "kernel" --kernel "$K/fifo.cu" --screenshot "$S/a.png"
app "app --kernel /dev/zero" 2 "kernel" --kernel /dev/zero --screenshot "$S/a.png"
[ "$(id -u)" != 0 ] && app "app --kernel unreadable" 2 "kernel" --kernel "$K/unreadable.cu" --screenshot "$S/a.png"
app "app --kernel binary file" '0|2' '' --kernel "$K/binary.cu" --screenshot "$S/a.png"
app "app --kernel ELF file" '0|2' '' --kernel "$K/elf.cu" --screenshot "$S/a.png"
app "app --kernel 10 MB file" '0|2' '' --kernel "$K/huge_comment.cu" --screenshot "$S/a.png"
app "app --kernel UTF-16 file" '0|2' '' --kernel "$K/utf16.cu" --screenshot "$S/a.png"
app "app --kernel Latin-1 file" 0 '' --kernel "$K/latin1.cu" --screenshot "$S/a.png"
app "app --kernel a refused kernel" 0 '' --kernel "$K/printf.cu" --screenshot "$S/a.png"
app "app --kernel simple.cu" 0 - --kernel "$K/simple.cu" --screenshot "$S/a.png"
app "app --kernel with --tab step" 0 - --kernel "$K/simple.cu" --tab step --screenshot "$S/a.png"
app "app --kernel missing value" 2 "kernel" --kernel
for t in '' bogus Kernel 'kernel ' overview 0 -1 "$(printf '\xff')"; do
    app "app --tab '$t'" 2 "tab" --tab "$t" --screenshot "$S/a.png"
done
for t in step table bench kernel; do
    app "app --tab $t (accepted)" 0 - --tab "$t" --screenshot "$S/a.png"
done
app "app --tab kernel --present" 0 - --tab kernel --present --screenshot "$S/a.png"
app "app --kernel --present" 0 - --kernel "$K/two.cu" --present --screenshot "$S/a.png"
app "app --gpu-host ''" 2 "gpu-host must be" --gpu-host '' --screenshot "$S/a.png"
for d in '@' 'host:0' 'host:99999' '[::1' 'a b' "-oProxyCommand=touch $sentinel" 'host;id'; do
    app "app --gpu-host '${d:0:20}'" 2 "GPU host" --gpu-host "$d" --screenshot "$S/a.png"
done
app "app --gpu-host-cli without --gpu-host" 2 "gpu-host-cli" --gpu-host-cli /x --screenshot "$S/a.png"
app "app --srun without --gpu-host" 2 "srun" --srun "-p gpu" --screenshot "$S/a.png"
app "app --srun ';' (one srun argument, no shell: accepted)" 0 - --gpu-host host --srun ";" --screenshot "$S/a.png"
app "app --gpu-host host (well-formed, accepted)" 0 - --gpu-host host --screenshot "$S/a.png"
[ -e "$sentinel" ] && { wrong=$((wrong + 1)); failures+=("wrong: the app ran ProxyCommand"); }

totals "hostile pass (new features)"
