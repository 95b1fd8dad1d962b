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
    <message>
        <source>the model has no tokenizer/chat format</source>
        <translation>model tidak memiliki tokenizer/format obrolan</translation>
    </message>
    <message>
        <source>the model has no tokenizer: %1</source>
        <translation>model tidak memiliki tokenizer: %1</translation>
    </message>
    <message>
        <source>the prompt is empty</source>
        <translation>prompt kosong</translation>
    </message>
    <message>
        <source>%1: cannot truncate (%2)</source>
        <translation>%1: tidak dapat dipotong (%2)</translation>
    </message>
    <message>
        <source>convert: expert format &apos;%1&apos; is not one of VQ3R, VQ2R, VQ4P</source>
        <translation>konversi: format expert &apos;%1&apos; bukan VQ3R, VQ2R, atau VQ4P</translation>
    </message>
    <message>
        <source>convert: trunk bits must be 3, 4 or 8</source>
        <translation>konversi: bit batang harus 3, 4, atau 8</translation>
    </message>
    <message>
        <source>convert: jobs, sample and iteration counts out of range</source>
        <translation>konversi: jumlah tugas, sampel, atau iterasi di luar rentang</translation>
    </message>
    <message>
        <source>%1: NaN scale (0xff) at row %2, group %3</source>
        <translation>%1: skala NaN (0xff) pada baris %2, grup %3</translation>
    </message>
    <message>
        <source>%1: non-finite value at row %2, column %3</source>
        <translation>%1: nilai tidak hingga pada baris %2, kolom %3</translation>
    </message>
    <message>
        <source>%1: wrong size</source>
        <translation>%1: ukuran salah</translation>
    </message>
    <message>
        <source>%1: non-finite value</source>
        <translation>%1: nilai tidak hingga</translation>
    </message>
    <message>
        <source>%1; ask for fewer jobs</source>
        <translation>%1; minta lebih sedikit tugas</translation>
    </message>
    <message>
        <source>%1: cannot read its header for the reclaim stub</source>
        <translation>%1: header-nya tidak dapat dibaca untuk berkas pengganti</translation>
    </message>
    <message>
        <source>%1: cannot write the reclaim stub (%2)</source>
        <translation>%1: berkas pengganti tidak dapat ditulis (%2)</translation>
    </message>
    <message>
        <source>%1: cannot link (%2)</source>
        <translation>%1: tidak dapat ditautkan (%2)</translation>
    </message>
    <message>
        <source>%1/%2: the stub of a reclaimed shard is missing</source>
        <translation>%1/%2: berkas pengganti shard yang telah dihapus tidak ada</translation>
    </message>
    <message>
        <source>%1: cannot delete (%2)</source>
        <translation>%1: tidak dapat dihapus (%2)</translation>
    </message>
    <message>
        <source>config.json: not a JSON object</source>
        <translation>config.json: bukan objek JSON</translation>
    </message>
    <message>
        <source>%1: U8 where BF16 or F32 was expected</source>
        <translation>%1: U8 di tempat yang seharusnya BF16 atau F32</translation>
    </message>
    <message>
        <source>%1: its bytes do not match its shape</source>
        <translation>%1: byte-nya tidak cocok dengan bentuknya</translation>
    </message>
    <message>
        <source>%1: non-finite value at element %2</source>
        <translation>%1: nilai tidak hingga pada elemen %2</translation>
    </message>
    <message>
        <source>%1: truncate failed (%2)</source>
        <translation>%1: gagal memotong (%2)</translation>
    </message>
    <message>
        <source>expert size: the model has no routed experts</source>
        <translation>ukuran expert: model tidak memiliki expert yang dirutekan</translation>
    </message>
    <message>
        <source>MXFP4 experts need widths that are multiples of 32</source>
        <translation>expert MXFP4 membutuhkan lebar kelipatan 32</translation>
    </message>
    <message>
        <source>unknown model &apos;%1&apos; (built in: k3, kimi-linear)</source>
        <translation>model &apos;%1&apos; tidak dikenal (bawaan: k3, kimi-linear)</translation>
    </message>
    <message>
        <source>unknown format &apos;%1&apos; (vq3r = converted container, mxfp4 = the release checkpoint; bf16 is Kimi-Linear&apos;s release)</source>
        <translation>format &apos;%1&apos; tidak dikenal (vq3r = kontainer hasil konversi, mxfp4 = checkpoint rilis; bf16 adalah rilis Kimi-Linear)</translation>
    </message>
    <message>
        <source>trunk.bin: %1 bytes, but its tensors end at %2 (trailing bytes)</source>
        <translation>trunk.bin: %1 byte, tetapi tensornya berakhir di %2 (ada byte berlebih di akhir)</translation>
    </message>
    <message>
        <source>%1: record size %2 is smaller than the %3 bytes the expert matrices need</source>
        <translation>%1: ukuran rekaman %2 lebih kecil dari %3 byte yang dibutuhkan matriks expert</translation>
    </message>
    <message>
        <source>%1: codebook_base %2 needs books beyond the %3 in codebooks.bin</source>
        <translation>%1: codebook_base %2 membutuhkan codebook di luar %3 yang ada di codebooks.bin</translation>
    </message>
    <message>
        <source>%1bad magic (expected &quot;WCBK&quot;)</source>
        <translation>%1angka ajaib salah (diharapkan &quot;WCBK&quot;)</translation>
    </message>
    <message>
        <source>%1header says id %2</source>
        <translation>%1header menyebut id %2</translation>
    </message>
    <message>
        <source>%1reserved field is %2 (must be 0)</source>
        <translation>%1bidang cadangan bernilai %2 (harus 0)</translation>
    </message>
    <message>
        <source>%1%2 entries of dim %3, manifest says %4 of %5</source>
        <translation>%1%2 entri berdimensi %3, manifes menyebut %4 berdimensi %5</translation>
    </message>
    <message>
        <source>%1non-finite value at entry %2, dim %3</source>
        <translation>%1nilai tidak hingga pada entri %2, dimensi %3</translation>
    </message>
    <message>
        <source>trunk.bin &apos;%1&apos;: non-finite scale at row %2, group %3</source>
        <translation>trunk.bin &apos;%1&apos;: skala tidak hingga pada baris %2, grup %3</translation>
    </message>
    <message>
        <source>trunk.bin &apos;%1&apos;: non-finite value at element %2</source>
        <translation>trunk.bin &apos;%1&apos;: nilai tidak hingga pada elemen %2</translation>
    </message>
    <message>
        <source>model.embed_tokens.weight is missing</source>
        <translation>model.embed_tokens.weight tidak ada</translation>
    </message>
    <message>
        <source>token id %1 is outside the vocabulary (%2)</source>
        <translation>id token %1 berada di luar kosakata (%2)</translation>
    </message>
    <message>
        <source>trunk.bin &apos;%1&apos;: non-finite value in row %2</source>
        <translation>trunk.bin &apos;%1&apos;: nilai tidak hingga pada baris %2</translation>
    </message>
    <message>
        <source>layer %1 has no expert bank</source>
        <translation>lapisan %1 tidak memiliki bank expert</translation>
    </message>
    <message>
        <source>layer %1: no expert %2</source>
        <translation>lapisan %1: tidak ada expert %2</translation>
    </message>
    <message>
        <source>%1: cannot create directory (%2)</source>
        <translation>%1: direktori tidak dapat dibuat (%2)</translation>
    </message>
    <message>
        <source>%1/manifest.json: cannot remove the old manifest (%2)</source>
        <translation>%1/manifest.json: manifes lama tidak dapat dihapus (%2)</translation>
    </message>
    <message>
        <source>%1/%2: cannot remove the old placement (%3)</source>
        <translation>%1/%2: penempatan lama tidak dapat dihapus (%3)</translation>
    </message>
    <message>
        <source>writer: configJson is not a JSON object</source>
        <translation>penulis: configJson bukan objek JSON</translation>
    </message>
    <message>
        <source>writer: record size %1 must be a 4096 multiple of at least %2</source>
        <translation>penulis: ukuran rekaman %1 harus kelipatan 4096 dan setidaknya %2</translation>
    </message>
    <message>
        <source>writer: record too large</source>
        <translation>penulis: rekaman terlalu besar</translation>
    </message>
    <message>
        <source>%1/trunk.bin.tmp: cannot create (%2)</source>
        <translation>%1/trunk.bin.tmp: tidak dapat dibuat (%2)</translation>
    </message>
    <message>
        <source>writer: already finished</source>
        <translation>penulis: sudah selesai</translation>
    </message>
    <message>
        <source>writer: &apos;%1&apos; has no shape</source>
        <translation>penulis: &apos;%1&apos; tidak memiliki bentuk</translation>
    </message>
    <message>
        <source>trunk.bin: write failed (%1)</source>
        <translation>trunk.bin: gagal menulis (%1)</translation>
    </message>
    <message>
        <source>writer: layer %1 has no codebooks</source>
        <translation>penulis: lapisan %1 tidak memiliki codebook</translation>
    </message>
    <message>
        <source>writer: layer %1 is not a MoE layer</source>
        <translation>penulis: lapisan %1 bukan lapisan MoE</translation>
    </message>
    <message>
        <source>writer: layer %1 was already written</source>
        <translation>penulis: lapisan %1 sudah ditulis</translation>
    </message>
    <message>
        <source>writer: layer %1 got %2 of %3 experts</source>
        <translation>penulis: lapisan %1 menerima %2 dari %3 expert</translation>
    </message>
    <message>
        <source>writer: experts must start at 0</source>
        <translation>penulis: expert harus dimulai dari 0</translation>
    </message>
    <message>
        <source>writer: layer %1: expert %2 out of order</source>
        <translation>penulis: lapisan %1: expert %2 tidak berurutan</translation>
    </message>
    <message>
        <source>writer: the trunk was already started</source>
        <translation>penulis: batang sudah dimulai</translation>
    </message>
    <message>
        <source>writer: layer %1 has no experts</source>
        <translation>penulis: lapisan %1 tidak memiliki expert</translation>
    </message>
    <message>
        <source>%1short read (%2 of %3 bytes)</source>
        <translation>%1pembacaan tidak lengkap (%2 dari %3 byte)</translation>
    </message>
    <message>
        <source>%1bad magic %2 (expected 0x50584557 &quot;WEXP&quot;)</source>
        <translation>%1angka ajaib salah %2 (diharapkan 0x50584557 &quot;WEXP&quot;)</translation>
    </message>
    <message>
        <source>%1record belongs to layer %2 (wrong layer)</source>
        <translation>%1rekaman milik lapisan %2 (lapisan salah)</translation>
    </message>
    <message>
        <source>%1record holds expert %2 (wrong expert id)</source>
        <translation>%1rekaman memuat expert %2 (id expert salah)</translation>
    </message>
    <message>
        <source>%1record size %2 (%3 pages) differs from the bank stride %4</source>
        <translation>%1ukuran rekaman %2 (%3 halaman) berbeda dari langkah bank %4</translation>
    </message>
    <message>
        <source>%1record fmt %2 (%3) disagrees with the manifest&apos;s %4</source>
        <translation>%1fmt rekaman %2 (%3) tidak sesuai dengan %4 di manifes</translation>
    </message>
    <message>
        <source>%1lowrank_id %2 (must be 0 in format v0)</source>
        <translation>%1lowrank_id %2 (harus 0 di format v0)</translation>
    </message>
    <message>
        <source>%1codebook id %2 + %3 books exceeds the %4 in codebooks.bin</source>
        <translation>%1id codebook %2 + %3 codebook melebihi %4 yang ada di codebooks.bin</translation>
    </message>
    <message>
        <source>%1codebook_id %2 differs from the manifest&apos;s codebook_base %3</source>
        <translation>%1codebook_id %2 berbeda dari codebook_base manifes, %3</translation>
    </message>
    <message>
        <source>%1flags 0x%2 (v0 defines only the hot hint, 0x04; bf16 payloads and substitutes are not written in v0)</source>
        <translation>%1flag 0x%2 (v0 hanya mendefinisikan petunjuk panas, 0x04; muatan bf16 dan pengganti tidak ditulis di v0)</translation>
    </message>
    <message>
        <source>%1reserved0 is %2 (must be 0)</source>
        <translation>%1reserved0 bernilai %2 (harus 0)</translation>
    </message>
    <message>
        <source>%1reserved1 is not zero</source>
        <translation>%1reserved1 bukan nol</translation>
    </message>
    <message>
        <source>%1gate offset %2 (must be 48)</source>
        <translation>%1offset gate %2 (harus 48)</translation>
    </message>
    <message>
        <source>%1offsets out of order or overlapping (gate %2, up %3, down %4, scales %5)</source>
        <translation>%1offset tidak berurutan atau tumpang tindih (gate %2, up %3, down %4, skala %5)</translation>
    </message>
    <message>
        <source>%1offsets out of range: scales end at %2, record is %3 bytes</source>
        <translation>%1offset di luar rentang: skala berakhir di %2, rekaman berukuran %3 byte</translation>
    </message>
    <message>
        <source>%1scale offset %2 is not 2-byte aligned</source>
        <translation>%1offset skala %2 tidak sejajar 2 byte</translation>
    </message>
    <message>
        <source>%1scales lie outside the record</source>
        <translation>%1skala berada di luar rekaman</translation>
    </message>
    <message>
        <source>%1checksum mismatch (stored 0x%2, computed 0x%3)</source>
        <translation>%1checksum tidak cocok (tersimpan 0x%2, terhitung 0x%3)</translation>
    </message>
    <message>
        <source>%1padding byte at offset %2 is not zero</source>
        <translation>%1byte pengisi di posisi %2 bukan nol</translation>
    </message>
    <message>
        <source>%1: read failed while fingerprinting</source>
        <translation>%1: gagal membaca saat menghitung sidik jari</translation>
    </message>
    <message>
        <source>%1: cannot stat for the fingerprint</source>
        <translation>%1: atributnya tidak dapat dibaca untuk sidik jari</translation>
    </message>
    <message>
        <source>%1: not a number</source>
        <translation>%1: bukan angka</translation>
    </message>
    <message>
        <source>%1: %2 is outside [%3, %4]</source>
        <translation>%1: %2 berada di luar [%3, %4]</translation>
    </message>
    <message>
        <source>%1: not a whole number</source>
        <translation>%1: bukan bilangan bulat</translation>
    </message>
    <message>
        <source>%1: not JSON (%2 at byte %3)</source>
        <translation>%1: bukan JSON (%2 di byte %3)</translation>
    </message>
    <message>
        <source>%1: not a JSON object</source>
        <translation>%1: bukan objek JSON</translation>
    </message>
    <message>
        <source>%1: not true or false</source>
        <translation>%1: bukan true atau false</translation>
    </message>
    <message>
        <source>%1missing &apos;%2&apos;</source>
        <translation>%1&apos;%2&apos; tidak ada</translation>
    </message>
    <message>
        <source>%1&apos;%2&apos; is not an integer</source>
        <translation>%1&apos;%2&apos; bukan bilangan bulat</translation>
    </message>
    <message>
        <source>%1&apos;%2&apos; = %3 is outside [%4, %5]</source>
        <translation>%1&apos;%2&apos; = %3 berada di luar [%4, %5]</translation>
    </message>
    <message>
        <source>%1&apos;%2&apos; is not a number in range</source>
        <translation>%1&apos;%2&apos; bukan angka dalam rentang</translation>
    </message>
    <message>
        <source>%1&apos;%2&apos; is not a boolean</source>
        <translation>%1&apos;%2&apos; bukan boolean</translation>
    </message>
    <message>
        <source>%1&apos;merge_kernel_size&apos; must be two integers in [1, 8]</source>
        <translation>%1&apos;merge_kernel_size&apos; harus berupa dua bilangan bulat dalam [1, 8]</translation>
    </message>
    <message>
        <source>%1&apos;%2&apos; must have 3 entries</source>
        <translation>%1&apos;%2&apos; harus memiliki 3 entri</translation>
    </message>
    <message>
        <source>%1&apos;%2&apos; has a bad entry</source>
        <translation>%1&apos;%2&apos; memiliki entri yang salah</translation>
    </message>
    <message>
        <source>%1qkv_hidden_size %2 is not a multiple of the heads</source>
        <translation>%1qkv_hidden_size %2 bukan kelipatan jumlah head</translation>
    </message>
    <message>
        <source>config: linear_attn_config.%1 is missing or not a list</source>
        <translation>config: linear_attn_config.%1 tidak ada atau bukan daftar</translation>
    </message>
    <message>
        <source>config: linear_attn_config.%1 holds an entry outside 1..%2 (the lists are 1-based)</source>
        <translation>config: linear_attn_config.%1 berisi entri di luar 1..%2 (daftar dihitung dari 1)</translation>
    </message>
    <message>
        <source>config: layer %1 (1-based %2) is listed twice in kda_layers/full_attn_layers</source>
        <translation>config: lapisan %1 (%2 jika dihitung dari 1) tercantum dua kali di kda_layers/full_attn_layers</translation>
    </message>
    <message>
        <source>config: layer %1 (1-based %2) is in neither kda_layers nor full_attn_layers</source>
        <translation>config: lapisan %1 (%2 jika dihitung dari 1) tidak ada di kda_layers maupun full_attn_layers</translation>
    </message>
    <message>
        <source>expert_quant: &apos;fmt&apos; is missing or not a string</source>
        <translation>expert_quant: &apos;fmt&apos; tidak ada atau bukan string</translation>
    </message>
    <message>
        <source>expert_quant: fmt &apos;%1&apos; is not VQ3R, VQ2R or VQ4P</source>
        <translation>expert_quant: fmt &apos;%1&apos; bukan VQ3R, VQ2R, atau VQ4P</translation>
    </message>
    <message>
        <source>expert_quant: index_block %1 (only 64 and 0 are defined)</source>
        <translation>expert_quant: index_block %1 (hanya 64 dan 0 yang terdefinisi)</translation>
    </message>
    <message>
        <source>expert_quant: index_bits %1 (only 8 or 6)</source>
        <translation>expert_quant: index_bits %1 (hanya 8 atau 6)</translation>
    </message>
    <message>
        <source>expert_quant: fmt %1 with index_bits %2</source>
        <translation>expert_quant: fmt %1 dengan index_bits %2</translation>
    </message>
    <message>
        <source>expert_quant: VQ4P needs 4 stages of 64 entries, got %1 x %2</source>
        <translation>expert_quant: VQ4P membutuhkan 4 tahap berisi 64 entri, didapat %1 x %2</translation>
    </message>
    <message>
        <source>expert_quant: %1 entries with %2-bit indices (must be %3)</source>
        <translation>expert_quant: %1 entri dengan indeks %2 bit (harus %3)</translation>
    </message>
    <message>
        <source>expert_quant: VQ3R with %1 stages</source>
        <translation>expert_quant: VQ3R dengan %1 tahap</translation>
    </message>
    <message>
        <source>expert_quant: VQ2R with %1 stages</source>
        <translation>expert_quant: VQ2R dengan %1 tahap</translation>
    </message>
    <message>
        <source>config: hidden_act &apos;%1&apos; (only silu and situ)</source>
        <translation>config: hidden_act &apos;%1&apos; (hanya silu dan situ)</translation>
    </message>
    <message>
        <source>config: moe_router_activation_func is not &apos;sigmoid&apos;</source>
        <translation>config: moe_router_activation_func bukan &apos;sigmoid&apos;</translation>
    </message>
    <message>
        <source>config: num_experts_per_token %1 exceeds num_experts %2</source>
        <translation>config: num_experts_per_token %1 melebihi num_experts %2</translation>
    </message>
    <message>
        <source>config: first_k_dense_replace exceeds num_hidden_layers</source>
        <translation>config: first_k_dense_replace melebihi num_hidden_layers</translation>
    </message>
    <message>
        <source>config: KDA width num_heads x head_dim is absurd</source>
        <translation>config: lebar KDA num_heads x head_dim tidak masuk akal</translation>
    </message>
    <message>
        <source>config: attention or shared-expert width is absurd</source>
        <translation>config: lebar attention atau expert bersama tidak masuk akal</translation>
    </message>
    <message>
        <source>%1: missing or bad &apos;name&apos;</source>
        <translation>%1: &apos;name&apos; tidak ada atau salah</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;: fmt %3 is not a trunk format</source>
        <translation>%1 &apos;%2&apos;: format %3 bukan format batang</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;: &apos;shape&apos; must be a list of 1 to 8 dimensions</source>
        <translation>%1 &apos;%2&apos;: &apos;shape&apos; harus berupa daftar berisi 1 sampai 8 dimensi</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;: dimension %3 is not in [1, 2^32]</source>
        <translation>%1 &apos;%2&apos;: dimensi %3 tidak berada dalam [1, 2^32]</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;: element count overflows</source>
        <translation>%1 &apos;%2&apos;: jumlah elemen meluap</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;: %3 x %4 %5 does not fit in trunk.bin (%6 bytes)</source>
        <translation>%1 &apos;%2&apos;: %3 x %4 %5 tidak muat di trunk.bin (%6 byte)</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;: bytes [%3, +%4) lie outside trunk.bin (%5 bytes)</source>
        <translation>%1 &apos;%2&apos;: byte [%3, +%4) berada di luar trunk.bin (%5 byte)</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;: group %3 (only 128)</source>
        <translation>%1 &apos;%2&apos;: grup %3 (hanya 128)</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;: scales [%3, +%4) lie outside trunk.bin</source>
        <translation>%1 &apos;%2&apos;: skala [%3, +%4) berada di luar trunk.bin</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;: scale_off is not 2-byte aligned</source>
        <translation>%1 &apos;%2&apos;: scale_off tidak sejajar 2 byte</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;: &apos;bytes&apos; is %3 but shape and fmt need %4</source>
        <translation>%1 &apos;%2&apos;: &apos;bytes&apos; bernilai %3 tetapi bentuk dan formatnya membutuhkan %4</translation>
    </message>
    <message>
        <source>manifest.json: %1 bytes is too large</source>
        <translation>manifest.json: %1 byte terlalu besar</translation>
    </message>
    <message>
        <source>manifest.json: not valid JSON (%1 at offset %2)</source>
        <translation>manifest.json: JSON tidak valid (%1 di posisi %2)</translation>
    </message>
    <message>
        <source>manifest.json: top level is not an object</source>
        <translation>manifest.json: tingkat teratas bukan objek</translation>
    </message>
    <message>
        <source>manifest.json: &apos;format_version&apos; is absent (only version 0 is supported)</source>
        <translation>manifest.json: &apos;format_version&apos; tidak ada (hanya versi 0 yang didukung)</translation>
    </message>
    <message>
        <source>manifest.json: format_version %1 is not supported (only 0)</source>
        <translation>manifest.json: format_version %1 tidak didukung (hanya 0)</translation>
    </message>
    <message>
        <source>manifest.json: tensor_prefix is too long</source>
        <translation>manifest.json: tensor_prefix terlalu panjang</translation>
    </message>
    <message>
        <source>manifest.json: &apos;config&apos; is missing or not an object</source>
        <translation>manifest.json: &apos;config&apos; tidak ada atau bukan objek</translation>
    </message>
    <message>
        <source>manifest.json: &apos;expert_quant&apos; is missing or not an object</source>
        <translation>manifest.json: &apos;expert_quant&apos; tidak ada atau bukan objek</translation>
    </message>
    <message>
        <source>manifest.json: expert widths %1 and %2 are not multiples of vec_dim %3</source>
        <translation>manifest.json: lebar expert %1 dan %2 bukan kelipatan vec_dim %3</translation>
    </message>
    <message>
        <source>manifest.json: &apos;layers&apos; is missing or not an object</source>
        <translation>manifest.json: &apos;layers&apos; tidak ada atau bukan objek</translation>
    </message>
    <message>
        <source>manifest.json: layers key &apos;%1&apos; is not a layer index</source>
        <translation>manifest.json: kunci layers &apos;%1&apos; bukan indeks lapisan</translation>
    </message>
    <message>
        <source>manifest.json: layers has a bank for dense layer %1</source>
        <translation>manifest.json: layers memiliki bank untuk lapisan dense %1</translation>
    </message>
    <message>
        <source>manifest.json: layers.%1 is not an object</source>
        <translation>manifest.json: layers.%1 bukan objek</translation>
    </message>
    <message>
        <source>manifest.json: layers.%1: &apos;file&apos; is not a plain file name</source>
        <translation>manifest.json: layers.%1: &apos;file&apos; bukan nama berkas biasa</translation>
    </message>
    <message>
        <source>manifest.json: layer %1 has %2 experts, config says %3</source>
        <translation>manifest.json: lapisan %1 memiliki %2 expert, konfigurasi menyebut %3</translation>
    </message>
    <message>
        <source>manifest.json: layer %1: bank bytes %2 is not a multiple of the expert count</source>
        <translation>manifest.json: lapisan %1: %2 byte bank bukan kelipatan jumlah expert</translation>
    </message>
    <message>
        <source>manifest.json: layer %1: record size %2 is not a multiple of 4096</source>
        <translation>manifest.json: lapisan %1: ukuran rekaman %2 bukan kelipatan 4096</translation>
    </message>
    <message>
        <source>manifest.json: layer %1: record size is absurd</source>
        <translation>manifest.json: lapisan %1: ukuran rekaman tidak masuk akal</translation>
    </message>
    <message>
        <source>manifest.json: MoE layer %1 has no expert bank in &apos;layers&apos;</source>
        <translation>manifest.json: lapisan MoE %1 tidak memiliki bank expert di &apos;layers&apos;</translation>
    </message>
    <message>
        <source>manifest.json: &apos;trunk&apos; is missing or not a list</source>
        <translation>manifest.json: &apos;trunk&apos; tidak ada atau bukan daftar</translation>
    </message>
    <message>
        <source>manifest.json: too many trunk tensors</source>
        <translation>manifest.json: terlalu banyak tensor batang</translation>
    </message>
    <message>
        <source>manifest.json: trunk[%1] is not an object</source>
        <translation>manifest.json: trunk[%1] bukan objek</translation>
    </message>
    <message>
        <source>manifest.json: tensor &apos;%1&apos; appears twice</source>
        <translation>manifest.json: tensor &apos;%1&apos; muncul dua kali</translation>
    </message>
    <message>
        <source>config: not a JSON object</source>
        <translation>config: bukan objek JSON</translation>
    </message>
    <message>
        <source>specials.json: not a JSON list</source>
        <translation>specials.json: bukan daftar JSON</translation>
    </message>
    <message>
        <source>specials.json: entry %1 has no id in [0, %2)</source>
        <translation>specials.json: entri %1 tidak memiliki id dalam [0, %2)</translation>
    </message>
    <message>
        <source>specials.json: entry %1 has no text</source>
        <translation>specials.json: entri %1 tidak memiliki teks</translation>
    </message>
    <message>
        <source>specials.json: id %1 appears twice</source>
        <translation>specials.json: id %1 muncul dua kali</translation>
    </message>
    <message>
        <source>vision.json: not a JSON object</source>
        <translation>vision.json: bukan objek JSON</translation>
    </message>
    <message>
        <source>bank %1: folder &apos;%2&apos; is not an absolute path</source>
        <translation>bank %1: folder &apos;%2&apos; bukan jalur absolut</translation>
    </message>
    <message>
        <source>bank %1: folder is %2 characters (over %3)</source>
        <translation>bank %1: folder sepanjang %2 karakter (lebih dari %3)</translation>
    </message>
    <message>
        <source>bank %1: folder contains a NUL character</source>
        <translation>bank %1: folder berisi karakter NUL</translation>
    </message>
    <message>
        <source>%1 bytes is over the %2-byte limit</source>
        <translation>%1 byte melebihi batas %2 byte</translation>
    </message>
    <message>
        <source>not valid JSON (%1 at byte %2)</source>
        <translation>JSON tidak valid (%1 di byte %2)</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>bukan objek JSON</translation>
    </message>
    <message>
        <source>&quot;format&quot; is not &quot;sluice-placement&quot;</source>
        <translation>&quot;format&quot; bukan &quot;sluice-placement&quot;</translation>
    </message>
    <message>
        <source>&quot;version&quot; is missing or not 1 (this build reads version 1)</source>
        <translation>&quot;version&quot; tidak ada atau bukan 1 (versi ini membaca versi 1)</translation>
    </message>
    <message>
        <source>&quot;banks&quot; is missing or not an object</source>
        <translation>&quot;banks&quot; tidak ada atau bukan objek</translation>
    </message>
    <message>
        <source>%1 banks named, the manifest has %2</source>
        <translation>%1 bank disebut, manifes memiliki %2</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a bank file of this container&apos;s manifest</source>
        <translation>&apos;%1&apos; bukan berkas bank dari manifes kontainer ini</translation>
    </message>
    <message>
        <source>bank %1: the folder is not a string</source>
        <translation>bank %1: folder bukan string</translation>
    </message>
    <message>
        <source>%1: cannot remove (%2)</source>
        <translation>%1: tidak dapat dihapus (%2)</translation>
    </message>
    <message>
        <source>%1: U8 outside the routed experts (only experts are MXFP4 in the release; the trunk is BF16/F32)</source>
        <translation>%1: U8 di luar expert yang dirutekan (di rilis hanya expert yang berformat MXFP4; batangnya BF16/F32)</translation>
    </message>
    <message>
        <source>%1: a scalar where the model needs a tensor</source>
        <translation>%1: skalar di tempat model membutuhkan tensor</translation>
    </message>
    <message>
        <source>layer %1, expert %2: tensor &apos;%3&apos; is missing from the checkpoint</source>
        <translation>lapisan %1, expert %2: tensor &apos;%3&apos; tidak ada di checkpoint</translation>
    </message>
    <message>
        <source>%1: dtype %2, expected %3 (%4)</source>
        <translation>%1: dtype %2, diharapkan %3 (%4)</translation>
    </message>
    <message>
        <source>%1: shape %2, expected %3</source>
        <translation>%1: bentuk %2, diharapkan %3</translation>
    </message>
    <message>
        <source>%1: unexpected expert tensor (MXFP4 experts are weight_packed + weight_scale)</source>
        <translation>%1: tensor expert tak terduga (expert MXFP4 berupa weight_packed + weight_scale)</translation>
    </message>
    <message>
        <source>%1: unexpected expert tensor (bf16 experts are .weight)</source>
        <translation>%1: tensor expert tak terduga (expert bf16 berupa .weight)</translation>
    </message>
    <message>
        <source>%1: expert tensors for layers or experts the config does not have</source>
        <translation>%1: tensor expert untuk lapisan atau expert yang tidak ada di konfigurasi</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos; is not in the checkpoint</source>
        <translation>tensor &apos;%1&apos; tidak ada di checkpoint</translation>
    </message>
    <message>
        <source>%1quant_method &apos;%2&apos; (only compressed-tensors)</source>
        <translation>%1quant_method &apos;%2&apos; (hanya compressed-tensors)</translation>
    </message>
    <message>
        <source>%1format &apos;%2&apos; (only mxfp4-pack-quantized)</source>
        <translation>%1format &apos;%2&apos; (hanya mxfp4-pack-quantized)</translation>
    </message>
    <message>
        <source>%1&apos;config_groups&apos; is missing or empty</source>
        <translation>%1&apos;config_groups&apos; tidak ada atau kosong</translation>
    </message>
    <message>
        <source>%1missing</source>
        <translation>%1tidak ada</translation>
    </message>
    <message>
        <source>%1num_bits is not 4</source>
        <translation>%1num_bits bukan 4</translation>
    </message>
    <message>
        <source>%1group_size is not 32</source>
        <translation>%1group_size bukan 32</translation>
    </message>
    <message>
        <source>%1type is not float (E2M1)</source>
        <translation>%1type bukan float (E2M1)</translation>
    </message>
    <message>
        <source>%1strategy &apos;%2&apos; (only group)</source>
        <translation>%1strategy &apos;%2&apos; (hanya group)</translation>
    </message>
    <message>
        <source>%1scale_dtype &apos;%2&apos; (only torch.uint8, E8M0)</source>
        <translation>%1scale_dtype &apos;%2&apos; (hanya torch.uint8, E8M0)</translation>
    </message>
    <message>
        <source>config.json: %1 bytes is too large</source>
        <translation>config.json: %1 byte terlalu besar</translation>
    </message>
    <message>
        <source>config.json: not valid JSON (%1 at offset %2)</source>
        <translation>config.json: JSON tidak valid (%1 di posisi %2)</translation>
    </message>
    <message>
        <source>config.json: top level is not an object</source>
        <translation>config.json: tingkat teratas bukan objek</translation>
    </message>
    <message>
        <source>config.json: has &apos;_outer&apos; (a converted container&apos;s manifest config, not a release)</source>
        <translation>config.json: berisi &apos;_outer&apos; (konfigurasi manifes kontainer hasil konversi, bukan rilis)</translation>
    </message>
    <message>
        <source>config.json: MXFP4 experts need widths that are multiples of 32, got %1 and %2</source>
        <translation>config.json: expert MXFP4 membutuhkan lebar kelipatan 32, didapat %1 dan %2</translation>
    </message>
    <message>
        <source>config.json: quantization_config is not an object</source>
        <translation>config.json: quantization_config bukan objek</translation>
    </message>
    <message>
        <source>tokenizer_config.json: %1 bytes is too large</source>
        <translation>tokenizer_config.json: %1 byte terlalu besar</translation>
    </message>
    <message>
        <source>tokenizer_config.json: not a JSON object</source>
        <translation>tokenizer_config.json: bukan objek JSON</translation>
    </message>
    <message>
        <source>tokenizer_config.json: added_tokens_decoder is not an object</source>
        <translation>tokenizer_config.json: added_tokens_decoder bukan objek</translation>
    </message>
    <message>
        <source>tokenizer_config.json: added token id &apos;%1&apos; is not an id in [0, %2)</source>
        <translation>tokenizer_config.json: id token tambahan &apos;%1&apos; bukan id dalam [0, %2)</translation>
    </message>
    <message>
        <source>tokenizer_config.json: added token %1 has no content</source>
        <translation>tokenizer_config.json: token tambahan %1 tidak memiliki isi</translation>
    </message>
    <message>
        <source>tokenizer_config.json: &apos;%1&apos; is named by two ids</source>
        <translation>tokenizer_config.json: &apos;%1&apos; disebut oleh dua id</translation>
    </message>
    <message>
        <source>%1: dtype F16 is not supported (the Kimi releases store BF16 and F32)</source>
        <translation>%1: dtype F16 tidak didukung (rilis Kimi menyimpan BF16 dan F32)</translation>
    </message>
    <message>
        <source>%1: dtype %2 is not supported (experts must be MXFP4 as U8 nibble pairs with U8 E8M0 scales, or BF16)</source>
        <translation>%1: dtype %2 tidak didukung (expert harus MXFP4 berupa pasangan nibble U8 dengan skala E8M0 U8, atau BF16)</translation>
    </message>
    <message>
        <source>%1: dtype &apos;%2&apos; is not supported (only BF16, F32 and U8)</source>
        <translation>%1: dtype &apos;%2&apos; tidak didukung (hanya BF16, F32, dan U8)</translation>
    </message>
    <message>
        <source>%1: header of %2 bytes is larger than the %3 MiB limit</source>
        <translation>%1: header %2 byte melebihi batas %3 MiB</translation>
    </message>
    <message>
        <source>%1: header of %2 bytes does not fit in the %3-byte file</source>
        <translation>%1: header %2 byte tidak muat di berkas %3 byte</translation>
    </message>
    <message>
        <source>%1: header is not valid JSON (%2 at offset %3)</source>
        <translation>%1: header bukan JSON yang valid (%2 di posisi %3)</translation>
    </message>
    <message>
        <source>%1: header is not a JSON object</source>
        <translation>%1: header bukan objek JSON</translation>
    </message>
    <message>
        <source>%1: __metadata__ is not an object</source>
        <translation>%1: __metadata__ bukan objek</translation>
    </message>
    <message>
        <source>%1: empty or over-long name</source>
        <translation>%1: nama kosong atau terlalu panjang</translation>
    </message>
    <message>
        <source>%1: entry is not an object</source>
        <translation>%1: entri bukan objek</translation>
    </message>
    <message>
        <source>%1: &apos;dtype&apos; is missing or not a string</source>
        <translation>%1: &apos;dtype&apos; tidak ada atau bukan string</translation>
    </message>
    <message>
        <source>%1: &apos;shape&apos; must be a list of at most %2 dimensions</source>
        <translation>%1: &apos;shape&apos; harus berupa daftar berisi paling banyak %2 dimensi</translation>
    </message>
    <message>
        <source>%1: dimension %2 is not an integer in [0, 2^40]</source>
        <translation>%1: dimensi %2 bukan bilangan bulat dalam [0, 2^40]</translation>
    </message>
    <message>
        <source>%1: shape needs more bytes than the shard&apos;s %2-byte data section (truncated, or the header lies)</source>
        <translation>%1: bentuknya membutuhkan lebih banyak byte daripada bagian data shard yang %2 byte (terpotong, atau header-nya keliru)</translation>
    </message>
    <message>
        <source>%1: &apos;data_offsets&apos; must be two non-negative integers</source>
        <translation>%1: &apos;data_offsets&apos; harus berupa dua bilangan bulat non-negatif</translation>
    </message>
    <message>
        <source>%1: data_offsets [%2, %3) lie outside the %4-byte data section (truncated, or the header lies)</source>
        <translation>%1: data_offsets [%2, %3) berada di luar bagian data %4 byte (terpotong, atau header-nya keliru)</translation>
    </message>
    <message>
        <source>%1: data_offsets span %2 bytes but %3 shape needs %4</source>
        <translation>%1: data_offsets mencakup %2 byte tetapi bentuk %3 membutuhkan %4</translation>
    </message>
    <message>
        <source>%1: tensors &apos;%2&apos; and &apos;%3&apos; overlap</source>
        <translation>%1: tensor &apos;%2&apos; dan &apos;%3&apos; tumpang tindih</translation>
    </message>
    <message>
        <source>%1: not valid JSON (%2 at offset %3)</source>
        <translation>%1: JSON tidak valid (%2 di posisi %3)</translation>
    </message>
    <message>
        <source>%1: top level is not an object</source>
        <translation>%1: tingkat teratas bukan objek</translation>
    </message>
    <message>
        <source>%1: &apos;weight_map&apos; is missing or not an object</source>
        <translation>%1: &apos;weight_map&apos; tidak ada atau bukan objek</translation>
    </message>
    <message>
        <source>%1: &apos;weight_map&apos; is empty</source>
        <translation>%1: &apos;weight_map&apos; kosong</translation>
    </message>
    <message>
        <source>%1: empty or over-long tensor name</source>
        <translation>%1: nama tensor kosong atau terlalu panjang</translation>
    </message>
    <message>
        <source>%1: tensor &apos;%2&apos; does not map to a file name</source>
        <translation>%1: tensor &apos;%2&apos; tidak dipetakan ke nama berkas</translation>
    </message>
    <message>
        <source>%1: tensor &apos;%2&apos; maps to &apos;%3&apos;, which is not a plain file name in the folder</source>
        <translation>%1: tensor &apos;%2&apos; dipetakan ke &apos;%3&apos;, yang bukan nama berkas biasa di folder ini</translation>
    </message>
    <message>
        <source>%1: more than %2 shards</source>
        <translation>%1: lebih dari %2 shard</translation>
    </message>
    <message>
        <source>%1: is %2, expected a regular file</source>
        <translation>%1: adalah %2, seharusnya berkas biasa</translation>
    </message>
    <message>
        <source>%1: %2 bytes is too short for a safetensors header (truncated?)</source>
        <translation>%1: %2 byte terlalu pendek untuk header safetensors (terpotong?)</translation>
    </message>
    <message>
        <source>%1: header length %2 exceeds the file (%3 bytes) or the %4 MiB limit</source>
        <translation>%1: panjang header %2 melebihi berkas (%3 byte) atau batas %4 MiB</translation>
    </message>
    <message>
        <source>%1, tensor &apos;%2&apos;: also stored in shard &apos;%3&apos;</source>
        <translation>%1, tensor &apos;%2&apos;: juga disimpan di shard &apos;%3&apos;</translation>
    </message>
    <message>
        <source>shard &apos;%1&apos;, tensor &apos;%2&apos;: listed in the index but missing from the shard</source>
        <translation>shard &apos;%1&apos;, tensor &apos;%2&apos;: tercantum di indeks tetapi tidak ada di shard</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos;: the index says shard &apos;%2&apos; but it is stored in &apos;%3&apos;</source>
        <translation>tensor &apos;%1&apos;: indeks menyebut shard &apos;%2&apos; tetapi tensor disimpan di &apos;%3&apos;</translation>
    </message>
    <message>
        <source>%1: stored in the shard but missing from the index</source>
        <translation>%1: disimpan di shard tetapi tidak ada di indeks</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos; has no shard</source>
        <translation>tensor &apos;%1&apos; tidak memiliki shard</translation>
    </message>
    <message>
        <source>%1, tensor &apos;%2&apos;: %3 bytes for its shape</source>
        <translation>%1, tensor &apos;%2&apos;: %3 byte untuk bentuknya</translation>
    </message>
    <message>
        <source>%1, tensor &apos;%2&apos; twice</source>
        <translation>%1, tensor &apos;%2&apos; dua kali</translation>
    </message>
    <message>
        <source>%1: shape %2, expected [%3, %4]</source>
        <translation>%1: bentuk %2, diharapkan [%3, %4]</translation>
    </message>
    <message>
        <source>%1: shape %2, expected [r &lt;= %3, %4]</source>
        <translation>%1: bentuk %2, diharapkan [r &lt;= %3, %4]</translation>
    </message>
    <message>
        <source>%1: %2 elements %3, expected %4</source>
        <translation>%1: %2 elemen %3, diharapkan %4</translation>
    </message>
    <message>
        <source>%1: %2 elements, expected at least %3</source>
        <translation>%1: %2 elemen, diharapkan setidaknya %3</translation>
    </message>
    <message>
        <source>missing tensor &apos;%1&apos;</source>
        <translation>tensor &apos;%1&apos; tidak ada</translation>
    </message>
    <message>
        <source>%1%2f_a_proj.weight: rank %3 differs from %4 in earlier layers</source>
        <translation>%1%2f_a_proj.weight: rank %3 berbeda dari %4 di lapisan sebelumnya</translation>
    </message>
    <message>
        <source>%1%2g_a_proj.weight: rank differs from earlier layers</source>
        <translation>%1%2g_a_proj.weight: rank berbeda dari lapisan sebelumnya</translation>
    </message>
    <message>
        <source>vision text_hidden_size %1 differs from hidden_size %2</source>
        <translation>vision text_hidden_size %1 berbeda dari hidden_size %2</translation>
    </message>
    <message>
        <source>vision mm_hidden_size %1 differs from vt_hidden_size</source>
        <translation>vision mm_hidden_size %1 berbeda dari vt_hidden_size</translation>
    </message>
    <message>
        <source>%1: too large</source>
        <translation>%1: terlalu besar</translation>
    </message>
    <message>
        <source>%1.json: no trunk cache</source>
        <translation>%1.json: tidak ada cache batang</translation>
    </message>
    <message>
        <source>%1: trunk cache is for other shards or options (stale)</source>
        <translation>%1: cache batang untuk shard atau opsi lain (usang)</translation>
    </message>
    <message>
        <source>%1.json: tensor count differs from the release</source>
        <translation>%1.json: jumlah tensor berbeda dari rilis</translation>
    </message>
    <message>
        <source>%1.json: entry for &apos;%2&apos; does not match the release</source>
        <translation>%1.json: entri untuk &apos;%2&apos; tidak cocok dengan rilis</translation>
    </message>
    <message>
        <source>%1: %2 bytes, the index needs %3 (truncated?)</source>
        <translation>%1: %2 byte, indeks membutuhkan %3 (terpotong?)</translation>
    </message>
    <message>
        <source>trunk cache: cancelled after &apos;%1&apos; (resumable)</source>
        <translation>cache batang: dibatalkan setelah &apos;%1&apos; (dapat dilanjutkan)</translation>
    </message>
    <message>
        <source>%1: cannot create</source>
        <translation>%1: tidak dapat dibuat</translation>
    </message>
    <message>
        <source>%1: write failed</source>
        <translation>%1: gagal menulis</translation>
    </message>
    <message>
        <source>%1: cannot replace</source>
        <translation>%1: tidak dapat diganti</translation>
    </message>
    <message>
        <source>%1: cannot resolve the folder (%2)</source>
        <translation>%1: folder tidak dapat di-resolve (%2)</translation>
    </message>
    <message>
        <source>%1: not a folder</source>
        <translation>%1: bukan folder</translation>
    </message>
    <message>
        <source>%1: %2 bytes needed, %3 free</source>
        <translation>%1: perlu %2 byte, tersedia %3</translation>
    </message>
    <message>
        <source>%1: cannot create the disk-test file (%2)</source>
        <translation>%1: berkas uji disk tidak dapat dibuat (%2)</translation>
    </message>
    <message>
        <source>%1: cannot write the disk-test file (%2)</source>
        <translation>%1: berkas uji disk tidak dapat ditulis (%2)</translation>
    </message>
    <message>
        <source>%1: cannot remove the old copy (%2)</source>
        <translation>%1: salinan lama tidak dapat dihapus (%2)</translation>
    </message>
    <message>
        <source>%1: cannot create the bank folder (%2)</source>
        <translation>%1: folder bank tidak dapat dibuat (%2)</translation>
    </message>
    <message>
        <source>%1: named twice (as %2)</source>
        <translation>%1: disebut dua kali (sebagai %2)</translation>
    </message>
    <message>
        <source>no folder to place the banks in (or ask for them back)</source>
        <translation>tidak ada folder untuk menempatkan bank (atau minta bank dikembalikan)</translation>
    </message>
    <message>
        <source>adapting the budget: no memory-pressure source on this system</source>
        <translation>menyesuaikan anggaran: tidak ada sumber tekanan memori di sistem ini</translation>
    </message>
    <message>
        <source>the predicted speed needs a disk speed above 0</source>
        <translation>prediksi kecepatan membutuhkan kecepatan disk di atas 0</translation>
    </message>
    <message>
        <source>no folder given</source>
        <translation>tidak ada folder yang diberikan</translation>
    </message>
    <message>
        <source>%1: cannot read the free space (%2)</source>
        <translation>%1: ruang kosong tidak dapat dibaca (%2)</translation>
    </message>
    <message>
        <source>the model has no tokenizer (no tokenizer.model)</source>
        <translation>model tidak memiliki tokenizer (tidak ada tokenizer.model)</translation>
    </message>
    <message>
        <source>layer %1: codebook id %2 out of range</source>
        <translation>lapisan %1: id codebook %2 di luar rentang</translation>
    </message>
    <message>
        <source>experts per token %1 is outside 1..%2 (this model routes %3 experts per token; 0 = the model&apos;s own)</source>
        <translation>%1 expert per token berada di luar 1..%2 (model ini merutekan %3 expert per token; 0 = nilai bawaan model)</translation>
    </message>
    <message>
        <source>forward: chunk of %1 tokens (1..%2)</source>
        <translation>forward: potongan %1 token (1..%2)</translation>
    </message>
    <message>
        <source>token id %1 outside the vocabulary</source>
        <translation>id token %1 di luar kosakata</translation>
    </message>
    <message>
        <source>cancelled at layer %1</source>
        <translation>dibatalkan di lapisan %1</translation>
    </message>
    <message>
        <source>%1: cannot open image file</source>
        <translation>%1: berkas gambar tidak dapat dibuka</translation>
    </message>
    <message>
        <source>%1: image file of %2 bytes exceeds the limit of %3</source>
        <translation>%1: berkas gambar %2 byte melebihi batas %3</translation>
    </message>
    <message>
        <source>%1: read failed</source>
        <translation>%1: gagal membaca</translation>
    </message>
    <message>
        <source>this model has no vision tower (or no &lt;|media_pad|&gt; id)</source>
        <translation>model ini tidak memiliki menara visi (atau tidak ada id &lt;|media_pad|&gt;)</translation>
    </message>
    <message>
        <source>%1: the model has no expert bank to read</source>
        <translation>%1: model tidak memiliki bank expert untuk dibaca</translation>
    </message>
    <message>
        <source>disk test: seconds must be in (0, 3600]</source>
        <translation>uji disk: durasi harus dalam (0, 3600] detik</translation>
    </message>
    <message>
        <source>estimate: the cache size in working sets must be finite and &gt;= 0</source>
        <translation>perkiraan: ukuran cache dalam working set harus terhingga dan &gt;= 0</translation>
    </message>
    <message>
        <source>this model has no vision tower</source>
        <translation>model ini tidak memiliki menara visi</translation>
    </message>
    <message>
        <source>constrained JSON sampling: the model has no text tokens</source>
        <translation>sampling JSON terbatas: model tidak memiliki token teks</translation>
    </message>
    <message>
        <source>context length must be at least 1</source>
        <translation>panjang konteks harus setidaknya 1</translation>
    </message>
    <message>
        <source>thread placement: %1</source>
        <translation>penempatan thread: %1</translation>
    </message>
    <message>
        <source>%1; ask for fewer threads</source>
        <translation>%1; minta lebih sedikit thread</translation>
    </message>
    <message>
        <source>%1%2: tensor missing from the container</source>
        <translation>%1%2: tensor tidak ada di kontainer</translation>
    </message>
    <message>
        <source>a session of %1 positions and %2 checkpoints exceeds what was planned at open (%3, %4; ModelOptions::contextLength and the checkpoints the budget allows)</source>
        <translation>sesi dengan %1 posisi dan %2 titik simpan melebihi yang direncanakan saat membuka (%3, %4; ModelOptions::contextLength dan titik simpan yang diizinkan anggaran)</translation>
    </message>
    <message>
        <source>%1 session(s) planned and alive (ModelOptions::sessions); close one first</source>
        <translation>%1 sesi direncanakan dan aktif (ModelOptions::sessions); tutup salah satunya terlebih dahulu</translation>
    </message>
    <message>
        <source>the model has no tokenizer (%1)</source>
        <translation>model tidak memiliki tokenizer (%1)</translation>
    </message>
    <message>
        <source>%1: shape [%2, %3], expected [%4, %5]</source>
        <translation>%1: bentuk [%2, %3], diharapkan [%4, %5]</translation>
    </message>
    <message>
        <source>%1: %2 elements, expected %3</source>
        <translation>%1: %2 elemen, diharapkan %3</translation>
    </message>
    <message>
        <source>config: layer types do not cover num_hidden_layers</source>
        <translation>config: jenis lapisan tidak mencakup num_hidden_layers</translation>
    </message>
    <message>
        <source>sessions must be 1..64</source>
        <translation>sesi harus 1..64</translation>
    </message>
    <message>
        <source>context length %1 exceeds the model&apos;s max_position_embeddings %2</source>
        <translation>panjang konteks %1 melebihi max_position_embeddings model, %2</translation>
    </message>
    <message>
        <source>max patches %1 is outside 4..%2</source>
        <translation>max patches %1 berada di luar 4..%2</translation>
    </message>
    <message>
        <source>RAM budget %1 (%2 B) is below this model&apos;s floor of %3 (%4 B) even with the trunk streamed (the streaming floor, context %5) (ask for at least %6: the process&apos;s own memory moves between runs); with the trunk resident the floor is %7; see `sluice-cli plan MODEL`</source>
        <translation>anggaran RAM %1 (%2 B) di bawah batas minimum model ini, %3 (%4 B), bahkan dengan batang dialirkan (batas minimum streaming, konteks %5) (mintalah setidaknya %6: memori proses itu sendiri berubah antar-jalankan); dengan batang tetap di memori batas minimumnya %7; lihat `sluice-cli plan MODEL`</translation>
    </message>
    <message>
        <source>RAM budget %1 (%2 B) is below this model&apos;s floor of %3 (%4 B) even with the trunk streamed (the streaming floor, context %5); with the trunk resident the floor is %6; see `sluice-cli plan MODEL`</source>
        <translation>anggaran RAM %1 (%2 B) di bawah batas minimum model ini, %3 (%4 B), bahkan dengan batang dialirkan (batas minimum streaming, konteks %5); dengan batang tetap di memori batas minimumnya %6; lihat `sluice-cli plan MODEL`</translation>
    </message>
    <message>
        <source>checkpoints must be 0..1024</source>
        <translation>titik simpan harus 0..1024</translation>
    </message>
    <message>
        <source>plan: usable RAM is 0</source>
        <translation>rencana: RAM yang dapat dipakai 0</translation>
    </message>
    <message>
        <source>release trunk bits must be 4, 8 or 16 (as stored), not %1</source>
        <translation>bit batang rilis harus 4, 8, atau 16 (sebagaimana disimpan), bukan %1</translation>
    </message>
    <message>
        <source>%1: no trunk cache</source>
        <translation>%1: tidak ada cache batang</translation>
    </message>
    <message>
        <source>%1: the release folder is read-only and no cache folder was given for its trunk cache (ModelOptions::cacheDir)</source>
        <translation>%1: folder rilis hanya-baca dan tidak ada folder cache yang diberikan untuk cache batangnya (ModelOptions::cacheDir)</translation>
    </message>
    <message>
        <source>%1: changed while it was opened</source>
        <translation>%1: berubah saat sedang dibuka</translation>
    </message>
    <message>
        <source>%1: non-finite scale (row %2)</source>
        <translation>%1: skala tidak hingga (baris %2)</translation>
    </message>
    <message>
        <source>%1 is missing from the release</source>
        <translation>%1 tidak ada di rilis</translation>
    </message>
    <message>
        <source>trunk cache &apos;%1&apos;: non-finite value in row %2</source>
        <translation>cache batang &apos;%1&apos;: nilai tidak hingga pada baris %2</translation>
    </message>
    <message>
        <source>the release has no tokenizer (no tiktoken.model)</source>
        <translation>rilis tidak memiliki tokenizer (tidak ada tiktoken.model)</translation>
    </message>
    <message>
        <source>%1: %2 bytes, more than a rank file can be</source>
        <translation>%1: %2 byte, lebih besar dari yang mungkin untuk berkas peringkat</translation>
    </message>
    <message>
        <source>no session file name given</source>
        <translation>tidak ada nama berkas sesi yang diberikan</translation>
    </message>
    <message>
        <source>%1model config without layer kinds</source>
        <translation>%1konfigurasi model tanpa jenis lapisan</translation>
    </message>
    <message>
        <source>%1saved with %2, this model is open with %3 (the state depends on it; reopen the model with experts per token %4 to continue it)</source>
        <translation>%1disimpan dengan %2, model ini dibuka dengan %3 (state bergantung padanya; buka ulang model dengan %4 expert per token untuk melanjutkannya)</translation>
    </message>
    <message>
        <source>%1layer %2 has another type</source>
        <translation>%1lapisan %2 bertipe lain</translation>
    </message>
    <message>
        <source>%1layer %2 state cut short (damaged session file)</source>
        <translation>%1state lapisan %2 terpotong (berkas sesi rusak)</translation>
    </message>
    <message>
        <source>%1layer %2 cut short (damaged session file)</source>
        <translation>%1lapisan %2 terpotong (berkas sesi rusak)</translation>
    </message>
    <message>
        <source>%1layer %2 holds %3 positions, position is %4 (damaged session file)</source>
        <translation>%1lapisan %2 memuat %3 posisi, posisinya %4 (berkas sesi rusak)</translation>
    </message>
    <message>
        <source>%1layer %2 latents cut short (damaged session file)</source>
        <translation>%1laten lapisan %2 terpotong (berkas sesi rusak)</translation>
    </message>
    <message>
        <source>%1layer %2: non-finite state value at index %3</source>
        <translation>%1lapisan %2: nilai state tidak hingga pada indeks %3</translation>
    </message>
    <message>
        <source>%1token history cut short or holds an id outside the vocabulary (damaged session file)</source>
        <translation>%1riwayat token terpotong atau berisi id di luar kosakata (berkas sesi rusak)</translation>
    </message>
    <message>
        <source>%1image count (damaged session file)</source>
        <translation>%1jumlah gambar (berkas sesi rusak)</translation>
    </message>
    <message>
        <source>%1image %2 cut short (damaged session file)</source>
        <translation>%1gambar %2 terpotong (berkas sesi rusak)</translation>
    </message>
    <message>
        <source>%1image %2 span (damaged session file)</source>
        <translation>%1rentang gambar %2 (berkas sesi rusak)</translation>
    </message>
    <message>
        <source>%1logits (damaged session file)</source>
        <translation>%1logit (berkas sesi rusak)</translation>
    </message>
    <message>
        <source>%1checkpoint count (damaged session file)</source>
        <translation>%1jumlah titik simpan (berkas sesi rusak)</translation>
    </message>
    <message>
        <source>%1checkpoint %2 (damaged session file)</source>
        <translation>%1titik simpan %2 (berkas sesi rusak)</translation>
    </message>
    <message>
        <source>%1checkpoint %2 cut short (damaged session file)</source>
        <translation>%1titik simpan %2 terpotong (berkas sesi rusak)</translation>
    </message>
    <message>
        <source>%1%2 unexpected bytes after the checkpoints (damaged session file)</source>
        <translation>%1%2 byte tak terduga setelah titik simpan (berkas sesi rusak)</translation>
    </message>
    <message>
        <source>%1: no bytes</source>
        <translation>%1: tidak ada byte</translation>
    </message>
    <message>
        <source>image queue full: %1 images are waiting for a prompt</source>
        <translation>antrean gambar penuh: %1 gambar menunggu prompt</translation>
    </message>
    <message>
        <source>an image of this session must be computed again but its file is unknown (add it again)</source>
        <translation>sebuah gambar di sesi ini harus dihitung ulang tetapi berkasnya tidak diketahui (tambahkan lagi)</translation>
    </message>
    <message>
        <source>%1: the image file changed since it was added</source>
        <translation>%1: berkas gambar berubah sejak ditambahkan</translation>
    </message>
    <message>
        <source>the prompt has %1 &lt;|media_pad|&gt; token(s) but %2 image(s) are queued (add one image per pad, in order)</source>
        <translation>prompt berisi %1 token &lt;|media_pad|&gt; tetapi %2 gambar ada di antrean (tambahkan satu gambar per pad, secara berurutan)</translation>
    </message>
    <message>
        <source>the prompt has %1 &lt;|media_pad|&gt; token(s) but %2 image(s) are queued and %3 held by the session (queue every image of the sequence, or only the new ones)</source>
        <translation>prompt berisi %1 token &lt;|media_pad|&gt; tetapi %2 gambar ada di antrean dan %3 dipegang sesi (antrekan setiap gambar dalam urutan itu, atau hanya yang baru)</translation>
    </message>
    <message>
        <source>prefill cancelled</source>
        <translation>prefill dibatalkan</translation>
    </message>
    <message>
        <source>non-finite logits at position %1 (the weights or the session state hold inf/NaN)</source>
        <translation>logit tidak hingga di posisi %1 (bobot atau state sesi berisi inf/NaN)</translation>
    </message>
    <message>
        <source>the session was interrupted mid-token; reset it or load a saved session</source>
        <translation>sesi terputus di tengah token; setel ulang atau muat sesi yang disimpan</translation>
    </message>
    <message>
        <source>prefill: empty sequence</source>
        <translation>prefill: urutan kosong</translation>
    </message>
    <message>
        <source>generate: empty prompt and no state to continue from</source>
        <translation>generate: prompt kosong dan tidak ada state untuk dilanjutkan</translation>
    </message>
    <message>
        <source>constrained sampling: no token of the vocabulary continues the text (the tokenizer lacks single-byte tokens?)</source>
        <translation>sampling terbatas: tidak ada token kosakata yang dapat melanjutkan teks (tokenizer tidak memiliki token satu byte?)</translation>
    </message>
    <message>
        <source>the session was interrupted mid-token; nothing to save</source>
        <translation>sesi terputus di tengah token; tidak ada yang disimpan</translation>
    </message>
    <message>
        <source>trunk &apos;%1&apos;: non-finite scale at row %2, group %3</source>
        <translation>batang &apos;%1&apos;: skala tidak hingga pada baris %2, grup %3</translation>
    </message>
    <message>
        <source>trunk &apos;%1&apos;: non-finite value at element %2</source>
        <translation>batang &apos;%1&apos;: nilai tidak hingga pada elemen %2</translation>
    </message>
    <message>
        <source>trunk: streamed layers&apos; tensors overlap in the file (no readable layout)</source>
        <translation>batang: tensor lapisan yang dialirkan tumpang tindih di berkas (tidak ada tata letak yang dapat dibaca)</translation>
    </message>
    <message>
        <source>this backend cannot change its budget without reopening</source>
        <translation>backend ini tidak dapat mengubah anggarannya tanpa membuka ulang</translation>
    </message>
    <message>
        <source>this backend keeps no session</source>
        <translation>backend ini tidak menyimpan sesi</translation>
    </message>
    <message>
        <source>no model is open</source>
        <translation>tidak ada model yang terbuka</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not an IP address</source>
        <translation>&apos;%1&apos; bukan alamat IP</translation>
    </message>
    <message>
        <source>the model has no free session for the server (open the model again with the server on, so its session is planned in the budget): %1</source>
        <translation>model tidak memiliki sesi bebas untuk server (buka ulang model dengan server aktif agar sesinya direncanakan dalam anggaran): %1</translation>
    </message>
    <message>
        <source>%1: the server does not offer &quot;%2&quot; (it offers %3)</source>
        <translation>%1: server tidak menyediakan &quot;%2&quot; (yang tersedia %3)</translation>
    </message>
    <message>
        <source>%1: %2 after fetching it twice</source>
        <translation>%1: %2 setelah diambil dua kali</translation>
    </message>
    <message>
        <source>%1: the file listing is over %2 MiB</source>
        <translation>%1: daftar berkas melebihi %2 MiB</translation>
    </message>
    <message>
        <source>%1: the file listing is not a JSON array (%2)</source>
        <translation>%1: daftar berkas bukan larik JSON (%2)</translation>
    </message>
    <message>
        <source>%1: a listing entry without a path or size</source>
        <translation>%1: entri daftar tanpa jalur atau ukuran</translation>
    </message>
    <message>
        <source>%1: the listing names &apos;%2&apos;, a path that would leave the target folder</source>
        <translation>%1: daftar menyebut &apos;%2&apos;, jalur yang akan keluar dari folder tujuan</translation>
    </message>
    <message>
        <source>%1: %2: the listing&apos;s lfs.oid is not a SHA-256</source>
        <translation>%1: %2: lfs.oid dalam daftar bukan SHA-256</translation>
    </message>
    <message>
        <source>&apos;%1&apos; would leave the target folder</source>
        <translation>&apos;%1&apos; akan keluar dari folder tujuan</translation>
    </message>
    <message>
        <source>%1: cannot open the key file (%2)</source>
        <translation>%1: berkas kunci tidak dapat dibuka (%2)</translation>
    </message>
    <message>
        <source>%1: cannot stat the key file</source>
        <translation>%1: atribut berkas kunci tidak dapat dibaca</translation>
    </message>
    <message>
        <source>%1: the key file is not a regular file</source>
        <translation>%1: berkas kunci bukan berkas biasa</translation>
    </message>
    <message>
        <source>%1: the key file is readable by others (mode %2); chmod 600 it</source>
        <translation>%1: berkas kunci dapat dibaca pengguna lain (mode %2); jalankan chmod 600 padanya</translation>
    </message>
    <message>
        <source>%1: the key file belongs to another user</source>
        <translation>%1: berkas kunci milik pengguna lain</translation>
    </message>
    <message>
        <source>%1: the key file is over 64 KiB</source>
        <translation>%1: berkas kunci melebihi 64 KiB</translation>
    </message>
    <message>
        <source>%1: cannot read the key file</source>
        <translation>%1: berkas kunci tidak dapat dibaca</translation>
    </message>
    <message>
        <source>%1: the key file is empty</source>
        <translation>%1: berkas kunci kosong</translation>
    </message>
    <message>
        <source>an API key cannot contain a line break</source>
        <translation>kunci API tidak boleh berisi pemisah baris</translation>
    </message>
    <message>
        <source>%1: cannot write the key file</source>
        <translation>%1: berkas kunci tidak dapat ditulis</translation>
    </message>
    <message>
        <source>%1: HTTP %2</source>
        <translation>%1: HTTP %2</translation>
    </message>
    <message>
        <source>%1: HTTP %2: %3</source>
        <translation>%1: HTTP %2: %3</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>dibatalkan</translation>
    </message>
    <message>
        <source>%1: %2 (refused)</source>
        <translation>%1: %2 (ditolak)</translation>
    </message>
    <message>
        <source>%1: no such image file</source>
        <translation>%1: berkas gambar tidak ditemukan</translation>
    </message>
    <message>
        <source>%1: the image is %2 bytes, over the %3-byte limit</source>
        <translation>%1: gambar berukuran %2 byte, melebihi batas %3 byte</translation>
    </message>
    <message>
        <source>%1: the image grew over the limit while read</source>
        <translation>%1: gambar bertambah melebihi batas saat dibaca</translation>
    </message>
    <message>
        <source>%1: not a PNG, JPEG, GIF, WebP or BMP image</source>
        <translation>%1: bukan gambar PNG, JPEG, GIF, WebP, atau BMP</translation>
    </message>
    <message>
        <source>tools: not a JSON array (%1)</source>
        <translation>tools: bukan larik JSON (%1)</translation>
    </message>
    <message>
        <source>%1: not a model list (expected {&quot;data&quot;: [...]})</source>
        <translation>%1: bukan daftar model (diharapkan {&quot;data&quot;: [...]})</translation>
    </message>
    <message>
        <source>the reply is larger than %1 bytes (refused)</source>
        <translation>balasan lebih besar dari %1 byte (ditolak)</translation>
    </message>
    <message>
        <source>a stream event is not a JSON object (%1): %2</source>
        <translation>sebuah peristiwa aliran bukan objek JSON (%1): %2</translation>
    </message>
    <message>
        <source>the server reported an error mid-stream: %1</source>
        <translation>server melaporkan galat di tengah aliran: %1</translation>
    </message>
    <message>
        <source>more than 128 tool calls in one reply (refused)</source>
        <translation>lebih dari 128 panggilan alat dalam satu balasan (ditolak)</translation>
    </message>
    <message>
        <source>the reply is not a JSON object (%1)</source>
        <translation>balasan bukan objek JSON (%1)</translation>
    </message>
    <message>
        <source>the reply has no choices</source>
        <translation>balasan tidak memiliki pilihan (choices)</translation>
    </message>
    <message>
        <source>peer %1: expected HOST:PORT</source>
        <translation>peer %1: diharapkan HOST:PORT</translation>
    </message>
    <message>
        <source>peer %1: the port must be 1..65535</source>
        <translation>peer %1: port harus 1..65535</translation>
    </message>
    <message>
        <source>peer %1: cannot resolve %2: %3</source>
        <translation>peer %1: %2 tidak dapat di-resolve: %3</translation>
    </message>
    <message>
        <source>%1: cannot add the torrent: %2</source>
        <translation>%1: torrent tidak dapat ditambahkan: %2</translation>
    </message>
    <message>
        <source>cannot listen on %1: %2</source>
        <translation>tidak dapat mendengarkan di %1: %2</translation>
    </message>
    <message>
        <source>%1: not a valid magnet URI: %2</source>
        <translation>%1: URI magnet tidak valid: %2</translation>
    </message>
    <message>
        <source>%1: %2 of %3 pieces are missing or do not match %4 (first: %5)</source>
        <translation>%1: %2 dari %3 bagian hilang atau tidak cocok dengan %4 (yang pertama: %5)</translation>
    </message>
    <message>
        <source>%1: not a .torrent file: it is empty</source>
        <translation>%1: bukan berkas .torrent: berkasnya kosong</translation>
    </message>
    <message>
        <source>%1: not a valid .torrent file: %2</source>
        <translation>%1: berkas .torrent tidak valid: %2</translation>
    </message>
    <message>
        <source>%1: cannot read the free space: %2</source>
        <translation>%1: ruang kosong tidak dapat dibaca: %2</translation>
    </message>
    <message>
        <source>piece size %1: must be a power of two from 16 KiB to 256 MiB</source>
        <translation>ukuran bagian %1: harus pangkat dua dari 16 KiB sampai 256 MiB</translation>
    </message>
    <message>
        <source>%1: nothing to share (no file with data in it)</source>
        <translation>%1: tidak ada yang dapat dibagikan (tidak ada berkas yang berisi data)</translation>
    </message>
    <message>
        <source>%1: cannot hash the files: %2</source>
        <translation>%1: hash berkas tidak dapat dihitung: %2</translation>
    </message>
    <message>
        <source>%1: cannot write the .torrent file</source>
        <translation>%1: berkas .torrent tidak dapat ditulis</translation>
    </message>
    <message>
        <source>%1: cannot write the .torrent file: %2</source>
        <translation>%1: berkas .torrent tidak dapat ditulis: %2</translation>
    </message>
    <message>
        <source>listening on %1 (not loopback) needs an API key</source>
        <translation>mendengarkan di %1 (bukan loopback) membutuhkan kunci API</translation>
    </message>
    <message>
        <source>cannot listen on %1:%2: %3</source>
        <translation>tidak dapat mendengarkan di %1:%2: %3</translation>
    </message>
    <message>
        <source>%1: cannot open (Windows error %2)</source>
        <translation>%1: tidak dapat dibuka (galat Windows %2)</translation>
    </message>
    <message>
        <source>%1: short read at offset %2: %3 of %4 bytes</source>
        <translation>%1: pembacaan tidak lengkap di posisi %2: %3 dari %4 byte</translation>
    </message>
    <message>
        <source>%1: cannot open: %2</source>
        <translation>%1: tidak dapat dibuka: %2</translation>
    </message>
    <message>
        <source>%1: cannot stat: %2</source>
        <translation>%1: atributnya tidak dapat dibaca: %2</translation>
    </message>
    <message>
        <source>%1: direct read at offset %2 of %3 bytes is not 4 KiB aligned</source>
        <translation>%1: pembacaan langsung di posisi %2 sebesar %3 byte tidak sejajar 4 KiB</translation>
    </message>
    <message>
        <source>%1: read failed at offset %2: %3</source>
        <translation>%1: gagal membaca di posisi %2: %3</translation>
    </message>
    <message>
        <source>%1: short read at offset %2: %3 of %4 bytes (file truncated?)</source>
        <translation>%1: pembacaan tidak lengkap di posisi %2: %3 dari %4 byte (berkas terpotong?)</translation>
    </message>
    <message>
        <source>%1: cannot open for io_uring</source>
        <translation>%1: tidak dapat dibuka untuk io_uring</translation>
    </message>
    <message>
        <source>io_uring_queue_init failed (%1)</source>
        <translation>io_uring_queue_init gagal (%1)</translation>
    </message>
    <message>
        <source>%1: io_uring read returned %2</source>
        <translation>%1: pembacaan io_uring mengembalikan %2</translation>
    </message>
    <message>
        <source>diskbench: record size %1 B is not a positive multiple of 4096</source>
        <translation>uji disk: ukuran rekaman %1 B bukan kelipatan positif 4096</translation>
    </message>
    <message>
        <source>diskbench: queue depth must be 1..256</source>
        <translation>uji disk: kedalaman antrean harus 1..256</translation>
    </message>
    <message>
        <source>diskbench: duration must be in (0, 3600] seconds</source>
        <translation>uji disk: durasi harus dalam (0, 3600] detik</translation>
    </message>
    <message>
        <source>%1: smaller than two records of %2 B</source>
        <translation>%1: lebih kecil dari dua rekaman %2 B</translation>
    </message>
    <message>
        <source>diskbench: built without liburing</source>
        <translation>uji disk: dibangun tanpa liburing</translation>
    </message>
    <message>
        <source>expert cache: no banks, or layer/expert counts out of range</source>
        <translation>cache expert: tidak ada bank, atau jumlah lapisan/expert di luar rentang</translation>
    </message>
    <message>
        <source>expert cache: record size %1 B is not a multiple of 4096</source>
        <translation>cache expert: ukuran rekaman %1 B bukan kelipatan 4096</translation>
    </message>
    <message>
        <source>expert cache: %1 slots is below the minimum of 2 x top-k = %2</source>
        <translation>cache expert: %1 slot di bawah minimum 2 x top-k = %2</translation>
    </message>
    <message>
        <source>expert cache: %1 exists only in cachesim (Belady needs the future; ARC&apos;s and S3-FIFO&apos;s lists are not per-slot scores; Least-Stale is replay only, docs/streaming.md)</source>
        <translation>cache expert: %1 hanya ada di cachesim (Belady membutuhkan masa depan; daftar ARC dan S3-FIFO bukan skor per slot; Least-Stale hanya untuk pemutaran ulang, docs/streaming.md)</translation>
    </message>
    <message>
        <source>%1: %2 B, expected at least %3 B (%4 records)</source>
        <translation>%1: %2 B, diharapkan setidaknya %3 B (%4 rekaman)</translation>
    </message>
    <message>
        <source>%1; ask for fewer I/O threads</source>
        <translation>%1; minta lebih sedikit thread I/O</translation>
    </message>
    <message>
        <source>expert cache: %1 slots is outside 2 x top-k = %2 .. %3 (the most this cache can grow to without reopening the model)</source>
        <translation>cache expert: %1 slot di luar 2 x top-k = %2 .. %3 (ukuran terbesar yang dapat dicapai cache ini tanpa membuka ulang model)</translation>
    </message>
    <message>
        <source>expert cache: cannot shrink while a record is held (slot %1)</source>
        <translation>cache expert: tidak dapat diperkecil selagi sebuah rekaman dipegang (slot %1)</translation>
    </message>
    <message>
        <source>%1: not a MoE layer with an expert bank</source>
        <translation>%1: bukan lapisan MoE dengan bank expert</translation>
    </message>
    <message>
        <source>%1: expert id out of range 0..%2</source>
        <translation>%1: id expert di luar rentang 0..%2</translation>
    </message>
    <message>
        <source>%1: cannot open hotlist</source>
        <translation>%1: daftar panas tidak dapat dibuka</translation>
    </message>
    <message>
        <source>%1: %2 B is not a hotlist of at most %3 entries</source>
        <translation>%1: %2 B bukan daftar panas berisi paling banyak %3 entri</translation>
    </message>
    <message>
        <source>%1: not a version-1 usage.waste hotlist (bad magic or version)</source>
        <translation>%1: bukan daftar panas usage.waste versi 1 (angka ajaib atau versi salah)</translation>
    </message>
    <message>
        <source>%1: entry %2: %3</source>
        <translation>%1: entri %2: %3</translation>
    </message>
    <message>
        <source>extent names file %1</source>
        <translation>extent menunjuk berkas %1</translation>
    </message>
    <message>
        <source>extent does not fit in the slot</source>
        <translation>extent tidak muat di slot</translation>
    </message>
    <message>
        <source>%1: extent at %2 starts past the end (%3 bytes)</source>
        <translation>%1: extent di %2 dimulai setelah akhir (%3 byte)</translation>
    </message>
    <message>
        <source>%1: short read at offset %2 (file shrank?)</source>
        <translation>%1: pembacaan tidak lengkap di posisi %2 (berkas menyusut?)</translation>
    </message>
    <message>
        <source>RAM budget %1 (%2 B) is below what the engine holds now (%3 B); release memory first</source>
        <translation>anggaran RAM %1 (%2 B) di bawah yang dipegang mesin saat ini (%3 B); bebaskan memori terlebih dahulu</translation>
    </message>
    <message>
        <source>allocating %1 B for &apos;%2&apos; would exceed the RAM budget of %3 (%4 B; %5 B already in use)</source>
        <translation>mengalokasikan %1 B untuk &apos;%2&apos; akan melebihi anggaran RAM %3 (%4 B; %5 B sudah terpakai)</translation>
    </message>
    <message>
        <source>allocating &apos;%1&apos;: alignment %2 is not a power of two</source>
        <translation>mengalokasikan &apos;%1&apos;: perataan %2 bukan pangkat dua</translation>
    </message>
    <message>
        <source>allocating %1 B for &apos;%2&apos;: out of memory</source>
        <translation>mengalokasikan %1 B untuk &apos;%2&apos;: memori habis</translation>
    </message>
    <message>
        <source>memory planner: top-k must be positive, got %1</source>
        <translation>perencana memori: top-k harus positif, didapat %1</translation>
    </message>
    <message>
        <source>memory planner: MoE layer count must be positive, got %1</source>
        <translation>perencana memori: jumlah lapisan MoE harus positif, didapat %1</translation>
    </message>
    <message>
        <source>memory planner: expert record size %1 B is not a positive multiple of 4096</source>
        <translation>perencana memori: ukuran rekaman expert %1 B bukan kelipatan positif 4096</translation>
    </message>
    <message>
        <source>memory planner: negative layer, head, dimension or context figure</source>
        <translation>perencana memori: angka lapisan, head, dimensi, atau konteks negatif</translation>
    </message>
    <message>
        <source>memory planner: more than 65536 experts per layer</source>
        <translation>perencana memori: lebih dari 65536 expert per lapisan</translation>
    </message>
    <message>
        <source>memory planner: figures overflow 64 bits (corrupt model shape?)</source>
        <translation>perencana memori: angka meluap melebihi 64 bit (bentuk model rusak?)</translation>
    </message>
    <message>
        <source>cache sizing: the plan has no record size or top-k</source>
        <translation>ukuran cache: rencana tidak memiliki ukuran rekaman atau top-k</translation>
    </message>
    <message>
        <source>cache sizing: %1 slots is too many</source>
        <translation>ukuran cache: %1 slot terlalu banyak</translation>
    </message>
    <message>
        <source>%1: cannot open</source>
        <translation>%1: tidak dapat dibuka</translation>
    </message>
    <message>
        <source>%1: unreadable MemTotal line &apos;%2&apos;</source>
        <translation>%1: baris MemTotal tidak terbaca &apos;%2&apos;</translation>
    </message>
    <message>
        <source>%1: no MemTotal line</source>
        <translation>%1: tidak ada baris MemTotal</translation>
    </message>
    <message>
        <source>%1/self/cgroup: cgroup path &apos;%2&apos; is not absolute</source>
        <translation>%1/self/cgroup: jalur cgroup &apos;%2&apos; bukan jalur absolut</translation>
    </message>
    <message>
        <source>%1/self/cgroup: cgroup path &apos;%2&apos; contains &apos;..&apos;</source>
        <translation>%1/self/cgroup: jalur cgroup &apos;%2&apos; berisi &apos;..&apos;</translation>
    </message>
    <message>
        <source>GlobalMemoryStatusEx failed</source>
        <translation>GlobalMemoryStatusEx gagal</translation>
    </message>
    <message>
        <source>bad PSI value &apos;%1&apos;</source>
        <translation>nilai PSI &apos;%1&apos; salah</translation>
    </message>
    <message>
        <source>no &apos;some avg10=&apos; line</source>
        <translation>tidak ada baris &apos;some avg10=&apos;</translation>
    </message>
    <message>
        <source>unreadable line &apos;%1&apos;</source>
        <translation>baris tidak terbaca &apos;%1&apos;</translation>
    </message>
    <message>
        <source>no MemTotal line</source>
        <translation>tidak ada baris MemTotal</translation>
    </message>
    <message>
        <source>scripted pressure source: no samples</source>
        <translation>sumber tekanan berskrip: tidak ada sampel</translation>
    </message>
    <message>
        <source>%1: no VmRSS/VmHWM lines in kB</source>
        <translation>%1: tidak ada baris VmRSS/VmHWM dalam kB</translation>
    </message>
    <message>
        <source>could start only %1 of %2 reader threads: %3</source>
        <translation>hanya %1 dari %2 thread pembaca yang dapat dimulai: %3</translation>
    </message>
    <message>
        <source>%1: cannot open routing trace</source>
        <translation>%1: jejak perutean tidak dapat dibuka</translation>
    </message>
    <message>
        <source>%1: routing trace is %2 bytes, more than the limit of %3</source>
        <translation>%1: jejak perutean berukuran %2 byte, melebihi batas %3</translation>
    </message>
    <message>
        <source>%1: line longer than %2 bytes</source>
        <translation>%1: baris lebih panjang dari %2 byte</translation>
    </message>
    <message>
        <source>%1: more than %2 tokens</source>
        <translation>%1: lebih dari %2 token</translation>
    </message>
    <message>
        <source>%1: not a JSON object (%2)</source>
        <translation>%1: bukan objek JSON (%2)</translation>
    </message>
    <message>
        <source>%1: no &quot;layers&quot; array</source>
        <translation>%1: tidak ada larik &quot;layers&quot;</translation>
    </message>
    <message>
        <source>%1: empty &quot;layers&quot;</source>
        <translation>%1: &quot;layers&quot; kosong</translation>
    </message>
    <message>
        <source>%1: %2 layers, more than %3</source>
        <translation>%1: %2 lapisan, lebih dari %3</translation>
    </message>
    <message>
        <source>%1: %2 layers, earlier lines had %3</source>
        <translation>%1: %2 lapisan, baris sebelumnya memiliki %3</translation>
    </message>
    <message>
        <source>%1: layer %2 is not an array</source>
        <translation>%1: lapisan %2 bukan larik</translation>
    </message>
    <message>
        <source>%1: layer %2: %3 ids, more than %4</source>
        <translation>%1: lapisan %2: %3 id, lebih dari %4</translation>
    </message>
    <message>
        <source>%1: layer %2: expert id is not an integer in 0..65535</source>
        <translation>%1: lapisan %2: id expert bukan bilangan bulat dalam 0..65535</translation>
    </message>
    <message>
        <source>%1: layer %2: expert %3 listed twice</source>
        <translation>%1: lapisan %2: expert %3 tercantum dua kali</translation>
    </message>
    <message>
        <source>%1: no tokens in routing trace</source>
        <translation>%1: tidak ada token dalam jejak perutean</translation>
    </message>
    <message>
        <source>speed prediction: the disk bandwidth must be positive</source>
        <translation>prediksi kecepatan: bandwidth disk harus positif</translation>
    </message>
    <message>
        <source>speed prediction: the model has no routed experts</source>
        <translation>prediksi kecepatan: model tidak memiliki expert yang dirutekan</translation>
    </message>
    <message>
        <source>speed prediction: trace &apos;%1&apos; has no tokens</source>
        <translation>prediksi kecepatan: jejak &apos;%1&apos; tidak memiliki token</translation>
    </message>
    <message>
        <source>%1: rank %2 is an empty token</source>
        <translation>%1: peringkat %2 adalah token kosong</translation>
    </message>
    <message>
        <source>%1: rank %2 repeats the bytes of rank %3</source>
        <translation>%1: peringkat %2 mengulang byte peringkat %3</translation>
    </message>
    <message>
        <source>%1: no token for the single byte %2</source>
        <translation>%1: tidak ada token untuk byte tunggal %2</translation>
    </message>
    <message>
        <source>%1expected &apos;&lt;base64&gt; &lt;rank&gt;&apos;</source>
        <translation>%1diharapkan &apos;&lt;base64&gt; &lt;peringkat&gt;&apos;</translation>
    </message>
    <message>
        <source>%1bad rank &apos;%2&apos;</source>
        <translation>%1peringkat &apos;%2&apos; salah</translation>
    </message>
    <message>
        <source>%1bad base64</source>
        <translation>%1base64 salah</translation>
    </message>
    <message>
        <source>%1rank %2 is beyond the %3 entries of the file (ranks must be dense)</source>
        <translation>%1peringkat %2 melampaui %3 entri berkas (peringkat harus rapat)</translation>
    </message>
    <message>
        <source>%1rank %2 appears twice</source>
        <translation>%1peringkat %2 muncul dua kali</translation>
    </message>
    <message>
        <source>%1: ranks are not dense, %2 is missing</source>
        <translation>%1: peringkat tidak rapat, %2 tidak ada</translation>
    </message>
    <message>
        <source>%1: no tokens</source>
        <translation>%1: tidak ada token</translation>
    </message>
    <message>
        <source>%1: image without a size</source>
        <translation>%1: gambar tanpa ukuran</translation>
    </message>
    <message>
        <source>%1: %2 image placeholders but %3 images</source>
        <translation>%1: %2 penanda gambar tetapi %3 gambar</translation>
    </message>
    <message>
        <source>%1: invalid JSON at offset %2: %3</source>
        <translation>%1: JSON tidak valid di posisi %2: %3</translation>
    </message>
    <message>
        <source>thinking effort &apos;%1&apos;: expected low, high or max</source>
        <translation>upaya berpikir &apos;%1&apos;: diharapkan low, high, atau max</translation>
    </message>
    <message>
        <source>%1: tool result answers no known call and names no tool</source>
        <translation>%1: hasil alat tidak menjawab panggilan yang dikenal dan tidak menyebut alat apa pun</translation>
    </message>
    <message>
        <source>%1: unknown role</source>
        <translation>%1: peran tidak dikenal</translation>
    </message>
    <message>
        <source>tool choice &apos;%1&apos;: expected auto, required or none</source>
        <translation>pilihan alat &apos;%1&apos;: diharapkan auto, required, atau none</translation>
    </message>
    <message>
        <source>response format &apos;%1&apos; unknown</source>
        <translation>format respons &apos;%1&apos; tidak dikenal</translation>
    </message>
    <message>
        <source>%1: Kimi-Linear has no vision input</source>
        <translation>%1: Kimi-Linear tidak memiliki input visi</translation>
    </message>
    <message>
        <source>chat format needs the special token %1, which this tokenizer does not have</source>
        <translation>format obrolan membutuhkan token khusus %1, yang tidak dimiliki tokenizer ini</translation>
    </message>
    <message>
        <source>the schema is not JSON: %1 at offset %2</source>
        <translation>skema bukan JSON: %1 di posisi %2</translation>
    </message>
    <message>
        <source>the schema must be a JSON object</source>
        <translation>skema harus berupa objek JSON</translation>
    </message>
    <message>
        <source>schema: keyword &apos;%1&apos; must be an object</source>
        <translation>skema: kata kunci &apos;%1&apos; harus berupa objek</translation>
    </message>
    <message>
        <source>schema: keyword &apos;type&apos;: the root must be of type &quot;object&quot; (and no enum)</source>
        <translation>skema: kata kunci &apos;type&apos;: akar harus bertipe &quot;object&quot; (dan tanpa enum)</translation>
    </message>
    <message>
        <source>schema: the smallest valid document nests deeper than %1 levels</source>
        <translation>skema: dokumen valid terkecil bersarang lebih dalam dari %1 tingkat</translation>
    </message>
    <message>
        <source>pattern ends with a lone backslash</source>
        <translation>pola diakhiri garis miring terbalik tunggal</translation>
    </message>
    <message>
        <source>pattern offset %1: \S inside a class</source>
        <translation>pola, posisi %1: \S di dalam kelas</translation>
    </message>
    <message>
        <source>pattern offset %1: unterminated \p{</source>
        <translation>pola, posisi %1: \p{ tidak ditutup</translation>
    </message>
    <message>
        <source>pattern offset %1: unterminated class</source>
        <translation>pola, posisi %1: kelas tidak ditutup</translation>
    </message>
    <message>
        <source>pattern offset %1: unsupported class intersection</source>
        <translation>pola, posisi %1: irisan kelas tidak didukung</translation>
    </message>
    <message>
        <source>pre-tokenisation pattern, offset %1 of the translated pattern: %2</source>
        <translation>pola pra-tokenisasi, posisi %1 dari pola terjemahan: %2</translation>
    </message>
    <message>
        <source>tokenizer: unknown pattern &apos;%1&apos; (kimi or cl100k)</source>
        <translation>tokenizer: pola &apos;%1&apos; tidak dikenal (kimi atau cl100k)</translation>
    </message>
    <message>
        <source>%1: no such file or directory</source>
        <translation>%1: berkas atau direktori tidak ditemukan</translation>
    </message>
    <message>
        <source>specials: offset %1: %2</source>
        <translation>specials: posisi %1: %2</translation>
    </message>
    <message>
        <source>specials: expected a JSON array of {&quot;id&quot;, &quot;text&quot;}</source>
        <translation>specials: diharapkan larik JSON berisi {&quot;id&quot;, &quot;text&quot;}</translation>
    </message>
    <message>
        <source>%1needs an integer &quot;id&quot; and a string &quot;text&quot;</source>
        <translation>%1membutuhkan &quot;id&quot; bilangan bulat dan &quot;text&quot; string</translation>
    </message>
    <message>
        <source>%1id %2 lies inside the rank file&apos;s vocabulary (size %3)</source>
        <translation>%1id %2 berada di dalam kosakata berkas peringkat (ukuran %3)</translation>
    </message>
    <message>
        <source>%1empty text</source>
        <translation>%1teks kosong</translation>
    </message>
    <message>
        <source>%1: inflates beyond the %2-byte limit</source>
        <translation>%1: hasil dekompresinya melebihi batas %2 byte</translation>
    </message>
    <message>
        <source>specials: id %1 appears twice</source>
        <translation>specials: id %1 muncul dua kali</translation>
    </message>
    <message>
        <source>specials: text &apos;%1&apos; appears twice</source>
        <translation>specials: teks &apos;%1&apos; muncul dua kali</translation>
    </message>
    <message>
        <source>specials: &apos;%1&apos; names a different id</source>
        <translation>specials: &apos;%1&apos; menunjuk id lain</translation>
    </message>
    <message>
        <source>token %1: id %2 is not in the vocabulary (size %3)</source>
        <translation>token %1: id %2 tidak ada dalam kosakata (ukuran %3)</translation>
    </message>
    <message>
        <source>%1: is %2, not a regular file; not replaced</source>
        <translation>%1: adalah %2, bukan berkas biasa; tidak diganti</translation>
    </message>
    <message>
        <source>%1: close failed</source>
        <translation>%1: gagal menutup</translation>
    </message>
    <message>
        <source>is %1, not a folder (a model is a folder)</source>
        <translation>adalah %1, bukan folder (model berupa folder)</translation>
    </message>
    <message>
        <source>cannot start %1 (%2)</source>
        <translation>tidak dapat memulai %1 (%2)</translation>
    </message>
    <message>
        <source>CPU %1 is not one this process may run on (allowed: %2)</source>
        <translation>CPU %1 bukan salah satu yang boleh dipakai proses ini (yang diizinkan: %2)</translation>
    </message>
    <message>
        <source>placing threads on chosen CPUs is supported on Linux only</source>
        <translation>menempatkan thread pada CPU pilihan hanya didukung di Linux</translation>
    </message>
    <message>
        <source>CPU %1 is out of range</source>
        <translation>CPU %1 di luar rentang</translation>
    </message>
    <message>
        <source>cannot bind a thread to CPU %1 (%2)</source>
        <translation>thread tidak dapat diikat ke CPU %1 (%2)</translation>
    </message>
    <message>
        <source>binding a thread to CPU %1 is supported on Linux only</source>
        <translation>mengikat thread ke CPU %1 hanya didukung di Linux</translation>
    </message>
    <message>
        <source>virtual region of %1 B is out of range</source>
        <translation>wilayah virtual %1 B di luar rentang</translation>
    </message>
    <message>
        <source>cannot reserve %1 B of address space</source>
        <translation>tidak dapat memesan %1 B ruang alamat</translation>
    </message>
    <message>
        <source>cannot reserve %1 B of address space (%2)</source>
        <translation>tidak dapat memesan %1 B ruang alamat (%2)</translation>
    </message>
    <message>
        <source>image: truncated %1: %2 needs %3 bytes, the file has %4</source>
        <translation>gambar: %1 terpotong: %2 membutuhkan %3 byte, berkas hanya memiliki %4</translation>
    </message>
    <message>
        <source>image: truncated JPEG: the file ends at byte %1 before its end-of-image marker (a download or copy cut short?)</source>
        <translation>gambar: JPEG terpotong: berkas berakhir di byte %1 sebelum penanda akhir gambar (unduhan atau salinan terputus?)</translation>
    </message>
    <message>
        <source>image: zero width or height in the header</source>
        <translation>gambar: lebar atau tinggi nol di header</translation>
    </message>
    <message>
        <source>image: %1 has a side longer than %2 pixels; the limits are %3 pixels a side and %4 megapixels</source>
        <translation>gambar: %1 memiliki sisi lebih dari %2 piksel; batasnya %3 piksel per sisi dan %4 megapiksel</translation>
    </message>
    <message>
        <source>image: %1 is %2 megapixels, more than the limit of %3 megapixels</source>
        <translation>gambar: %1 berukuran %2 megapiksel, melebihi batas %3 megapiksel</translation>
    </message>
    <message>
        <source>%1: cannot open the image file</source>
        <translation>%1: berkas gambar tidak dapat dibuka</translation>
    </message>
    <message>
        <source>%1: the file is empty</source>
        <translation>%1: berkas kosong</translation>
    </message>
    <message>
        <source>%1: the file is %2 bytes, more than the limit of %3 bytes</source>
        <translation>%1: berkas berukuran %2 byte, melebihi batas %3 byte</translation>
    </message>
    <message>
        <source>image: no data (zero-sized file)</source>
        <translation>gambar: tidak ada data (berkas berukuran nol)</translation>
    </message>
    <message>
        <source>image: %1 bytes, more than the limit of %2 bytes</source>
        <translation>gambar: %1 byte, melebihi batas %2 byte</translation>
    </message>
    <message>
        <source>image: larger than the decoder can address</source>
        <translation>gambar: lebih besar dari yang dapat dialamatkan dekoder</translation>
    </message>
    <message>
        <source>image: Photoshop (PSD) files are not supported; save the image as PNG or JPEG</source>
        <translation>gambar: berkas Photoshop (PSD) tidak didukung; simpan gambar sebagai PNG atau JPEG</translation>
    </message>
    <message>
        <source>image: not a PNG, JPEG, GIF, BMP or TGA file, or a damaged one (%1)</source>
        <translation>gambar: bukan berkas PNG, JPEG, GIF, BMP, atau TGA, atau berkasnya rusak (%1)</translation>
    </message>
    <message>
        <source>%1: %2 data is damaged or truncated (%3)</source>
        <translation>%1: data %2 rusak atau terpotong (%3)</translation>
    </message>
    <message>
        <source>%1: decoded size differs from the header</source>
        <translation>%1: ukuran hasil dekode berbeda dari header</translation>
    </message>
    <message>
        <source>image size %1x%2 is empty</source>
        <translation>ukuran gambar %1x%2 kosong</translation>
    </message>
    <message>
        <source>max_patches %1 is below 4 (the smallest grid is 2x2)</source>
        <translation>max_patches %1 kurang dari 4 (grid terkecil adalah 2x2)</translation>
    </message>
    <message>
        <source>patch size %1 is not positive</source>
        <translation>ukuran patch %1 tidak positif</translation>
    </message>
    <message>
        <source>image %1x%2 has %3 bytes of RGB</source>
        <translation>gambar %1x%2 memiliki %3 byte RGB</translation>
    </message>
    <message>
        <source>vision merge kernel %1x%2 (the even grid only fits merges of 1 or 2)</source>
        <translation>kernel penggabungan visi %1x%2 (grid genap hanya cocok untuk penggabungan 1 atau 2)</translation>
    </message>
    <message>
        <source>image: damaged JPEG: Huffman table at byte %1 declares %2 codes (at most 256 are possible)</source>
        <translation>gambar: JPEG rusak: tabel Huffman di byte %1 menyatakan %2 kode (paling banyak 256 yang mungkin)</translation>
    </message>
    <message>
        <source>image: damaged JPEG: Huffman table at byte %1 is truncated</source>
        <translation>gambar: JPEG rusak: tabel Huffman di byte %1 terpotong</translation>
    </message>
    <message>
        <source>image: damaged JPEG: Huffman table segment at byte %1 overruns its length</source>
        <translation>gambar: JPEG rusak: segmen tabel Huffman di byte %1 melampaui panjangnya</translation>
    </message>
    <message>
        <source>image: damaged PNG: its image data inflates to more than %1 bytes, the most its header&apos;s size allows</source>
        <translation>gambar: PNG rusak: data gambarnya terdekompresi menjadi lebih dari %1 byte, batas terbesar yang diizinkan ukuran di header-nya</translation>
    </message>
    <message>
        <source>image: damaged PNG: its image data inflates to %1 bytes, its header&apos;s size needs %2</source>
        <translation>gambar: PNG rusak: data gambarnya terdekompresi menjadi %1 byte, ukuran di header-nya membutuhkan %2</translation>
    </message>
    <message>
        <source>image: truncated PNG: its image data ends after %1 of %2 bytes</source>
        <translation>gambar: PNG terpotong: data gambarnya berakhir setelah %1 dari %2 byte</translation>
    </message>
    <message>
        <source>image: damaged PNG: its image data does not inflate (%1)</source>
        <translation>gambar: PNG rusak: data gambarnya tidak dapat didekompresi (%1)</translation>
    </message>
    <message>
        <source>image: damaged PNG: chunk &apos;IEND&apos; at byte %1 fails its CRC</source>
        <translation>gambar: PNG rusak: chunk &apos;IEND&apos; di byte %1 gagal dalam pemeriksaan CRC</translation>
    </message>
    <message>
        <source>image: truncated or damaged PNG: chunk &apos;%1&apos; at byte %2 declares %3 bytes, the file has %4 after it</source>
        <translation>gambar: PNG terpotong atau rusak: chunk &apos;%1&apos; di byte %2 menyatakan %3 byte, berkas hanya memiliki %4 setelahnya</translation>
    </message>
    <message>
        <source>image: damaged PNG: chunk &apos;%1&apos; at byte %2 fails its CRC</source>
        <translation>gambar: PNG rusak: chunk &apos;%1&apos; di byte %2 gagal dalam pemeriksaan CRC</translation>
    </message>
    <message>
        <source>image: truncated PNG: the file ends at byte %1 before its IEND chunk</source>
        <translation>gambar: PNG terpotong: berkas berakhir di byte %1 sebelum chunk IEND</translation>
    </message>
    <message>
        <source>the model has no vision tower</source>
        <translation>model tidak memiliki menara visi</translation>
    </message>
    <message>
        <source>vision tensor &apos;%1&apos; is missing</source>
        <translation>tensor visi &apos;%1&apos; tidak ada</translation>
    </message>
    <message>
        <source>the model has no vision tower (no vision tensors or vision config)</source>
        <translation>model tidak memiliki menara visi (tidak ada tensor atau konfigurasi visi)</translation>
    </message>
    <message>
        <source>vision head width %1/%2 is not a multiple of 4 (2D RoPE needs pairs per axis)</source>
        <translation>lebar head visi %1/%2 bukan kelipatan 4 (RoPE 2D membutuhkan pasangan per sumbu)</translation>
    </message>
    <message>
        <source>vision merge kernel %1x%2</source>
        <translation>kernel penggabungan visi %1x%2</translation>
    </message>
    <message>
        <source>max_patches %1 is below 4</source>
        <translation>max_patches %1 kurang dari 4</translation>
    </message>
    <message>
        <source>random vision tower: unsupported shape</source>
        <translation>menara visi acak: bentuk tidak didukung</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos; is missing</source>
        <translation>tensor &apos;%1&apos; tidak ada</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is stored as [%2, %3], the tower reads [%4, %5] (vision tensors must be stored flattened, spec 4.3)</source>
        <translation>&apos;%1&apos; disimpan sebagai [%2, %3], menara membaca [%4, %5] (tensor visi harus disimpan dalam bentuk pipih, spesifikasi 4.3)</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is stored at %2 bits; the vision tower needs &gt;= 8 (re-store it as Q8G, spec 4.3)</source>
        <translation>&apos;%1&apos; disimpan dalam %2 bit; menara visi membutuhkan &gt;= 8 (simpan ulang sebagai Q8G, spesifikasi 4.3)</translation>
    </message>
    <message>
        <source>&apos;%1&apos; has %2 elements, expected %3</source>
        <translation>&apos;%1&apos; memiliki %2 elemen, diharapkan %3</translation>
    </message>
    <message>
        <source>image patches are %1 px, the tower&apos;s are %2</source>
        <translation>patch gambar berukuran %1 px, patch menara %2</translation>
    </message>
    <message>
        <source>image grid %1x%2 has %3 patches; the tower holds %4</source>
        <translation>grid gambar %1x%2 memiliki %3 patch; menara memuat %4</translation>
    </message>
    <message>
        <source>image grid %1x%2 is not a multiple of the merge kernel</source>
        <translation>grid gambar %1x%2 bukan kelipatan kernel penggabungan</translation>
    </message>
    <message>
        <source>image holds %1 patch floats, expected %2</source>
        <translation>gambar memuat %1 float patch, diharapkan %2</translation>
    </message>
    <message>
        <source>vision tower cancelled</source>
        <translation>menara visi dibatalkan</translation>
    </message>
    <message>
        <source>%1: the safetensors header length %2 does not fit the file (%3 bytes)</source>
        <translation>%1: panjang header safetensors %2 tidak muat dalam berkas (%3 byte)</translation>
    </message>
    <message>
        <source>%1: cannot write the header stub (%2)</source>
        <translation>%1: berkas pengganti header tidak dapat ditulis (%2)</translation>
    </message>
    <message>
        <source>%1: the bytes the trunk was converted from (fetched ahead by range) differ from the verified shard; delete trunk.bin in the container folder and run again</source>
        <translation>%1: byte sumber konversi batang (diunduh lebih dulu per rentang) berbeda dari shard yang sudah diverifikasi; hapus trunk.bin di folder kontainer lalu jalankan lagi</translation>
    </message>
    <message>
        <source>layer %1 needs the shards %2: %3 bytes, more than the staging bound of %4 bytes (--max-staging)</source>
        <translation>lapisan %1 membutuhkan shard %2: %3 byte, melebihi batas tampungan %4 byte (--max-staging)</translation>
    </message>
    <message>
        <source>the trunk needs the shards %1: %2 bytes, more than the staging bound of %3 bytes (--max-staging)</source>
        <translation>batang membutuhkan shard %1: %2 byte, melebihi batas tampungan %3 byte (--max-staging)</translation>
    </message>
    <message>
        <source>layer %1 needs the shards %2 (%3 bytes) while %4 bytes of shards that later steps still read are staged: more than the staging bound of %5 bytes (--max-staging)</source>
        <translation>lapisan %1 membutuhkan shard %2 (%3 byte) sementara %4 byte shard yang masih dibaca langkah berikutnya sedang ditampung: melebihi batas tampungan %5 byte (--max-staging)</translation>
    </message>
    <message>
        <source>the trunk needs the shards %1 (%2 bytes) while %3 bytes of shards that later steps still read are staged: more than the staging bound of %4 bytes (--max-staging)</source>
        <translation>batang membutuhkan shard %1 (%2 byte) sementara %3 byte shard yang masih dibaca langkah berikutnya sedang ditampung: melebihi batas tampungan %4 byte (--max-staging)</translation>
    </message>
    <message>
        <source>the trunk reads %1 bytes from shards not fetched yet while %2 bytes are staged: more than the staging bound of %3 bytes (--max-staging)</source>
        <translation>batang membaca %1 byte dari shard yang belum diunduh sementara %2 byte sedang ditampung: melebihi batas tampungan %3 byte (--max-staging)</translation>
    </message>
    <message>
        <source>layer %1 needs the shards %2: %3 bytes, more than the staging bound of %4 bytes (--max-staging; from model.safetensors.index.json, before any shard was fetched)</source>
        <translation>lapisan %1 membutuhkan shard %2: %3 byte, melebihi batas tampungan %4 byte (--max-staging; menurut model.safetensors.index.json, sebelum shard apa pun diunduh)</translation>
    </message>
    <message>
        <source>%1: the repository has no safetensors shards to convert</source>
        <translation>%1: repositori tidak memiliki shard safetensors untuk dikonversi</translation>
    </message>
    <message>
        <source>%1: the hub answered another range than bytes %2-%3</source>
        <translation>%1: hub mengirim rentang lain selain byte %2-%3</translation>
    </message>
    <message>
        <source>%1: cannot fetch bytes %2-%3: %4</source>
        <translation>%1: byte %2-%3 tidak dapat diunduh: %4</translation>
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
        <source>Send &amp;at most (MiB/s):</source>
        <translation>Kirim p&amp;aling banyak (MiB/dtk):</translation>
    </message>
    <message>
        <source>Upload rate limit in MiB per second, while downloading and seeding</source>
        <translation>Batas laju kirim dalam MiB per detik, saat mengunduh dan saat berbagi</translation>
    </message>
    <message>
        <source>Caps what the torrent sends to other peers, while it downloads and while it seeds, so sharing never fills your connection. 0: no limit.</source>
        <translation>Membatasi yang dikirim torrent ke peer lain, saat mengunduh dan saat berbagi, agar berbagi tidak pernah memenuhi koneksi Anda. 0: tanpa batas.</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>tanpa batas</translation>
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
