// Fuzzes manifest.json parsing and validation (and the small JSON side files)
// with arbitrary bytes: every input must give a manifest or a Status, never a
// crash, a leak or undefined behaviour.
#include "format/manifest.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = reinterpret_cast<const char *>(data);
    // A trunk.bin size that the seed manifests fit in, and a tiny one that
    // pushes tensors out of bounds.
    for (uint64_t trunkBytes : {uint64_t(1) << 24, uint64_t(4096)}) {
        auto manifest = sluice::parseManifest(text, size, trunkBytes);
        if (manifest.isOk()) {
            // What a reader does next with an accepted manifest must be safe too.
            for (const sluice::TensorInfo &t : manifest->tensors) {
                if (t.offset + t.payloadBytes() > trunkBytes || t.scaleOffset + t.scaleBytes() > trunkBytes)
                    __builtin_trap(); // the parser promised every tensor fits
            }
        }
    }
    auto specials = sluice::parseSpecials(text, size, 4096);
    if (specials.isOk()) {
        sluice::ModelConfig config;
        sluice::applySpecials(config, specials.value(), false);
    }
    sluice::VisionConfig vision;
    (void)sluice::parseVisionJson(text, size, vision);
    return 0;
}
