// Fuzzes manifest.json parsing and validation (and the small JSON side files,
// sluice-placement.json among them)
// with arbitrary bytes: every input must give a manifest or a Status, never a
// crash, a leak or undefined behaviour.
#include "format/manifest.h"
#include "format/placement.h"

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
    // The bank placement sidecar: an accepted one names only known banks, in absolute folders.
    const std::set<std::string> banks{"experts-L1.bin", "experts-L2.bin"};
    auto placement = sluice::parsePlacement(text, size, banks);
    if (placement.isOk()) {
        for (const auto &[bank, folder] : placement->folderOf) {
            if (!banks.count(bank) || folder.empty() || folder[0] != '/')
                __builtin_trap();
        }
    }
    return 0;
}
