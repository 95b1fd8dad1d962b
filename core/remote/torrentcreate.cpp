// Creating and reading .torrent files (api/torrent.h) with libtorrent-rasterbar.
// Every libtorrent call that can fail is given an error_code or wrapped in a
// try block: the library's exceptions never reach a caller.
#include "remote/torrenterrors.h"
#include "remote/torrentsupport.h"
#include "util/regularfile.h"

#include <libtorrent/bdecode.hpp>
#include <libtorrent/create_torrent.hpp>
#include <libtorrent/hex.hpp>
#include <libtorrent/magnet_uri.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>

namespace fs = std::filesystem;

namespace sluice {

namespace torrent {

std::string errorText(const lt::error_code &ec)
{
    return ec.message();
}

std::string infoHashText(const lt::info_hash_t &hashes)
{
    if (hashes.has_v1())
        return lt::aux::to_hex(hashes.v1);
    return lt::aux::to_hex(hashes.v2);
}

TorrentSummary summarize(const lt::torrent_info &info)
{
    TorrentSummary s;
    s.name = info.name();
    const lt::info_hash_t hashes = info.info_hashes();
    if (hashes.has_v1())
        s.infoHash = lt::aux::to_hex(hashes.v1);
    if (hashes.has_v2())
        s.infoHashV2 = lt::aux::to_hex(hashes.v2);
    s.magnet = lt::make_magnet_uri(info);
    s.pieceBytes = info.piece_length();
    s.pieces = info.num_pieces();
    const lt::file_storage &files = info.files();
    for (const lt::file_index_t i : files.file_range())
        if (!files.pad_file_at(i)) {
            ++s.files;
            s.totalBytes += uint64_t(files.file_size(i));
        }
    return s;
}

Expected<std::shared_ptr<const lt::torrent_info>> loadTorrentInfo(const std::string &torrentFile)
{
    // A regular file only (a FIFO or a directory is named as such), its size
    // checked before anything is allocated.
    auto read = readRegularFile(torrentFile, uint64_t(kMaxTorrentFileBytes));
    if (!read)
        return read.status();
    const std::string &bytes = *read;
    if (bytes.empty())
        return makeError(ErrorCode::Format, torrenterrors::kTorrentFileEmpty, torrentFile);
    lt::load_torrent_limits limits;
    limits.max_buffer_size = kMaxTorrentFileBytes;
    limits.max_pieces = kMaxTorrentPieces;
    try {
        const lt::span<const char> span(bytes.data(), lt::span<const char>::difference_type(bytes.size()));
        return std::shared_ptr<const lt::torrent_info>(std::make_shared<lt::torrent_info>(span, limits, lt::from_span));
    } catch (const lt::system_error &e) {
        return makeError(ErrorCode::Format, torrenterrors::kValidTorrentFile, torrentFile, errorText(e.code()));
    } catch (const std::exception &e) {
        return makeError(ErrorCode::Format, torrenterrors::kValidTorrentFile, torrentFile, e.what());
    }
}

Expected<uint64_t> freeBytesAt(const std::string &folder)
{
    fs::path p = fs::absolute(fs::path(folder));
    std::error_code ec;
    while (!p.empty() && !fs::exists(p, ec) && p != p.parent_path())
        p = p.parent_path();
    const fs::space_info space = fs::space(p, ec);
    if (ec)
        return makeError(ErrorCode::Io, torrenterrors::kReadFreeSpace, folder, ec.message());
    return uint64_t(space.available);
}

} // namespace torrent

namespace {

bool isPowerOfTwo(int n)
{
    return n > 0 && (n & (n - 1)) == 0;
}

Expected<TorrentSummary> createTorrentUnchecked(const std::string &path, const std::string &outFile,
                                                const TorrentCreateOptions &options,
                                                const std::function<void(int, int)> &progress)
{
    if (!isPowerOfTwo(options.pieceBytes) || options.pieceBytes < (16 << 10) || options.pieceBytes > (256 << 20))
        return makeError(ErrorCode::InvalidArgument, torrenterrors::kPieceSizeMustPower, options.pieceBytes);
    std::error_code fsError;
    const fs::path source = fs::absolute(fs::path(path), fsError).lexically_normal();
    const fs::path root = source.has_filename() ? source : source.parent_path(); // "dir/" -> "dir"
    if (fsError || !fs::exists(root, fsError))
        return makeError(ErrorCode::NotFound, torrenterrors::kNoPayload, path);
    lt::file_storage files;
    lt::add_files(files, root.string(), [](const std::string &) { return true; });
    if (files.num_files() == 0 || files.total_size() == 0)
        return makeError(ErrorCode::InvalidArgument, torrenterrors::kNothingShareFileData, path);
    lt::create_torrent maker(files, options.pieceBytes);
    for (const std::string &url : options.trackers)
        maker.add_tracker(url);
    for (const std::string &url : options.webSeeds)
        maker.add_url_seed(url);
    if (!options.comment.empty())
        maker.set_comment(options.comment.c_str());
    maker.set_creator("Sluice");
    const int pieces = maker.num_pieces();
    lt::error_code ec;
    lt::set_piece_hashes(
        maker, root.parent_path().string(),
        [&](lt::piece_index_t piece) {
            if (progress)
                progress(static_cast<int>(piece) + 1, pieces);
        },
        ec);
    if (ec)
        return makeError(ErrorCode::Io, torrenterrors::kHashFiles, path, torrent::errorText(ec));
    std::vector<char> encoded = maker.generate_buf();
    const std::string temporary = outFile + ".part";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out.write(encoded.data(), std::streamsize(encoded.size()));
        out.close();
        if (!out)
            return makeError(ErrorCode::Io, torrenterrors::kWriteTorrentFile, outFile);
    }
    fs::rename(temporary, outFile, fsError);
    if (fsError)
        return makeError(ErrorCode::Io, torrenterrors::kWriteTorrentFile2, outFile, fsError.message());
    auto info = torrent::loadTorrentInfo(outFile);
    if (!info)
        return info.status();
    return torrent::summarize(**info);
}

} // namespace

Expected<TorrentSummary> createTorrent(const std::string &path, const std::string &outFile,
                                       const TorrentCreateOptions &options,
                                       const std::function<void(int, int)> &progress)
{
    try {
        return createTorrentUnchecked(path, outFile, options, progress);
    } catch (const std::exception &e) {
        return makeError(ErrorCode::Internal, path + ": cannot create a torrent: " + e.what());
    }
}

Expected<TorrentSummary> readTorrentFile(const std::string &torrentFile)
{
    auto info = torrent::loadTorrentInfo(torrentFile);
    if (!info)
        return info.status();
    try {
        return torrent::summarize(**info);
    } catch (const std::exception &e) {
        return makeError(ErrorCode::Format, torrentFile + ": " + e.what());
    }
}

std::string torrentResumePath(const std::string &targetFolder, const std::string &infoHash)
{
    return (fs::path(targetFolder) / ("." + infoHash + ".sluice-resume")).string();
}

} // namespace sluice
