// SPDX-License-Identifier: GPL-3.0-or-later
// The one mapping from the GPU layer's exceptions (kernels/cuda/reduce_api.h) to the CLI's exit
// codes, shared by bench, devices, selftest and bench --gpus. Only for builds with the kernels.
#pragma once

#include "bench/plan.h"
#include "cli/commands.h"
#include "cuda/reduce_api.h"

#include <iostream>
#include <string>

namespace reducescope::cli {

/// Runs `body` (returns an exit code). Maps cuda::NoDevice to 77, cuda::OutOfMemory to 2 ("not
/// enough device memory: ..."), any other cuda::CudaError to 1 after `on_cuda_error(message)`
/// (e.g. a JSON error line on stdout); each with one line on stderr. bench::BadOption (a device
/// index or GPU count this machine does not have) becomes BadInput ("--device must be ...",
/// exit 2). Other exceptions propagate.
template <class Body, class OnCudaError>
int map_gpu_errors(Body&& body, OnCudaError&& on_cuda_error)
{
    try {
        return body();
    } catch (const cuda::NoDevice& e) {
        std::cerr << "reducescope-cli: " << e.what() << '\n';
        return kNoDevice;
    } catch (const cuda::OutOfMemory& e) {
        std::cerr << "reducescope-cli: not enough device memory: " << e.what() << '\n';
        return kBadInput;
    } catch (const bench::BadOption& e) {
        throw BadInput{std::string{"--"} + e.what()};
    } catch (const cuda::CudaError& e) {
        on_cuda_error(std::string{e.what()});
        std::cerr << "reducescope-cli: " << e.what() << '\n';
        return kFailure;
    }
}

/// As above, with nothing extra on a CUDA error.
template <class Body>
int map_gpu_errors(Body&& body)
{
    return map_gpu_errors(static_cast<Body&&>(body), [](const std::string&) {});
}

} // namespace reducescope::cli
