# SPDX-License-Identifier: GPL-3.0-or-later
# reducescope_bench_run: running a benchmark on the GPU (run.h: plan, run, stream the JSON lines,
# write the results file), the selftest and the multi-GPU benchmark. Plain C++ on top of the CUDA
# kernels' host header; included by kernels/CMakeLists.txt only where reducescope_cuda is built.
add_library(reducescope_bench_run STATIC ${CMAKE_CURRENT_LIST_DIR}/run.cpp ${CMAKE_CURRENT_LIST_DIR}/multi_gpu_run.cpp)
target_link_libraries(reducescope_bench_run PUBLIC reducescope_bench reducescope_cuda)
target_compile_options(reducescope_bench_run PRIVATE $<$<CXX_COMPILER_ID:GNU,Clang>:-Wall -Wextra>)
