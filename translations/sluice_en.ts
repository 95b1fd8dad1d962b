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
