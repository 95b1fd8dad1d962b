#include "text/synthtokenizer.h"

#include "text/bpe.h"
#include "text/pretokenizer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <climits>
#include <map>
#include <unordered_map>
#include <unordered_set>

namespace sluice::text {

Expected<std::vector<std::string>> trainBpe(std::string_view corpus, int vocab)
{
    if (vocab < 256)
        return makeError(ErrorCode::InvalidArgument, "BPE trainer: vocabulary " + std::to_string(vocab) + " < 256");
    auto pre = PreTokenizer::create(kKimiPattern);
    if (!pre)
        return pre.status();
    const std::string text = sanitizeUtf8(corpus);
    std::vector<std::string_view> pieces;
    SLUICE_TRY(pre->split(text, pieces));

    // Unique pieces with their counts; std::map keeps the order independent of hashing.
    std::map<std::string_view, long> counts;
    for (std::string_view piece : pieces)
        ++counts[piece];
    struct Word {
        std::vector<int> ids;
        long count;
    };
    std::vector<Word> words;
    for (const auto &[piece, count] : counts) {
        Word word{{}, count};
        for (char c : piece)
            word.ids.push_back(uint8_t(c));
        if (word.ids.size() > 1)
            words.push_back(std::move(word));
    }

    std::vector<std::string> tokens;
    std::unordered_map<std::string, int> ids;
    for (int b = 0; b < 256; ++b) {
        tokens.emplace_back(1, char(b));
        ids.emplace(tokens.back(), b);
    }

    std::unordered_map<uint64_t, long> pairCounts;
    while (int(tokens.size()) < vocab && !words.empty()) {
        pairCounts.clear();
        for (const Word &word : words)
            for (size_t i = 0; i + 1 < word.ids.size(); ++i)
                pairCounts[uint64_t(uint32_t(word.ids[i])) << 32 | uint32_t(word.ids[i + 1])] += word.count;
        // Most frequent pair; ties to the smallest (left bytes, right bytes)
        // so the result does not depend on hash order.
        uint64_t best = 0;
        long bestCount = 0;
        for (const auto &[pair, count] : pairCounts) {
            if (count < bestCount)
                continue;
            if (count == bestCount) {
                const std::string &l = tokens[pair >> 32], &r = tokens[pair & 0xFFFFFFFFu];
                const std::string &bl = tokens[best >> 32], &br = tokens[best & 0xFFFFFFFFu];
                if (std::tie(l, r) >= std::tie(bl, br))
                    continue;
            }
            best = pair;
            bestCount = count;
        }
        const int left = int(best >> 32), right = int(best & 0xFFFFFFFFu);
        const std::string merged = tokens[size_t(left)] + tokens[size_t(right)];
        int mergedId;
        if (const auto it = ids.find(merged); it != ids.end()) {
            mergedId = it->second; // reached before by another route: no new token
        } else {
            mergedId = int(tokens.size());
            tokens.push_back(merged);
            ids.emplace(merged, mergedId);
        }
        std::vector<Word> next;
        next.reserve(words.size());
        for (Word &word : words) {
            std::vector<int> out;
            out.reserve(word.ids.size());
            for (size_t i = 0; i < word.ids.size(); ++i) {
                if (i + 1 < word.ids.size() && word.ids[i] == left && word.ids[i + 1] == right) {
                    out.push_back(mergedId);
                    ++i;
                } else {
                    out.push_back(word.ids[i]);
                }
            }
            if (out.size() > 1)
                next.push_back({std::move(out), word.count});
        }
        words = std::move(next);
    }
    return tokens;
}

namespace {

Expected<SyntheticTokenizer> tokenizerFromLearned(const std::vector<std::string> &learnedTokens, int baseVocab);

} // namespace

Expected<SyntheticTokenizer> makeSyntheticTokenizer(int baseVocab)
{
    if (baseVocab < 256 || baseVocab > 65536)
        return makeError(ErrorCode::InvalidArgument,
                         "synthetic tokenizer: base vocabulary " + std::to_string(baseVocab) + " outside 256..65536");
    // Training to exhaustion once per process: training to N tokens yields
    // the first N of the full run, so every size is a prefix of it.
    static const Expected<std::vector<std::string>> learned = trainBpe(syntheticCorpus(), INT_MAX);
    if (!learned)
        return learned.status();
    return tokenizerFromLearned(*learned, baseVocab);
}

Expected<SyntheticTokenizer> makeTokenizerFromCorpus(std::string_view corpus, int baseVocab)
{
    if (baseVocab < 256 || baseVocab > 65536)
        return makeError(ErrorCode::InvalidArgument,
                         "tokenizer: base vocabulary " + std::to_string(baseVocab) + " outside 256..65536");
    auto learned = trainBpe(corpus, baseVocab);
    if (!learned)
        return learned.status();
    return tokenizerFromLearned(*learned, baseVocab);
}

namespace {

Expected<SyntheticTokenizer> tokenizerFromLearned(const std::vector<std::string> &learnedTokens, int baseVocab)
{
    std::vector<std::string> tokens(learnedTokens.begin(),
                                    learnedTokens.begin() + std::min<long>(long(learnedTokens.size()), baseVocab));
    // Corpus exhausted: fill with concatenations of learned tokens, in rank order.
    if (int(tokens.size()) < baseVocab) {
        std::unordered_set<std::string> present(tokens.begin(), tokens.end());
        const size_t learned = tokens.size();
        for (size_t i = 256; i < learned && int(tokens.size()) < baseVocab; ++i) {
            for (size_t j = 256; j < learned && int(tokens.size()) < baseVocab; ++j) {
                std::string candidate = tokens[i] + tokens[j];
                if (present.insert(candidate).second)
                    tokens.push_back(std::move(candidate));
            }
        }
        for (size_t i = 0; int(tokens.size()) < baseVocab; ++i) { // only if nothing was learned at all
            std::string candidate = tokens[i % 256] + tokens[(i / 256) % 256] + std::to_string(i);
            if (present.insert(candidate).second)
                tokens.push_back(std::move(candidate));
        }
    }
    auto table = RankTable::fromTokens(std::move(tokens), "synthetic tokenizer");
    if (!table)
        return table.status();

    SyntheticTokenizer result;
    result.rankFileText = table->toTiktokenText();
    result.baseVocab = baseVocab;
    result.vocabSize = baseVocab + 256;
    struct Named {
        int offset;
        const char *text;
        int SyntheticTokenizer::*field;
    };
    static const Named named[] = {
        {0, "[BOS]", &SyntheticTokenizer::bosId},
        {1, "[EOS]", &SyntheticTokenizer::eosTextId},
        {2, "<|end_of_msg|>", &SyntheticTokenizer::endOfMsgId},
        {3, "<|open|>", &SyntheticTokenizer::openId},
        {4, "<|close|>", &SyntheticTokenizer::closeId},
        {5, "<|sep|>", &SyntheticTokenizer::sepId},
        {6, "<|kimi_image_placeholder|>", &SyntheticTokenizer::imagePlaceholderId},
        {8, "<|im_system|>", &SyntheticTokenizer::imSystemId},
        {9, "<|im_user|>", &SyntheticTokenizer::imUserId},
        {10, "<|im_assistant|>", &SyntheticTokenizer::imAssistantId},
        {11, "<|im_middle|>", &SyntheticTokenizer::imMiddleId},
        {12, "<|im_end|>", &SyntheticTokenizer::imEndId},
        {18, "<|media_begin|>", &SyntheticTokenizer::mediaBeginId},
        {19, "<|media_content|>", &SyntheticTokenizer::mediaContentId},
        {20, "<|media_end|>", &SyntheticTokenizer::mediaEndId},
        {21, "<|media_pad|>", &SyntheticTokenizer::mediaPadId},
        {255, "[PAD]", &SyntheticTokenizer::padId},
    };
    QJsonArray specials;
    for (const Named &n : named) {
        result.*(n.field) = baseVocab + n.offset;
        QJsonObject object;
        object.insert(QLatin1String("id"), baseVocab + n.offset);
        object.insert(QLatin1String("text"), QString::fromUtf8(n.text));
        specials.append(object);
    }
    result.eosId = result.endOfMsgId;
    result.specialsJson = QJsonDocument(specials).toJson(QJsonDocument::Indented).toStdString();
    return result;
}

} // namespace

} // namespace sluice::text
