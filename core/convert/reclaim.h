#pragma once
// --reclaim (spec 4.7 step 4): a source shard is deleted once every tensor in
// it has been consumed (each tensor has one consumer: the trunk pass, or its
// layer's bank, counted when that file is committed). The ledger
// OUT/.sluice-convert/reclaimed.json names the reclaimed shards and is
// written (atomically) before each deletion. So that a resumed conversion can
// still open the release, the converter opens it through a shadow folder
// OUT/.sluice-convert/source/: symlinks to the source's files, and for each
// reclaimed shard a sparse stub of the same size holding only its header
// (never read: its tensors are consumed). The shadow goes with the commit.
#include "util/status.h"

#include <set>
#include <string>
#include <vector>

namespace sluice {
class ReleaseCheckpoint;
struct SafetensorsTensor;
} // namespace sluice

namespace sluice::convert {

std::vector<std::string> readReclaimLedger(const std::string &work);

// Creates/refreshes work/source (symlinks to every regular file of `source`
// not in the ledger); returns its path.
Expected<std::string> prepareShadowSource(const std::string &source, const std::string &work,
                                          const std::vector<std::string> &ledger);

// Reclaims every shard not in `ledger` whose tensors are all in `consumed`:
// stub in the shadow, ledger entry, then the source file is deleted.
Status reclaimConsumed(const ReleaseCheckpoint &release, const std::string &source, const std::string &work,
                       const std::set<const SafetensorsTensor *> &consumed, std::vector<std::string> &ledger);

void removeShadowSource(const std::string &work);

} // namespace sluice::convert
