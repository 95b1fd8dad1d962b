#pragma once
// `synth`'s arguments as a request for format/synth.h. One parser for both of
// its users: the `sluice-dev synth` command and the tests' in-process
// synthesiser (tests/support/synthmodel.h), so that the same arguments write
// the same bytes whichever of them runs.
#include "format/synth.h"

#include <string>
#include <vector>

namespace sluice::cli {

struct SynthRequest {
    std::string out;
    bool release = false; // the published checkpoint's layout instead of a container
    SynthOptions options;
    SynthReleaseOptions releaseOptions;
};

// Parses synth's arguments (args[0] is "synth") into `request`, with the
// synthetic tokenizer unless --no-tokenizer. Returns -1 when the request is
// ready, else the exit code: 0 after --help, 2 after a usage error, 1 when the
// tokenizer could not be made (each already printed on stderr).
int parseSynthArguments(const std::vector<std::string> &args, SynthRequest &request);

// Writes what the request describes (no progress reporting of its own).
Status writeSynth(const SynthRequest &request);

} // namespace sluice::cli
