#include "aligned.h"

#include <cstdlib>

namespace sluice {

void *alignedAlloc(size_t alignment, size_t bytes)
{
    if (bytes == 0)
        bytes = alignment;
    // aligned_alloc requires the size to be a multiple of the alignment.
    return std::aligned_alloc(alignment, roundUp(bytes, alignment));
}

void alignedFree(void *p) { std::free(p); }

} // namespace sluice
