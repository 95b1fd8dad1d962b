<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="id">
<context>
    <name>ConvertDialog</name>
    <message>
        <source>Convert model</source>
        <translation>Konversi model</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Telusuri…</translation>
    </message>
    <message>
        <source>Delete each source shard once it is converted</source>
        <translation>Hapus setiap shard sumber setelah dikonversi</translation>
    </message>
    <message>
        <source>Choose a published checkpoint folder and a destination.</source>
        <translation>Pilih folder checkpoint yang dipublikasikan dan tujuannya.</translation>
    </message>
    <message>
        <source>Layer: %p%</source>
        <translation>Lapisan: %p%</translation>
    </message>
    <message>
        <source>Overall: %p%</source>
        <translation>Keseluruhan: %p%</translation>
    </message>
    <message>
        <source>Checkpoint folder:</source>
        <translation>Folder checkpoint:</translation>
    </message>
    <message>
        <source>Container folder:</source>
        <translation>Folder kontainer:</translation>
    </message>
    <message>
        <source>Threads:</source>
        <translation>Thread:</translation>
    </message>
    <message>
        <source>Convert</source>
        <translation>Konversi</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Jeda</translation>
    </message>
    <message>
        <source>Checkpoint folder</source>
        <translation>Folder checkpoint</translation>
    </message>
    <message>
        <source>Container folder</source>
        <translation>Folder kontainer</translation>
    </message>
    <message>
        <source>Not a checkpoint this app can convert: %1</source>
        <translation>Bukan checkpoint yang dapat dikonversi aplikasi ini: %1</translation>
    </message>
    <message>
        <source>Needs %1 on the destination; %2 available.</source>
        <translation>Membutuhkan %1 di tujuan; tersedia %2.</translation>
    </message>
    <message>
        <source>Not enough space: needs %1 on the destination, only %2 available.</source>
        <translation>Ruang tidak cukup: membutuhkan %1 di tujuan, hanya tersedia %2.</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Memulai…</translation>
    </message>
    <message>
        <source>fitting codebooks</source>
        <translation>menyesuaikan codebook</translation>
    </message>
    <message>
        <source>encoding experts</source>
        <translation>mengodekan pakar</translation>
    </message>
    <message>
        <source>converting the trunk</source>
        <translation>mengonversi batang</translation>
    </message>
    <message>
        <source>writing the manifest</source>
        <translation>menulis manifes</translation>
    </message>
    <message>
        <source>Layer %1 (%2 of %3 done): %4 — %5 of %6 experts, %7 experts/s, about %8 left</source>
        <translation>Lapisan %1 (%2 dari %3 selesai): %4 — %5 dari %6 pakar, %7 pakar/dtk, sisa sekitar %8</translation>
    </message>
    <message>
        <source>Converted: %1</source>
        <translation>Dikonversi: %1</translation>
    </message>
    <message>
        <source>Conversion finished</source>
        <translation>Konversi selesai</translation>
    </message>
    <message>
        <source>Open the converted model now?</source>
        <translation>Buka model hasil konversi sekarang?</translation>
    </message>
    <message>
        <source>Paused. Convert again (now or after a restart) to resume where it stopped.</source>
        <translation>Dijeda. Jalankan konversi lagi (sekarang atau setelah mulai ulang) untuk melanjutkan dari titik berhentinya.</translation>
    </message>
    <message>
        <source>Conversion failed: %1</source>
        <translation>Konversi gagal: %1</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Lanjutkan</translation>
    </message>
    <message>
        <source>The conversion uses at most %1 of RAM beyond the app&apos;s own.</source>
        <translation>Konversi memakai paling banyak %1 RAM di luar RAM aplikasi itu sendiri.</translation>
    </message>
    <message>
        <source>Trunk: %p%</source>
        <translation>Batang: %p%</translation>
    </message>
    <message>
        <source>Converting the trunk: tensor %1 of %2 — %3 of %4, %5/s, about %6 left</source>
        <translation>Mengonversi batang: tensor %1 dari %2 — %3 dari %4, %5/dtk, sisa sekitar %6</translation>
    </message>
</context>
<context>
    <name>Error</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>the prompt needs %1 positions and the reply %2; the context holds %3</source>
        <translation>prompt membutuhkan %1 posisi dan balasan %2; konteks memuat %3</translation>
    </message>
    <message>
        <source>the prompt needs %1 positions; the context holds %2</source>
        <translation>prompt membutuhkan %1 posisi; konteks memuat %2</translation>
    </message>
    <message>
        <source>%1: cannot open (%2)</source>
        <translation>%1: tidak dapat dibuka (%2)</translation>
    </message>
    <message>
        <source>%1: not a regular file</source>
        <translation>%1: bukan berkas biasa</translation>
    </message>
    <message>
        <source>%1: %2 bytes is more than the %3 allowed</source>
        <translation>%1: %2 byte, lebih dari %3 yang diizinkan</translation>
    </message>
    <message>
        <source>%1: short read</source>
        <translation>%1: pembacaan tidak lengkap</translation>
    </message>
    <message>
        <source>%1: %2 needs %3 more bytes, %4 bytes are available; free space and run the conversion again to resume</source>
        <translation>%1: %2 membutuhkan %3 byte lagi, tersedia %4 byte; kosongkan ruang lalu jalankan konversi lagi untuk melanjutkannya</translation>
    </message>
    <message>
        <source>%1: cannot create (%2)</source>
        <translation>%1: tidak dapat dibuat (%2)</translation>
    </message>
    <message>
        <source>%1: write failed (%2)</source>
        <translation>%1: gagal menulis (%2)</translation>
    </message>
    <message>
        <source>%1: fsync failed (%2)</source>
        <translation>%1: fsync gagal (%2)</translation>
    </message>
    <message>
        <source>%1: rename failed (%2)</source>
        <translation>%1: gagal mengganti nama (%2)</translation>
    </message>
    <message>
        <source>%1: already holds a container (manifest.json) that is not a conversion in progress; choose another folder</source>
        <translation>%1: sudah berisi kontainer (manifest.json) yang bukan konversi yang sedang berjalan; pilih folder lain</translation>
    </message>
    <message>
        <source>%1: holds a conversion of another source or with other options (%2); use another folder or delete it</source>
        <translation>%1: berisi konversi dari sumber lain atau dengan opsi lain (%2); gunakan folder lain atau hapus folder itu</translation>
    </message>
    <message>
        <source>%1: not enough free space: the conversion needs %2 more bytes, %3 bytes are available</source>
        <translation>%1: ruang kosong tidak cukup: konversi membutuhkan %2 byte lagi, tersedia %3 byte</translation>
    </message>
    <message>
        <source>conversion stopped; run it again to resume</source>
        <translation>konversi dihentikan; jalankan lagi untuk melanjutkannya</translation>
    </message>
    <message>
        <source>%1: cannot stat</source>
        <translation>%1: atributnya tidak dapat dibaca</translation>
    </message>
    <message>
        <source>%1: %2 bytes is over the %3-byte limit</source>
        <translation>%1: %2 byte melebihi batas %3 byte</translation>
    </message>
    <message>
        <source>%1: read failed at offset %2 (%3)</source>
        <translation>%1: gagal membaca di posisi %2 (%3)</translation>
    </message>
    <message>
        <source>%1: short read at offset %2 (%3 bytes missing)</source>
        <translation>%1: pembacaan tidak lengkap di posisi %2 (kurang %3 byte)</translation>
    </message>
    <message>
        <source>manifest.json is missing (not a complete container)</source>
        <translation>manifest.json tidak ada (kontainer tidak lengkap)</translation>
    </message>
    <message>
        <source>%1 is missing</source>
        <translation>%1 tidak ada</translation>
    </message>
    <message>
        <source>%1 (placed by %2)</source>
        <translation>%1 (ditempatkan oleh %2)</translation>
    </message>
    <message>
        <source>%1 (layer %2): bank file is missing</source>
        <translation>%1 (lapisan %2): berkas bank tidak ada</translation>
    </message>
    <message>
        <source>%1 (layer %2): file size %3 is not a multiple of 4096</source>
        <translation>%1 (lapisan %2): ukuran berkas %3 bukan kelipatan 4096</translation>
    </message>
    <message>
        <source>%1 (layer %2): truncated bank (%3 bytes, manifest says %4)</source>
        <translation>%1 (lapisan %2): bank terpotong (%3 byte, manifes menyebut %4)</translation>
    </message>
    <message>
        <source>%1 (layer %2): bank is %3 bytes, manifest says %4</source>
        <translation>%1 (lapisan %2): bank berukuran %3 byte, manifes menyebut %4</translation>
    </message>
    <message>
        <source>%1: size %2 is not a multiple of the %3-byte record</source>
        <translation>%1: ukuran %2 bukan kelipatan rekaman %3 byte</translation>
    </message>
    <message>
        <source>%1: too many books</source>
        <translation>%1: terlalu banyak buku kode</translation>
    </message>
    <message>
        <source>%1: %2 bytes is too large</source>
        <translation>%1: %2 byte terlalu besar</translation>
    </message>
    <message>
        <source>config.json is missing: a release folder needs the config.json published with its safetensors</source>
        <translation>config.json tidak ada: folder rilis memerlukan config.json yang diterbitkan bersama safetensors-nya</translation>
    </message>
    <message>
        <source>%1 is missing: a release folder needs its safetensors index (or %2) beside config.json</source>
        <translation>%1 tidak ada: folder rilis memerlukan indeks safetensors-nya (atau %2) di samping config.json</translation>
    </message>
    <message>
        <source>is a Sluice container (manifest.json), not a release folder</source>
        <translation>adalah kontainer Sluice (manifest.json), bukan folder rilis</translation>
    </message>
    <message>
        <source>neither a release folder (config.json and %1) nor a Sluice container (manifest.json)</source>
        <translation>bukan folder rilis (config.json dan %1) maupun kontainer Sluice (manifest.json)</translation>
    </message>
    <message>
        <source>context full: %1 + %2 tokens exceed the context length %3 chosen at open</source>
        <translation>konteks penuh: %1 + %2 token melebihi panjang konteks %3 yang dipilih saat membuka</translation>
    </message>
    <message>
        <source>open cancelled</source>
        <translation>pembukaan dibatalkan</translation>
    </message>
    <message>
        <source>RAM budget %1 (%2 B) is below this model&apos;s floor of %3 (%4 B) as opened (context %5, prefill chunk %6, %7 checkpoint(s) per session); reopen the model for a smaller budget</source>
        <translation>anggaran RAM %1 (%2 B) di bawah batas minimum model ini, %3 (%4 B), sebagaimana dibuka (konteks %5, potongan prefill %6, %7 titik simpan per sesi); buka ulang model untuk anggaran yang lebih kecil</translation>
    </message>
    <message>
        <source>RAM budget %1 (%2 B) needs %3 expert cache slots; the cache was opened with room for %4; reopen the model to grow beyond %5 (%6 B)</source>
        <translation>anggaran RAM %1 (%2 B) membutuhkan %3 slot cache expert; cache dibuka dengan ruang untuk %4; buka ulang model untuk melampaui %5 (%6 B)</translation>
    </message>
    <message>
        <source>%1not a Sluice session file (%2 bytes)</source>
        <translation>%1bukan berkas sesi Sluice (%2 byte)</translation>
    </message>
    <message>
        <source>%1not a Sluice session file</source>
        <translation>%1bukan berkas sesi Sluice</translation>
    </message>
    <message>
        <source>%1session version %2 (this build reads %3; saved by an older Sluice, the conversation must be read again)</source>
        <translation>%1sesi versi %2 (versi ini membaca %3; disimpan oleh Sluice yang lebih lama, percakapan harus dibaca ulang)</translation>
    </message>
    <message>
        <source>%1session version %2 (this build reads %3; saved by a newer Sluice)</source>
        <translation>%1sesi versi %2 (versi ini membaca %3; disimpan oleh Sluice yang lebih baru)</translation>
    </message>
    <message>
        <source>%1truncated session file (%2 bytes)</source>
        <translation>%1berkas sesi terpotong (%2 byte)</translation>
    </message>
    <message>
        <source>%1checksum mismatch (truncated or damaged session file)</source>
        <translation>%1checksum tidak cocok (berkas sesi terpotong atau rusak)</translation>
    </message>
    <message>
        <source>%1saved for another model: %2 %3, this model has %4</source>
        <translation>%1disimpan untuk model lain: %2 %3, model ini memiliki %4</translation>
    </message>
    <message>
        <source>%1saved for another model (container fingerprint differs)</source>
        <translation>%1disimpan untuk model lain (sidik jari kontainer berbeda)</translation>
    </message>
    <message>
        <source>%1position %2 exceeds this session&apos;s context length %3</source>
        <translation>%1posisi %2 melebihi panjang konteks sesi ini, %3</translation>
    </message>
    <message>
        <source>context full: %1 + %2 tokens exceed the context length %3</source>
        <translation>konteks penuh: %1 + %2 token melebihi panjang konteks %3</translation>
    </message>
    <message>
        <source>%1: cannot create the folder</source>
        <translation>%1: folder tidak dapat dibuat</translation>
    </message>
    <message>
        <source>download cancelled</source>
        <translation>unduhan dibatalkan</translation>
    </message>
    <message>
        <source>download stopped</source>
        <translation>unduhan dihentikan</translation>
    </message>
    <message>
        <source>%1: cannot create its folder</source>
        <translation>%1: foldernya tidak dapat dibuat</translation>
    </message>
    <message>
        <source>%1: cannot write %2</source>
        <translation>%1: tidak dapat menulis %2</translation>
    </message>
    <message>
        <source>%1: not enough free space in %2 (%3 MiB needed, %4 MiB free)</source>
        <translation>%1: ruang kosong di %2 tidak cukup (perlu %3 MiB, tersedia %4 MiB)</translation>
    </message>
    <message>
        <source>%1: gave up after %2 attempts (the body ended early)</source>
        <translation>%1: menyerah setelah %2 percobaan (isi berakhir terlalu dini)</translation>
    </message>
    <message>
        <source>%1: gave up after %2 attempts (%3)</source>
        <translation>%1: menyerah setelah %2 percobaan (%3)</translation>
    </message>
    <message>
        <source>%1: cannot rename the finished part into place</source>
        <translation>%1: bagian yang selesai tidak dapat diganti namanya ke tempatnya</translation>
    </message>
    <message>
        <source>%1@%2: cannot list the repository: %3</source>
        <translation>%1@%2: isi repositori tidak dapat didaftar: %3</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a repository name (owner/name)</source>
        <translation>&apos;%1&apos; bukan nama repositori (pemilik/nama)</translation>
    </message>
    <message>
        <source>%1: the server closed the connection</source>
        <translation>%1: server menutup koneksi</translation>
    </message>
    <message>
        <source>%1: not an http:// or https:// URL</source>
        <translation>%1: bukan URL http:// atau https://</translation>
    </message>
    <message>
        <source>%1: the server lists no model</source>
        <translation>%1: server tidak mencantumkan model apa pun</translation>
    </message>
    <message>
        <source>%1: the stream ended before the reply finished (no finish_reason)</source>
        <translation>%1: aliran berakhir sebelum balasan selesai (tanpa finish_reason)</translation>
    </message>
    <message>
        <source>%1: not enough free space for %2: %3 MiB needed, %4 MiB free</source>
        <translation>%1: ruang kosong untuk %2 tidak cukup: perlu %3 MiB, tersedia %4 MiB</translation>
    </message>
    <message>
        <source>%1: no peer sent the torrent&apos;s metadata in %2 s (%3, %4 peers)</source>
        <translation>%1: tidak ada peer yang mengirim metadata torrent dalam %2 dtk (%3, %4 peer)</translation>
    </message>
    <message>
        <source>%1: no peer for %2 s with %3 bytes still missing (%4)</source>
        <translation>%1: tidak ada peer selama %2 dtk padahal masih kurang %3 byte (%4)</translation>
    </message>
    <message>
        <source>%1: cannot create the folder: %2</source>
        <translation>%1: folder tidak dapat dibuat: %2</translation>
    </message>
    <message>
        <source>%1: stopped with %2 of %3 bytes verified; run again to resume</source>
        <translation>%1: dihentikan dengan %2 dari %3 byte terverifikasi; jalankan lagi untuk melanjutkan</translation>
    </message>
    <message>
        <source>%1: stopped with %2 of %3 bytes verified; the files will be checked on the next run</source>
        <translation>%1: dihentikan dengan %2 dari %3 byte terverifikasi; berkas akan diperiksa pada jalankan berikutnya</translation>
    </message>
    <message>
        <source>%1: no such file or folder</source>
        <translation>%1: berkas atau folder tidak ditemukan</translation>
    </message>
    <message>
        <source>RAM budget %1 (%2 B) is below this model&apos;s floor of %3 (%4 B) at context %5 (ask for at least %6: the process&apos;s own memory moves between runs); see `sluice-cli plan MODEL`</source>
        <translation>anggaran RAM %1 (%2 B) di bawah batas minimum model ini, %3 (%4 B), pada konteks %5 (mintalah setidaknya %6: memori proses itu sendiri berubah antar-jalankan); lihat `sluice-cli plan MODEL`</translation>
    </message>
    <message>
        <source>RAM budget %1 (%2 B) is below this model&apos;s floor of %3 (%4 B) at context %5; see `sluice-cli plan MODEL`</source>
        <translation>anggaran RAM %1 (%2 B) di bawah batas minimum model ini, %3 (%4 B), pada konteks %5; lihat `sluice-cli plan MODEL`</translation>
    </message>
    <message>
        <source>%1: is a directory, not a regular file</source>
        <translation>%1: adalah direktori, bukan berkas biasa</translation>
    </message>
    <message>
        <source>%1: is a FIFO (named pipe), not a regular file</source>
        <translation>%1: adalah FIFO (pipa bernama), bukan berkas biasa</translation>
    </message>
    <message>
        <source>%1: is a character device, not a regular file</source>
        <translation>%1: adalah perangkat karakter, bukan berkas biasa</translation>
    </message>
    <message>
        <source>%1: is a block device, not a regular file</source>
        <translation>%1: adalah perangkat blok, bukan berkas biasa</translation>
    </message>
    <message>
        <source>%1: is a socket, not a regular file</source>
        <translation>%1: adalah soket, bukan berkas biasa</translation>
    </message>
    <message>
        <source>%1: is not a regular file, not a regular file</source>
        <translation>%1: bukan berkas biasa</translation>
    </message>
    <message>
        <source>%1: no such file</source>
        <translation>%1: berkas tidak ditemukan</translation>
    </message>
    <message>
        <source>no such folder</source>
        <translation>folder tidak ditemukan</translation>
    </message>
    <message>
        <source>is a regular file, not a folder (a model is a folder)</source>
        <translation>adalah berkas biasa, bukan folder (model berupa folder)</translation>
    </message>
    <message>
        <source>is a FIFO (named pipe), not a folder (a model is a folder)</source>
        <translation>adalah FIFO (pipa bernama), bukan folder (model berupa folder)</translation>
    </message>
    <message>
        <source>%1: cannot stat (%2)</source>
        <translation>%1: atributnya tidak dapat dibaca (%2)</translation>
    </message>
    <message>
        <source>%1: shorter than its size (changed while read)</source>
        <translation>%1: lebih pendek dari ukurannya (berubah saat dibaca)</translation>
    </message>
    <message>
        <source>%1: read failed (%2)</source>
        <translation>%1: gagal membaca (%2)</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message numerus="yes">
        <source>%n token(s)</source>
        <translation>
            <numerusform>%n token</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 tok/s</source>
        <translation>%1 token/dtk</translation>
    </message>
    <message>
        <source>first token %1 s</source>
        <translation>token pertama %1 dtk</translation>
    </message>
    <message>
        <source>hit rate %1%</source>
        <translation>rasio hit %1%</translation>
    </message>
    <message>
        <source>disk %1 GB/s</source>
        <translation>disk %1 GB/dtk</translation>
    </message>
    <message>
        <source>RAM %1 of %2</source>
        <translation>RAM %1 dari %2</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>galat: %1</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Chat with large Mixture-of-Experts models.</source>
        <translation>Mengobrol dengan model Mixture-of-Experts berukuran besar.</translation>
    </message>
    <message>
        <source>Open the model folder PATH at start.</source>
        <translation>Buka folder model PATH saat mulai.</translation>
    </message>
    <message>
        <source>Open another window even when Sluice is already running (both then write the same chats and sessions).</source>
        <translation>Buka jendela lain meskipun Sluice sudah berjalan (keduanya lalu menulis obrolan dan sesi yang sama).</translation>
    </message>
    <message>
        <source>Measure how long the window&apos;s event loop stalls; write a summary on exit to stderr, or to FILE with --probe-stalls=FILE.</source>
        <translation>Ukur berapa lama loop peristiwa jendela tertahan; tulis ringkasan saat keluar ke stderr, atau ke FILE dengan --probe-stalls=FILE.</translation>
    </message>
</context>
<context>
    <name>sluice::gui::BudgetChart</name>
    <message>
        <source>The budget over time appears once a model is open.</source>
        <translation>Anggaran dari waktu ke waktu muncul di sini setelah model dibuka.</translation>
    </message>
    <message>
        <source>budget %1</source>
        <translation>anggaran %1</translation>
    </message>
    <message>
        <source>expert cache %1</source>
        <translation>cache expert %1</translation>
    </message>
</context>
<context>
    <name>sluice::gui::ChatController</name>
    <message numerus="yes">
        <source>The model changed: rebuilding the context, %n token(s).</source>
        <translation>
            <numerusform>Model telah berubah: membangun ulang konteks, %n token.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The saved context could not be used (%1): rebuilding the context, %n token(s).</source>
        <translation>
            <numerusform>Konteks yang disimpan tidak dapat digunakan (%1): membangun ulang konteks, %n token.</numerusform>
        </translation>
    </message>
    <message>
        <source>Open a model first (File → Open model…).</source>
        <translation>Buka model terlebih dahulu (Berkas → Buka model…).</translation>
    </message>
    <message>
        <source>Still checking the attached images; send again in a moment.</source>
        <translation>Gambar terlampir masih diperiksa; kirim lagi sebentar lagi.</translation>
    </message>
    <message>
        <source>Image chat</source>
        <translation>Obrolan gambar</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>Obrolan baru</translation>
    </message>
    <message>
        <source>Stop the current reply (Esc) before switching chats.</source>
        <translation>Hentikan balasan saat ini (Esc) sebelum berpindah obrolan.</translation>
    </message>
    <message>
        <source>Stop the current reply (Esc) before starting a new chat.</source>
        <translation>Hentikan balasan saat ini (Esc) sebelum memulai obrolan baru.</translation>
    </message>
    <message>
        <source>Rename chat</source>
        <translation>Ganti nama obrolan</translation>
    </message>
    <message>
        <source>Title:</source>
        <translation>Judul:</translation>
    </message>
    <message>
        <source>Delete chat</source>
        <translation>Hapus obrolan</translation>
    </message>
    <message>
        <source>Delete the chat “%1”? This cannot be undone.</source>
        <translation>Hapus obrolan “%1”? Tindakan ini tidak dapat dibatalkan.</translation>
    </message>
    <message>
        <source>There is no chat to export.</source>
        <translation>Tidak ada obrolan untuk diekspor.</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>Export chat</source>
        <translation>Ekspor obrolan</translation>
    </message>
    <message>
        <source>Chat exported to %1</source>
        <translation>Obrolan diekspor ke %1</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Ekspor gagal</translation>
    </message>
    <message>
        <source>The chat could not be written.</source>
        <translation>Obrolan tidak dapat ditulis.</translation>
    </message>
    <message>
        <source>Message copied to the clipboard.</source>
        <translation>Pesan disalin ke papan klip.</translation>
    </message>
    <message>
        <source>Editing message %1: sending replaces it and everything after it.</source>
        <translation>Menyunting pesan %1: mengirim akan menggantinya beserta semua yang sesudahnya.</translation>
    </message>
    <message>
        <source>%1 (continued)</source>
        <translation>%1 (lanjutan)</translation>
    </message>
    <message>
        <source>Dropping the oldest turns: the rest of the conversation is read again.</source>
        <translation>Membuang giliran terlama: sisa percakapan dibaca ulang.</translation>
    </message>
    <message>
        <source>Stop the current reply (Esc) before branching.</source>
        <translation>Hentikan balasan yang sedang berjalan (Esc) sebelum membuat cabang.</translation>
    </message>
    <message>
        <source>%1 (branch)</source>
        <translation>%1 (cabang)</translation>
    </message>
    <message>
        <source>Start or pick a chat first: its settings belong to it.</source>
        <translation>Mulai atau pilih obrolan dulu: pengaturannya milik obrolan itu.</translation>
    </message>
</context>
<context>
    <name>sluice::gui::ChatListPanel</name>
    <message>
        <source>Your chats are listed here, newest first.</source>
        <translation>Obrolan Anda tercantum di sini, yang terbaru di atas.</translation>
    </message>
    <message>
        <source>Chats</source>
        <translation>Obrolan</translation>
    </message>
    <message>
        <source>Chat list</source>
        <translation>Daftar obrolan</translation>
    </message>
    <message>
        <source>New</source>
        <translation>Baru</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>Obrolan baru</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>Ganti nama</translation>
    </message>
    <message>
        <source>Rename chat</source>
        <translation>Ganti nama obrolan</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Hapus</translation>
    </message>
    <message>
        <source>Delete chat</source>
        <translation>Hapus obrolan</translation>
    </message>
    <message>
        <source>No chat title or message matches the search.</source>
        <translation>Tidak ada judul atau pesan obrolan yang cocok dengan pencarian.</translation>
    </message>
    <message>
        <source>Search titles and messages</source>
        <translation>Cari judul dan pesan</translation>
    </message>
    <message>
        <source>Search chats by title and content</source>
        <translation>Cari obrolan menurut judul dan isi</translation>
    </message>
</context>
<context>
    <name>sluice::gui::ChatPane</name>
    <message>
        <source>Attach images</source>
        <translation>Lampirkan gambar</translation>
    </message>
    <message>
        <source>Images (*.png *.jpg *.jpeg *.gif *.bmp *.tga);;All files (*)</source>
        <translation>Gambar (*.png *.jpg *.jpeg *.gif *.bmp *.tga);;Semua berkas (*)</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>Percakapan</translation>
    </message>
    <message>
        <source>Open model…</source>
        <translation>Buka model…</translation>
    </message>
    <message>
        <source>Open a model folder</source>
        <translation>Buka folder model</translation>
    </message>
    <message>
        <source>Try the demo model</source>
        <translation>Coba model demo</translation>
    </message>
    <message>
        <source>Open the bundled demo model</source>
        <translation>Buka model demo bawaan</translation>
    </message>
    <message>
        <source>Get a model…</source>
        <translation>Dapatkan model…</translation>
    </message>
    <message>
        <source>Download Kimi K3 or Kimi-Linear from the hub</source>
        <translation>Unduh Kimi K3 atau Kimi-Linear dari hub</translation>
    </message>
    <message>
        <source>Plan a model before downloading…</source>
        <translation>Rencanakan model sebelum mengunduh…</translation>
    </message>
    <message>
        <source>Plan a published model: does it fit, what budget, what speed</source>
        <translation>Rencanakan model yang dipublikasikan: apakah muat, berapa anggarannya, seberapa cepat</translation>
    </message>
    <message>
        <source>A tiny model with the Kimi K3 architecture, trained here on the WordNet dictionary: it answers in dictionary-style English but is far too small to make sense; every feature can be tried.</source>
        <translation>Model mungil dengan arsitektur Kimi K3, dilatih di sini dengan kamus WordNet: ia menjawab dalam bahasa Inggris bergaya kamus tetapi terlalu kecil untuk masuk akal; semua fitur dapat dicoba.</translation>
    </message>
    <message>
        <source>Message (Enter sends, Shift+Enter for a new line)</source>
        <translation>Pesan (Enter mengirim, Shift+Enter untuk baris baru)</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Pesan</translation>
    </message>
    <message>
        <source>Attach…</source>
        <translation>Lampirkan…</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Kirim</translation>
    </message>
    <message>
        <source>Send message</source>
        <translation>Kirim pesan</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Berhenti</translation>
    </message>
    <message>
        <source>Stop generating</source>
        <translation>Hentikan pembuatan</translation>
    </message>
    <message>
        <source>Stop generating (Esc)</source>
        <translation>Hentikan pembuatan (Esc)</translation>
    </message>
    <message>
        <source>This model has no vision tower</source>
        <translation>Model ini tidak memiliki menara visi</translation>
    </message>
    <message>
        <source>Opening the model…</source>
        <translation>Membuka model…</translation>
    </message>
    <message>
        <source>## No model is open

Open a model folder (a `.waste` container) with **File → Open model…**, drop one onto this window, get one with **File → Get a model…**, or try the bundled demo model below. The demo is a tiny model trained here on a dictionary: it answers in dictionary-style English but is far too small to make sense, and it cannot see images; every feature works with it.</source>
        <translation>## Tidak ada model yang terbuka

Buka folder model (kontainer `.waste`) dengan **Berkas → Buka model…**, jatuhkan satu ke jendela ini, dapatkan satu dengan **Berkas → Dapatkan model…**, atau coba model demo bawaan di bawah. Demo ini model mungil yang dilatih di sini dengan kamus: ia menjawab dalam bahasa Inggris bergaya kamus tetapi terlalu kecil untuk masuk akal, dan tidak dapat melihat gambar; semua fitur berfungsi dengannya.</translation>
    </message>
    <message>
        <source>## No model is open

Open a model folder (a `.waste` container) with **File → Open model…** or drop one onto this window; **File → Get a model…** downloads Kimi K3 or Kimi-Linear. Your conversation will appear here.</source>
        <translation>## Belum ada model yang dibuka

Buka folder model (kontainer `.waste`) melalui **Berkas → Buka model…** atau seret ke jendela ini; **Berkas → Dapatkan model…** mengunduh Kimi K3 atau Kimi-Linear. Percakapan Anda akan muncul di sini.</translation>
    </message>
    <message>
        <source>Type a message below to start the conversation.</source>
        <translation>Ketik pesan di bawah untuk memulai percakapan.</translation>
    </message>
    <message>
        <source>Context: %1 of %2 tokens</source>
        <translation>Konteks: %1 dari %2 token</translation>
    </message>
    <message>
        <source>Context: %1 tokens</source>
        <translation>Konteks: %1 token</translation>
    </message>
    <message>
        <source>Context in use</source>
        <translation>Konteks terpakai</translation>
    </message>
</context>
<context>
    <name>sluice::gui::ChatPresetDialog</name>
    <message>
        <source>Chat settings — %1</source>
        <translation>Pengaturan obrolan — %1</translation>
    </message>
    <message>
        <source>Values for this chat alone. A group left off follows the app&apos;s settings, which every new chat starts with.</source>
        <translation>Nilai untuk obrolan ini saja. Grup yang dimatikan mengikuti pengaturan aplikasi, yang dipakai setiap obrolan baru sejak awal.</translation>
    </message>
    <message>
        <source>This chat&apos;s own system prompt</source>
        <translation>Prompt sistem khusus obrolan ini</translation>
    </message>
    <message>
        <source>System prompt of this chat</source>
        <translation>Prompt sistem obrolan ini</translation>
    </message>
    <message>
        <source>This chat&apos;s own sampling</source>
        <translation>Sampling khusus obrolan ini</translation>
    </message>
    <message>
        <source>Temperature of this chat</source>
        <translation>Temperatur obrolan ini</translation>
    </message>
    <message>
        <source>0 (greedy)</source>
        <translation>0 (greedy)</translation>
    </message>
    <message>
        <source>T&amp;emperature:</source>
        <translation>T&amp;emperatur:</translation>
    </message>
    <message>
        <source>Top-p of this chat</source>
        <translation>Top-p obrolan ini</translation>
    </message>
    <message>
        <source>Top-&amp;p:</source>
        <translation>Top-&amp;p:</translation>
    </message>
    <message>
        <source>Top-k of this chat</source>
        <translation>Top-k obrolan ini</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Mati</translation>
    </message>
    <message>
        <source>Top-&amp;k:</source>
        <translation>Top-&amp;k:</translation>
    </message>
    <message>
        <source>Repetition penalty of this chat</source>
        <translation>Penalti pengulangan obrolan ini</translation>
    </message>
    <message>
        <source>&amp;Repetition penalty:</source>
        <translation>Penalti &amp;pengulangan:</translation>
    </message>
    <message>
        <source>Maximum reply tokens of this chat</source>
        <translation>Token balasan maksimum obrolan ini</translation>
    </message>
    <message>
        <source>&amp;Max reply tokens:</source>
        <translation>Token balasan &amp;maks.:</translation>
    </message>
</context>
<context>
    <name>sluice::gui::ChatStore</name>
    <message>
        <source>%1: cannot be read</source>
        <translation>%1: tidak dapat dibaca</translation>
    </message>
    <message>
        <source>%1: damaged JSON at offset %2 (%3)</source>
        <translation>%1: JSON rusak pada posisi %2 (%3)</translation>
    </message>
    <message>
        <source>no chat with id %1</source>
        <translation>tidak ada obrolan dengan id %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>not a Sluice chat file</source>
        <translation>bukan berkas obrolan Sluice</translation>
    </message>
    <message>
        <source>written by a newer Sluice (format version %1)</source>
        <translation>ditulis oleh Sluice yang lebih baru (versi format %1)</translation>
    </message>
    <message>
        <source>the chat has no id</source>
        <translation>obrolan tidak memiliki id</translation>
    </message>
    <message>
        <source>a message has no role</source>
        <translation>sebuah pesan tidak memiliki peran</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Pengguna</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Asisten</translation>
    </message>
    <message>
        <source>System</source>
        <translation>Sistem</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Alat</translation>
    </message>
    <message>
        <source>Thinking</source>
        <translation>Penalaran</translation>
    </message>
</context>
<context>
    <name>sluice::gui::ConnectDialog</name>
    <message>
        <source>Connect to a server</source>
        <translation>Sambungkan ke server</translation>
    </message>
    <message>
        <source>Any OpenAI-compatible endpoint: vLLM, SGLang, llama.cpp&apos;s server, another Sluice (sluice-cli serve). The conversation is sent to it instead of a local model.</source>
        <translation>Endpoint apa pun yang kompatibel dengan OpenAI: vLLM, SGLang, server llama.cpp, Sluice lain (sluice-cli serve). Percakapan dikirim ke sana, bukan ke model lokal.</translation>
    </message>
    <message>
        <source>Server URL</source>
        <translation>URL server</translation>
    </message>
    <message>
        <source>Server &amp;URL:</source>
        <translation>&amp;URL server:</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>Kunci API</translation>
    </message>
    <message>
        <source>none</source>
        <translation>tidak ada</translation>
    </message>
    <message>
        <source>API &amp;key:</source>
        <translation>&amp;Kunci API:</translation>
    </message>
    <message>
        <source>Remember the key (stored in a file only you can read)</source>
        <translation>Ingat kunci (disimpan dalam berkas yang hanya dapat Anda baca)</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Model</translation>
    </message>
    <message>
        <source>&amp;List models</source>
        <translation>&amp;Daftar model</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>&amp;Model:</translation>
    </message>
    <message>
        <source>Connection status</source>
        <translation>Status sambungan</translation>
    </message>
    <message>
        <source>C&amp;onnect</source>
        <translation>&amp;Sambungkan</translation>
    </message>
    <message>
        <source>Asking %1 for its models…</source>
        <translation>Meminta daftar model dari %1…</translation>
    </message>
    <message>
        <source>Could not list the models: %1</source>
        <translation>Tidak dapat memuat daftar model: %1</translation>
    </message>
    <message>
        <source>Models the server offers: %1</source>
        <translation>Model yang ditawarkan server: %1</translation>
    </message>
    <message>
        <source>Cannot create %1</source>
        <translation>Tidak dapat membuat %1</translation>
    </message>
</context>
<context>
    <name>sluice::gui::ContextBanner</name>
    <message>
        <source>The conversation no longer fits in the context</source>
        <translation>Percakapan tidak lagi muat dalam konteks</translation>
    </message>
    <message>
        <source>New chat with the last turns</source>
        <translation>Obrolan baru dengan giliran terakhir</translation>
    </message>
    <message>
        <source>Start a new chat carrying the last turns</source>
        <translation>Mulai obrolan baru yang membawa giliran terakhir</translation>
    </message>
    <message>
        <source>Drop the oldest turns of this chat</source>
        <translation>Buang giliran terlama dari obrolan ini</translation>
    </message>
    <message>
        <source>The rest of the conversation is read again from the start</source>
        <translation>Sisa percakapan dibaca ulang dari awal</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Batal</translation>
    </message>
    <message>
        <source>Cancel sending</source>
        <translation>Batalkan pengiriman</translation>
    </message>
    <message>
        <source>This turn needs %1 tokens with room for the reply, but the model&apos;s context holds %2. Choose how to go on:</source>
        <translation>Giliran ini butuh %1 token termasuk ruang untuk balasan, tetapi konteks model hanya memuat %2. Pilih cara melanjutkan:</translation>
    </message>
    <message>
        <source>Drop the oldest turns (reads the rest again)</source>
        <translation>Buang giliran terlama (membaca ulang sisanya)</translation>
    </message>
</context>
<context>
    <name>sluice::gui::ConversationView</name>
    <message numerus="yes">
        <source>Show %n earlier message(s)</source>
        <translation>
            <numerusform>Tampilkan %n pesan sebelumnya</numerusform>
        </translation>
    </message>
    <message>
        <source>Show earlier messages</source>
        <translation>Tampilkan pesan sebelumnya</translation>
    </message>
</context>
<context>
    <name>sluice::gui::DownloadView</name>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 jam %2 mnt</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 mnt %2 dtk</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 dtk</translation>
    </message>
    <message>
        <source>Whole download</source>
        <translation>Seluruh unduhan</translation>
    </message>
    <message>
        <source>Download progress</source>
        <translation>Kemajuan unduhan</translation>
    </message>
    <message>
        <source>Download state</source>
        <translation>Status unduhan</translation>
    </message>
    <message>
        <source>File progress</source>
        <translation>Kemajuan berkas</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s), %1 in all</source>
        <translation>
            <numerusform>%n berkas, total %1</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 dari %2</translation>
    </message>
    <message>
        <source>%1/s</source>
        <translation>%1/dtk</translation>
    </message>
    <message>
        <source>– /s</source>
        <translation>– /dtk</translation>
    </message>
    <message>
        <source>%1 · about %2 left · %3 of %4 files</source>
        <translation>%1 · sekitar %2 lagi · %3 dari %4 berkas</translation>
    </message>
    <message>
        <source>%1 of %2 files done</source>
        <translation>%1 dari %2 berkas selesai</translation>
    </message>
    <message>
        <source>Converting the trunk · %1 of %2 layers converted</source>
        <translation>Mengonversi batang · %1 dari %2 lapisan terkonversi</translation>
    </message>
    <message>
        <source>Finishing the container</source>
        <translation>Menyelesaikan kontainer</translation>
    </message>
    <message>
        <source>Converting layer %1 of %2</source>
        <translation>Mengonversi lapisan %1 dari %2</translation>
    </message>
    <message>
        <source>%1 · %2 of %3 files fetched</source>
        <translation>%1 · %2 dari %3 berkas terambil</translation>
    </message>
    <message>
        <source>Checking the pieces already on disk…</source>
        <translation>Memeriksa potongan yang sudah ada di disk…</translation>
    </message>
    <message numerus="yes">
        <source>%1 · about %2 left · %n peer(s)</source>
        <translation>
            <numerusform>%1 · sekitar %2 lagi · %n peer</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 verified</source>
        <translation>%1 dari %2 terverifikasi</translation>
    </message>
</context>
<context>
    <name>sluice::gui::EstimateJob</name>
    <message>
        <source>The estimate needs a routing trace (*.jsonl); none was found.</source>
        <translation>Perkiraan memerlukan jejak perutean (*.jsonl); tidak ada yang ditemukan.</translation>
    </message>
    <message>
        <source>The estimate needs a disk speed and a model.</source>
        <translation>Perkiraan memerlukan kecepatan disk dan sebuah model.</translation>
    </message>
    <message>
        <source>no disk reads once warm</source>
        <translation>tanpa pembacaan disk setelah cache hangat</translation>
    </message>
    <message>
        <source>this model</source>
        <translation>model ini</translation>
    </message>
    <message>
        <source>Estimate for %1: %2–%3 tokens/s if the disk is the limit (expert cache hit rate %4–%5%, from expert choices recorded on another model)</source>
        <translation>Perkiraan untuk %1: %2–%3 token/dtk jika disk menjadi batasnya (tingkat kena cache pakar %4–%5%, dari pilihan pakar yang direkam pada model lain)</translation>
    </message>
</context>
<context>
    <name>sluice::gui::GetModelDialog</name>
    <message>
        <source>Paused. The parts downloaded so far are kept; Resume continues where it stopped.</source>
        <translation>Dijeda. Bagian yang sudah terunduh disimpan; Lanjutkan meneruskan dari titik berhenti.</translation>
    </message>
    <message>
        <source>Cancelled. Partial files were deleted; complete files in %1 stay.</source>
        <translation>Dibatalkan. Berkas parsial dihapus; berkas lengkap di %1 tetap ada.</translation>
    </message>
    <message>
        <source>Done: %1 received, every file&apos;s size and checksum verified, in %2.</source>
        <translation>Selesai: %1 diterima, ukuran dan checksum setiap berkas diperiksa, di %2.</translation>
    </message>
    <message>
        <source>The download stopped: %1. Resume tries again from where it stopped.</source>
        <translation>Unduhan berhenti: %1. Lanjutkan mencoba lagi dari titik berhenti.</translation>
    </message>
    <message>
        <source>The catalogue could not be computed: %1</source>
        <translation>Katalog tidak dapat dihitung: %1</translation>
    </message>
    <message>
        <source>As published, from the hub (%1)</source>
        <translation>Sesuai rilis, dari hub (%1)</translation>
    </message>
    <message>
        <source>Converted container: download the release, then File → Convert model…</source>
        <translation>Kontainer hasil konversi: unduh rilisnya, lalu Berkas → Konversi model…</translation>
    </message>
    <message>
        <source>No plan</source>
        <translation>Tidak ada rencana</translation>
    </message>
    <message>
        <source>Fits: default budget %1</source>
        <translation>Muat: anggaran bawaan %1</translation>
    </message>
    <message>
        <source>%1 free on this folder&apos;s drive.</source>
        <translation>%1 kosong di drive folder ini.</translation>
    </message>
    <message>
        <source>The files go to %1</source>
        <translation>Berkas disimpan di %1</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Tidak diketahui</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>Muat</translation>
    </message>
    <message>
        <source>Needs %1 more</source>
        <translation>Kurang %1</translation>
    </message>
    <message>
        <source>Folder for models</source>
        <translation>Folder untuk model</translation>
    </message>
    <message>
        <source>Choose a model above or type a repository as owner/name, and a folder.</source>
        <translation>Pilih model di atas atau ketik repositori sebagai pemilik/nama, dan sebuah folder.</translation>
    </message>
    <message>
        <source>Listing %1…</source>
        <translation>Mendaftar %1…</translation>
    </message>
    <message>
        <source>Resuming…</source>
        <translation>Melanjutkan…</translation>
    </message>
    <message>
        <source>A download did not finish: %1 into %2.</source>
        <translation>Ada unduhan yang belum selesai: %1 ke %2.</translation>
    </message>
    <message>
        <source>Get a model</source>
        <translation>Dapatkan model</translation>
    </message>
    <message>
        <source>Planning…</source>
        <translation>Merencanakan…</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Model</translation>
    </message>
    <message>
        <source>Route</source>
        <translation>Jalur</translation>
    </message>
    <message>
        <source>On disk</source>
        <translation>Di disk</translation>
    </message>
    <message>
        <source>This machine&apos;s RAM</source>
        <translation>RAM mesin ini</translation>
    </message>
    <message>
        <source>Room in the folder</source>
        <translation>Ruang di folder</translation>
    </message>
    <message>
        <source>Models that can be downloaded, with their size and fit</source>
        <translation>Model yang dapat diunduh, dengan ukuran dan kecocokannya</translation>
    </message>
    <message>
        <source>&amp;Repository:</source>
        <translation>&amp;Repositori:</translation>
    </message>
    <message>
        <source>Hub repository, owner/name</source>
        <translation>Repositori hub, pemilik/nama</translation>
    </message>
    <message>
        <source>owner/name</source>
        <translation>pemilik/nama</translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation>&amp;Folder:</translation>
    </message>
    <message>
        <source>Folder the model&apos;s folder is created in</source>
        <translation>Folder tempat folder model dibuat</translation>
    </message>
    <message>
        <source>&amp;Choose…</source>
        <translation>&amp;Pilih…</translation>
    </message>
    <message>
        <source>Choose the folder for models</source>
        <translation>Pilih folder untuk model</translation>
    </message>
    <message>
        <source>Free space in the folder</source>
        <translation>Ruang kosong di folder</translation>
    </message>
    <message>
        <source>&amp;Hub:</source>
        <translation>&amp;Hub:</translation>
    </message>
    <message>
        <source>Hub address</source>
        <translation>Alamat hub</translation>
    </message>
    <message>
        <source>The public hub or a mirror; HF_ENDPOINT sets the default</source>
        <translation>Hub publik atau cermin; HF_ENDPOINT menentukan bawaannya</translation>
    </message>
    <message>
        <source>Access &amp;token:</source>
        <translation>&amp;Token akses:</translation>
    </message>
    <message>
        <source>Access token for gated repositories</source>
        <translation>Token akses untuk repositori terbatas</translation>
    </message>
    <message>
        <source>only for gated repositories; not stored</source>
        <translation>hanya untuk repositori terbatas; tidak disimpan</translation>
    </message>
    <message>
        <source>&amp;Limit (MiB/s):</source>
        <translation>&amp;Batas (MiB/dtk):</translation>
    </message>
    <message>
        <source>Download rate limit in MiB per second</source>
        <translation>Batas kecepatan unduh dalam MiB per detik</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>Tanpa batas</translation>
    </message>
    <message>
        <source>Co&amp;ntinue it</source>
        <translation>&amp;Lanjutkan</translation>
    </message>
    <message>
        <source>Continue the unfinished download</source>
        <translation>Lanjutkan unduhan yang belum selesai</translation>
    </message>
    <message>
        <source>&amp;Download</source>
        <translation>&amp;Unduh</translation>
    </message>
    <message>
        <source>Start the download</source>
        <translation>Mulai unduhan</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Jeda</translation>
    </message>
    <message>
        <source>Pause the download</source>
        <translation>Jeda unduhan</translation>
    </message>
    <message>
        <source>R&amp;esume</source>
        <translation>Lanjutk&amp;an</translation>
    </message>
    <message>
        <source>Resume the download</source>
        <translation>Lanjutkan unduhan</translation>
    </message>
    <message>
        <source>Cancel do&amp;wnload</source>
        <translation>Batalkan u&amp;nduhan</translation>
    </message>
    <message>
        <source>Cancel the download and delete its partial files</source>
        <translation>Batalkan unduhan dan hapus berkas parsialnya</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>Bu&amp;ka</translation>
    </message>
    <message>
        <source>Open the downloaded model</source>
        <translation>Buka model yang diunduh</translation>
    </message>
    <message>
        <source>Torrent file</source>
        <translation>Berkas torrent</translation>
    </message>
    <message>
        <source>Torrent files (*.torrent)</source>
        <translation>Berkas torrent (*.torrent)</translation>
    </message>
    <message>
        <source>Download the release (%1 on disk)</source>
        <translation>Unduh rilisnya (%1 di disk)</translation>
    </message>
    <message>
        <source>Download the release</source>
        <translation>Unduh rilisnya</translation>
    </message>
    <message>
        <source>Download and convert as it arrives (needs about %1 on disk instead of %2: the container, %3, plus at most %4 of the release at a time)</source>
        <translation>Unduh dan konversi sambil tiba (butuh sekitar %1 di disk, bukan %2: kontainernya, %3, ditambah paling banyak %4 dari rilis sekaligus)</translation>
    </message>
    <message>
        <source>Download and convert as it arrives (needs the container plus one layer&apos;s shards at a time, instead of the release and the container)</source>
        <translation>Unduh dan konversi sambil tiba (butuh kontainer ditambah shard satu lapisan sekaligus, bukan rilis dan kontainer)</translation>
    </message>
    <message>
        <source>The torrent&apos;s folder is made in %1; every piece is checked against the torrent&apos;s hashes, and Pause keeps what arrived.</source>
        <translation>Folder torrent dibuat di %1; setiap potongan diperiksa terhadap hash torrent, dan Jeda menyimpan yang sudah tiba.</translation>
    </message>
    <message>
        <source>The release is staged in %1; the converted model goes to %2</source>
        <translation>Rilis ditampung sementara di %1; model hasil konversi masuk ke %2</translation>
    </message>
    <message>
        <source>(the drive has room for it)</source>
        <translation>(drive cukup ruang)</translation>
    </message>
    <message>
        <source>(the drive needs %1 more)</source>
        <translation>(drive butuh %1 lagi)</translation>
    </message>
    <message>
        <source>Done: %1 received and verified, converted into %2.</source>
        <translation>Selesai: %1 diterima dan diverifikasi, dikonversi ke %2.</translation>
    </message>
    <message>
        <source>Paused. The pieces and the resume data are kept; Resume continues where it stopped.</source>
        <translation>Dijeda. Potongan dan data lanjutan disimpan; Lanjutkan meneruskan dari titik berhenti.</translation>
    </message>
    <message>
        <source>Done: %1 received, every piece checked against the torrent&apos;s hashes, in %2.</source>
        <translation>Selesai: %1 diterima, setiap potongan diperiksa terhadap hash torrent, di %2.</translation>
    </message>
    <message>
        <source>The fetch stopped: %1. Resume tries again from where it stopped.</source>
        <translation>Pengambilan berhenti: %1. Lanjutkan mencoba lagi dari titik berhenti.</translation>
    </message>
    <message>
        <source>Converted container, shared over BitTorrent by its publisher (its magnet link or .torrent file)</source>
        <translation>Kontainer hasil konversi, dibagikan lewat BitTorrent oleh penerbitnya (tautan magnet atau berkas .torrent-nya)</translation>
    </message>
    <message>
        <source>Give the publisher&apos;s magnet link or a .torrent file, and a folder.</source>
        <translation>Berikan tautan magnet penerbit atau berkas .torrent, dan sebuah folder.</translation>
    </message>
    <message>
        <source>Looking for peers…</source>
        <translation>Mencari peer…</translation>
    </message>
    <message>
        <source>Ro&amp;ute:</source>
        <translation>&amp;Cara:</translation>
    </message>
    <message>
        <source>Download the release as published</source>
        <translation>Unduh rilis sesuai terbitan</translation>
    </message>
    <message>
        <source>Download the release and convert it as it arrives</source>
        <translation>Unduh rilis dan konversi sambil tiba</translation>
    </message>
    <message>
        <source>Get the converted container over BitTorrent (its publisher&apos;s magnet link or .torrent file)</source>
        <translation>Ambil kontainer hasil konversi lewat BitTorrent (tautan magnet atau berkas .torrent dari penerbitnya)</translation>
    </message>
    <message>
        <source>Get the converted container over BitTorrent</source>
        <translation>Ambil kontainer hasil konversi lewat BitTorrent</translation>
    </message>
    <message>
        <source>&amp;Magnet or .torrent:</source>
        <translation>&amp;Magnet atau .torrent:</translation>
    </message>
    <message>
        <source>Magnet link or torrent file</source>
        <translation>Tautan magnet atau berkas torrent</translation>
    </message>
    <message>
        <source>the publisher&apos;s magnet link (Sluice does not have it) or a .torrent file</source>
        <translation>tautan magnet penerbit (Sluice tidak memilikinya) atau berkas .torrent</translation>
    </message>
    <message>
        <source>Tor&amp;rent file…</source>
        <translation>Berkas t&amp;orrent…</translation>
    </message>
    <message>
        <source>Choose a torrent file</source>
        <translation>Pilih berkas torrent</translation>
    </message>
    <message>
        <source>Peer&amp;s:</source>
        <translation>P&amp;eer:</translation>
    </message>
    <message>
        <source>Peers to connect to directly</source>
        <translation>Peer yang dihubungi langsung</translation>
    </message>
    <message>
        <source>optional: host:port, separated by commas</source>
        <translation>opsional: host:port, dipisah koma</translation>
    </message>
    <message>
        <source>The disk test failed: %1</source>
        <translation>Uji disk gagal: %1</translation>
    </message>
    <message>
        <source>Warning: this disk reads %1 GB/s, slower than an NVMe drive; a model streamed from it answers more slowly.</source>
        <translation>Peringatan: disk ini membaca %1 GB/dtk, lebih lambat dari drive NVMe; model yang dialirkan darinya menjawab lebih lambat.</translation>
    </message>
    <message>
        <source>This disk reads %1 GB/s (NVMe class).</source>
        <translation>Disk ini membaca %1 GB/dtk (kelas NVMe).</translation>
    </message>
    <message>
        <source>Testing this disk…</source>
        <translation>Menguji disk ini…</translation>
    </message>
    <message>
        <source>Test this dis&amp;k</source>
        <translation>Uji d&amp;isk ini</translation>
    </message>
    <message>
        <source>Measure how fast this folder&apos;s disk reads</source>
        <translation>Ukur kecepatan baca disk folder ini</translation>
    </message>
    <message>
        <source>no routing trace found</source>
        <translation>tidak ada jejak routing yang ditemukan</translation>
    </message>
    <message numerus="yes">
        <source>Seeding: %1 sent (ratio %2), %3/s to %n peer(s). Stop seeding ends it; the model can be opened meanwhile.</source>
        <translation>
            <numerusform>Berbagi: %1 terkirim (rasio %2), %3/dtk ke %n peer. Hentikan berbagi untuk mengakhirinya; model dapat dibuka sementara itu.</numerusform>
        </translation>
    </message>
    <message>
        <source>Seeding ended at the ratio: %1 sent in %2 min.</source>
        <translation>Berbagi berakhir pada rasio: %1 terkirim dalam %2 mnt.</translation>
    </message>
    <message>
        <source>Seeding ended at the time limit: %1 sent in %2 min.</source>
        <translation>Berbagi berakhir pada batas waktu: %1 terkirim dalam %2 mnt.</translation>
    </message>
    <message>
        <source>Seeding stopped: %1 sent in %2 min.</source>
        <translation>Berbagi dihentikan: %1 terkirim dalam %2 mnt.</translation>
    </message>
    <message>
        <source>Seeding stopped: %1 (%2 sent).</source>
        <translation>Berbagi dihentikan: %1 (%2 terkirim).</translation>
    </message>
    <message>
        <source>Runs with the trunk streamed from disk (slower): floor %1, the planner&apos;s limit is %2</source>
        <translation>Berjalan dengan batang dialirkan dari disk (lebih lambat): lantai %1, batas perencana %2</translation>
    </message>
    <message>
        <source>Too big for this RAM: floor %1, the planner&apos;s limit is %2</source>
        <translation>Terlalu besar untuk RAM ini: lantai %1, batas perencana %2</translation>
    </message>
    <message>
        <source>No prediction: %1</source>
        <translation>Tidak ada prediksi: %1</translation>
    </message>
    <message>
        <source>No prediction</source>
        <translation>Tidak ada prediksi</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 token/dtk</translation>
    </message>
    <message>
        <source>Not disk-bound once warm</source>
        <translation>Tidak dibatasi disk setelah hangat</translation>
    </message>
    <message>
        <source>Still seeding the last torrent: Stop seeding first.</source>
        <translation>Torrent terakhir masih dibagikan: hentikan berbagi dulu.</translation>
    </message>
    <message>
        <source>A torrent fetch did not finish: %1 into %2.</source>
        <translation>Pengambilan torrent belum selesai: %1 ke %2.</translation>
    </message>
    <message>
        <source>A download and conversion did not finish: %1 into %2.</source>
        <translation>Unduhan dan konversi belum selesai: %1 ke %2.</translation>
    </message>
    <message>
        <source>Pick a model and a folder. Sizes are what each route leaves on disk; the RAM column is the planner&apos;s verdict for this machine (%1 usable). Downloads resume where they stopped, also after a restart, and every file is checked against the hub&apos;s size and SHA-256. The predicted speed is the planner&apos;s at the default budget, disk-bound (a recorded routing trace replayed); Test this disk replaces the assumed disk speed with this folder&apos;s.</source>
        <translation>Pilih model dan folder. Ukuran adalah yang ditinggalkan setiap rute di disk; kolom RAM adalah putusan perencana untuk mesin ini (%1 dapat dipakai). Unduhan dilanjutkan dari titik berhenti, juga setelah mulai ulang, dan setiap berkas diperiksa terhadap ukuran dan SHA-256 dari hub. Kecepatan prediksi adalah milik perencana pada anggaran bawaan, dibatasi disk (jejak routing terekam diputar ulang); Uji disk ini mengganti kecepatan disk yang diasumsikan dengan milik folder ini.</translation>
    </message>
    <message>
        <source>Predicted speed</source>
        <translation>Kecepatan prediksi</translation>
    </message>
    <message>
        <source>See&amp;d after it completes, until a ratio of</source>
        <translation>Bagikan (&amp;d) setelah selesai, sampai rasio</translation>
    </message>
    <message>
        <source>Share the torrent with other peers after it completes</source>
        <translation>Bagikan torrent ke peer lain setelah selesai</translation>
    </message>
    <message>
        <source>Off by default. Seeding sends the pieces to other peers until the bytes sent reach the ratio times the torrent&apos;s size, or the time passes, whichever comes first.</source>
        <translation>Mati secara bawaan. Berbagi mengirim potongan ke peer lain sampai byte terkirim mencapai rasio kali ukuran torrent, atau waktunya habis, mana yang lebih dulu.</translation>
    </message>
    <message>
        <source>Seed until this ratio of bytes sent to the torrent&apos;s size</source>
        <translation>Bagikan sampai rasio byte terkirim terhadap ukuran torrent ini</translation>
    </message>
    <message>
        <source>no ratio limit</source>
        <translation>tanpa batas rasio</translation>
    </message>
    <message>
        <source>or for</source>
        <translation>atau selama</translation>
    </message>
    <message>
        <source>Seed for at most this many minutes</source>
        <translation>Bagikan paling lama sekian menit</translation>
    </message>
    <message>
        <source> min</source>
        <translation> mnt</translation>
    </message>
    <message>
        <source>no time limit</source>
        <translation>tanpa batas waktu</translation>
    </message>
    <message>
        <source>Stop seedin&amp;g</source>
        <translation>&amp;Hentikan berbagi</translation>
    </message>
    <message>
        <source>Stop sharing the torrent with other peers</source>
        <translation>Hentikan berbagi torrent dengan peer lain</translation>
    </message>
    <message>
        <source>The interrupted conversion went to %1, not to %2: run it again from the command line with --convert.</source>
        <translation>Konversi yang belum selesai menuju %1, bukan %2: jalankan lagi dari baris perintah dengan --convert.</translation>
    </message>
    <message>
        <source>%1 at the default budget (%2), disk-bound: the expert misses of a recorded routing trace%3 read at %4.</source>
        <translation>%1 pada anggaran bawaan (%2), dibatasi disk: expert yang meleset dari jejak routing terekam%3 dibaca pada %4.</translation>
    </message>
    <message>
        <source> plus the streamed trunk</source>
        <translation> ditambah batang yang dialirkan</translation>
    </message>
    <message>
        <source>this disk, %1 GB/s</source>
        <translation>disk ini, %1 GB/dtk</translation>
    </message>
    <message>
        <source>assumed disk %1 GB/s</source>
        <translation>disk diasumsikan %1 GB/dtk</translation>
    </message>
</context>
<context>
    <name>sluice::gui::ImageStrip</name>
    <message>
        <source>Attached images</source>
        <translation>Gambar terlampir</translation>
    </message>
    <message>
        <source>Images you attach (drop, paste or Attach…) appear here once a model with vision is open.</source>
        <translation>Gambar yang Anda lampirkan (seret, tempel, atau Lampirkan…) muncul di sini setelah model dengan kemampuan visi dibuka.</translation>
    </message>
    <message>
        <source>This model has no vision tower, so it cannot look at images.</source>
        <translation>Model ini tidak memiliki menara visi, jadi tidak dapat melihat gambar.</translation>
    </message>
    <message>
        <source>Drop, paste or attach images (PNG, JPEG, GIF, BMP, TGA).</source>
        <translation>Seret, tempel, atau lampirkan gambar (PNG, JPEG, GIF, BMP, TGA).</translation>
    </message>
    <message>
        <source>Sorry, this model cannot read images: it has no vision tower. Open a model with vision to attach images.</source>
        <translation>Maaf, model ini tidak dapat membaca gambar: model ini tidak memiliki menara visi. Buka model dengan kemampuan visi untuk melampirkan gambar.</translation>
    </message>
    <message>
        <source>Open a model with a vision tower before attaching images.</source>
        <translation>Buka model yang memiliki menara visi sebelum melampirkan gambar.</translation>
    </message>
    <message>
        <source>“%1” is not an image file.</source>
        <translation>“%1” bukan berkas gambar.</translation>
    </message>
    <message>
        <source>“%1” cannot be used: %2</source>
        <translation>“%1” tidak dapat digunakan: %2</translation>
    </message>
    <message>
        <source>The clipboard image could not be read.</source>
        <translation>Gambar di papan klip tidak dapat dibaca.</translation>
    </message>
    <message>
        <source>The pasted image could not be saved to %1.</source>
        <translation>Gambar yang ditempel tidak dapat disimpan ke %1.</translation>
    </message>
    <message>
        <source>Image %1</source>
        <translation>Gambar %1</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Hapus</translation>
    </message>
    <message>
        <source>Remove image %1</source>
        <translation>Hapus gambar %1</translation>
    </message>
    <message>
        <source>Remove this image from the prompt</source>
        <translation>Hapus gambar ini dari pesan</translation>
    </message>
</context>
<context>
    <name>sluice::gui::MainWindow</name>
    <message>
        <source>Some chats could not be read: %1</source>
        <translation>Beberapa obrolan tidak dapat dibaca: %1</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>Anggaran</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Model</translation>
    </message>
    <message>
        <source>Side panel</source>
        <translation>Panel samping</translation>
    </message>
    <message>
        <source>Saving failed</source>
        <translation>Gagal menyimpan</translation>
    </message>
    <message>
        <source>Could not open the model</source>
        <translation>Tidak dapat membuka model</translation>
    </message>
    <message>
        <source>Generation failed</source>
        <translation>Pembuatan gagal</translation>
    </message>
    <message>
        <source>No model open</source>
        <translation>Tidak ada model terbuka</translation>
    </message>
    <message>
        <source>%1 · budget %2</source>
        <translation>%1 · anggaran %2</translation>
    </message>
    <message>
        <source>A chat could not be saved.</source>
        <translation>Sebuah obrolan tidak dapat disimpan.</translation>
    </message>
    <message>
        <source>Open model (a .waste folder or a release folder)</source>
        <translation>Buka model (folder .waste atau folder rilis)</translation>
    </message>
    <message>
        <source>Could not change the budget</source>
        <translation>Tidak dapat mengubah anggaran</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>%1 · remote %2</source>
        <translation>%1 · jarak jauh %2</translation>
    </message>
    <message>
        <source>The connection was not remembered: %1</source>
        <translation>Sambungan tidak diingat: %1</translation>
    </message>
    <message>
        <source>Connected to %1 (model %2)</source>
        <translation>Tersambung ke %1 (model %2)</translation>
    </message>
    <message>
        <source>Could not connect to the server</source>
        <translation>Tidak dapat tersambung ke server</translation>
    </message>
    <message>
        <source>&amp;Retry</source>
        <translation>&amp;Coba lagi</translation>
    </message>
    <message>
        <source>The download of %1 did not finish: File → Get a model… continues it.</source>
        <translation>Unduhan %1 belum selesai: Berkas → Dapatkan model… melanjutkannya.</translation>
    </message>
    <message>
        <source>Download finished: %1</source>
        <translation>Unduhan selesai: %1</translation>
    </message>
    <message>
        <source>Sluice</source>
        <translation>Sluice</translation>
    </message>
    <message>
        <source>Stats</source>
        <comment>side panel tab: live statistics; keep it short</comment>
        <translation>Statistik</translation>
    </message>
</context>
<context>
    <name>sluice::gui::MarkdownView</name>
    <message>
        <source>Copy</source>
        <translation>Salin</translation>
    </message>
    <message>
        <source>Copy this code to the clipboard</source>
        <translation>Salin kode ini ke papan klip</translation>
    </message>
    <message>
        <source>Copy code block %1</source>
        <translation>Salin blok kode %1</translation>
    </message>
</context>
<context>
    <name>sluice::gui::MessageWidget</name>
    <message>
        <source>**Tool call:** `%1`</source>
        <translation>**Panggilan alat:** `%1`</translation>
    </message>
    <message>
        <source>[image unavailable: %1]</source>
        <translation>[gambar tidak tersedia: %1]</translation>
    </message>
    <message>
        <source>Attached image %1</source>
        <translation>Gambar terlampir %1</translation>
    </message>
    <message numerus="yes">
        <source>Thinking (%n word(s))</source>
        <translation>
            <numerusform>Penalaran (%n kata)</numerusform>
        </translation>
    </message>
    <message>
        <source>Show or hide the model&apos;s thinking</source>
        <translation>Tampilkan atau sembunyikan penalaran model</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Anda</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Asisten</translation>
    </message>
    <message>
        <source>System</source>
        <translation>Sistem</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Alat</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Salin</translation>
    </message>
    <message>
        <source>Copy this message</source>
        <translation>Salin pesan ini</translation>
    </message>
    <message>
        <source>Copy the message text to the clipboard</source>
        <translation>Salin teks pesan ke papan klip</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Sunting</translation>
    </message>
    <message>
        <source>Edit and resend this message</source>
        <translation>Sunting dan kirim ulang pesan ini</translation>
    </message>
    <message>
        <source>Put this message back into the prompt; sending replaces the conversation from here</source>
        <translation>Kembalikan pesan ini ke kotak pesan; mengirim akan mengganti percakapan mulai dari sini</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>Buat ulang</translation>
    </message>
    <message>
        <source>Regenerate this reply</source>
        <translation>Buat ulang balasan ini</translation>
    </message>
    <message>
        <source>Generate this reply again</source>
        <translation>Buat balasan ini sekali lagi</translation>
    </message>
    <message>
        <source>%1 message %2</source>
        <translation>Pesan %2 dari %1</translation>
    </message>
    <message>
        <source>Thinking of message %1</source>
        <translation>Penalaran pesan %1</translation>
    </message>
    <message>
        <source>Tool calls of message %1</source>
        <translation>Panggilan alat pesan %1</translation>
    </message>
    <message>
        <source>Statistics of message %1</source>
        <translation>Statistik pesan %1</translation>
    </message>
    <message>
        <source>Message %1 from %2</source>
        <translation>Pesan %1 dari %2</translation>
    </message>
    <message>
        <source>Reading %1 of %2 tokens…</source>
        <translation>Membaca %1 dari %2 token…</translation>
    </message>
    <message>
        <source>Prompt reading progress</source>
        <translation>Kemajuan membaca pesan</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Berhenti</translation>
    </message>
    <message>
        <source>Stop reading the prompt</source>
        <translation>Hentikan membaca pesan</translation>
    </message>
    <message>
        <source>%1 — being edited in the prompt</source>
        <translation>%1 — sedang disunting di kotak pesan</translation>
    </message>
    <message>
        <source>Being edited: sending replaces this message and everything after it</source>
        <translation>Sedang disunting: mengirim akan mengganti pesan ini dan semua setelahnya</translation>
    </message>
    <message>
        <source>Branch</source>
        <translation>Cabang</translation>
    </message>
    <message>
        <source>Branch from here</source>
        <translation>Buat cabang dari sini</translation>
    </message>
    <message>
        <source>Start a new chat holding the conversation up to this message</source>
        <translation>Mulai obrolan baru yang memuat percakapan sampai pesan ini</translation>
    </message>
</context>
<context>
    <name>sluice::gui::ModelController</name>
    <message>
        <source>Stop the current reply before opening a model.</source>
        <translation>Hentikan balasan yang sedang berjalan sebelum membuka model.</translation>
    </message>
    <message>
        <source>The budget was not applied: %1. The model was reopened with its previous budget.</source>
        <translation>Anggaran tidak diterapkan: %1. Model dibuka ulang dengan anggaran sebelumnya.</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Menyambung ke %1…</translation>
    </message>
    <message>
        <source>Budget %1 in force; expert cache %2 (the model stayed open)</source>
        <translation>Anggaran %1 berlaku; cache expert %2 (model tetap terbuka)</translation>
    </message>
    <message>
        <source>The budget could not be adjusted for the system&apos;s memory: %1</source>
        <translation>Anggaran tidak dapat disesuaikan dengan memori sistem: %1</translation>
    </message>
    <message>
        <source>Budget reduced to %1 while the system needed memory</source>
        <translation>Anggaran dikurangi menjadi %1 selama sistem membutuhkan memori</translation>
    </message>
    <message>
        <source>Budget back to %1: the system has memory again</source>
        <translation>Anggaran kembali ke %1: memori sistem kembali tersedia</translation>
    </message>
    <message>
        <source>Cache reduced to %1 while the system needed memory (budget %2)</source>
        <translation>Cache dikurangi menjadi %1 selama sistem membutuhkan memori (anggaran %2)</translation>
    </message>
    <message>
        <source>Cache back to %1: the system has memory again (budget %2)</source>
        <translation>Cache kembali ke %1: memori sistem kembali tersedia (anggaran %2)</translation>
    </message>
</context>
<context>
    <name>sluice::gui::ModelPanel</name>
    <message>
        <source>Verifying %1…</source>
        <translation>Memverifikasi %1…</translation>
    </message>
    <message>
        <source>Could not verify: %1</source>
        <translation>Tidak dapat memverifikasi: %1</translation>
    </message>
    <message numerus="yes">
        <source>Verification cancelled after %n record(s).</source>
        <translation>
            <numerusform>Verifikasi dibatalkan setelah %n rekaman.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All %n record(s) intact (headers and CRC).</source>
        <translation>
            <numerusform>Semua %n rekaman utuh (header dan CRC).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n damaged record(s):</source>
        <translation>
            <numerusform>%n rekaman rusak:</numerusform>
        </translation>
    </message>
    <message>
        <source>layer %1, expert %2</source>
        <translation>lapisan %1, pakar %2</translation>
    </message>
    <message>
        <source>layer %1 (whole bank)</source>
        <translation>lapisan %1 (seluruh bank)</translation>
    </message>
    <message>
        <source>Model information</source>
        <translation>Informasi model</translation>
    </message>
    <message>
        <source>Verify container</source>
        <translation>Verifikasi kontainer</translation>
    </message>
    <message>
        <source>Verify the model container</source>
        <translation>Verifikasi kontainer model</translation>
    </message>
    <message>
        <source>Checks every expert record&apos;s header and CRC, like `sluice-cli verify MODEL`</source>
        <translation>Memeriksa header dan CRC setiap rekaman pakar, seperti `sluice-cli verify MODEL`</translation>
    </message>
    <message>
        <source>Cancel verification</source>
        <translation>Batalkan verifikasi</translation>
    </message>
    <message>
        <source>Verification progress</source>
        <translation>Kemajuan verifikasi</translation>
    </message>
    <message>
        <source>Verification result</source>
        <translation>Hasil verifikasi</translation>
    </message>
    <message>
        <source>Architecture, parameter count, container size and whether the model can see images are shown here once a model is open.</source>
        <translation>Arsitektur, jumlah parameter, ukuran kontainer, dan apakah model dapat melihat gambar ditampilkan di sini setelah model dibuka.</translation>
    </message>
    <message>
        <source>Folder: %1</source>
        <translation>Folder: %1</translation>
    </message>
    <message>
        <source>Architecture: %1</source>
        <translation>Arsitektur: %1</translation>
    </message>
    <message>
        <source>Parameters: %1 billion</source>
        <translation>Parameter: %1 miliar</translation>
    </message>
    <message>
        <source>Container size: %1</source>
        <translation>Ukuran kontainer: %1</translation>
    </message>
    <message>
        <source>Layers: %1 · experts: %2 (top-%3)</source>
        <translation>Lapisan: %1 · expert: %2 (top-%3)</translation>
    </message>
    <message>
        <source>Vision: %1</source>
        <translation>Visi: %1</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ya</translation>
    </message>
    <message>
        <source>no</source>
        <translation>tidak</translation>
    </message>
    <message>
        <source>Budget: %1 · floor: %2</source>
        <translation>Anggaran: %1 · batas minimum: %2</translation>
    </message>
    <message numerus="yes">
        <source>Expert cache: %1 (%n slot(s))</source>
        <translation>
            <numerusform>Cache expert: %1 (%n slot)</numerusform>
        </translation>
    </message>
    <message>
        <source>Direct I/O: %1</source>
        <translation>I/O langsung: %1</translation>
    </message>
    <message>
        <source>no (buffered reads)</source>
        <translation>tidak (pembacaan ber-buffer)</translation>
    </message>
    <message>
        <source>Context length: %1 tokens</source>
        <translation>Panjang konteks: %1 token</translation>
    </message>
    <message>
        <source>Trunk cache: %1 (%2)</source>
        <translation>Cache batang: %1 (%2)</translation>
    </message>
    <message>
        <source>Reads %1 per expert miss, %2% more than a converted VQ3R container (%3)</source>
        <translation>Membaca %1 setiap kali pakar meleset dari cache, %2% lebih banyak daripada kontainer VQ3R hasil konversi (%3)</translation>
    </message>
    <message>
        <source>Remote server: %1
Model: %2
The server offers: %3
Replies are computed there: the budget, the expert cache and verification belong to the server.</source>
        <translation>Server jarak jauh: %1
Model: %2
Server menawarkan: %3
Balasan dihitung di sana: anggaran, cache pakar, dan verifikasi adalah urusan server.</translation>
    </message>
    <message>
        <source>Experts per token: %1 of the model&apos;s %2 (the Memory budget panel sets it)</source>
        <translation>Expert per token: %1 dari %2 milik model (diatur di panel Anggaran memori)</translation>
    </message>
</context>
<context>
    <name>sluice::gui::PlanModelDialog</name>
    <message>
        <source>Cannot write the test file %1: %2</source>
        <translation>Tidak dapat menulis berkas uji %1: %2</translation>
    </message>
    <message>
        <source>Measured: %1 GB/s reading records of this model&apos;s size from the disk of %2.</source>
        <translation>Terukur: %1 GB/dtk saat membaca rekaman seukuran rekaman model ini dari disk %2.</translation>
    </message>
    <message>
        <source>Converted for Sluice (VQ3R container, 4-bit trunk)</source>
        <translation>Dikonversi untuk Sluice (kontainer VQ3R, batang 4-bit)</translation>
    </message>
    <message>
        <source>As published (MXFP4 experts, bf16 trunk)</source>
        <translation>Seperti dipublikasikan (pakar MXFP4, batang bf16)</translation>
    </message>
    <message>
        <source>As published (bf16)</source>
        <translation>Seperti dipublikasikan (bf16)</translation>
    </message>
    <message>
        <source>Plan a model</source>
        <translation>Rencanakan model</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>&amp;Model:</translation>
    </message>
    <message>
        <source>Kimi K3</source>
        <translation>Kimi K3</translation>
    </message>
    <message>
        <source>Kimi-Linear 48B</source>
        <translation>Kimi-Linear 48B</translation>
    </message>
    <message>
        <source>Published model to plan</source>
        <translation>Model yang dipublikasikan untuk direncanakan</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>&amp;Format:</translation>
    </message>
    <message>
        <source>Format of the model on disk</source>
        <translation>Format model di disk</translation>
    </message>
    <message>
        <source>&amp;RAM (GiB):</source>
        <translation>&amp;RAM (GiB):</translation>
    </message>
    <message>
        <source>RAM of the machine in GiB</source>
        <translation>RAM mesin dalam GiB</translation>
    </message>
    <message>
        <source>This machine&apos;s usable RAM is %1; type another machine&apos;s to plan for it</source>
        <translation>RAM yang dapat dipakai di mesin ini %1; ketik RAM mesin lain untuk merencanakan bagi mesin itu</translation>
    </message>
    <message>
        <source>&amp;Measure this machine&apos;s disk</source>
        <translation>&amp;Ukur disk mesin ini</translation>
    </message>
    <message>
        <source>Measure this machine&apos;s disk speed</source>
        <translation>Ukur kecepatan disk mesin ini</translation>
    </message>
    <message>
        <source>Writes a test file to the app&apos;s cache folder and reads it back with O_DIRECT for a few seconds, in records of this model&apos;s size</source>
        <translation>Menulis berkas uji ke folder cache aplikasi lalu membacanya kembali dengan O_DIRECT selama beberapa detik, dalam rekaman seukuran rekaman model ini</translation>
    </message>
    <message>
        <source>Does the model fit</source>
        <translation>Apakah model muat</translation>
    </message>
    <message>
        <source>No plan for these choices.</source>
        <translation>Tidak ada rencana untuk pilihan ini.</translation>
    </message>
    <message numerus="yes">
        <source>Fits: default budget %1 (the model&apos;s floor plus the experts of %n token(s) in the cache).</source>
        <translation>
            <numerusform>Muat: anggaran bawaan %1 (batas minimum model ditambah pakar dari %n token di cache).</numerusform>
        </translation>
    </message>
    <message>
        <source>The whole trunk does not fit in 7/8 of this RAM (that needs %1 of RAM); with the trunk streamed from disk it runs with a budget from %2 to %3.</source>
        <translation>Seluruh batang tidak muat dalam 7/8 RAM ini (butuh %1 RAM); dengan batang dialirkan dari disk, model berjalan dengan anggaran %2 hingga %3.</translation>
    </message>
    <message>
        <source>Does not fit: even with the trunk streamed the floor %1 is above 7/8 of this RAM; it needs at least %2 of RAM.</source>
        <translation>Tidak muat: bahkan dengan batang dialirkan, batas minimum %1 di atas 7/8 RAM ini; dibutuhkan paling sedikit %2 RAM.</translation>
    </message>
    <message>
        <source>Download (or converted size): %1.</source>
        <translation>Unduhan (atau ukuran hasil konversi): %1.</translation>
    </message>
    <message>
        <source>Cannot create a test folder in %1.</source>
        <translation>Tidak dapat membuat folder uji di %1.</translation>
    </message>
    <message>
        <source>Writing a %1 test file…</source>
        <translation>Menulis berkas uji %1…</translation>
    </message>
</context>
<context>
    <name>sluice::gui::PlannerBar</name>
    <message>
        <source>The app itself</source>
        <translation>Aplikasi itu sendiri</translation>
    </message>
    <message>
        <source>Trunk</source>
        <translation>Batang</translation>
    </message>
    <message>
        <source>Attention state / KV</source>
        <translation>Status atensi / KV</translation>
    </message>
    <message>
        <source>Scratch</source>
        <translation>Buffer kerja</translation>
    </message>
    <message>
        <source>Vision</source>
        <translation>Visi</translation>
    </message>
    <message>
        <source>Expert cache</source>
        <translation>Cache expert</translation>
    </message>
    <message>
        <source>Free headroom</source>
        <translation>Ruang bebas</translation>
    </message>
    <message>
        <source>Budget %1 of %2 usable RAM; floor %3</source>
        <translation>Anggaran %1 dari %2 RAM yang dapat dipakai; batas minimum %3</translation>
    </message>
    <message>
        <source>No plan</source>
        <translation>Tidak ada rencana</translation>
    </message>
    <message>
        <source>floor %1</source>
        <translation>batas minimum %1</translation>
    </message>
    <message>
        <source>paging risk above 7/8</source>
        <translation>risiko paging di atas 7/8</translation>
    </message>
    <message>
        <source>usable RAM %1</source>
        <translation>RAM yang dapat dipakai %1</translation>
    </message>
    <message>
        <source>Expert cache (every expert)</source>
        <translation>Cache pakar (semua pakar)</translation>
    </message>
    <message>
        <source>Unused budget</source>
        <translation>Anggaran tak terpakai</translation>
    </message>
    <message>
        <source>showing %1 of %2 usable RAM</source>
        <translation>menampilkan %1 dari %2 RAM yang dapat dipakai</translation>
    </message>
    <message>
        <source>Trunk in RAM (%1 of %2 layers)</source>
        <translation>Batang di RAM (%1 dari %2 lapisan)</translation>
    </message>
    <message>
        <source>Trunk staging (streamed layers)</source>
        <translation>Penampung batang (lapisan yang dialirkan)</translation>
    </message>
    <message>
        <source>whole trunk in RAM from %1 →</source>
        <translation>seluruh batang di RAM mulai %1 →</translation>
    </message>
    <message>
        <source>whole trunk in RAM from %1</source>
        <translation>seluruh batang di RAM mulai %1</translation>
    </message>
    <message>
        <source>Trunk in RAM (%1 of %2 layers; lm_head streamed)</source>
        <translation>Batang di RAM (%1 dari %2 lapisan; lm_head dialirkan)</translation>
    </message>
    <message>
        <source>Trunk staging (streamed layers and lm_head)</source>
        <translation>Penampung batang (lapisan dan lm_head yang dialirkan)</translation>
    </message>
</context>
<context>
    <name>sluice::gui::PlannerFeed</name>
    <message>
        <source>The app cannot read this model&apos;s planner inputs yet (the engine does not expose them); `sluice-cli plan MODEL` shows the full plan. The model runs with budget %1; its floor is %2.</source>
        <translation>Aplikasi belum dapat membaca masukan perencana model ini (mesin belum menyediakannya); `sluice-cli plan MODEL` menampilkan rencana lengkapnya. Model berjalan dengan anggaran %1; batas minimumnya %2.</translation>
    </message>
</context>
<context>
    <name>sluice::gui::PlannerPanel</name>
    <message>
        <source>Memory budget</source>
        <translation>Anggaran memori</translation>
    </message>
    <message>
        <source>&amp;Context length:</source>
        <translation>Panjang &amp;konteks:</translation>
    </message>
    <message>
        <source>Context length in tokens</source>
        <translation>Panjang konteks dalam token</translation>
    </message>
    <message>
        <source>The attention cache is preallocated for this many tokens</source>
        <translation>Cache atensi dialokasikan di awal untuk token sebanyak ini</translation>
    </message>
    <message>
        <source>Budget (&amp;GiB):</source>
        <translation>Anggaran (&amp;GiB):</translation>
    </message>
    <message>
        <source>Precise budget in GiB</source>
        <translation>Anggaran tepat dalam GiB</translation>
    </message>
    <message>
        <source>&amp;Apply and reopen model</source>
        <translation>&amp;Terapkan dan buka ulang model</translation>
    </message>
    <message>
        <source>Apply the budget and reopen the model</source>
        <translation>Terapkan anggaran dan buka ulang model</translation>
    </message>
    <message>
        <source>Test disk speed</source>
        <translation>Uji kecepatan disk</translation>
    </message>
    <message>
        <source>Memory budget bar</source>
        <translation>Bilah anggaran memori</translation>
    </message>
    <message>
        <source>Budget figures</source>
        <translation>Angka anggaran</translation>
    </message>
    <message>
        <source>Budget planner status</source>
        <translation>Status perencana anggaran</translation>
    </message>
    <message>
        <source>The budget planner shows how the RAM budget splits into trunk, attention state, scratch and expert cache once a model is chosen.</source>
        <translation>Perencana anggaran menunjukkan pembagian anggaran RAM menjadi batang, status atensi, buffer kerja, dan cache expert setelah model dipilih.</translation>
    </message>
    <message>
        <source>The planner refused these inputs: %1</source>
        <translation>Perencana menolak masukan ini: %1</translation>
    </message>
    <message>
        <source>Floor: %1 (the least the model can run in)</source>
        <translation>Batas minimum: %1 (paling sedikit yang dibutuhkan model untuk berjalan)</translation>
    </message>
    <message>
        <source>Recommended: %1 · default here: %2</source>
        <translation>Disarankan: %1 · bawaan di sini: %2</translation>
    </message>
    <message numerus="yes">
        <source>Budget: %1 → expert cache %2 (%n slot(s))</source>
        <translation>
            <numerusform>Anggaran: %1 → cache expert %2 (%n slot)</numerusform>
        </translation>
    </message>
    <message>
        <source>Not allowed: %1</source>
        <translation>Tidak diizinkan: %1</translation>
    </message>
    <message>
        <source>The budget is below the floor; raise it to apply.</source>
        <translation>Anggaran di bawah batas minimum; naikkan untuk menerapkannya.</translation>
    </message>
    <message>
        <source>Disk test cancelled.</source>
        <translation>Uji disk dibatalkan.</translation>
    </message>
    <message>
        <source>Measuring disk speed…</source>
        <translation>Mengukur kecepatan disk…</translation>
    </message>
    <message>
        <source>Disk: %1 GB/s (O_DIRECT record reads)</source>
        <translation>Disk: %1 GB/dtk (pembacaan rekaman O_DIRECT)</translation>
    </message>
    <message>
        <source>Disk: %1 GB/s (the file system refused O_DIRECT: this may be RAM speed)</source>
        <translation>Disk: %1 GB/dtk (sistem berkas menolak O_DIRECT: ini mungkin kecepatan RAM)</translation>
    </message>
    <message>
        <source>The tok/s estimate needs a routing trace (*.jsonl); none was found.</source>
        <translation>Perkiraan token/dtk memerlukan jejak perutean (*.jsonl); tidak ada yang ditemukan.</translation>
    </message>
    <message>
        <source>Test the disk speed for an estimate of tokens per second.</source>
        <translation>Uji kecepatan disk untuk memperkirakan token per detik.</translation>
    </message>
    <message>
        <source>Reads the model&apos;s largest expert bank for a few seconds with O_DIRECT, like `sluice-cli diskbench`</source>
        <translation>Membaca bank pakar terbesar model selama beberapa detik dengan O_DIRECT, seperti `sluice-cli diskbench`</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Batal</translation>
    </message>
    <message>
        <source>Cancel the disk test</source>
        <translation>Batalkan uji disk</translation>
    </message>
    <message>
        <source>Disk test progress</source>
        <translation>Kemajuan uji disk</translation>
    </message>
    <message>
        <source>Disk speed</source>
        <translation>Kecepatan disk</translation>
    </message>
    <message>
        <source>Estimated tokens per second</source>
        <translation>Perkiraan token per detik</translation>
    </message>
    <message>
        <source>&amp;Budget:</source>
        <translation>&amp;Anggaran:</translation>
    </message>
    <message>
        <source>Budget, from the floor up</source>
        <translation>Anggaran, dari batas bawah ke atas</translation>
    </message>
    <message numerus="yes">
        <source>Each step adds room in the expert cache for the experts of %n token(s)</source>
        <translation>
            <numerusform>Setiap langkah menambah ruang di cache pakar untuk pakar dari %n token</numerusform>
        </translation>
    </message>
    <message>
        <source>Budget (&amp;MiB):</source>
        <translation>Anggaran (&amp;MiB):</translation>
    </message>
    <message>
        <source>Precise budget in MiB</source>
        <translation>Anggaran tepat dalam MiB</translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation>Model: %1</translation>
    </message>
    <message>
        <source>Experts one token reads: %1</source>
        <translation>Pakar yang dibaca per token: %1</translation>
    </message>
    <message>
        <source>Every expert of the model fits in the cache from %1 on</source>
        <translation>Semua pakar model muat di cache mulai %1</translation>
    </message>
    <message>
        <source>Warning: the budget is above 7/8 of usable RAM (%1); the system may page out the cache.</source>
        <translation>Peringatan: anggaran di atas 7/8 RAM yang dapat dipakai (%1); sistem dapat mengeluarkan cache ke swap.</translation>
    </message>
    <message>
        <source>Warning: the floor %1 is more than usable RAM %2; the model will page or be killed.</source>
        <translation>Peringatan: batas bawah %1 melebihi RAM yang dapat dipakai %2; model akan memakai swap atau dihentikan.</translation>
    </message>
    <message>
        <source>Warning: the floor and the experts of one token (%1) do not fit in 3/4 of usable RAM (%2); expect mostly cache misses.</source>
        <translation>Peringatan: batas bawah dan pakar satu token (%1) tidak muat dalam 3/4 RAM yang dapat dipakai (%2); sebagian besar akses cache akan meleset.</translation>
    </message>
    <message>
        <source>&amp;Apply</source>
        <translation>&amp;Terapkan</translation>
    </message>
    <message>
        <source>Apply the budget to the open model</source>
        <translation>Terapkan anggaran ke model yang terbuka</translation>
    </message>
    <message>
        <source>Floor: %1 (the least the open model can run in; reopen it for down to %2)</source>
        <translation>Batas minimum: %1 (paling sedikit yang dibutuhkan model yang terbuka untuk berjalan; buka ulang untuk turun hingga %2)</translation>
    </message>
    <message>
        <source>Disk: %1 GB/s (typed)</source>
        <translation>Disk: %1 GB/dtk (diketik)</translation>
    </message>
    <message>
        <source>Disk &amp;speed (GB/s):</source>
        <translation>Kecepatan &amp;disk (GB/dtk):</translation>
    </message>
    <message>
        <source>Disk read speed in gigabytes per second</source>
        <translation>Kecepatan baca disk dalam gigabyte per detik</translation>
    </message>
    <message>
        <source>Type the disk&apos;s read speed, or test it: the predicted speed is computed from it</source>
        <translation>Ketik kecepatan baca disk, atau uji: prediksi kecepatan dihitung darinya</translation>
    </message>
    <message>
        <source>Floor: %1 with the whole trunk in RAM; down to %2 with the trunk streamed from disk (slower: the streamed layers are read every token)</source>
        <translation>Batas minimum: %1 dengan seluruh batang di RAM; turun hingga %2 dengan batang dialirkan dari disk (lebih lambat: lapisan yang dialirkan dibaca setiap token)</translation>
    </message>
    <message>
        <source>Trunk: %1 of %2 layers in RAM (%3); %4 read from disk every token</source>
        <translation>Batang: %1 dari %2 lapisan di RAM (%3); %4 dibaca dari disk setiap token</translation>
    </message>
    <message>
        <source>Trunk: all %1 layers in RAM (%2)</source>
        <translation>Batang: semua %1 lapisan di RAM (%2)</translation>
    </message>
    <message>
        <source>The predicted speed needs a routing trace (*.jsonl); none was found.</source>
        <translation>Prediksi kecepatan memerlukan jejak perutean (*.jsonl); tidak ada yang ditemukan.</translation>
    </message>
    <message>
        <source>Type the disk speed or test it for the predicted speed.</source>
        <translation>Ketik atau uji kecepatan disk untuk mendapat prediksi kecepatan.</translation>
    </message>
    <message>
        <source>%1 s/token (%2 tokens/s)</source>
        <translation>%1 dtk/token (%2 token/dtk)</translation>
    </message>
    <message>
        <source>no disk reads once warm</source>
        <translation>tanpa pembacaan disk setelah cache hangat</translation>
    </message>
    <message>
        <source>Predicted speed at %1 GB/s if the disk is the limit: %2; %3 GB read per token</source>
        <translation>Prediksi kecepatan pada %1 GB/dtk jika disk menjadi batasnya: %2; %3 GB dibaca per token</translation>
    </message>
    <message>
        <source> (%1 GB of expert misses, %2 GB of streamed trunk)</source>
        <translation> (%1 GB pakar yang meleset dari cache, %2 GB batang yang dialirkan)</translation>
    </message>
    <message>
        <source>. Expert hit rate %1% once warm (routing trace %2, another model&apos;s, scaled to this one).</source>
        <translation>. Tingkat kena cache pakar %1% setelah hangat (jejak perutean %2, dari model lain, diskalakan ke model ini).</translation>
    </message>
    <message>
        <source>lm_head: streamed from disk in row blocks (%1 of that every token)</source>
        <translation>lm_head: dialirkan dari disk per blok baris (%1 darinya setiap token)</translation>
    </message>
    <message>
        <source>E&amp;xperts per token:</source>
        <translation>E&amp;xpert per token:</translation>
    </message>
    <message>
        <source>Experts per token</source>
        <translation>Expert per token</translation>
    </message>
    <message>
        <source>The model&apos;s own (%1)</source>
        <translation>Bawaan model (%1)</translation>
    </message>
    <message>
        <source>The model&apos;s own</source>
        <translation>Bawaan model</translation>
    </message>
    <message>
        <source>Experts per token: %1 of the model&apos;s %2 (faster, at a quality cost)</source>
        <translation>Expert per token: %1 dari %2 milik model (lebih cepat, dengan mengorbankan kualitas)</translation>
    </message>
    <message>
        <source>How many routed experts each token uses. Fewer read and compute less per token, so tokens come faster and a smaller budget suffices, but the output drifts from the full model&apos;s (docs/model.md has the measured cost). Changing it reopens the model.</source>
        <translation>Jumlah expert yang dirutekan untuk setiap token. Lebih sedikit berarti lebih sedikit yang dibaca dan dihitung per token, sehingga token datang lebih cepat dan anggaran yang lebih kecil cukup, tetapi keluarannya menyimpang dari model penuh (biaya terukurnya ada di docs/model.md). Mengubahnya membuka ulang model.</translation>
    </message>
    <message>
        <source>This floor is a reopen&apos;s: the app measured again now plus the safety margin a reopen plans with; a reopen with the open model&apos;s %1 experts per token would need %2. The open model&apos;s own floor is lower because a live change measures nothing and needs no margin.</source>
        <translation>Batas minimum ini adalah batas untuk membuka ulang: aplikasi diukur lagi sekarang ditambah margin keamanan yang dipakai saat membuka ulang; membuka ulang dengan %1 expert per token milik model yang terbuka akan membutuhkan %2. Batas minimum model yang terbuka lebih rendah karena perubahan langsung tidak mengukur apa pun dan tidak memerlukan margin.</translation>
    </message>
</context>
<context>
    <name>sluice::gui::ServerPanel</name>
    <message>
        <source>Serving &quot;%1&quot; at %2</source>
        <translation>Melayani “%1” di %2</translation>
    </message>
    <message>
        <source>Not serving: %1</source>
        <translation>Tidak melayani: %1</translation>
    </message>
    <message>
        <source>Starts when a model is open.</source>
        <translation>Mulai setelah model dibuka.</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Dihentikan.</translation>
    </message>
    <message numerus="yes">
        <source>%n request(s)</source>
        <translation>
            <numerusform>%n permintaan</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n token(s) generated</source>
        <translation>
            <numerusform>%n token dihasilkan</numerusform>
        </translation>
    </message>
    <message>
        <source>Local server</source>
        <translation>Server lokal</translation>
    </message>
    <message>
        <source>An OpenAI-compatible endpoint for editors, agents and scripts, serving the model open in this window (no second copy in memory). Its replies and the window&apos;s take turns. Another address than 127.0.0.1 needs an API key.</source>
        <translation>Endpoint yang kompatibel dengan OpenAI untuk editor, agen, dan skrip, yang melayani model yang terbuka di jendela ini (tanpa salinan kedua di memori). Balasannya dan balasan jendela ini bergiliran. Alamat selain 127.0.0.1 memerlukan kunci API.</translation>
    </message>
    <message>
        <source>Serve the open model</source>
        <translation>Layani model yang terbuka</translation>
    </message>
    <message>
        <source>Address:</source>
        <translation>Alamat:</translation>
    </message>
    <message>
        <source>Port:</source>
        <translation>Port:</translation>
    </message>
    <message>
        <source>API key:</source>
        <translation>Kunci API:</translation>
    </message>
    <message>
        <source>none (loopback only)</source>
        <translation>tidak ada (hanya loopback)</translation>
    </message>
    <message>
        <source>Generate</source>
        <translation>Buat</translation>
    </message>
    <message>
        <source>Base URL:</source>
        <translation>URL dasar:</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Salin</translation>
    </message>
    <message>
        <source>Try it:</source>
        <translation>Coba:</translation>
    </message>
    <message>
        <source>Copy curl command</source>
        <translation>Salin perintah curl</translation>
    </message>
    <message>
        <source>Requests:</source>
        <translation>Permintaan:</translation>
    </message>
    <message>
        <source>Server address</source>
        <translation>Alamat server</translation>
    </message>
    <message>
        <source>Server port</source>
        <translation>Port server</translation>
    </message>
    <message>
        <source>Server API key</source>
        <translation>Kunci API server</translation>
    </message>
    <message>
        <source>Generate an API key</source>
        <translation>Buat kunci API</translation>
    </message>
    <message>
        <source>Server base URL</source>
        <translation>URL dasar server</translation>
    </message>
    <message>
        <source>Copy the base URL</source>
        <translation>Salin URL dasar</translation>
    </message>
    <message>
        <source>Example curl command</source>
        <translation>Contoh perintah curl</translation>
    </message>
    <message>
        <source>Copy the curl command</source>
        <translation>Salin perintah curl</translation>
    </message>
    <message>
        <source>Server request log</source>
        <translation>Log permintaan server</translation>
    </message>
    <message>
        <source>Not serving yet: the model was opened with room for this window&apos;s chat only. Reopen it with room for the server too; the server&apos;s conversation takes its share of the memory budget from the expert cache.</source>
        <translation>Belum melayani: model dibuka dengan ruang hanya untuk obrolan jendela ini. Buka ulang dengan ruang untuk server juga; percakapan server mengambil bagiannya dari anggaran memori cache pakar.</translation>
    </message>
    <message>
        <source>Reopen the model and serve</source>
        <translation>Buka ulang model dan layani</translation>
    </message>
    <message>
        <source>Reopen the model with room for the server</source>
        <translation>Buka ulang model dengan ruang untuk server</translation>
    </message>
</context>
<context>
    <name>sluice::gui::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Pengaturan</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>Mesin</translation>
    </message>
    <message>
        <source>Compute threads</source>
        <translation>Thread komputasi</translation>
    </message>
    <message>
        <source>All cores (%1)</source>
        <translation>Semua inti (%1)</translation>
    </message>
    <message>
        <source>&amp;Threads:</source>
        <translation>&amp;Thread:</translation>
    </message>
    <message>
        <source>Budget mode</source>
        <translation>Mode anggaran</translation>
    </message>
    <message>
        <source>Automatic (planner default)</source>
        <translation>Otomatis (bawaan perencana)</translation>
    </message>
    <message>
        <source>Fixed</source>
        <translation>Tetap</translation>
    </message>
    <message>
        <source>&amp;Budget mode:</source>
        <translation>Mode &amp;anggaran:</translation>
    </message>
    <message>
        <source>Fixed budget in GiB</source>
        <translation>Anggaran tetap dalam GiB</translation>
    </message>
    <message>
        <source> GiB</source>
        <translation> GiB</translation>
    </message>
    <message>
        <source>Fixed &amp;budget:</source>
        <translation>&amp;Anggaran tetap:</translation>
    </message>
    <message>
        <source>Context length</source>
        <translation>Panjang konteks</translation>
    </message>
    <message>
        <source>&amp;Context length:</source>
        <translation>Panjang &amp;konteks:</translation>
    </message>
    <message>
        <source>Sampling</source>
        <translation>Sampling</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>Suhu</translation>
    </message>
    <message>
        <source>0 (greedy)</source>
        <translation>0 (greedy)</translation>
    </message>
    <message>
        <source>T&amp;emperature:</source>
        <translation>&amp;Suhu:</translation>
    </message>
    <message>
        <source>Top-p</source>
        <translation>Top-p</translation>
    </message>
    <message>
        <source>Top-&amp;p:</source>
        <translation>Top-&amp;p:</translation>
    </message>
    <message>
        <source>Top-k</source>
        <translation>Top-k</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Mati</translation>
    </message>
    <message>
        <source>Top-&amp;k:</source>
        <translation>Top-&amp;k:</translation>
    </message>
    <message>
        <source>Maximum reply tokens</source>
        <translation>Token balasan maksimum</translation>
    </message>
    <message>
        <source>&amp;Max reply tokens:</source>
        <translation>Token balasan &amp;maks.:</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>Obrolan</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>Prompt sistem</translation>
    </message>
    <message>
        <source>Optional instructions sent before every chat</source>
        <translation>Instruksi opsional yang dikirim sebelum setiap obrolan</translation>
    </message>
    <message>
        <source>&amp;System prompt:</source>
        <translation>Prompt &amp;sistem:</translation>
    </message>
    <message>
        <source>Let the model &amp;think before answering</source>
        <translation>Biarkan model &amp;bernalar sebelum menjawab</translation>
    </message>
    <message>
        <source>Thinking</source>
        <translation>Penalaran</translation>
    </message>
    <message>
        <source>Thinking effort</source>
        <translation>Upaya penalaran</translation>
    </message>
    <message>
        <source>Model default</source>
        <translation>Bawaan model</translation>
    </message>
    <message>
        <source>Low</source>
        <translation>Rendah</translation>
    </message>
    <message>
        <source>High</source>
        <translation>Tinggi</translation>
    </message>
    <message>
        <source>Maximum</source>
        <translation>Maksimum</translation>
    </message>
    <message>
        <source>Thinking &amp;effort:</source>
        <translation>&amp;Upaya penalaran:</translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation>Tampilan</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>Tema</translation>
    </message>
    <message>
        <source>System</source>
        <translation>Sistem</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Terang</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Gelap</translation>
    </message>
    <message>
        <source>T&amp;heme:</source>
        <translation>T&amp;ema:</translation>
    </message>
    <message>
        <source>Font size</source>
        <translation>Ukuran huruf</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>Bawaan sistem</translation>
    </message>
    <message>
        <source> pt</source>
        <translation> pt</translation>
    </message>
    <message>
        <source>&amp;Font size:</source>
        <translation>Ukuran &amp;huruf:</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Bahasa</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>Bahasa sistem</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Bahasa:</translation>
    </message>
    <message>
        <source>Disk for saved conversation states, in GiB</source>
        <translation>Disk untuk keadaan percakapan tersimpan, dalam GiB</translation>
    </message>
    <message>
        <source>Now in use: %1 GiB. 0 keeps none (every chat is read again when reopened).</source>
        <translation>Terpakai sekarang: %1 GiB. 0 tidak menyimpan apa pun (setiap obrolan dibaca ulang saat dibuka lagi).</translation>
    </message>
    <message>
        <source>Saved &amp;states, at most:</source>
        <translation>&amp;Keadaan tersimpan, paling banyak:</translation>
    </message>
    <message>
        <source>&amp;Give memory back when the system needs it</source>
        <translation>&amp;Lepaskan memori saat sistem membutuhkannya</translation>
    </message>
    <message>
        <source>Reduce the expert cache while the system is short of memory</source>
        <translation>Kurangi cache expert saat sistem kekurangan memori</translation>
    </message>
    <message>
        <source>While other programs need memory, the expert cache shrinks in steps and grows back once the system has been calm for a while</source>
        <translation>Selama program lain membutuhkan memori, cache expert menyusut bertahap dan tumbuh kembali setelah sistem tenang beberapa saat</translation>
    </message>
    <message>
        <source>Smallest budget when giving memory back, in GiB</source>
        <translation>Anggaran terkecil saat melepaskan memori, dalam GiB</translation>
    </message>
    <message>
        <source>The model&apos;s floor</source>
        <translation>Batas minimum model</translation>
    </message>
    <message>
        <source>Never &amp;below:</source>
        <translation>Tidak kurang &amp;dari:</translation>
    </message>
    <message>
        <source>Repetition penalty</source>
        <translation>Penalti pengulangan</translation>
    </message>
    <message>
        <source>&amp;Repetition penalty:</source>
        <translation>Penalti &amp;pengulangan:</translation>
    </message>
    <message>
        <source>The model&apos;s recommended sampling was not used: %1</source>
        <translation>Sampling yang direkomendasikan model tidak dipakai: %1</translation>
    </message>
    <message>
        <source>A field you have not changed follows the model&apos;s recommendation (%1).</source>
        <translation>Kolom yang belum Anda ubah mengikuti rekomendasi model (%1).</translation>
    </message>
</context>
<context>
    <name>sluice::gui::ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Pintasan papan ketik</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Tindakan</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>Pintasan</translation>
    </message>
    <message>
        <source>List of keyboard shortcuts</source>
        <translation>Daftar pintasan papan ketik</translation>
    </message>
</context>
<context>
    <name>sluice::gui::StatsChart</name>
    <message>
        <source>tokens/s</source>
        <translation>token/dtk</translation>
    </message>
    <message>
        <source>hit rate %</source>
        <translation>rasio hit %</translation>
    </message>
    <message>
        <source>The chart fills while a reply is generated.</source>
        <translation>Grafik terisi selama balasan dibuat.</translation>
    </message>
</context>
<context>
    <name>sluice::gui::StatsPanel</name>
    <message>
        <source>Live statistics</source>
        <translation>Statistik langsung</translation>
    </message>
    <message>
        <source>Tokens per second, time to first token, expert cache hit rate, disk throughput and RAM use appear here while a reply is generated.</source>
        <translation>Token per detik, waktu hingga token pertama, rasio hit cache expert, throughput disk, dan pemakaian RAM muncul di sini selama balasan dibuat.</translation>
    </message>
    <message>
        <source>Statistics status</source>
        <translation>Status statistik</translation>
    </message>
    <message>
        <source>Chart of tokens per second and hit rate over the last %1 tokens</source>
        <translation>Grafik token per detik dan rasio hit pada %1 token terakhir</translation>
    </message>
    <message>
        <source>Generation statistics</source>
        <translation>Statistik pembuatan</translation>
    </message>
    <message>
        <source>Tokens: %1</source>
        <translation>Token: %1</translation>
    </message>
    <message>
        <source>Speed: %1 tok/s</source>
        <translation>Kecepatan: %1 token/dtk</translation>
    </message>
    <message>
        <source>First token after: %1 s</source>
        <translation>Token pertama setelah: %1 dtk</translation>
    </message>
    <message>
        <source>Expert hit rate: %1%</source>
        <translation>Rasio hit expert: %1%</translation>
    </message>
    <message>
        <source>Disk: %1 GB/s</source>
        <translation>Disk: %1 GB/dtk</translation>
    </message>
    <message>
        <source>RAM: %1 of %2 budget</source>
        <translation>RAM: %1 dari anggaran %2</translation>
    </message>
    <message>
        <source>Chart of the memory budget and expert cache over time</source>
        <translation>Grafik anggaran memori dan cache expert dari waktu ke waktu</translation>
    </message>
    <message>
        <source>Expert cache: %1</source>
        <translation>Cache expert: %1</translation>
    </message>
    <message>
        <source>Remote server: cache, disk and RAM figures are the server&apos;s own and not shown</source>
        <translation>Server jarak jauh: angka cache, disk, dan RAM milik server dan tidak ditampilkan</translation>
    </message>
</context>
<context>
    <name>sluice::gui::StatusArea</name>
    <message>
        <source>Opening %1…</source>
        <translation>Membuka %1…</translation>
    </message>
    <message>
        <source>%1 tok/s · first token %2 s · hit %3% · disk %4 GB/s · RAM %5 / %6</source>
        <translation>%1 token/dtk · token pertama %2 dtk · hit %3% · disk %4 GB/dtk · RAM %5 / %6</translation>
    </message>
    <message>
        <source>Model opening progress</source>
        <translation>Kemajuan membuka model</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Batal</translation>
    </message>
    <message>
        <source>Cancel opening the model</source>
        <translation>Batalkan pembukaan model</translation>
    </message>
    <message>
        <source>Model status</source>
        <translation>Status model</translation>
    </message>
    <message>
        <source>Generation statistics</source>
        <translation>Statistik pembuatan</translation>
    </message>
    <message>
        <source>%1 tok/s · first token %2 s · remote</source>
        <translation>%1 token/dtk · token pertama %2 dtk · jarak jauh</translation>
    </message>
</context>
<context>
    <name>sluice::gui::WindowActions</name>
    <message>
        <source>About Sluice</source>
        <translation>Tentang Sluice</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Sluice %1&lt;/h3&gt;&lt;p&gt;Runs frontier-scale Mixture-of-Experts models (Kimi K3, Kimi-Linear) on a desktop under a hard RAM budget, streaming expert weights from NVMe.&lt;/p&gt;&lt;p&gt;Built with Qt %2.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Sluice %1&lt;/h3&gt;&lt;p&gt;Menjalankan model Mixture-of-Experts berskala besar (Kimi K3, Kimi-Linear) di komputer desktop dengan batas RAM yang ketat, dengan mengalirkan bobot expert dari NVMe.&lt;/p&gt;&lt;p&gt;Dibangun dengan Qt %2.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Verify container…</source>
        <translation>&amp;Verifikasi kontainer…</translation>
    </message>
    <message>
        <source>&amp;Convert model…</source>
        <translation>K&amp;onversi model…</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Berkas</translation>
    </message>
    <message>
        <source>&amp;Recent models</source>
        <translation>Model &amp;terbaru</translation>
    </message>
    <message>
        <source>&amp;Export chat</source>
        <translation>&amp;Ekspor obrolan</translation>
    </message>
    <message>
        <source>&amp;Chat</source>
        <translation>&amp;Obrolan</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Bantuan</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>&amp;Alat</translation>
    </message>
    <message>
        <source>&amp;Plan a model…</source>
        <translation>&amp;Rencanakan model…</translation>
    </message>
    <message>
        <source>&amp;Get a model…</source>
        <translation>&amp;Dapatkan model…</translation>
    </message>
    <message>
        <source>&amp;Open model…</source>
        <translation>&amp;Buka model…</translation>
    </message>
    <message>
        <source>Connect to a &amp;server…</source>
        <translation>Sambungkan ke &amp;server…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Keluar</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Pengaturan…</translation>
    </message>
    <message>
        <source>As &amp;Markdown…</source>
        <translation>Sebagai &amp;Markdown…</translation>
    </message>
    <message>
        <source>As &amp;JSON…</source>
        <translation>Sebagai &amp;JSON…</translation>
    </message>
    <message>
        <source>&amp;New chat</source>
        <translation>Obrolan &amp;baru</translation>
    </message>
    <message>
        <source>&amp;Rename chat…</source>
        <translation>&amp;Ganti nama obrolan…</translation>
    </message>
    <message>
        <source>&amp;Delete chat</source>
        <translation>&amp;Hapus obrolan</translation>
    </message>
    <message>
        <source>Ne&amp;xt chat</source>
        <translation>Obrolan &amp;berikutnya</translation>
    </message>
    <message>
        <source>&amp;Previous chat</source>
        <translation>Obrolan &amp;sebelumnya</translation>
    </message>
    <message>
        <source>&amp;Stop generating</source>
        <translation>&amp;Hentikan pembuatan</translation>
    </message>
    <message>
        <source>Re&amp;generate last reply</source>
        <translation>Buat &amp;ulang balasan terakhir</translation>
    </message>
    <message>
        <source>&amp;Focus the prompt</source>
        <translation>&amp;Fokus ke kotak pesan</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Pintasan papan ketik</translation>
    </message>
    <message>
        <source>&amp;About Sluice</source>
        <translation>&amp;Tentang Sluice</translation>
    </message>
    <message>
        <source>(no recent models)</source>
        <translation>(tidak ada model terbaru)</translation>
    </message>
    <message>
        <source>Clear list</source>
        <translation>Kosongkan daftar</translation>
    </message>
    <message>
        <source>Chat se&amp;ttings…</source>
        <translation>&amp;Pengaturan obrolan…</translation>
    </message>
    <message>
        <source>S&amp;earch chats</source>
        <translation>&amp;Cari obrolan</translation>
    </message>
</context>
<context>
    <name>sluice::qt</name>
    <message>
        <source>length limit reached</source>
        <translation>batas panjang tercapai</translation>
    </message>
    <message>
        <source>end of reply</source>
        <translation>akhir balasan</translation>
    </message>
    <message>
        <source>stop string</source>
        <translation>string penghenti</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>dihentikan</translation>
    </message>
    <message>
        <source>context full</source>
        <translation>konteks penuh</translation>
    </message>
    <message>
        <source>error</source>
        <translation>galat</translation>
    </message>
</context>
<context>
    <name>sluice::qt::ConvertWorker</name>
    <message>
        <source>already converted</source>
        <translation>sudah dikonversi</translation>
    </message>
</context>
<context>
    <name>sluice::qt::EngineWorker</name>
    <message>
        <source>This engine keeps no session.</source>
        <translation>Mesin ini tidak menyimpan sesi.</translation>
    </message>
    <message>
        <source>Opening the model was cancelled.</source>
        <translation>Pembukaan model dibatalkan.</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>siap</translation>
    </message>
    <message>
        <source>No model is open.</source>
        <translation>Tidak ada model yang terbuka.</translation>
    </message>
    <message>
        <source>Open a model before sending a message.</source>
        <translation>Buka model sebelum mengirim pesan.</translation>
    </message>
    <message>
        <source>An attached image could not be used.</source>
        <translation>Sebuah gambar terlampir tidak dapat digunakan.</translation>
    </message>
    <message>
        <source>Generation failed.</source>
        <translation>Pembuatan gagal.</translation>
    </message>
    <message>
        <source>The memory budget is below what this model needs at minimum.</source>
        <translation>Anggaran memori di bawah kebutuhan minimum model ini.</translation>
    </message>
    <message>
        <source>The model folder or one of its files was not found.</source>
        <translation>Folder model atau salah satu berkasnya tidak ditemukan.</translation>
    </message>
    <message>
        <source>The model container is damaged or not a Sluice (.waste) model.</source>
        <translation>Kontainer model rusak atau bukan model Sluice (.waste).</translation>
    </message>
    <message>
        <source>This model uses a format version this Sluice does not support.</source>
        <translation>Model ini memakai versi format yang tidak didukung Sluice versi ini.</translation>
    </message>
    <message>
        <source>The model could not be read from disk.</source>
        <translation>Model tidak dapat dibaca dari disk.</translation>
    </message>
    <message>
        <source>The model could not be opened.</source>
        <translation>Model tidak dapat dibuka.</translation>
    </message>
    <message>
        <source>Open a model before changing its budget.</source>
        <translation>Buka model sebelum mengubah anggarannya.</translation>
    </message>
    <message>
        <source>The budget could not be changed.</source>
        <translation>Anggaran tidak dapat diubah.</translation>
    </message>
    <message>
        <source>The conversation could not be put in the model&apos;s chat format.</source>
        <translation>Percakapan tidak dapat disusun dalam format obrolan model.</translation>
    </message>
    <message>
        <source>Could not connect to the server.</source>
        <translation>Tidak dapat tersambung ke server.</translation>
    </message>
    <message>
        <source>The connection to the server failed; the reply is cut off.</source>
        <translation>Sambungan ke server gagal; balasan terpotong.</translation>
    </message>
    <message>
        <source>The server could not answer.</source>
        <translation>Server tidak dapat menjawab.</translation>
    </message>
    <message>
        <source>The chat format refused the messages.</source>
        <translation>Format obrolan model menolak pesan-pesan ini.</translation>
    </message>
</context>
</TS>
