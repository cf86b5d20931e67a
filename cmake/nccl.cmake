# SPDX-License-Identifier: GPL-3.0-or-later
# NCCL for the multi-GPU benchmark (`reducescope-cli bench --gpus K`). Optional: without it the
# build still succeeds and K > 1 says "built without NCCL" (exit 77).
# Looked for in NCCL_ROOT (a CMake or environment variable: e.g. the nvidia-nccl pip package's
# folder), then beside the CUDA toolkit, then in the system folders. Sets REDUCESCOPE_HAVE_NCCL (0/1)
# for cmake/config.h.in and, when found, the imported target reducescope::nccl.
set(REDUCESCOPE_NCCL AUTO CACHE STRING "Multi-GPU through NCCL: AUTO (where found), OFF")
set_property(CACHE REDUCESCOPE_NCCL PROPERTY STRINGS AUTO OFF)
set(REDUCESCOPE_HAVE_NCCL 0)
if(REDUCESCOPE_HAVE_CUDA AND NOT REDUCESCOPE_NCCL STREQUAL "OFF")
  find_path(REDUCESCOPE_NCCL_INCLUDE_DIR nccl.h
            HINTS ${NCCL_ROOT} ENV NCCL_ROOT ${CUDAToolkit_INCLUDE_DIRS} ${CUDAToolkit_LIBRARY_ROOT}
            PATH_SUFFIXES include)
  # The pip package ships only libnccl.so.2 (no unversioned link).
  find_library(REDUCESCOPE_NCCL_LIBRARY NAMES nccl libnccl.so.2
               HINTS ${NCCL_ROOT} ENV NCCL_ROOT ${CUDAToolkit_LIBRARY_DIR} ${CUDAToolkit_LIBRARY_ROOT}
               PATH_SUFFIXES lib lib64)
  if(REDUCESCOPE_NCCL_INCLUDE_DIR AND REDUCESCOPE_NCCL_LIBRARY)
    add_library(reducescope::nccl UNKNOWN IMPORTED)
    set_target_properties(reducescope::nccl PROPERTIES
      IMPORTED_LOCATION ${REDUCESCOPE_NCCL_LIBRARY}
      INTERFACE_INCLUDE_DIRECTORIES ${REDUCESCOPE_NCCL_INCLUDE_DIR})
    set(REDUCESCOPE_HAVE_NCCL 1)
    message(STATUS "ReduceScope: NCCL ${REDUCESCOPE_NCCL_LIBRARY} (multi-GPU benchmark on)")
  else()
    message(STATUS "ReduceScope: NCCL not found (set NCCL_ROOT); --gpus K > 1 will say so")
  endif()
endif()
