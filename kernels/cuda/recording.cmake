# SPDX-License-Identifier: GPL-3.0-or-later
# The recording variant of the kernels (`trace --on-gpu`): kernels/cuda/recording.cu instantiates
# the kernel sources with RecordingProbe; recorded_trace.cpp turns a recording into a model::Trace.
# A library of its own, so the production objects of reducescope_cuda are built exactly as before.
# Included where reducescope_cuda exists (kernels/cli/CMakeLists.txt).
if(NOT CMAKE_CUDA20_STANDARD_COMPILE_OPTION)
  set(CMAKE_CUDA20_STANDARD_COMPILE_OPTION "-std=c++20")
  set(CMAKE_CUDA20_EXTENSION_COMPILE_OPTION "-std=c++20")
endif()
add_library(reducescope_recording STATIC
  ${CMAKE_SOURCE_DIR}/kernels/cuda/recording.cu ${CMAKE_SOURCE_DIR}/kernels/cuda/recorded_trace.cpp)
target_include_directories(reducescope_recording PUBLIC ${CMAKE_SOURCE_DIR}/kernels
                           PRIVATE ${CMAKE_SOURCE_DIR}/kernels/cuda)
target_link_libraries(reducescope_recording PUBLIC reducescope_model reducescope_cuda nlohmann_json::nlohmann_json
                      PRIVATE CUDA::cudart_static)
set_target_properties(reducescope_recording PROPERTIES CUDA_SEPARABLE_COMPILATION OFF POSITION_INDEPENDENT_CODE ON)
target_compile_options(reducescope_recording PRIVATE
  $<$<COMPILE_LANGUAGE:CUDA>:--expt-relaxed-constexpr -Xcompiler=-Wall>)
target_compile_definitions(reducescope_recording PUBLIC REDUCESCOPE_WITH_RECORDING=1)
