# SPDX-License-Identifier: GPL-3.0-or-later
# The multi-GPU reduction (multi_gpu.cu, behind multi_gpu_api.h), part of reducescope_cuda.
# Included by kernels/cuda/CMakeLists.txt. NCCL is optional (cmake/nccl.cmake): without it only
# the p2p combine is compiled, and the CLI refuses --gpus K > 1 with exit 77.
target_sources(reducescope_cuda PRIVATE ${CMAKE_CURRENT_LIST_DIR}/multi_gpu.cu)
if(REDUCESCOPE_HAVE_NCCL)
  target_link_libraries(reducescope_cuda PRIVATE reducescope::nccl)
  set_property(SOURCE ${CMAKE_CURRENT_LIST_DIR}/multi_gpu.cu APPEND PROPERTY COMPILE_DEFINITIONS REDUCESCOPE_WITH_NCCL=1)
else()
  set_property(SOURCE ${CMAKE_CURRENT_LIST_DIR}/multi_gpu.cu APPEND PROPERTY COMPILE_DEFINITIONS REDUCESCOPE_WITH_NCCL=0)
endif()
