<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>ConvertDialog</name>
    <message>
        <source>Convert model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete each source shard once it is converted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a published checkpoint folder and a destination.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer: %p%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overall: %p%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpoint folder:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Container folder:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threads:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Convert</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpoint folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Container folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a checkpoint this app can convert: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs %1 on the destination; %2 available.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not enough space: needs %1 on the destination, only %2 available.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fitting codebooks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>encoding experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>converting the trunk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writing the manifest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer %1 (%2 of %3 done): %4 — %5 of %6 experts, %7 experts/s, about %8 left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Converted: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conversion finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the converted model now?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paused. Convert again (now or after a restart) to resume where it stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conversion failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The conversion uses at most %1 of RAM beyond the app&apos;s own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trunk: %p%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Converting the trunk: tensor %1 of %2 — %3 of %4, %5/s, about %6 left</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Error</name>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the prompt needs %1 positions and the reply %2; the context holds %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the prompt needs %1 positions; the context holds %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot open (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not a regular file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 bytes is more than the %3 allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: short read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 needs %3 more bytes, %4 bytes are available; free space and run the conversion again to resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot create (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: write failed (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: fsync failed (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: rename failed (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: already holds a container (manifest.json) that is not a conversion in progress; choose another folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: holds a conversion of another source or with other options (%2); use another folder or delete it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not enough free space: the conversion needs %2 more bytes, %3 bytes are available</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>conversion stopped; run it again to resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot stat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 bytes is over the %3-byte limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: read failed at offset %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: short read at offset %2 (%3 bytes missing)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>manifest.json is missing (not a complete container)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (placed by %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (layer %2): bank file is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (layer %2): file size %3 is not a multiple of 4096</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (layer %2): truncated bank (%3 bytes, manifest says %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (layer %2): bank is %3 bytes, manifest says %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: size %2 is not a multiple of the %3-byte record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: too many books</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 bytes is too large</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config.json is missing: a release folder needs the config.json published with its safetensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is missing: a release folder needs its safetensors index (or %2) beside config.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is a Sluice container (manifest.json), not a release folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>neither a release folder (config.json and %1) nor a Sluice container (manifest.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>context full: %1 + %2 tokens exceed the context length %3 chosen at open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>open cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RAM budget %1 (%2 B) is below this model&apos;s floor of %3 (%4 B) as opened (context %5, prefill chunk %6, %7 checkpoint(s) per session); reopen the model for a smaller budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RAM budget %1 (%2 B) needs %3 expert cache slots; the cache was opened with room for %4; reopen the model to grow beyond %5 (%6 B)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1not a Sluice session file (%2 bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1not a Sluice session file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1session version %2 (this build reads %3; saved by an older Sluice, the conversation must be read again)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1session version %2 (this build reads %3; saved by a newer Sluice)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1truncated session file (%2 bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1checksum mismatch (truncated or damaged session file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1saved for another model: %2 %3, this model has %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1saved for another model (container fingerprint differs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1position %2 exceeds this session&apos;s context length %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>context full: %1 + %2 tokens exceed the context length %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot create the folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>download cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>download stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot create its folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot write %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not enough free space in %2 (%3 MiB needed, %4 MiB free)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: gave up after %2 attempts (the body ended early)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: gave up after %2 attempts (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot rename the finished part into place</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1@%2: cannot list the repository: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a repository name (owner/name)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the server closed the connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not an http:// or https:// URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the server lists no model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the stream ended before the reply finished (no finish_reason)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not enough free space for %2: %3 MiB needed, %4 MiB free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no peer sent the torrent&apos;s metadata in %2 s (%3, %4 peers)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no peer for %2 s with %3 bytes still missing (%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot create the folder: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: stopped with %2 of %3 bytes verified; run again to resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: stopped with %2 of %3 bytes verified; the files will be checked on the next run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no such file or folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RAM budget %1 (%2 B) is below this model&apos;s floor of %3 (%4 B) at context %5 (ask for at least %6: the process&apos;s own memory moves between runs); see `sluice-cli plan MODEL`</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RAM budget %1 (%2 B) is below this model&apos;s floor of %3 (%4 B) at context %5; see `sluice-cli plan MODEL`</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: is a directory, not a regular file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: is a FIFO (named pipe), not a regular file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: is a character device, not a regular file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: is a block device, not a regular file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: is a socket, not a regular file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: is not a regular file, not a regular file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no such file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no such folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is a regular file, not a folder (a model is a folder)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is a FIFO (named pipe), not a folder (a model is a folder)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot stat (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: shorter than its size (changed while read)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: read failed (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model has no tokenizer/chat format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model has no tokenizer: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the prompt is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot truncate (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>convert: expert format &apos;%1&apos; is not one of VQ3R, VQ2R, VQ4P</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>convert: trunk bits must be 3, 4 or 8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>convert: jobs, sample and iteration counts out of range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: NaN scale (0xff) at row %2, group %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: non-finite value at row %2, column %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: wrong size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: non-finite value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; ask for fewer jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot read its header for the reclaim stub</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot write the reclaim stub (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot link (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1/%2: the stub of a reclaimed shard is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot delete (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config.json: not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: U8 where BF16 or F32 was expected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: its bytes do not match its shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: non-finite value at element %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: truncate failed (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expert size: the model has no routed experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MXFP4 experts need widths that are multiples of 32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown model &apos;%1&apos; (built in: k3, kimi-linear)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown format &apos;%1&apos; (vq3r = converted container, mxfp4 = the release checkpoint; bf16 is Kimi-Linear&apos;s release)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trunk.bin: %1 bytes, but its tensors end at %2 (trailing bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: record size %2 is smaller than the %3 bytes the expert matrices need</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: codebook_base %2 needs books beyond the %3 in codebooks.bin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1bad magic (expected &quot;WCBK&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1header says id %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1reserved field is %2 (must be 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1%2 entries of dim %3, manifest says %4 of %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1non-finite value at entry %2, dim %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trunk.bin &apos;%1&apos;: non-finite scale at row %2, group %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trunk.bin &apos;%1&apos;: non-finite value at element %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model.embed_tokens.weight is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>token id %1 is outside the vocabulary (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trunk.bin &apos;%1&apos;: non-finite value in row %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer %1 has no expert bank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer %1: no expert %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot create directory (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1/manifest.json: cannot remove the old manifest (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1/%2: cannot remove the old placement (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writer: configJson is not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writer: record size %1 must be a 4096 multiple of at least %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writer: record too large</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1/trunk.bin.tmp: cannot create (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writer: already finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writer: &apos;%1&apos; has no shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trunk.bin: write failed (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writer: layer %1 has no codebooks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writer: layer %1 is not a MoE layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writer: layer %1 was already written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writer: layer %1 got %2 of %3 experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writer: experts must start at 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writer: layer %1: expert %2 out of order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writer: the trunk was already started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writer: layer %1 has no experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1short read (%2 of %3 bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1bad magic %2 (expected 0x50584557 &quot;WEXP&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1record belongs to layer %2 (wrong layer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1record holds expert %2 (wrong expert id)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1record size %2 (%3 pages) differs from the bank stride %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1record fmt %2 (%3) disagrees with the manifest&apos;s %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1lowrank_id %2 (must be 0 in format v0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1codebook id %2 + %3 books exceeds the %4 in codebooks.bin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1codebook_id %2 differs from the manifest&apos;s codebook_base %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1flags 0x%2 (v0 defines only the hot hint, 0x04; bf16 payloads and substitutes are not written in v0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1reserved0 is %2 (must be 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1reserved1 is not zero</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1gate offset %2 (must be 48)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1offsets out of order or overlapping (gate %2, up %3, down %4, scales %5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1offsets out of range: scales end at %2, record is %3 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1scale offset %2 is not 2-byte aligned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1scales lie outside the record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1checksum mismatch (stored 0x%2, computed 0x%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1padding byte at offset %2 is not zero</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: read failed while fingerprinting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot stat for the fingerprint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 is outside [%3, %4]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not JSON (%2 at byte %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1missing &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;%2&apos; is not an integer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;%2&apos; = %3 is outside [%4, %5]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;%2&apos; is not a number in range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;%2&apos; is not a boolean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;merge_kernel_size&apos; must be two integers in [1, 8]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;%2&apos; must have 3 entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;%2&apos; has a bad entry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1qkv_hidden_size %2 is not a multiple of the heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config: linear_attn_config.%1 is missing or not a list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config: linear_attn_config.%1 holds an entry outside 1..%2 (the lists are 1-based)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config: layer %1 (1-based %2) is listed twice in kda_layers/full_attn_layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config: layer %1 (1-based %2) is in neither kda_layers nor full_attn_layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expert_quant: &apos;fmt&apos; is missing or not a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expert_quant: fmt &apos;%1&apos; is not VQ3R, VQ2R or VQ4P</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expert_quant: index_block %1 (only 64 and 0 are defined)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expert_quant: index_bits %1 (only 8 or 6)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expert_quant: fmt %1 with index_bits %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expert_quant: VQ4P needs 4 stages of 64 entries, got %1 x %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expert_quant: %1 entries with %2-bit indices (must be %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expert_quant: VQ3R with %1 stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expert_quant: VQ2R with %1 stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config: hidden_act &apos;%1&apos; (only silu and situ)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config: moe_router_activation_func is not &apos;sigmoid&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config: num_experts_per_token %1 exceeds num_experts %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config: first_k_dense_replace exceeds num_hidden_layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config: KDA width num_heads x head_dim is absurd</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config: attention or shared-expert width is absurd</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: missing or bad &apos;name&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;: fmt %3 is not a trunk format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;: &apos;shape&apos; must be a list of 1 to 8 dimensions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;: dimension %3 is not in [1, 2^32]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;: element count overflows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;: %3 x %4 %5 does not fit in trunk.bin (%6 bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;: bytes [%3, +%4) lie outside trunk.bin (%5 bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;: group %3 (only 128)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;: scales [%3, +%4) lie outside trunk.bin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;: scale_off is not 2-byte aligned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;: &apos;bytes&apos; is %3 but shape and fmt need %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>manifest.json: %1 bytes is too large</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>manifest.json: not valid JSON (%1 at offset %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>manifest.json: top level is not an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>manifest.json: &apos;format_version&apos; is absent (only version 0 is supported)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>manifest.json: format_version %1 is not supported (only 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>manifest.json: tensor_prefix is too long</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>manifest.json: &apos;config&apos; is missing or not an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>manifest.json: &apos;expert_quant&apos; is missing or not an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>manifest.json: expert widths %1 and %2 are not multiples of vec_dim %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>manifest.json: &apos;layers&apos; is missing or not an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>manifest.json: layers key &apos;%1&apos; is not a layer index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>manifest.json: layers has a bank for dense layer %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>manifest.json: layers.%1 is not an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>manifest.json: layers.%1: &apos;file&apos; is not a plain file name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>manifest.json: layer %1 has %2 experts, config says %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>manifest.json: layer %1: bank bytes %2 is not a multiple of the expert count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>manifest.json: layer %1: record size %2 is not a multiple of 4096</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>manifest.json: layer %1: record size is absurd</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>manifest.json: MoE layer %1 has no expert bank in &apos;layers&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>manifest.json: &apos;trunk&apos; is missing or not a list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>manifest.json: too many trunk tensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>manifest.json: trunk[%1] is not an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>manifest.json: tensor &apos;%1&apos; appears twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config: not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>specials.json: not a JSON list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>specials.json: entry %1 has no id in [0, %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>specials.json: entry %1 has no text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>specials.json: id %1 appears twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vision.json: not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bank %1: folder &apos;%2&apos; is not an absolute path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bank %1: folder is %2 characters (over %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bank %1: folder contains a NUL character</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 bytes is over the %2-byte limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not valid JSON (%1 at byte %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;format&quot; is not &quot;sluice-placement&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;version&quot; is missing or not 1 (this build reads version 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;banks&quot; is missing or not an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 banks named, the manifest has %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a bank file of this container&apos;s manifest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bank %1: the folder is not a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot remove (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: U8 outside the routed experts (only experts are MXFP4 in the release; the trunk is BF16/F32)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: a scalar where the model needs a tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer %1, expert %2: tensor &apos;%3&apos; is missing from the checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: dtype %2, expected %3 (%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: shape %2, expected %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: unexpected expert tensor (MXFP4 experts are weight_packed + weight_scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: unexpected expert tensor (bf16 experts are .weight)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: expert tensors for layers or experts the config does not have</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos; is not in the checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1quant_method &apos;%2&apos; (only compressed-tensors)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1format &apos;%2&apos; (only mxfp4-pack-quantized)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;config_groups&apos; is missing or empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1num_bits is not 4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1group_size is not 32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1type is not float (E2M1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1strategy &apos;%2&apos; (only group)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1scale_dtype &apos;%2&apos; (only torch.uint8, E8M0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config.json: %1 bytes is too large</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config.json: not valid JSON (%1 at offset %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config.json: top level is not an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config.json: has &apos;_outer&apos; (a converted container&apos;s manifest config, not a release)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config.json: MXFP4 experts need widths that are multiples of 32, got %1 and %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config.json: quantization_config is not an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokenizer_config.json: %1 bytes is too large</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokenizer_config.json: not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokenizer_config.json: added_tokens_decoder is not an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokenizer_config.json: added token id &apos;%1&apos; is not an id in [0, %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokenizer_config.json: added token %1 has no content</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokenizer_config.json: &apos;%1&apos; is named by two ids</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: dtype F16 is not supported (the Kimi releases store BF16 and F32)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: dtype %2 is not supported (experts must be MXFP4 as U8 nibble pairs with U8 E8M0 scales, or BF16)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: dtype &apos;%2&apos; is not supported (only BF16, F32 and U8)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: header of %2 bytes is larger than the %3 MiB limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: header of %2 bytes does not fit in the %3-byte file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: header is not valid JSON (%2 at offset %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: header is not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: __metadata__ is not an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: empty or over-long name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: entry is not an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &apos;dtype&apos; is missing or not a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &apos;shape&apos; must be a list of at most %2 dimensions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: dimension %2 is not an integer in [0, 2^40]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: shape needs more bytes than the shard&apos;s %2-byte data section (truncated, or the header lies)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &apos;data_offsets&apos; must be two non-negative integers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: data_offsets [%2, %3) lie outside the %4-byte data section (truncated, or the header lies)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: data_offsets span %2 bytes but %3 shape needs %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: tensors &apos;%2&apos; and &apos;%3&apos; overlap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not valid JSON (%2 at offset %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: top level is not an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &apos;weight_map&apos; is missing or not an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &apos;weight_map&apos; is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: empty or over-long tensor name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: tensor &apos;%2&apos; does not map to a file name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: tensor &apos;%2&apos; maps to &apos;%3&apos;, which is not a plain file name in the folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: more than %2 shards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: is %2, expected a regular file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 bytes is too short for a safetensors header (truncated?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: header length %2 exceeds the file (%3 bytes) or the %4 MiB limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, tensor &apos;%2&apos;: also stored in shard &apos;%3&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shard &apos;%1&apos;, tensor &apos;%2&apos;: listed in the index but missing from the shard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos;: the index says shard &apos;%2&apos; but it is stored in &apos;%3&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: stored in the shard but missing from the index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos; has no shard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, tensor &apos;%2&apos;: %3 bytes for its shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, tensor &apos;%2&apos; twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: shape %2, expected [%3, %4]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: shape %2, expected [r &lt;= %3, %4]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 elements %3, expected %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 elements, expected at least %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing tensor &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1%2f_a_proj.weight: rank %3 differs from %4 in earlier layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1%2g_a_proj.weight: rank differs from earlier layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vision text_hidden_size %1 differs from hidden_size %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vision mm_hidden_size %1 differs from vt_hidden_size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: too large</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1.json: no trunk cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: trunk cache is for other shards or options (stale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1.json: tensor count differs from the release</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1.json: entry for &apos;%2&apos; does not match the release</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 bytes, the index needs %3 (truncated?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trunk cache: cancelled after &apos;%1&apos; (resumable)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot create</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: write failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot replace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot resolve the folder (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not a folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 bytes needed, %3 free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot create the disk-test file (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot write the disk-test file (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot remove the old copy (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot create the bank folder (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: named twice (as %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no folder to place the banks in (or ask for them back)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>adapting the budget: no memory-pressure source on this system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the predicted speed needs a disk speed above 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no folder given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot read the free space (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model has no tokenizer (no tokenizer.model)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer %1: codebook id %2 out of range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>experts per token %1 is outside 1..%2 (this model routes %3 experts per token; 0 = the model&apos;s own)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>forward: chunk of %1 tokens (1..%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>token id %1 outside the vocabulary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled at layer %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot open image file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: image file of %2 bytes exceeds the limit of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: read failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this model has no vision tower (or no &lt;|media_pad|&gt; id)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the model has no expert bank to read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>disk test: seconds must be in (0, 3600]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>estimate: the cache size in working sets must be finite and &gt;= 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this model has no vision tower</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>constrained JSON sampling: the model has no text tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>context length must be at least 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>thread placement: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; ask for fewer threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1%2: tensor missing from the container</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a session of %1 positions and %2 checkpoints exceeds what was planned at open (%3, %4; ModelOptions::contextLength and the checkpoints the budget allows)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 session(s) planned and alive (ModelOptions::sessions); close one first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model has no tokenizer (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: shape [%2, %3], expected [%4, %5]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 elements, expected %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config: layer types do not cover num_hidden_layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sessions must be 1..64</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>context length %1 exceeds the model&apos;s max_position_embeddings %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max patches %1 is outside 4..%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RAM budget %1 (%2 B) is below this model&apos;s floor of %3 (%4 B) even with the trunk streamed (the streaming floor, context %5) (ask for at least %6: the process&apos;s own memory moves between runs); with the trunk resident the floor is %7; see `sluice-cli plan MODEL`</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RAM budget %1 (%2 B) is below this model&apos;s floor of %3 (%4 B) even with the trunk streamed (the streaming floor, context %5); with the trunk resident the floor is %6; see `sluice-cli plan MODEL`</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checkpoints must be 0..1024</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>plan: usable RAM is 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>release trunk bits must be 4, 8 or 16 (as stored), not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no trunk cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the release folder is read-only and no cache folder was given for its trunk cache (ModelOptions::cacheDir)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: changed while it was opened</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: non-finite scale (row %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is missing from the release</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trunk cache &apos;%1&apos;: non-finite value in row %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the release has no tokenizer (no tiktoken.model)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 bytes, more than a rank file can be</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no session file name given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1model config without layer kinds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1saved with %2, this model is open with %3 (the state depends on it; reopen the model with experts per token %4 to continue it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1layer %2 has another type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1layer %2 state cut short (damaged session file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1layer %2 cut short (damaged session file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1layer %2 holds %3 positions, position is %4 (damaged session file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1layer %2 latents cut short (damaged session file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1layer %2: non-finite state value at index %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1token history cut short or holds an id outside the vocabulary (damaged session file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1image count (damaged session file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1image %2 cut short (damaged session file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1image %2 span (damaged session file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1logits (damaged session file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1checkpoint count (damaged session file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1checkpoint %2 (damaged session file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1checkpoint %2 cut short (damaged session file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1%2 unexpected bytes after the checkpoints (damaged session file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image queue full: %1 images are waiting for a prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an image of this session must be computed again but its file is unknown (add it again)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the image file changed since it was added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the prompt has %1 &lt;|media_pad|&gt; token(s) but %2 image(s) are queued (add one image per pad, in order)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the prompt has %1 &lt;|media_pad|&gt; token(s) but %2 image(s) are queued and %3 held by the session (queue every image of the sequence, or only the new ones)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prefill cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>non-finite logits at position %1 (the weights or the session state hold inf/NaN)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the session was interrupted mid-token; reset it or load a saved session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prefill: empty sequence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>generate: empty prompt and no state to continue from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>constrained sampling: no token of the vocabulary continues the text (the tokenizer lacks single-byte tokens?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the session was interrupted mid-token; nothing to save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trunk &apos;%1&apos;: non-finite scale at row %2, group %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trunk &apos;%1&apos;: non-finite value at element %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trunk: streamed layers&apos; tensors overlap in the file (no readable layout)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this backend cannot change its budget without reopening</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this backend keeps no session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no model is open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not an IP address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model has no free session for the server (open the model again with the server on, so its session is planned in the budget): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the server does not offer &quot;%2&quot; (it offers %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 after fetching it twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the file listing is over %2 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the file listing is not a JSON array (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: a listing entry without a path or size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the listing names &apos;%2&apos;, a path that would leave the target folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2: the listing&apos;s lfs.oid is not a SHA-256</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; would leave the target folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot open the key file (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot stat the key file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the key file is not a regular file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the key file is readable by others (mode %2); chmod 600 it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the key file belongs to another user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the key file is over 64 KiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot read the key file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the key file is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an API key cannot contain a line break</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot write the key file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: HTTP %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: HTTP %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 (refused)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no such image file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the image is %2 bytes, over the %3-byte limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the image grew over the limit while read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not a PNG, JPEG, GIF, WebP or BMP image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tools: not a JSON array (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not a model list (expected {&quot;data&quot;: [...]})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the reply is larger than %1 bytes (refused)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a stream event is not a JSON object (%1): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server reported an error mid-stream: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>more than 128 tool calls in one reply (refused)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the reply is not a JSON object (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the reply has no choices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>peer %1: expected HOST:PORT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>peer %1: the port must be 1..65535</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>peer %1: cannot resolve %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot add the torrent: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot listen on %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not a valid magnet URI: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 of %3 pieces are missing or do not match %4 (first: %5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not a .torrent file: it is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not a valid .torrent file: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot read the free space: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>piece size %1: must be a power of two from 16 KiB to 256 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: nothing to share (no file with data in it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot hash the files: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot write the .torrent file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot write the .torrent file: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>listening on %1 (not loopback) needs an API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot listen on %1:%2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot open (Windows error %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: short read at offset %2: %3 of %4 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot open: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot stat: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: direct read at offset %2 of %3 bytes is not 4 KiB aligned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: read failed at offset %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: short read at offset %2: %3 of %4 bytes (file truncated?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot open for io_uring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>io_uring_queue_init failed (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: io_uring read returned %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>diskbench: record size %1 B is not a positive multiple of 4096</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>diskbench: queue depth must be 1..256</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>diskbench: duration must be in (0, 3600] seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: smaller than two records of %2 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>diskbench: built without liburing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expert cache: no banks, or layer/expert counts out of range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expert cache: record size %1 B is not a multiple of 4096</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expert cache: %1 slots is below the minimum of 2 x top-k = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expert cache: %1 exists only in cachesim (Belady needs the future; ARC&apos;s and S3-FIFO&apos;s lists are not per-slot scores; Least-Stale is replay only, docs/streaming.md)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 B, expected at least %3 B (%4 records)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; ask for fewer I/O threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expert cache: %1 slots is outside 2 x top-k = %2 .. %3 (the most this cache can grow to without reopening the model)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expert cache: cannot shrink while a record is held (slot %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not a MoE layer with an expert bank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: expert id out of range 0..%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot open hotlist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 B is not a hotlist of at most %3 entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not a version-1 usage.waste hotlist (bad magic or version)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: entry %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>extent names file %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>extent does not fit in the slot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: extent at %2 starts past the end (%3 bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: short read at offset %2 (file shrank?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RAM budget %1 (%2 B) is below what the engine holds now (%3 B); release memory first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>allocating %1 B for &apos;%2&apos; would exceed the RAM budget of %3 (%4 B; %5 B already in use)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>allocating &apos;%1&apos;: alignment %2 is not a power of two</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>allocating %1 B for &apos;%2&apos;: out of memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory planner: top-k must be positive, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory planner: MoE layer count must be positive, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory planner: expert record size %1 B is not a positive multiple of 4096</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory planner: negative layer, head, dimension or context figure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory planner: more than 65536 experts per layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory planner: figures overflow 64 bits (corrupt model shape?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cache sizing: the plan has no record size or top-k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cache sizing: %1 slots is too many</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: unreadable MemTotal line &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no MemTotal line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1/self/cgroup: cgroup path &apos;%2&apos; is not absolute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1/self/cgroup: cgroup path &apos;%2&apos; contains &apos;..&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GlobalMemoryStatusEx failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bad PSI value &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no &apos;some avg10=&apos; line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unreadable line &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no MemTotal line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scripted pressure source: no samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no VmRSS/VmHWM lines in kB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could start only %1 of %2 reader threads: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot open routing trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: routing trace is %2 bytes, more than the limit of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: line longer than %2 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: more than %2 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not a JSON object (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no &quot;layers&quot; array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: empty &quot;layers&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 layers, more than %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 layers, earlier lines had %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: layer %2 is not an array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: layer %2: %3 ids, more than %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: layer %2: expert id is not an integer in 0..65535</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: layer %2: expert %3 listed twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no tokens in routing trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>speed prediction: the disk bandwidth must be positive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>speed prediction: the model has no routed experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>speed prediction: trace &apos;%1&apos; has no tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: rank %2 is an empty token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: rank %2 repeats the bytes of rank %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no token for the single byte %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1expected &apos;&lt;base64&gt; &lt;rank&gt;&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1bad rank &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1bad base64</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1rank %2 is beyond the %3 entries of the file (ranks must be dense)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1rank %2 appears twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: ranks are not dense, %2 is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: image without a size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 image placeholders but %3 images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: invalid JSON at offset %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>thinking effort &apos;%1&apos;: expected low, high or max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: tool result answers no known call and names no tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: unknown role</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tool choice &apos;%1&apos;: expected auto, required or none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>response format &apos;%1&apos; unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: Kimi-Linear has no vision input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>chat format needs the special token %1, which this tokenizer does not have</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the schema is not JSON: %1 at offset %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the schema must be a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>schema: keyword &apos;%1&apos; must be an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>schema: keyword &apos;type&apos;: the root must be of type &quot;object&quot; (and no enum)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>schema: the smallest valid document nests deeper than %1 levels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pattern ends with a lone backslash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pattern offset %1: \S inside a class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pattern offset %1: unterminated \p{</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pattern offset %1: unterminated class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pattern offset %1: unsupported class intersection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pre-tokenisation pattern, offset %1 of the translated pattern: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokenizer: unknown pattern &apos;%1&apos; (kimi or cl100k)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no such file or directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>specials: offset %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>specials: expected a JSON array of {&quot;id&quot;, &quot;text&quot;}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1needs an integer &quot;id&quot; and a string &quot;text&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1id %2 lies inside the rank file&apos;s vocabulary (size %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1empty text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: inflates beyond the %2-byte limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>specials: id %1 appears twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>specials: text &apos;%1&apos; appears twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>specials: &apos;%1&apos; names a different id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>token %1: id %2 is not in the vocabulary (size %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: is %2, not a regular file; not replaced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: close failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is %1, not a folder (a model is a folder)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot start %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU %1 is not one this process may run on (allowed: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>placing threads on chosen CPUs is supported on Linux only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU %1 is out of range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot bind a thread to CPU %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>binding a thread to CPU %1 is supported on Linux only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>virtual region of %1 B is out of range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot reserve %1 B of address space</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot reserve %1 B of address space (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image: truncated %1: %2 needs %3 bytes, the file has %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image: truncated JPEG: the file ends at byte %1 before its end-of-image marker (a download or copy cut short?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image: zero width or height in the header</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image: %1 has a side longer than %2 pixels; the limits are %3 pixels a side and %4 megapixels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image: %1 is %2 megapixels, more than the limit of %3 megapixels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot open the image file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the file is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the file is %2 bytes, more than the limit of %3 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image: no data (zero-sized file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image: %1 bytes, more than the limit of %2 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image: larger than the decoder can address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image: Photoshop (PSD) files are not supported; save the image as PNG or JPEG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image: not a PNG, JPEG, GIF, BMP or TGA file, or a damaged one (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 data is damaged or truncated (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: decoded size differs from the header</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image size %1x%2 is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max_patches %1 is below 4 (the smallest grid is 2x2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>patch size %1 is not positive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image %1x%2 has %3 bytes of RGB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vision merge kernel %1x%2 (the even grid only fits merges of 1 or 2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image: damaged JPEG: Huffman table at byte %1 declares %2 codes (at most 256 are possible)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image: damaged JPEG: Huffman table at byte %1 is truncated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image: damaged JPEG: Huffman table segment at byte %1 overruns its length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image: damaged PNG: its image data inflates to more than %1 bytes, the most its header&apos;s size allows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image: damaged PNG: its image data inflates to %1 bytes, its header&apos;s size needs %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image: truncated PNG: its image data ends after %1 of %2 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image: damaged PNG: its image data does not inflate (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image: damaged PNG: chunk &apos;IEND&apos; at byte %1 fails its CRC</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image: truncated or damaged PNG: chunk &apos;%1&apos; at byte %2 declares %3 bytes, the file has %4 after it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image: damaged PNG: chunk &apos;%1&apos; at byte %2 fails its CRC</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image: truncated PNG: the file ends at byte %1 before its IEND chunk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model has no vision tower</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vision tensor &apos;%1&apos; is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model has no vision tower (no vision tensors or vision config)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vision head width %1/%2 is not a multiple of 4 (2D RoPE needs pairs per axis)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vision merge kernel %1x%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max_patches %1 is below 4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>random vision tower: unsupported shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos; is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is stored as [%2, %3], the tower reads [%4, %5] (vision tensors must be stored flattened, spec 4.3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is stored at %2 bits; the vision tower needs &gt;= 8 (re-store it as Q8G, spec 4.3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; has %2 elements, expected %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image patches are %1 px, the tower&apos;s are %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image grid %1x%2 has %3 patches; the tower holds %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image grid %1x%2 is not a multiple of the merge kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>image holds %1 patch floats, expected %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vision tower cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the safetensors header length %2 does not fit the file (%3 bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot write the header stub (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the bytes the trunk was converted from (fetched ahead by range) differ from the verified shard; delete trunk.bin in the container folder and run again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer %1 needs the shards %2: %3 bytes, more than the staging bound of %4 bytes (--max-staging)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the trunk needs the shards %1: %2 bytes, more than the staging bound of %3 bytes (--max-staging)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer %1 needs the shards %2 (%3 bytes) while %4 bytes of shards that later steps still read are staged: more than the staging bound of %5 bytes (--max-staging)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the trunk needs the shards %1 (%2 bytes) while %3 bytes of shards that later steps still read are staged: more than the staging bound of %4 bytes (--max-staging)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the trunk reads %1 bytes from shards not fetched yet while %2 bytes are staged: more than the staging bound of %3 bytes (--max-staging)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer %1 needs the shards %2: %3 bytes, more than the staging bound of %4 bytes (--max-staging; from model.safetensors.index.json, before any shard was fetched)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the repository has no safetensors shards to convert</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the hub answered another range than bytes %2-%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot fetch bytes %2-%3: %4</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>%1 GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n token(s)</source>
        <translation>
            <numerusform>%n token</numerusform>
            <numerusform>%n tokens</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 tok/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first token %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hit rate %1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>disk %1 GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RAM %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Chat with large Mixture-of-Experts models.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the model folder PATH at start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open another window even when Sluice is already running (both then write the same chats and sessions).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measure how long the window&apos;s event loop stalls; write a summary on exit to stderr, or to FILE with --probe-stalls=FILE.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sluice::gui::BudgetChart</name>
    <message>
        <source>The budget over time appears once a model is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>budget %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expert cache %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sluice::gui::ChatController</name>
    <message numerus="yes">
        <source>The model changed: rebuilding the context, %n token(s).</source>
        <translation>
            <numerusform>The model changed: rebuilding the context, %n token.</numerusform>
            <numerusform>The model changed: rebuilding the context, %n tokens.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The saved context could not be used (%1): rebuilding the context, %n token(s).</source>
        <translation>
            <numerusform>The saved context could not be used (%1): rebuilding the context, %n token.</numerusform>
            <numerusform>The saved context could not be used (%1): rebuilding the context, %n tokens.</numerusform>
        </translation>
    </message>
    <message>
        <source>Open a model first (File → Open model…).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Still checking the attached images; send again in a moment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the current reply (Esc) before switching chats.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the current reply (Esc) before starting a new chat.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Title:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the chat “%1”? This cannot be undone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no chat to export.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chat exported to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chat could not be written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message copied to the clipboard.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Editing message %1: sending replaces it and everything after it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (continued)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dropping the oldest turns: the rest of the conversation is read again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the current reply (Esc) before branching.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (branch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start or pick a chat first: its settings belong to it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sluice::gui::ChatListPanel</name>
    <message>
        <source>Your chats are listed here, newest first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chat list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No chat title or message matches the search.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search titles and messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search chats by title and content</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sluice::gui::ChatPane</name>
    <message>
        <source>Attach images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Images (*.png *.jpg *.jpeg *.gif *.bmp *.tga);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a model folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try the demo model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the bundled demo model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Get a model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Download Kimi K3 or Kimi-Linear from the hub</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan a model before downloading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan a published model: does it fit, what budget, what speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A tiny model with the Kimi K3 architecture, trained here on the WordNet dictionary: it answers in dictionary-style English but is far too small to make sense; every feature can be tried.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message (Enter sends, Shift+Enter for a new line)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attach…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop generating</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop generating (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This model has no vision tower</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening the model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>## No model is open

Open a model folder (a `.waste` container) with **File → Open model…**, drop one onto this window, get one with **File → Get a model…**, or try the bundled demo model below. The demo is a tiny model trained here on a dictionary: it answers in dictionary-style English but is far too small to make sense, and it cannot see images; every feature works with it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>## No model is open

Open a model folder (a `.waste` container) with **File → Open model…** or drop one onto this window; **File → Get a model…** downloads Kimi K3 or Kimi-Linear. Your conversation will appear here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a message below to start the conversation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context: %1 of %2 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context: %1 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context in use</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sluice::gui::ChatPresetDialog</name>
    <message>
        <source>Chat settings — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Values for this chat alone. A group left off follows the app&apos;s settings, which every new chat starts with.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This chat&apos;s own system prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System prompt of this chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This chat&apos;s own sampling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temperature of this chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 (greedy)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T&amp;emperature:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top-p of this chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top-&amp;p:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top-k of this chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top-&amp;k:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repetition penalty of this chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Repetition penalty:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Maximum reply tokens of this chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Max reply tokens:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sluice::gui::ChatStore</name>
    <message>
        <source>not a Sluice chat file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>written by a newer Sluice (format version %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the chat has no id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a message has no role</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thinking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot be read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: damaged JSON at offset %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no chat with id %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sluice::gui::ConnectDialog</name>
    <message>
        <source>Connect to a server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any OpenAI-compatible endpoint: vLLM, SGLang, llama.cpp&apos;s server, another Sluice (sluice-cli serve). The conversation is sent to it instead of a local model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server &amp;URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API &amp;key:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remember the key (stored in a file only you can read)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;List models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;onnect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asking %1 for its models…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not list the models: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Models the server offers: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sluice::gui::ContextBanner</name>
    <message>
        <source>The conversation no longer fits in the context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New chat with the last turns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a new chat carrying the last turns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drop the oldest turns of this chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rest of the conversation is read again from the start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel sending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This turn needs %1 tokens with room for the reply, but the model&apos;s context holds %2. Choose how to go on:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drop the oldest turns (reads the rest again)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sluice::gui::ConversationView</name>
    <message numerus="yes">
        <source>Show %n earlier message(s)</source>
        <translation>
            <numerusform>Show %n earlier message</numerusform>
            <numerusform>Show %n earlier messages</numerusform>
        </translation>
    </message>
    <message>
        <source>Show earlier messages</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sluice::gui::DownloadView</name>
    <message>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Whole download</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Download progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Download state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n file(s), %1 in all</source>
        <translation>
            <numerusform>%n file, %1 in all</numerusform>
            <numerusform>%n files, %1 in all</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>– /s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · about %2 left · %3 of %4 files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 files done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Converting the trunk · %1 of %2 layers converted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finishing the container</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Converting layer %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 of %3 files fetched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking the pieces already on disk…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 · about %2 left · %n peer(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 verified</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sluice::gui::EstimateJob</name>
    <message>
        <source>The estimate needs a routing trace (*.jsonl); none was found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The estimate needs a disk speed and a model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no disk reads once warm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimate for %1: %2–%3 tokens/s if the disk is the limit (expert cache hit rate %4–%5%, from expert choices recorded on another model)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sluice::gui::GetModelDialog</name>
    <message>
        <source>Paused. The parts downloaded so far are kept; Resume continues where it stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled. Partial files were deleted; complete files in %1 stay.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done: %1 received, every file&apos;s size and checksum verified, in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The download stopped: %1. Resume tries again from where it stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The catalogue could not be computed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>As published, from the hub (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Converted container: download the release, then File → Convert model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fits: default budget %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 free on this folder&apos;s drive.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The files go to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs %1 more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder for models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a model above or type a repository as owner/name, and a folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listing %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resuming…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A download did not finish: %1 into %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Get a model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Planning…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Route</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This machine&apos;s RAM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Room in the folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Models that can be downloaded, with their size and fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Repository:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hub repository, owner/name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>owner/name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder the model&apos;s folder is created in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Choose…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the folder for models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free space in the folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Hub:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hub address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The public hub or a mirror; HF_ENDPOINT sets the default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Access &amp;token:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Access token for gated repositories</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only for gated repositories; not stored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Limit (MiB/s):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Download rate limit in MiB per second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Co&amp;ntinue it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Continue the unfinished download</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Download</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start the download</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause the download</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R&amp;esume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume the download</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel do&amp;wnload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel the download and delete its partial files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the downloaded model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Torrent file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Torrent files (*.torrent)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Download the release (%1 on disk)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Download the release</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Download and convert as it arrives (needs about %1 on disk instead of %2: the container, %3, plus at most %4 of the release at a time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Download and convert as it arrives (needs the container plus one layer&apos;s shards at a time, instead of the release and the container)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The torrent&apos;s folder is made in %1; every piece is checked against the torrent&apos;s hashes, and Pause keeps what arrived.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The release is staged in %1; the converted model goes to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(the drive has room for it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(the drive needs %1 more)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done: %1 received and verified, converted into %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paused. The pieces and the resume data are kept; Resume continues where it stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done: %1 received, every piece checked against the torrent&apos;s hashes, in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The fetch stopped: %1. Resume tries again from where it stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Converted container, shared over BitTorrent by its publisher (its magnet link or .torrent file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the publisher&apos;s magnet link or a .torrent file, and a folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking for peers…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ro&amp;ute:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Download the release as published</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Download the release and convert it as it arrives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Get the converted container over BitTorrent (its publisher&apos;s magnet link or .torrent file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Get the converted container over BitTorrent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Magnet or .torrent:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Magnet link or torrent file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the publisher&apos;s magnet link (Sluice does not have it) or a .torrent file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tor&amp;rent file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a torrent file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peer&amp;s:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peers to connect to directly</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optional: host:port, separated by commas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The disk test failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning: this disk reads %1 GB/s, slower than an NVMe drive; a model streamed from it answers more slowly.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This disk reads %1 GB/s (NVMe class).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Testing this disk…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test this dis&amp;k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measure how fast this folder&apos;s disk reads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no routing trace found</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Seeding: %1 sent (ratio %2), %3/s to %n peer(s). Stop seeding ends it; the model can be opened meanwhile.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Seeding ended at the ratio: %1 sent in %2 min.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seeding ended at the time limit: %1 sent in %2 min.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seeding stopped: %1 sent in %2 min.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seeding stopped: %1 (%2 sent).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs with the trunk streamed from disk (slower): floor %1, the planner&apos;s limit is %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Too big for this RAM: floor %1, the planner&apos;s limit is %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No prediction: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No prediction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not disk-bound once warm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Still seeding the last torrent: Stop seeding first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A torrent fetch did not finish: %1 into %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A download and conversion did not finish: %1 into %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pick a model and a folder. Sizes are what each route leaves on disk; the RAM column is the planner&apos;s verdict for this machine (%1 usable). Downloads resume where they stopped, also after a restart, and every file is checked against the hub&apos;s size and SHA-256. The predicted speed is the planner&apos;s at the default budget, disk-bound (a recorded routing trace replayed); Test this disk replaces the assumed disk speed with this folder&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>See&amp;d after it completes, until a ratio of</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share the torrent with other peers after it completes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off by default. Seeding sends the pieces to other peers until the bytes sent reach the ratio times the torrent&apos;s size, or the time passes, whichever comes first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed until this ratio of bytes sent to the torrent&apos;s size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no ratio limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>or for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed for at most this many minutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no time limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send &amp;at most (MiB/s):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Upload rate limit in MiB per second, while downloading and seeding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Caps what the torrent sends to other peers, while it downloads and while it seeds, so sharing never fills your connection. 0: no limit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop seedin&amp;g</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop sharing the torrent with other peers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The interrupted conversion went to %1, not to %2: run it again from the command line with --convert.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 at the default budget (%2), disk-bound: the expert misses of a recorded routing trace%3 read at %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> plus the streamed trunk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this disk, %1 GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>assumed disk %1 GB/s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sluice::gui::ImageStrip</name>
    <message>
        <source>Attached images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Images you attach (drop, paste or Attach…) appear here once a model with vision is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This model has no vision tower, so it cannot look at images.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sorry, this model cannot read images: it has no vision tower. Open a model with vision to attach images.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a model with a vision tower before attaching images.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is not an image file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” cannot be used: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The clipboard image could not be read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The pasted image could not be saved to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove image %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove this image from the prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drop, paste or attach images (PNG, JPEG, GIF, BMP, TGA).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sluice::gui::MainWindow</name>
    <message>
        <source>Saving failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A chat could not be saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Some chats could not be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Side panel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not open the model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generation failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · budget %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open model (a .waste folder or a release folder)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not change the budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · remote %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The connection was not remembered: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected to %1 (model %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not connect to the server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Retry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The download of %1 did not finish: File → Get a model… continues it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Download finished: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sluice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stats</source>
        <comment>side panel tab: live statistics; keep it short</comment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sluice::gui::MarkdownView</name>
    <message>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy this code to the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy code block %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sluice::gui::MessageWidget</name>
    <message>
        <source>**Tool call:** `%1`</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[image unavailable: %1]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attached image %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Thinking (%n word(s))</source>
        <translation>
            <numerusform>Thinking (%n word)</numerusform>
            <numerusform>Thinking (%n words)</numerusform>
        </translation>
    </message>
    <message>
        <source>Show or hide the model&apos;s thinking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy this message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the message text to the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit and resend this message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Put this message back into the prompt; sending replaces the conversation from here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Regenerate this reply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generate this reply again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 message %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thinking of message %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool calls of message %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Statistics of message %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message %1 from %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading %1 of %2 tokens…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prompt reading progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop reading the prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — being edited in the prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Being edited: sending replaces this message and everything after it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Branch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Branch from here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a new chat holding the conversation up to this message</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sluice::gui::ModelController</name>
    <message>
        <source>Stop the current reply before opening a model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The budget was not applied: %1. The model was reopened with its previous budget.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Budget %1 in force; expert cache %2 (the model stayed open)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The budget could not be adjusted for the system&apos;s memory: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Budget reduced to %1 while the system needed memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Budget back to %1: the system has memory again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cache reduced to %1 while the system needed memory (budget %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cache back to %1: the system has memory again (budget %2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sluice::gui::ModelPanel</name>
    <message>
        <source>Verifying %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not verify: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Verification cancelled after %n record(s).</source>
        <translation>
            <numerusform>Verification cancelled after %n record.</numerusform>
            <numerusform>Verification cancelled after %n records.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All %n record(s) intact (headers and CRC).</source>
        <translation>
            <numerusform>The record is intact (header and CRC).</numerusform>
            <numerusform>All %n records intact (headers and CRC).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n damaged record(s):</source>
        <translation>
            <numerusform>%n damaged record:</numerusform>
            <numerusform>%n damaged records:</numerusform>
        </translation>
    </message>
    <message>
        <source>layer %1, expert %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer %1 (whole bank)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model information</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verify container</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verify the model container</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checks every expert record&apos;s header and CRC, like `sluice-cli verify MODEL`</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel verification</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verification progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verification result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Architecture, parameter count, container size and whether the model can see images are shown here once a model is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Architecture: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters: %1 billion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Container size: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers: %1 · experts: %2 (top-%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vision: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Budget: %1 · floor: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Expert cache: %1 (%n slot(s))</source>
        <translation>
            <numerusform>Expert cache: %1 (%n slot)</numerusform>
            <numerusform>Expert cache: %1 (%n slots)</numerusform>
        </translation>
    </message>
    <message>
        <source>Direct I/O: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no (buffered reads)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context length: %1 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trunk cache: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reads %1 per expert miss, %2% more than a converted VQ3R container (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remote server: %1
Model: %2
The server offers: %3
Replies are computed there: the budget, the expert cache and verification belong to the server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experts per token: %1 of the model&apos;s %2 (the Memory budget panel sets it)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sluice::gui::PlanModelDialog</name>
    <message>
        <source>Cannot write the test file %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured: %1 GB/s reading records of this model&apos;s size from the disk of %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Converted for Sluice (VQ3R container, 4-bit trunk)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>As published (MXFP4 experts, bf16 trunk)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>As published (bf16)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan a model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kimi K3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kimi-Linear 48B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Published model to plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Format of the model on disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;RAM (GiB):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RAM of the machine in GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This machine&apos;s usable RAM is %1; type another machine&apos;s to plan for it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Measure this machine&apos;s disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measure this machine&apos;s disk speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writes a test file to the app&apos;s cache folder and reads it back with O_DIRECT for a few seconds, in records of this model&apos;s size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Does the model fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No plan for these choices.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Fits: default budget %1 (the model&apos;s floor plus the experts of %n token(s) in the cache).</source>
        <translation>
            <numerusform>Fits: default budget %1 (the model&apos;s floor plus the experts of %n token in the cache).</numerusform>
            <numerusform>Fits: default budget %1 (the model&apos;s floor plus the experts of %n tokens in the cache).</numerusform>
        </translation>
    </message>
    <message>
        <source>The whole trunk does not fit in 7/8 of this RAM (that needs %1 of RAM); with the trunk streamed from disk it runs with a budget from %2 to %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Does not fit: even with the trunk streamed the floor %1 is above 7/8 of this RAM; it needs at least %2 of RAM.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Download (or converted size): %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create a test folder in %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing a %1 test file…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sluice::gui::PlannerBar</name>
    <message>
        <source>Trunk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention state / KV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scratch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free headroom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Budget %1 of %2 usable RAM; floor %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>floor %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paging risk above 7/8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>usable RAM %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert cache (every expert)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unused budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>showing %1 of %2 usable RAM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The app itself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trunk in RAM (%1 of %2 layers)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trunk staging (streamed layers)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>whole trunk in RAM from %1 →</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>whole trunk in RAM from %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trunk in RAM (%1 of %2 layers; lm_head streamed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trunk staging (streamed layers and lm_head)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sluice::gui::PlannerFeed</name>
    <message>
        <source>The app cannot read this model&apos;s planner inputs yet (the engine does not expose them); `sluice-cli plan MODEL` shows the full plan. The model runs with budget %1; its floor is %2.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sluice::gui::PlannerPanel</name>
    <message>
        <source>Memory budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Context length:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context length in tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The attention cache is preallocated for this many tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Budget (&amp;GiB):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precise budget in GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Apply and reopen model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply the budget and reopen the model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test disk speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory budget bar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Budget figures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Budget planner status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The budget planner shows how the RAM budget splits into trunk, attention state, scratch and expert cache once a model is chosen.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The planner refused these inputs: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Floor: %1 (the least the model can run in)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recommended: %1 · default here: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Budget: %1 → expert cache %2 (%n slot(s))</source>
        <translation>
            <numerusform>Budget: %1 → expert cache %2 (%n slot)</numerusform>
            <numerusform>Budget: %1 → expert cache %2 (%n slots)</numerusform>
        </translation>
    </message>
    <message>
        <source>Not allowed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The budget is below the floor; raise it to apply.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disk test cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measuring disk speed…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disk: %1 GB/s (O_DIRECT record reads)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disk: %1 GB/s (the file system refused O_DIRECT: this may be RAM speed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tok/s estimate needs a routing trace (*.jsonl); none was found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test the disk speed for an estimate of tokens per second.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Budget:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Budget, from the floor up</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Each step adds room in the expert cache for the experts of %n token(s)</source>
        <translation>
            <numerusform>Each step adds room in the expert cache for the experts of %n token</numerusform>
            <numerusform>Each step adds room in the expert cache for the experts of %n tokens</numerusform>
        </translation>
    </message>
    <message>
        <source>Budget (&amp;MiB):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precise budget in MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reads the model&apos;s largest expert bank for a few seconds with O_DIRECT, like `sluice-cli diskbench`</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel the disk test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disk test progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disk speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimated tokens per second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experts one token reads: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every expert of the model fits in the cache from %1 on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning: the budget is above 7/8 of usable RAM (%1); the system may page out the cache.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning: the floor %1 is more than usable RAM %2; the model will page or be killed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning: the floor and the experts of one token (%1) do not fit in 3/4 of usable RAM (%2); expect mostly cache misses.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply the budget to the open model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Floor: %1 (the least the open model can run in; reopen it for down to %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disk: %1 GB/s (typed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disk &amp;speed (GB/s):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disk read speed in gigabytes per second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type the disk&apos;s read speed, or test it: the predicted speed is computed from it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Floor: %1 with the whole trunk in RAM; down to %2 with the trunk streamed from disk (slower: the streamed layers are read every token)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trunk: %1 of %2 layers in RAM (%3); %4 read from disk every token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trunk: all %1 layers in RAM (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The predicted speed needs a routing trace (*.jsonl); none was found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type the disk speed or test it for the predicted speed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s/token (%2 tokens/s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no disk reads once warm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted speed at %1 GB/s if the disk is the limit: %2; %3 GB read per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (%1 GB of expert misses, %2 GB of streamed trunk)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>. Expert hit rate %1% once warm (routing trace %2, another model&apos;s, scaled to this one).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lm_head: streamed from disk in row blocks (%1 of that every token)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E&amp;xperts per token:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experts per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model&apos;s own (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model&apos;s own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experts per token: %1 of the model&apos;s %2 (faster, at a quality cost)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many routed experts each token uses. Fewer read and compute less per token, so tokens come faster and a smaller budget suffices, but the output drifts from the full model&apos;s (docs/model.md has the measured cost). Changing it reopens the model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This floor is a reopen&apos;s: the app measured again now plus the safety margin a reopen plans with; a reopen with the open model&apos;s %1 experts per token would need %2. The open model&apos;s own floor is lower because a live change measures nothing and needs no margin.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sluice::gui::ServerPanel</name>
    <message>
        <source>Serving &quot;%1&quot; at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not serving: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starts when a model is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n request(s)</source>
        <translation>
            <numerusform>%n request</numerusform>
            <numerusform>%n requests</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n token(s) generated</source>
        <translation>
            <numerusform>%n token generated</numerusform>
            <numerusform>%n tokens generated</numerusform>
        </translation>
    </message>
    <message>
        <source>Local server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An OpenAI-compatible endpoint for editors, agents and scripts, serving the model open in this window (no second copy in memory). Its replies and the window&apos;s take turns. Another address than 127.0.0.1 needs an API key.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serve the open model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Port:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API key:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none (loopback only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try it:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy curl command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requests:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generate an API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server base URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the base URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Example curl command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the curl command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server request log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not serving yet: the model was opened with room for this window&apos;s chat only. Reopen it with room for the server too; the server&apos;s conversation takes its share of the memory budget from the expert cache.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reopen the model and serve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reopen the model with room for the server</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sluice::gui::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All cores (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Threads:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Budget mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Automatic (planner default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fixed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Budget mode:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fixed budget in GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fixed &amp;budget:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Context length:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sampling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 (greedy)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T&amp;emperature:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top-p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top-&amp;p:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top-k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top-&amp;k:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Maximum reply tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Max reply tokens:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optional instructions sent before every chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;System prompt:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Let the model &amp;think before answering</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thinking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thinking effort</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Low</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>High</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Maximum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thinking &amp;effort:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T&amp;heme:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Font size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> pt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Font size:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disk for saved conversation states, in GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Now in use: %1 GiB. 0 keeps none (every chat is read again when reopened).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved &amp;states, at most:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Give memory back when the system needs it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reduce the expert cache while the system is short of memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>While other programs need memory, the expert cache shrinks in steps and grows back once the system has been calm for a while</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Smallest budget when giving memory back, in GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model&apos;s floor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Never &amp;below:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repetition penalty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Repetition penalty:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model&apos;s recommended sampling was not used: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A field you have not changed follows the model&apos;s recommendation (%1).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sluice::gui::ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List of keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sluice::gui::StatsChart</name>
    <message>
        <source>tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hit rate %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chart fills while a reply is generated.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sluice::gui::StatsPanel</name>
    <message>
        <source>Live statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens per second, time to first token, expert cache hit rate, disk throughput and RAM use appear here while a reply is generated.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Statistics status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chart of tokens per second and hit rate over the last %1 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generation statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speed: %1 tok/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First token after: %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert hit rate: %1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disk: %1 GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RAM: %1 of %2 budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chart of the memory budget and expert cache over time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert cache: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remote server: cache, disk and RAM figures are the server&apos;s own and not shown</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sluice::gui::StatusArea</name>
    <message>
        <source>Opening %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tok/s · first token %2 s · hit %3% · disk %4 GB/s · RAM %5 / %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model opening progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel opening the model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generation statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tok/s · first token %2 s · remote</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sluice::gui::WindowActions</name>
    <message>
        <source>About Sluice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;Sluice %1&lt;/h3&gt;&lt;p&gt;Runs frontier-scale Mixture-of-Experts models (Kimi K3, Kimi-Linear) on a desktop under a hard RAM budget, streaming expert weights from NVMe.&lt;/p&gt;&lt;p&gt;Built with Qt %2.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Verify container…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Convert model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Recent models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Plan a model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Get a model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect to a &amp;server…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>As &amp;Markdown…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>As &amp;JSON…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Rename chat…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Delete chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ne&amp;xt chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Previous chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Stop generating</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;generate last reply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Focus the prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Sluice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no recent models)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chat se&amp;ttings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;earch chats</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sluice::qt</name>
    <message>
        <source>length limit reached</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>end of reply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stop string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>context full</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sluice::qt::ConvertWorker</name>
    <message>
        <source>already converted</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sluice::qt::EngineWorker</name>
    <message>
        <source>This engine keeps no session.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The memory budget is below what this model needs at minimum.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model folder or one of its files was not found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model container is damaged or not a Sluice (.waste) model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This model uses a format version this Sluice does not support.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening the model was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model could not be read from disk.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model could not be opened.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a model before sending a message.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An attached image could not be used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generation failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a model before changing its budget.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The budget could not be changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The conversation could not be put in the model&apos;s chat format.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not connect to the server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The connection to the server failed; the reply is cut off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server could not answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chat format refused the messages.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
