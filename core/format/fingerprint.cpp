#include "format/fingerprint.h"

#include "format/container.h"
#include "util/regularfile.h"

#include <zlib.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace sluice {

namespace {

constexpr uint32_t kSidecarMagic = 0x50464c53u; // "SLFP"
constexpr uint32_t kSidecarVersion = 1;

struct FileKey {
    uint64_t size = 0;
    int64_t mtimeSec = 0;
    int64_t mtimeNsec = 0;
    bool operator==(const FileKey &) const = default;
};

struct Sidecar {
    uint32_t magic = kSidecarMagic;
    uint32_t version = kSidecarVersion;
    FileKey files[3];
    uint64_t value = 0;
};

bool keyOf(const std::string &path, FileKey &key)
{
    struct stat st;
    if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode))
        return false;
    key.size = uint64_t(st.st_size);
    key.mtimeSec = int64_t(st.st_mtim.tv_sec);
    key.mtimeNsec = int64_t(st.st_mtim.tv_nsec);
    return true;
}

uint64_t mix(uint64_t h, uint64_t v)
{
    for (int i = 0; i < 8; ++i) {
        h ^= (v >> (8 * i)) & 0xff;
        h *= 0x100000001b3ull;
    }
    return h;
}

// CRC-32 of a whole file in 1 MiB reads (zlib's CRC runs at several GB/s; the buffer is a transient outside the ledger, issue 15).
Expected<uint32_t> crcOfFile(const std::string &path, const std::string &label)
{
    uint64_t size = 0;
    auto fd = openRegularFile(path, label, 0, &size);
    if (!fd)
        return fd.status();
    std::vector<unsigned char> buffer(1u << 20);
    uLong crc = crc32(0L, Z_NULL, 0);
    uint64_t offset = 0;
    while (offset < size) {
        const ssize_t n = ::pread(*fd, buffer.data(), buffer.size(), off_t(offset));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            ::close(*fd);
            return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: read failed while fingerprinting"), label);
        }
        crc = crc32(crc, buffer.data(), uInt(n));
        offset += uint64_t(n);
    }
    ::close(*fd);
    return uint32_t(crc);
}

bool readSidecar(const std::string &path, Sidecar &out)
{
    auto bytes = readRegularFile(path, sizeof(Sidecar));
    if (!bytes || bytes->size() != sizeof(Sidecar))
        return false;
    std::memcpy(&out, bytes->data(), sizeof out);
    return out.magic == kSidecarMagic && out.version == kSidecarVersion;
}

bool writeSidecar(const std::string &path, const Sidecar &s)
{
    const std::string tmp = path + ".tmp." + std::to_string(::getpid());
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        return false;
    const bool ok = ::write(fd, &s, sizeof s) == ssize_t(sizeof s) && ::fsync(fd) == 0;
    ::close(fd);
    if (!ok || ::rename(tmp.c_str(), path.c_str()) != 0) {
        ::unlink(tmp.c_str());
        return false;
    }
    return true;
}

// The sidecar's name under the cache folder: a hash of the container's
// canonical path and of its manifest's bytes, so two models (two folders, or
// one folder that now holds another model) never share a file; the keys
// inside still decide whether a sidecar is current.
std::string cachePathFor(const std::string &cacheDir, const std::string &containerDir, uint32_t manifestCrc)
{
    char *real = ::realpath(containerDir.c_str(), nullptr);
    const std::string canonical = real ? std::string(real) : containerDir;
    std::free(real);
    uint64_t h = 0xcbf29ce484222325ull;
    for (const char ch : canonical)
        h = mix(h, uint8_t(ch));
    h = mix(mix(h, canonical.size()), manifestCrc);
    char name[64];
    std::snprintf(name, sizeof name, "%016llx.%s", (unsigned long long)h, kFingerprintSidecar);
    return cacheDir + "/" + name;
}

} // namespace

Expected<Fingerprint> containerFingerprint(const Container &container, const FingerprintOptions &options)
{
    const ContainerPaths &p = container.paths();
    const std::string files[3] = {p.manifest, p.trunk, p.codebooks};
    const char *labels[3] = {"manifest.json", "trunk.bin", "codebooks.bin"};
    Sidecar want;
    for (int i = 0; i < 3; ++i) {
        if (!keyOf(files[i], want.files[i]) && i < 2)
            return makeError(ErrorCode::NotFound, SLUICE_ERRT("Error", "%1: cannot stat for the fingerprint"),
                std::string(labels[i]));
    }
    // Never written into the model's folder: users share, seed and checksum
    // those folders, so a file appearing there is a change they did not make.
    // A read-only folder may ship one (an installed model); it is only read.
    std::string cached; // the sidecar's path under the cache folder; empty: nothing is cached
    if (!options.cacheDir.empty()) {
        auto manifestCrc = crcOfFile(files[0], labels[0]);
        if (!manifestCrc)
            return manifestCrc.status();
        cached = cachePathFor(options.cacheDir, p.dir, *manifestCrc);
        std::error_code ec; // the host's cache folder may not exist yet (nor its parent); failing, nothing is cached
        std::filesystem::create_directories(options.cacheDir, ec);
    }
    struct stat dirStat;
    const bool folderWritable = ::stat(p.dir.c_str(), &dirStat) == 0 && (dirStat.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH));
    const std::string beside = p.dir + "/" + kFingerprintSidecar;
    Sidecar have;
    if (!folderWritable && readSidecar(beside, have) && have.files[0] == want.files[0] &&
        have.files[1] == want.files[1] && have.files[2] == want.files[2])
        return Fingerprint{have.value, true, cached}; // shipped with a read-only container; side files go to the cache
    if (!cached.empty() && readSidecar(cached, have) && have.files[0] == want.files[0] &&
        have.files[1] == want.files[1] && have.files[2] == want.files[2])
        return Fingerprint{have.value, true, cached};
    uint64_t h = 0xcbf29ce484222325ull;
    for (int i = 0; i < 3; ++i) {
        if (want.files[i].size == 0 && i == 2)
            continue; // a dense model has no codebooks.bin
        auto crc = crcOfFile(files[i], labels[i]);
        if (!crc)
            return crc.status();
        h = mix(mix(h, want.files[i].size), *crc);
    }
    want.value = h;
    if (!cached.empty() && writeSidecar(cached, want))
        return Fingerprint{h, false, cached};
    return Fingerprint{h, false, {}}; // no cache folder, or not writable: recomputed next time
}

} // namespace sluice
