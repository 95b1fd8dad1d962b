// Fuzzes the safetensors shard header and the index with arbitrary bytes. The
// input is a whole shard file (8-byte length, header, data); the same bytes
// are also tried as an index. Accepted tensors must lie inside the file and
// must not overlap - the parser's promise to every reader.
#include "format/safetensors.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = reinterpret_cast<const char *>(data);
    if (size >= 8) {
        uint64_t headerBytes = 0;
        for (int i = 7; i >= 0; --i)
            headerBytes = headerBytes << 8 | data[i];
        if (headerBytes <= size - 8) {
            auto tensors = sluice::parseSafetensorsHeader(text + 8, size_t(headerBytes), size, "fuzz.safetensors");
            if (tensors.isOk()) {
                uint64_t end = 8 + headerBytes;
                for (const sluice::SafetensorsTensor &t : tensors.value()) {
                    if (t.offset < 8 + headerBytes || t.offset > size || t.bytes > size - t.offset)
                        __builtin_trap();
                    if (t.bytes != 0 && t.offset < end)
                        __builtin_trap(); // sorted by offset and non-overlapping
                    if (t.bytes != 0)
                        end = t.offset + t.bytes;
                    if (t.elements() * sluice::safetensorsDtypeBytes(t.dtype) != t.bytes)
                        __builtin_trap();
                }
            }
        }
    }
    (void)sluice::parseSafetensorsIndex(text, size);
    return 0;
}
