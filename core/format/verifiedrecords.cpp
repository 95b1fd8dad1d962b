#include "format/verifiedrecords.h"

#include "format/container.h"

#include "util/bytes.h"
#include "util/hash.h"
#include "util/regularfile.h"

#include <bit>
#include <cstdio>
#include <string>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

namespace sluice {

namespace {
constexpr uint32_t kMagic = 0x5256'4C53u; // "SLVR"
constexpr uint32_t kVersion = 2; // 2: keyed by the bank files too (version 1 maps are forgotten)
constexpr uint64_t kHeaderBytes = 4 + 4 + 8 + 8 + 4 + 4;
} // namespace

uint64_t bankFilesKey(const Container &container)
{
    const ModelConfig &cfg = container.config();
    std::set<std::string> paths; // a bank file shared by layers counts once; sorted: a stable order
    for (int layer = std::max(0, cfg.firstKDense); layer < cfg.nLayers; ++layer)
        if (const ExpertBank bank = container.expertLayer(layer); bank.experts > 0)
            paths.insert(bank.path);
    std::string key;
    for (const std::string &path : paths) {
        struct stat st {};
        key += path;
        key.push_back('\0');
        if (::stat(path.c_str(), &st) != 0) {
            key += "unreadable";
            continue;
        }
        for (const uint64_t v : {uint64_t(st.st_dev), uint64_t(st.st_ino), uint64_t(st.st_size),
                 uint64_t(st.st_mtim.tv_sec), uint64_t(st.st_mtim.tv_nsec), uint64_t(st.st_ctim.tv_sec),
                 uint64_t(st.st_ctim.tv_nsec)})
            appendLe64(key, v);
    }
    return fnv1a64(key.data(), key.size());
}

VerifiedRecords::VerifiedRecords(uint64_t fingerprint, uint64_t banksKey, int layers, int expertsPerLayer)
    : m_fingerprint(fingerprint)
    , m_banksKey(banksKey)
    , m_layers(std::max(0, layers))
    , m_experts(std::max(0, expertsPerLayer))
    , m_words((size_t(m_layers) * size_t(m_experts) + 63) / 64)
    , m_bits(new std::atomic<uint64_t>[m_words ? m_words : 1])
{
    for (size_t i = 0; i < (m_words ? m_words : 1); ++i)
        m_bits[i].store(0, std::memory_order_relaxed);
}

bool VerifiedRecords::isVerified(int layerIndex, int expert) const
{
    if (layerIndex < 0 || layerIndex >= m_layers || expert < 0 || expert >= m_experts)
        return false;
    const size_t b = bitOf(layerIndex, expert);
    return (m_bits[b / 64].load(std::memory_order_acquire) >> (b % 64)) & 1;
}

void VerifiedRecords::markVerified(int layerIndex, int expert)
{
    if (layerIndex < 0 || layerIndex >= m_layers || expert < 0 || expert >= m_experts)
        return;
    const size_t b = bitOf(layerIndex, expert);
    const uint64_t before = m_bits[b / 64].fetch_or(uint64_t(1) << (b % 64), std::memory_order_acq_rel);
    if (!((before >> (b % 64)) & 1))
        m_changed.store(true);
}

uint64_t VerifiedRecords::verifiedCount() const
{
    uint64_t n = 0;
    for (size_t i = 0; i < m_words; ++i)
        n += uint64_t(std::popcount(m_bits[i].load(std::memory_order_relaxed)));
    return n;
}

int VerifiedRecords::load(const std::string &path)
{
    const uint64_t expect = kHeaderBytes + m_words * 8 + 8;
    auto data = readRegularFile(path, expect, path);
    if (!data || data->size() != expect)
        return 0;
    const auto *p = reinterpret_cast<const uint8_t *>(data->data());
    if (loadLe32(p) != kMagic || loadLe32(p + 4) != kVersion || loadLe64(p + 8) != m_fingerprint ||
        loadLe64(p + 16) != m_banksKey || loadLe32(p + 24) != uint32_t(m_layers) ||
        loadLe32(p + 28) != uint32_t(m_experts))
        return 0; // another model, or its banks were rewritten since: nothing is verified
    if (loadLe64(p + expect - 8) != fnv1a64(p, size_t(expect - 8)))
        return 0;
    const size_t total = size_t(m_layers) * size_t(m_experts);
    int named = 0;
    for (size_t i = 0; i < m_words; ++i) {
        uint64_t w = loadLe64(p + kHeaderBytes + 8 * i);
        if (i + 1 == m_words && total % 64) // bits past the last record are not records
            w &= (uint64_t(1) << (total % 64)) - 1;
        m_bits[i].fetch_or(w, std::memory_order_relaxed);
        named += std::popcount(w);
    }
    return named;
}

Status VerifiedRecords::save(const std::string &path)
{
    if (!m_changed.load())
        return Status::ok();
    std::string out;
    appendLe32(out, kMagic);
    appendLe32(out, kVersion);
    appendLe64(out, m_fingerprint);
    appendLe64(out, m_banksKey);
    appendLe32(out, uint32_t(m_layers));
    appendLe32(out, uint32_t(m_experts));
    for (size_t i = 0; i < m_words; ++i)
        appendLe64(out, m_bits[i].load(std::memory_order_relaxed));
    appendLe64(out, fnv1a64(out.data(), out.size()));
    const std::string tmp = path + ".tmp." + std::to_string(::getpid());
    FILE *f = std::fopen(tmp.c_str(), "wb");
    if (!f)
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot create"), tmp);
    const bool ok = std::fwrite(out.data(), 1, out.size(), f) == out.size() && std::fflush(f) == 0 &&
                    ::fsync(::fileno(f)) == 0;
    if (std::fclose(f) != 0 || !ok) {
        std::remove(tmp.c_str());
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: write failed"), tmp);
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
        std::remove(tmp.c_str());
        return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot replace"), path);
    }
    m_changed.store(false);
    return Status::ok();
}

} // namespace sluice
