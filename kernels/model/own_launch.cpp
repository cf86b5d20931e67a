// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/own_launch.h"

#include "model/catalogue.h"

#include <algorithm>
#include <bit>

namespace reducescope::model {

OwnLaunch plan_own_launch(std::size_t n, unsigned int elements_per_thread, unsigned int min_block, unsigned int block,
                          unsigned int grid)
{
    const std::size_t e = elements_per_thread ? elements_per_thread : kDefaultElementsPerThread;
    n = std::max<std::size_t>(n, 1);
    OwnLaunch l;
    if (block) {
        l.block = block;
    } else {
        const std::size_t threads = std::min<std::size_t>(1024, (n + e - 1) / e);
        l.block = std::bit_ceil(static_cast<unsigned int>(threads));
        l.block = std::max(l.block, std::min(1024u, min_block));
    }
    if (grid) {
        l.grid = grid;
    } else {
        const std::size_t per = e * l.block;
        l.grid = static_cast<unsigned int>(std::clamp<std::size_t>((n + per - 1) / per, 1, 65535));
    }
    return l;
}

std::size_t own_in_place_values(std::size_t n, unsigned int elements_per_thread, OwnLaunch launch)
{
    const std::size_t e = std::max(2u, elements_per_thread);
    return std::max(n, e * launch.block * launch.grid);
}

long long catalogue_shared_bytes(const StrategyInfo& s, unsigned int block)
{
    if (s.id == "interleaved_padded")  // its launcher: words = block + block / 32
        return 4LL * (block + block / 32);
    return 0;
}

} // namespace reducescope::model
