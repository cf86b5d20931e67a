// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/reference.h"

#include "model/gpu_float.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <thread>

namespace reducescope::bench {
namespace {

std::uint64_t splitmix64(std::uint64_t z)
{
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

unsigned int thread_count(std::size_t n)
{
    const unsigned int hw = std::max(1u, std::thread::hardware_concurrency());
    return n < (1u << 20) ? 1u : std::min<unsigned int>(hw, 64);
}

template <class F>
void parallel_chunks(std::size_t n, F&& f)
{
    const unsigned int t = thread_count(n);
    if (t == 1) {
        f(0, std::size_t{0}, n);
        return;
    }
    std::vector<std::thread> threads;
    const std::size_t chunk = (n + t - 1) / t;
    for (unsigned int k = 0; k < t; ++k) {
        const std::size_t lo = std::min(n, k * chunk), hi = std::min(n, lo + chunk);
        threads.emplace_back([&f, k, lo, hi] { f(k, lo, hi); });
    }
    for (auto& th : threads)
        th.join();
}

} // namespace

std::vector<float> make_input(std::size_t n, std::uint64_t seed, int stream)
{
    std::vector<float> x(n);
    const std::uint64_t base = splitmix64(seed ^ (0x5851f42d4c957f2dull * static_cast<std::uint64_t>(stream + 1)));
    parallel_chunks(n, [&](unsigned int, std::size_t lo, std::size_t hi) {
        for (std::size_t i = lo; i < hi; ++i) {
            const std::uint64_t h = splitmix64(base + i);
            // 24 random bits -> k * 2^-23 - 1 in [-1, 1), exactly representable in float.
            x[i] = static_cast<float>(static_cast<double>(h >> 40) * 0x1p-23 - 1.0);
        }
    });
    return x;
}

Reference reference(std::span<const float> x)
{
    const unsigned int t = thread_count(x.size());
    std::vector<Reference> part(t, Reference{0, 0, -std::numeric_limits<double>::infinity()});
    parallel_chunks(x.size(), [&](unsigned int k, std::size_t lo, std::size_t hi) {
        Reference r{0, 0, -std::numeric_limits<double>::infinity()};
        for (std::size_t i = lo; i < hi; ++i) {
            const double v = x[i];
            r.sum += v;
            r.abs_sum += std::fabs(v);
            r.max = model::gpu_float::max_num(r.max, v);
        }
        part[k] = r;
    });
    Reference r{0, 0, -std::numeric_limits<double>::infinity()};
    for (const auto& p : part) {
        r.sum += p.sum;
        r.abs_sum += p.abs_sum;
        r.max = model::gpu_float::max_num(r.max, p.max);
    }
    return r;
}

Reference reference_dot(std::span<const float> x, std::span<const float> y)
{
    const std::size_t n = std::min(x.size(), y.size());
    const unsigned int t = thread_count(n);
    std::vector<Reference> part(t);
    parallel_chunks(n, [&](unsigned int k, std::size_t lo, std::size_t hi) {
        Reference r;
        for (std::size_t i = lo; i < hi; ++i) {
            const double v = static_cast<double>(x[i]) * static_cast<double>(y[i]);
            r.sum += v;
            r.abs_sum += std::fabs(v);
        }
        part[k] = r;
    });
    Reference r;
    for (const auto& p : part) {
        r.sum += p.sum;
        r.abs_sum += p.abs_sum;
    }
    return r;
}

double sum_tolerance(std::size_t n, double abs_sum, double c)
{
    const double log2n = n > 0 ? std::log2(static_cast<double>(n)) : 0.0;
    return c * (log2n + 16.0) * 0x1p-24 * abs_sum;
}

double cpu_sum(std::span<const float> x)
{
    double s = 0;
    for (const float v : x)
        s += v;
    return s;
}

} // namespace reducescope::bench
