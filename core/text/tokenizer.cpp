#include "text/tokenizer.h"

#include "util/regularfile.h"

#include "text/utf8.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <fstream>
#include <map>
#include <unordered_map>
#include <unistd.h>
#include <zlib.h>

namespace sluice::text {

struct Tokenizer::Data {
    TokenizerOptions options;
    RankTable ranks;
    PreTokenizer preTokenizer;
    std::vector<SpecialToken> specials;                 // sorted by id
    std::unordered_map<int, std::string> specialText;   // id -> text
    std::map<std::string, int, std::less<>> specialIds; // text -> id
    // For markup scanning: specials grouped by first byte, longest first.
    std::vector<std::vector<const SpecialToken *>> byFirstByte = std::vector<std::vector<const SpecialToken *>>(256);
    int vocabSize = 0;
};

namespace {

Expected<std::vector<SpecialToken>> parseSpecials(std::string_view json, int baseVocab)
{
    std::vector<SpecialToken> specials;
    if (json.empty())
        return specials;
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray(json.data(), qsizetype(json.size())), &error);
    if (error.error != QJsonParseError::NoError)
        return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "specials: offset %1: %2"), error.offset,
            error.errorString().toStdString());
    if (!doc.isArray())
        return makeError(
            ErrorCode::Format, SLUICE_ERRT("Error", "specials: expected a JSON array of {\"id\", \"text\"}"));
    const QJsonArray array = doc.array();
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QJsonObject object = array.at(i).toObject();
        const QJsonValue id = object.value(QLatin1String("id")), text = object.value(QLatin1String("text"));
        const std::string where = "specials[" + std::to_string(i) + "]: ";
        if (!id.isDouble() || !text.isString() || id.toDouble() != double(id.toInt()))
            return makeError(
                ErrorCode::Format, SLUICE_ERRT("Error", "%1needs an integer \"id\" and a string \"text\""), where);
        SpecialToken special{id.toInt(), text.toString().toStdString()};
        if (special.id < baseVocab)
            return makeError(ErrorCode::Format,
                SLUICE_ERRT("Error", "%1id %2 lies inside the rank file's vocabulary (size %3)"), where, special.id,
                baseVocab);
        if (special.text.empty())
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1empty text"), where);
        specials.push_back(std::move(special));
    }
    return specials;
}

// Tokenizer files are a few MB (K3's rank file is ~2.6 MB); these caps keep a
// hostile path (/dev/zero is refused anyway) or a gzip bomb from growing a
// string without end.
constexpr uint64_t kMaxTokenizerFileBytes = 64ull << 20;
constexpr uint64_t kMaxInflatedBytes = 256ull << 20;

Expected<std::string> readWholeFile(const std::string &path)
{
    if (path.size() > 3 && path.compare(path.size() - 3, 3, ".gz") == 0) {
        uint64_t size = 0;
        auto fd = openRegularFile(path, path, 0, &size);
        if (!fd)
            return fd.status();
        if (size > kMaxTokenizerFileBytes) {
            ::close(*fd);
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: %2 bytes is over the %3-byte limit"), path,
                size, kMaxTokenizerFileBytes);
        }
        gzFile file = gzdopen(*fd, "rb");
        if (!file) {
            ::close(*fd);
            return makeError(ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot open"), path);
        }
        std::string data;
        char buffer[1 << 16];
        int n;
        bool tooLarge = false;
        while ((n = gzread(file, buffer, sizeof buffer)) > 0) {
            if (data.size() + size_t(n) > kMaxInflatedBytes) {
                tooLarge = true;
                break;
            }
            data.append(buffer, size_t(n));
        }
        int errnum = 0;
        const char *message = gzerror(file, &errnum);
        const bool failed = !tooLarge && (n < 0 || (errnum != Z_OK && errnum != Z_STREAM_END));
        const std::string error = failed ? std::string(message ? message : "gzip error") : std::string();
        gzclose(file);
        if (tooLarge)
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "%1: inflates beyond the %2-byte limit"), path,
                kMaxInflatedBytes);
        if (failed)
            return makeError(ErrorCode::Format, path + ": " + error);
        return data;
    }
    return readRegularFile(path, kMaxTokenizerFileBytes);
}

} // namespace

Expected<Tokenizer> Tokenizer::fromText(std::string_view rankFileText, std::string_view specialsJson,
                                        const TokenizerOptions &options)
{
    auto data = std::make_shared<Data>();
    data->options = options;
    auto ranks = RankTable::parse(rankFileText, "rank file");
    if (!ranks)
        return ranks.status();
    data->ranks = std::move(*ranks);
    auto pre = PreTokenizer::create(options.pattern);
    if (!pre)
        return pre.status();
    data->preTokenizer = std::move(*pre);

    const int base = data->ranks.size();
    auto specials = parseSpecials(specialsJson, base);
    if (!specials)
        return specials.status();
    int top = std::max(options.vocabSize, base);
    for (const SpecialToken &s : *specials)
        top = std::max(top, s.id + 1);
    for (const SpecialToken &s : *specials) {
        if (!data->specialText.emplace(s.id, s.text).second)
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "specials: id %1 appears twice"), s.id);
        if (!data->specialIds.emplace(s.text, s.id).second)
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "specials: text '%1' appears twice"), s.text);
    }
    for (int id = base; id < top; ++id) {
        if (data->specialText.count(id))
            continue;
        const std::string name = "<|reserved_token_" + std::to_string(id) + "|>";
        if (!data->specialIds.emplace(name, id).second)
            return makeError(ErrorCode::Format, SLUICE_ERRT("Error", "specials: '%1' names a different id"), name);
        data->specialText.emplace(id, name);
    }
    for (const auto &[id, text] : data->specialText)
        data->specials.push_back({id, text});
    std::sort(data->specials.begin(), data->specials.end(),
              [](const SpecialToken &a, const SpecialToken &b) { return a.id < b.id; });
    for (const SpecialToken &s : data->specials)
        data->byFirstByte[uint8_t(s.text[0])].push_back(&s);
    for (auto &group : data->byFirstByte)
        std::stable_sort(group.begin(), group.end(), [](const SpecialToken *a, const SpecialToken *b) {
            return a->text.size() > b->text.size();
        });
    data->vocabSize = top;

    Tokenizer tokenizer;
    tokenizer.m_data = std::move(data);
    return tokenizer;
}

Expected<Tokenizer> Tokenizer::fromFiles(const std::string &rankFilePath, const std::string &specialsPath,
                                         const TokenizerOptions &options)
{
    auto ranks = readWholeFile(rankFilePath);
    if (!ranks)
        return ranks.status();
    std::string specials;
    if (!specialsPath.empty()) {
        auto read = readWholeFile(specialsPath);
        if (!read)
            return read.status();
        specials = std::move(*read);
    }
    auto tokenizer = fromText(*ranks, specials, options);
    if (!tokenizer)
        return tokenizer.status().withContext(rankFilePath);
    return tokenizer;
}

Expected<Tokenizer> Tokenizer::fromModelDirectory(const std::string &directory, const TokenizerOptions &options)
{
    TokenizerOptions effective = options;
    if (effective.vocabSize == 0) {
        // The container's vocab_size names the unnamed reserved slots.
        if (auto manifest = readWholeFile(directory + "/manifest.json")) {
            const QJsonObject config = QJsonDocument::fromJson(QByteArray::fromStdString(*manifest))
                                           .object()
                                           .value(QLatin1String("config"))
                                           .toObject();
            effective.vocabSize = config.value(QLatin1String("vocab_size")).toInt(0);
        }
    }
    return fromFiles(directory + "/tokenizer.model", directory + "/specials.json", effective);
}

void Tokenizer::encodeOrdinaryInto(std::string_view text, std::vector<int> &out) const
{
    std::vector<std::string_view> pieces;
    const Status status = m_data->preTokenizer.split(text, pieces);
    // split() only fails on a PCRE2 resource limit far above what the cuts
    // allow; encode the text byte-wise rather than lose it.
    if (!status.isOk()) {
        for (char c : text)
            out.push_back(m_data->ranks.rank(std::string_view(&c, 1)));
        return;
    }
    for (std::string_view piece : pieces)
        m_data->ranks.encodePiece(piece, out);
}

std::vector<int> Tokenizer::encodeOrdinary(std::string_view text) const
{
    std::vector<int> out;
    const std::string valid = sanitizeUtf8(text);
    encodeOrdinaryInto(valid, out);
    return out;
}

std::vector<int> Tokenizer::encode(std::string_view text) const
{
    std::vector<int> out;
    const std::string valid = sanitizeUtf8(text);
    if (!m_data->options.splitLongRuns) {
        encodeOrdinaryInto(valid, out);
        return out;
    }
    for (std::string_view part : splitLongRuns(valid, m_data->options.longRunLimits))
        encodeOrdinaryInto(part, out);
    return out;
}

void Tokenizer::encodeMarkupInto(std::string_view text, std::vector<int> &out) const
{
    size_t plainStart = 0;
    for (size_t pos = 0; pos < text.size();) {
        const SpecialToken *found = nullptr;
        for (const SpecialToken *s : m_data->byFirstByte[uint8_t(text[pos])]) {
            if (text.compare(pos, s->text.size(), s->text) == 0) {
                found = s; // longest first
                break;
            }
        }
        if (!found) {
            ++pos;
            continue;
        }
        encodeOrdinaryInto(text.substr(plainStart, pos - plainStart), out);
        out.push_back(found->id);
        pos += found->text.size();
        plainStart = pos;
    }
    encodeOrdinaryInto(text.substr(plainStart), out);
}

std::vector<int> Tokenizer::encodeMarkup(std::string_view text) const
{
    std::vector<int> out;
    const std::string valid = sanitizeUtf8(text);
    // Upstream cuts long runs before tiktoken sees the text, in both modes.
    if (!m_data->options.splitLongRuns) {
        encodeMarkupInto(valid, out);
        return out;
    }
    for (std::string_view part : splitLongRuns(valid, m_data->options.longRunLimits))
        encodeMarkupInto(part, out);
    return out;
}

std::string_view Tokenizer::tokenBytes(int id) const
{
    if (id >= 0 && id < m_data->ranks.size())
        return m_data->ranks.bytes(id);
    const auto it = m_data->specialText.find(id);
    return it == m_data->specialText.end() ? std::string_view() : std::string_view(it->second);
}

std::string Tokenizer::decode(std::span<const int> ids) const
{
    std::string out;
    for (int id : ids)
        out.append(tokenBytes(id));
    return out;
}

Expected<std::string> Tokenizer::decodeChecked(std::span<const int> ids) const
{
    for (size_t i = 0; i < ids.size(); ++i) {
        if (!isValidId(ids[i]))
            return makeError(ErrorCode::InvalidArgument,
                SLUICE_ERRT("Error", "token %1: id %2 is not in the vocabulary (size %3)"), i, ids[i], vocabSize());
    }
    return decode(ids);
}

int Tokenizer::baseVocabSize() const { return m_data->ranks.size(); }
int Tokenizer::vocabSize() const { return m_data->vocabSize; }
bool Tokenizer::isValidId(int id) const
{
    return (id >= 0 && id < m_data->ranks.size()) || m_data->specialText.count(id) != 0;
}
bool Tokenizer::isSpecial(int id) const { return m_data->specialText.count(id) != 0; }
std::optional<int> Tokenizer::specialId(std::string_view text) const
{
    const auto it = m_data->specialIds.find(text);
    if (it == m_data->specialIds.end())
        return std::nullopt;
    return it->second;
}
const std::vector<SpecialToken> &Tokenizer::specials() const { return m_data->specials; }
const RankTable &Tokenizer::ranks() const { return m_data->ranks; }
const TokenizerOptions &Tokenizer::options() const { return m_data->options; }

StreamDecoder::StreamDecoder(Tokenizer tokenizer) : m_tokenizer(std::move(tokenizer)) {}

std::string StreamDecoder::push(int id)
{
    m_pending.append(m_tokenizer.tokenBytes(id));
    std::string out;
    size_t i = 0;
    while (i < m_pending.size()) {
        const size_t length = utf8::validSequenceLength(m_pending, i);
        if (length) {
            out.append(m_pending, i, length);
            i += length;
            continue;
        }
        // A proper prefix at the very end may still be completed by the next token.
        if (utf8::isIncompletePrefix(std::string_view(m_pending).substr(i)))
            break;
        out += utf8::kReplacementCharacter;
        i += utf8::invalidSubpartLength(m_pending, i);
    }
    m_pending.erase(0, i);
    return out;
}

std::string StreamDecoder::flush()
{
    std::string out = sanitizeUtf8(m_pending);
    m_pending.clear();
    return out;
}

} // namespace sluice::text
