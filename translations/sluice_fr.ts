<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr">
<context>
    <name>ConvertDialog</name>
    <message>
        <source>Convert model</source>
        <translation>Convertir un modèle</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Parcourir…</translation>
    </message>
    <message>
        <source>Delete each source shard once it is converted</source>
        <translation>Supprimer chaque fragment source une fois converti</translation>
    </message>
    <message>
        <source>Choose a published checkpoint folder and a destination.</source>
        <translation>Choisissez un dossier de checkpoint publié et une destination.</translation>
    </message>
    <message>
        <source>Layer: %p%</source>
        <translation>Couche : %p %</translation>
    </message>
    <message>
        <source>Overall: %p%</source>
        <translation>Total : %p %</translation>
    </message>
    <message>
        <source>Checkpoint folder:</source>
        <translation>Dossier du checkpoint :</translation>
    </message>
    <message>
        <source>Container folder:</source>
        <translation>Dossier du conteneur :</translation>
    </message>
    <message>
        <source>Threads:</source>
        <translation>Fils :</translation>
    </message>
    <message>
        <source>Convert</source>
        <translation>Convertir</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Checkpoint folder</source>
        <translation>Dossier du checkpoint</translation>
    </message>
    <message>
        <source>Container folder</source>
        <translation>Dossier du conteneur</translation>
    </message>
    <message>
        <source>Not a checkpoint this app can convert: %1</source>
        <translation>Ce n’est pas un checkpoint que l’application sait convertir : %1</translation>
    </message>
    <message>
        <source>Needs %1 on the destination; %2 available.</source>
        <translation>Nécessite %1 sur la destination ; %2 disponibles.</translation>
    </message>
    <message>
        <source>Not enough space: needs %1 on the destination, only %2 available.</source>
        <translation>Espace insuffisant : %1 nécessaires sur la destination, seulement %2 disponibles.</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Démarrage…</translation>
    </message>
    <message>
        <source>fitting codebooks</source>
        <translation>ajustement des dictionnaires de codes</translation>
    </message>
    <message>
        <source>encoding experts</source>
        <translation>encodage des experts</translation>
    </message>
    <message>
        <source>converting the trunk</source>
        <translation>conversion du tronc</translation>
    </message>
    <message>
        <source>writing the manifest</source>
        <translation>écriture du manifeste</translation>
    </message>
    <message>
        <source>Layer %1 (%2 of %3 done): %4 — %5 of %6 experts, %7 experts/s, about %8 left</source>
        <translation>Couche %1 (%2 sur %3 terminées) : %4 — %5 experts sur %6, %7 experts/s, encore environ %8</translation>
    </message>
    <message>
        <source>Converted: %1</source>
        <translation>Converti : %1</translation>
    </message>
    <message>
        <source>Conversion finished</source>
        <translation>Conversion terminée</translation>
    </message>
    <message>
        <source>Open the converted model now?</source>
        <translation>Ouvrir le modèle converti maintenant ?</translation>
    </message>
    <message>
        <source>Paused. Convert again (now or after a restart) to resume where it stopped.</source>
        <translation>En pause. Relancez la conversion (maintenant ou après un redémarrage) pour reprendre là où elle s’est arrêtée.</translation>
    </message>
    <message>
        <source>Conversion failed: %1</source>
        <translation>Échec de la conversion : %1</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Reprendre</translation>
    </message>
    <message>
        <source>The conversion uses at most %1 of RAM beyond the app&apos;s own.</source>
        <translation>La conversion utilise au plus %1 de RAM en plus de celle de l’application.</translation>
    </message>
    <message>
        <source>Trunk: %p%</source>
        <translation>Tronc : %p %</translation>
    </message>
    <message>
        <source>Converting the trunk: tensor %1 of %2 — %3 of %4, %5/s, about %6 left</source>
        <translation>Conversion du tronc : tenseur %1 sur %2 — %3 sur %4, %5/s, encore environ %6</translation>
    </message>
</context>
<context>
    <name>Error</name>
    <message>
        <source>%1: %2</source>
        <translation>%1 : %2</translation>
    </message>
    <message>
        <source>the prompt needs %1 positions and the reply %2; the context holds %3</source>
        <translation>l’invite demande %1 positions et la réponse %2 ; le contexte en contient %3</translation>
    </message>
    <message>
        <source>the prompt needs %1 positions; the context holds %2</source>
        <translation>l’invite demande %1 positions ; le contexte en contient %2</translation>
    </message>
    <message>
        <source>%1: cannot open (%2)</source>
        <translation>%1 : ouverture impossible (%2)</translation>
    </message>
    <message>
        <source>%1: not a regular file</source>
        <translation>%1 : pas un fichier ordinaire</translation>
    </message>
    <message>
        <source>%1: %2 bytes is more than the %3 allowed</source>
        <translation>%1 : %2 octets, plus que les %3 permis</translation>
    </message>
    <message>
        <source>%1: short read</source>
        <translation>%1 : lecture incomplète</translation>
    </message>
    <message>
        <source>%1: %2 needs %3 more bytes, %4 bytes are available; free space and run the conversion again to resume</source>
        <translation>%1 : %2 demande encore %3 octets, %4 octets sont libres ; libérez de la place et relancez la conversion pour la reprendre</translation>
    </message>
    <message>
        <source>%1: cannot create (%2)</source>
        <translation>%1 : création impossible (%2)</translation>
    </message>
    <message>
        <source>%1: write failed (%2)</source>
        <translation>%1 : échec de l’écriture (%2)</translation>
    </message>
    <message>
        <source>%1: fsync failed (%2)</source>
        <translation>%1 : échec de fsync (%2)</translation>
    </message>
    <message>
        <source>%1: rename failed (%2)</source>
        <translation>%1 : échec du renommage (%2)</translation>
    </message>
    <message>
        <source>%1: already holds a container (manifest.json) that is not a conversion in progress; choose another folder</source>
        <translation>%1 : contient déjà un conteneur (manifest.json) qui n’est pas une conversion en cours ; choisissez un autre dossier</translation>
    </message>
    <message>
        <source>%1: holds a conversion of another source or with other options (%2); use another folder or delete it</source>
        <translation>%1 : contient une conversion d’une autre source ou avec d’autres options (%2) ; utilisez un autre dossier ou supprimez-le</translation>
    </message>
    <message>
        <source>%1: not enough free space: the conversion needs %2 more bytes, %3 bytes are available</source>
        <translation>%1 : pas assez d’espace libre : la conversion demande encore %2 octets, %3 octets sont libres</translation>
    </message>
    <message>
        <source>conversion stopped; run it again to resume</source>
        <translation>conversion arrêtée ; relancez-la pour la reprendre</translation>
    </message>
    <message>
        <source>%1: cannot stat</source>
        <translation>%1 : impossible de lire ses attributs</translation>
    </message>
    <message>
        <source>%1: %2 bytes is over the %3-byte limit</source>
        <translation>%1 : %2 octets dépassent la limite de %3 octets</translation>
    </message>
    <message>
        <source>%1: read failed at offset %2 (%3)</source>
        <translation>%1 : échec de la lecture à la position %2 (%3)</translation>
    </message>
    <message>
        <source>%1: short read at offset %2 (%3 bytes missing)</source>
        <translation>%1 : lecture incomplète à la position %2 (%3 octets manquants)</translation>
    </message>
    <message>
        <source>manifest.json is missing (not a complete container)</source>
        <translation>manifest.json est absent (conteneur incomplet)</translation>
    </message>
    <message>
        <source>%1 is missing</source>
        <translation>%1 est absent</translation>
    </message>
    <message>
        <source>%1 (placed by %2)</source>
        <translation>%1 (placé par %2)</translation>
    </message>
    <message>
        <source>%1 (layer %2): bank file is missing</source>
        <translation>%1 (couche %2) : le fichier de banque est absent</translation>
    </message>
    <message>
        <source>%1 (layer %2): file size %3 is not a multiple of 4096</source>
        <translation>%1 (couche %2) : la taille de fichier %3 n’est pas un multiple de 4096</translation>
    </message>
    <message>
        <source>%1 (layer %2): truncated bank (%3 bytes, manifest says %4)</source>
        <translation>%1 (couche %2) : banque tronquée (%3 octets, le manifeste en annonce %4)</translation>
    </message>
    <message>
        <source>%1 (layer %2): bank is %3 bytes, manifest says %4</source>
        <translation>%1 (couche %2) : la banque fait %3 octets, le manifeste en annonce %4</translation>
    </message>
    <message>
        <source>%1: size %2 is not a multiple of the %3-byte record</source>
        <translation>%1 : la taille %2 n’est pas un multiple de l’enregistrement de %3 octets</translation>
    </message>
    <message>
        <source>%1: too many books</source>
        <translation>%1 : trop de dictionnaires</translation>
    </message>
    <message>
        <source>%1: %2 bytes is too large</source>
        <translation>%1 : %2 octets, c’est trop grand</translation>
    </message>
    <message>
        <source>config.json is missing: a release folder needs the config.json published with its safetensors</source>
        <translation>config.json est absent : un dossier de version publiée a besoin du config.json publié avec ses safetensors</translation>
    </message>
    <message>
        <source>%1 is missing: a release folder needs its safetensors index (or %2) beside config.json</source>
        <translation>%1 est absent : un dossier de version publiée a besoin de son index safetensors (ou de %2) à côté de config.json</translation>
    </message>
    <message>
        <source>is a Sluice container (manifest.json), not a release folder</source>
        <translation>est un conteneur Sluice (manifest.json), pas un dossier de version publiée</translation>
    </message>
    <message>
        <source>neither a release folder (config.json and %1) nor a Sluice container (manifest.json)</source>
        <translation>ni un dossier de version publiée (config.json et %1), ni un conteneur Sluice (manifest.json)</translation>
    </message>
    <message>
        <source>context full: %1 + %2 tokens exceed the context length %3 chosen at open</source>
        <translation>contexte plein : %1 + %2 jetons dépassent la longueur de contexte %3 choisie à l’ouverture</translation>
    </message>
    <message>
        <source>open cancelled</source>
        <translation>ouverture annulée</translation>
    </message>
    <message>
        <source>RAM budget %1 (%2 B) is below this model&apos;s floor of %3 (%4 B) as opened (context %5, prefill chunk %6, %7 checkpoint(s) per session); reopen the model for a smaller budget</source>
        <translation>le budget de RAM %1 (%2 o) est sous le plancher de ce modèle, %3 (%4 o), tel qu’il est ouvert (contexte %5, bloc de préremplissage %6, %7 point(s) de reprise par session) ; rouvrez le modèle pour un budget plus petit</translation>
    </message>
    <message>
        <source>RAM budget %1 (%2 B) needs %3 expert cache slots; the cache was opened with room for %4; reopen the model to grow beyond %5 (%6 B)</source>
        <translation>le budget de RAM %1 (%2 o) demande %3 emplacements de cache d’experts ; le cache a été ouvert avec de la place pour %4 ; rouvrez le modèle pour dépasser %5 (%6 o)</translation>
    </message>
    <message>
        <source>%1not a Sluice session file (%2 bytes)</source>
        <translation>%1pas un fichier de session Sluice (%2 octets)</translation>
    </message>
    <message>
        <source>%1not a Sluice session file</source>
        <translation>%1pas un fichier de session Sluice</translation>
    </message>
    <message>
        <source>%1session version %2 (this build reads %3; saved by an older Sluice, the conversation must be read again)</source>
        <translation>%1session de version %2 (cette version lit la %3 ; enregistrée par un Sluice plus ancien, la conversation doit être relue)</translation>
    </message>
    <message>
        <source>%1session version %2 (this build reads %3; saved by a newer Sluice)</source>
        <translation>%1session de version %2 (cette version lit la %3 ; enregistrée par un Sluice plus récent)</translation>
    </message>
    <message>
        <source>%1truncated session file (%2 bytes)</source>
        <translation>%1fichier de session tronqué (%2 octets)</translation>
    </message>
    <message>
        <source>%1checksum mismatch (truncated or damaged session file)</source>
        <translation>%1somme de contrôle erronée (fichier de session tronqué ou endommagé)</translation>
    </message>
    <message>
        <source>%1saved for another model: %2 %3, this model has %4</source>
        <translation>%1enregistrée pour un autre modèle : %2 %3, ce modèle a %4</translation>
    </message>
    <message>
        <source>%1saved for another model (container fingerprint differs)</source>
        <translation>%1enregistrée pour un autre modèle (l’empreinte du conteneur diffère)</translation>
    </message>
    <message>
        <source>%1position %2 exceeds this session&apos;s context length %3</source>
        <translation>%1la position %2 dépasse la longueur de contexte %3 de cette session</translation>
    </message>
    <message>
        <source>context full: %1 + %2 tokens exceed the context length %3</source>
        <translation>contexte plein : %1 + %2 jetons dépassent la longueur de contexte %3</translation>
    </message>
    <message>
        <source>%1: cannot create the folder</source>
        <translation>%1 : impossible de créer le dossier</translation>
    </message>
    <message>
        <source>download cancelled</source>
        <translation>téléchargement annulé</translation>
    </message>
    <message>
        <source>download stopped</source>
        <translation>téléchargement arrêté</translation>
    </message>
    <message>
        <source>%1: cannot create its folder</source>
        <translation>%1 : impossible de créer son dossier</translation>
    </message>
    <message>
        <source>%1: cannot write %2</source>
        <translation>%1 : impossible d’écrire %2</translation>
    </message>
    <message>
        <source>%1: not enough free space in %2 (%3 MiB needed, %4 MiB free)</source>
        <translation>%1 : pas assez d’espace libre dans %2 (%3 Mio nécessaires, %4 Mio libres)</translation>
    </message>
    <message>
        <source>%1: gave up after %2 attempts (the body ended early)</source>
        <translation>%1 : abandon après %2 tentatives (les données se sont arrêtées trop tôt)</translation>
    </message>
    <message>
        <source>%1: gave up after %2 attempts (%3)</source>
        <translation>%1 : abandon après %2 tentatives (%3)</translation>
    </message>
    <message>
        <source>%1: cannot rename the finished part into place</source>
        <translation>%1 : impossible de renommer la partie terminée à sa place</translation>
    </message>
    <message>
        <source>%1@%2: cannot list the repository: %3</source>
        <translation>%1@%2 : impossible de lister le dépôt : %3</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a repository name (owner/name)</source>
        <translation>« %1 » n’est pas un nom de dépôt (propriétaire/nom)</translation>
    </message>
    <message>
        <source>%1: the server closed the connection</source>
        <translation>%1 : le serveur a fermé la connexion</translation>
    </message>
    <message>
        <source>%1: not an http:// or https:// URL</source>
        <translation>%1 : pas une URL http:// ou https://</translation>
    </message>
    <message>
        <source>%1: the server lists no model</source>
        <translation>%1 : le serveur ne liste aucun modèle</translation>
    </message>
    <message>
        <source>%1: the stream ended before the reply finished (no finish_reason)</source>
        <translation>%1 : le flux s’est terminé avant la fin de la réponse (pas de finish_reason)</translation>
    </message>
    <message>
        <source>%1: not enough free space for %2: %3 MiB needed, %4 MiB free</source>
        <translation>%1 : pas assez d’espace libre pour %2 : %3 Mio nécessaires, %4 Mio libres</translation>
    </message>
    <message>
        <source>%1: no peer sent the torrent&apos;s metadata in %2 s (%3, %4 peers)</source>
        <translation>%1 : aucun pair n’a envoyé les métadonnées du torrent en %2 s (%3, %4 pairs)</translation>
    </message>
    <message>
        <source>%1: no peer for %2 s with %3 bytes still missing (%4)</source>
        <translation>%1 : aucun pair depuis %2 s alors qu’il manque encore %3 octets (%4)</translation>
    </message>
    <message>
        <source>%1: cannot create the folder: %2</source>
        <translation>%1 : impossible de créer le dossier : %2</translation>
    </message>
    <message>
        <source>%1: stopped with %2 of %3 bytes verified; run again to resume</source>
        <translation>%1 : arrêté avec %2 octets vérifiés sur %3 ; relancez pour reprendre</translation>
    </message>
    <message>
        <source>%1: stopped with %2 of %3 bytes verified; the files will be checked on the next run</source>
        <translation>%1 : arrêté avec %2 octets vérifiés sur %3 ; les fichiers seront vérifiés au prochain lancement</translation>
    </message>
    <message>
        <source>%1: no such file or folder</source>
        <translation>%1 : fichier ou dossier introuvable</translation>
    </message>
    <message>
        <source>RAM budget %1 (%2 B) is below this model&apos;s floor of %3 (%4 B) at context %5 (ask for at least %6: the process&apos;s own memory moves between runs); see `sluice-cli plan MODEL`</source>
        <translation>le budget de RAM %1 (%2 o) est sous le plancher de ce modèle, %3 (%4 o), au contexte %5 (demandez au moins %6 : la mémoire propre du processus varie d’un lancement à l’autre) ; voir `sluice-cli plan MODEL`</translation>
    </message>
    <message>
        <source>RAM budget %1 (%2 B) is below this model&apos;s floor of %3 (%4 B) at context %5; see `sluice-cli plan MODEL`</source>
        <translation>le budget de RAM %1 (%2 o) est sous le plancher de ce modèle, %3 (%4 o), au contexte %5 ; voir `sluice-cli plan MODEL`</translation>
    </message>
    <message>
        <source>%1: is a directory, not a regular file</source>
        <translation>%1 : est un dossier, pas un fichier ordinaire</translation>
    </message>
    <message>
        <source>%1: is a FIFO (named pipe), not a regular file</source>
        <translation>%1 : est un FIFO (tube nommé), pas un fichier ordinaire</translation>
    </message>
    <message>
        <source>%1: is a character device, not a regular file</source>
        <translation>%1 : est un périphérique en mode caractère, pas un fichier ordinaire</translation>
    </message>
    <message>
        <source>%1: is a block device, not a regular file</source>
        <translation>%1 : est un périphérique en mode bloc, pas un fichier ordinaire</translation>
    </message>
    <message>
        <source>%1: is a socket, not a regular file</source>
        <translation>%1 : est un socket, pas un fichier ordinaire</translation>
    </message>
    <message>
        <source>%1: is not a regular file, not a regular file</source>
        <translation>%1 : n’est pas un fichier ordinaire</translation>
    </message>
    <message>
        <source>%1: no such file</source>
        <translation>%1 : fichier introuvable</translation>
    </message>
    <message>
        <source>no such folder</source>
        <translation>dossier introuvable</translation>
    </message>
    <message>
        <source>is a regular file, not a folder (a model is a folder)</source>
        <translation>est un fichier ordinaire, pas un dossier (un modèle est un dossier)</translation>
    </message>
    <message>
        <source>is a FIFO (named pipe), not a folder (a model is a folder)</source>
        <translation>est un FIFO (tube nommé), pas un dossier (un modèle est un dossier)</translation>
    </message>
    <message>
        <source>%1: cannot stat (%2)</source>
        <translation>%1 : impossible de lire ses attributs (%2)</translation>
    </message>
    <message>
        <source>%1: shorter than its size (changed while read)</source>
        <translation>%1 : plus court que sa taille (modifié pendant la lecture)</translation>
    </message>
    <message>
        <source>%1: read failed (%2)</source>
        <translation>%1 : échec de la lecture (%2)</translation>
    </message>
    <message>
        <source>the model has no tokenizer/chat format</source>
        <translation>le modèle n’a pas de tokeniseur ni de format de discussion</translation>
    </message>
    <message>
        <source>the model has no tokenizer: %1</source>
        <translation>le modèle n’a pas de tokeniseur : %1</translation>
    </message>
    <message>
        <source>the prompt is empty</source>
        <translation>l’invite est vide</translation>
    </message>
    <message>
        <source>%1: cannot truncate (%2)</source>
        <translation>%1 : troncature impossible (%2)</translation>
    </message>
    <message>
        <source>convert: expert format &apos;%1&apos; is not one of VQ3R, VQ2R, VQ4P</source>
        <translation>conversion : le format d’experts « %1 » n’est ni VQ3R, ni VQ2R, ni VQ4P</translation>
    </message>
    <message>
        <source>convert: trunk bits must be 3, 4 or 8</source>
        <translation>conversion : les bits du tronc doivent valoir 3, 4 ou 8</translation>
    </message>
    <message>
        <source>convert: jobs, sample and iteration counts out of range</source>
        <translation>conversion : nombre de tâches, d’échantillons ou d’itérations hors limites</translation>
    </message>
    <message>
        <source>%1: NaN scale (0xff) at row %2, group %3</source>
        <translation>%1 : échelle NaN (0xff) à la ligne %2, groupe %3</translation>
    </message>
    <message>
        <source>%1: non-finite value at row %2, column %3</source>
        <translation>%1 : valeur non finie à la ligne %2, colonne %3</translation>
    </message>
    <message>
        <source>%1: wrong size</source>
        <translation>%1 : taille incorrecte</translation>
    </message>
    <message>
        <source>%1: non-finite value</source>
        <translation>%1 : valeur non finie</translation>
    </message>
    <message>
        <source>%1; ask for fewer jobs</source>
        <translation>%1 ; demandez moins de tâches</translation>
    </message>
    <message>
        <source>%1: cannot read its header for the reclaim stub</source>
        <translation>%1 : impossible de lire son en-tête pour le fichier de remplacement</translation>
    </message>
    <message>
        <source>%1: cannot write the reclaim stub (%2)</source>
        <translation>%1 : impossible d’écrire le fichier de remplacement (%2)</translation>
    </message>
    <message>
        <source>%1: cannot link (%2)</source>
        <translation>%1 : liaison impossible (%2)</translation>
    </message>
    <message>
        <source>%1/%2: the stub of a reclaimed shard is missing</source>
        <translation>%1/%2 : le fichier de remplacement d’un fragment récupéré est absent</translation>
    </message>
    <message>
        <source>%1: cannot delete (%2)</source>
        <translation>%1 : suppression impossible (%2)</translation>
    </message>
    <message>
        <source>config.json: not a JSON object</source>
        <translation>config.json : pas un objet JSON</translation>
    </message>
    <message>
        <source>%1: U8 where BF16 or F32 was expected</source>
        <translation>%1 : U8 là où BF16 ou F32 était attendu</translation>
    </message>
    <message>
        <source>%1: its bytes do not match its shape</source>
        <translation>%1 : ses octets ne correspondent pas à sa forme</translation>
    </message>
    <message>
        <source>%1: non-finite value at element %2</source>
        <translation>%1 : valeur non finie à l’élément %2</translation>
    </message>
    <message>
        <source>%1: truncate failed (%2)</source>
        <translation>%1 : échec de la troncature (%2)</translation>
    </message>
    <message>
        <source>expert size: the model has no routed experts</source>
        <translation>taille des experts : le modèle n’a pas d’experts routés</translation>
    </message>
    <message>
        <source>MXFP4 experts need widths that are multiples of 32</source>
        <translation>les experts MXFP4 demandent des largeurs multiples de 32</translation>
    </message>
    <message>
        <source>unknown model &apos;%1&apos; (built in: k3, kimi-linear)</source>
        <translation>modèle « %1 » inconnu (intégrés : k3, kimi-linear)</translation>
    </message>
    <message>
        <source>unknown format &apos;%1&apos; (vq3r = converted container, mxfp4 = the release checkpoint; bf16 is Kimi-Linear&apos;s release)</source>
        <translation>format « %1 » inconnu (vq3r = conteneur converti, mxfp4 = le checkpoint de la version publiée ; bf16 est la version publiée de Kimi-Linear)</translation>
    </message>
    <message>
        <source>trunk.bin: %1 bytes, but its tensors end at %2 (trailing bytes)</source>
        <translation>trunk.bin : %1 octets, mais ses tenseurs s’arrêtent à %2 (octets en trop à la fin)</translation>
    </message>
    <message>
        <source>%1: record size %2 is smaller than the %3 bytes the expert matrices need</source>
        <translation>%1 : la taille d’enregistrement %2 est inférieure aux %3 octets dont les matrices d’experts ont besoin</translation>
    </message>
    <message>
        <source>%1: codebook_base %2 needs books beyond the %3 in codebooks.bin</source>
        <translation>%1 : codebook_base %2 demande des dictionnaires au-delà des %3 de codebooks.bin</translation>
    </message>
    <message>
        <source>%1bad magic (expected &quot;WCBK&quot;)</source>
        <translation>%1nombre magique erroné (&quot;WCBK&quot; attendu)</translation>
    </message>
    <message>
        <source>%1header says id %2</source>
        <translation>%1l’en-tête annonce l’identifiant %2</translation>
    </message>
    <message>
        <source>%1reserved field is %2 (must be 0)</source>
        <translation>%1le champ réservé vaut %2 (doit valoir 0)</translation>
    </message>
    <message>
        <source>%1%2 entries of dim %3, manifest says %4 of %5</source>
        <translation>%1%2 entrées de dimension %3, le manifeste en annonce %4 de dimension %5</translation>
    </message>
    <message>
        <source>%1non-finite value at entry %2, dim %3</source>
        <translation>%1valeur non finie à l’entrée %2, dimension %3</translation>
    </message>
    <message>
        <source>trunk.bin &apos;%1&apos;: non-finite scale at row %2, group %3</source>
        <translation>trunk.bin « %1 » : échelle non finie à la ligne %2, groupe %3</translation>
    </message>
    <message>
        <source>trunk.bin &apos;%1&apos;: non-finite value at element %2</source>
        <translation>trunk.bin « %1 » : valeur non finie à l’élément %2</translation>
    </message>
    <message>
        <source>model.embed_tokens.weight is missing</source>
        <translation>model.embed_tokens.weight est absent</translation>
    </message>
    <message>
        <source>token id %1 is outside the vocabulary (%2)</source>
        <translation>l’identifiant de jeton %1 est hors du vocabulaire (%2)</translation>
    </message>
    <message>
        <source>trunk.bin &apos;%1&apos;: non-finite value in row %2</source>
        <translation>trunk.bin « %1 » : valeur non finie à la ligne %2</translation>
    </message>
    <message>
        <source>layer %1 has no expert bank</source>
        <translation>la couche %1 n’a pas de banque d’experts</translation>
    </message>
    <message>
        <source>layer %1: no expert %2</source>
        <translation>couche %1 : pas d’expert %2</translation>
    </message>
    <message>
        <source>%1: cannot create directory (%2)</source>
        <translation>%1 : impossible de créer le dossier (%2)</translation>
    </message>
    <message>
        <source>%1/manifest.json: cannot remove the old manifest (%2)</source>
        <translation>%1/manifest.json : impossible de supprimer l’ancien manifeste (%2)</translation>
    </message>
    <message>
        <source>%1/%2: cannot remove the old placement (%3)</source>
        <translation>%1/%2 : impossible de supprimer l’ancien placement (%3)</translation>
    </message>
    <message>
        <source>writer: configJson is not a JSON object</source>
        <translation>écriture : configJson n’est pas un objet JSON</translation>
    </message>
    <message>
        <source>writer: record size %1 must be a 4096 multiple of at least %2</source>
        <translation>écriture : la taille d’enregistrement %1 doit être un multiple de 4096 d’au moins %2</translation>
    </message>
    <message>
        <source>writer: record too large</source>
        <translation>écriture : enregistrement trop grand</translation>
    </message>
    <message>
        <source>%1/trunk.bin.tmp: cannot create (%2)</source>
        <translation>%1/trunk.bin.tmp : création impossible (%2)</translation>
    </message>
    <message>
        <source>writer: already finished</source>
        <translation>écriture : déjà terminée</translation>
    </message>
    <message>
        <source>writer: &apos;%1&apos; has no shape</source>
        <translation>écriture : « %1 » n’a pas de forme</translation>
    </message>
    <message>
        <source>trunk.bin: write failed (%1)</source>
        <translation>trunk.bin : échec de l’écriture (%1)</translation>
    </message>
    <message>
        <source>writer: layer %1 has no codebooks</source>
        <translation>écriture : la couche %1 n’a pas de dictionnaires de codes</translation>
    </message>
    <message>
        <source>writer: layer %1 is not a MoE layer</source>
        <translation>écriture : la couche %1 n’est pas une couche MoE</translation>
    </message>
    <message>
        <source>writer: layer %1 was already written</source>
        <translation>écriture : la couche %1 a déjà été écrite</translation>
    </message>
    <message>
        <source>writer: layer %1 got %2 of %3 experts</source>
        <translation>écriture : la couche %1 a reçu %2 experts sur %3</translation>
    </message>
    <message>
        <source>writer: experts must start at 0</source>
        <translation>écriture : les experts doivent commencer à 0</translation>
    </message>
    <message>
        <source>writer: layer %1: expert %2 out of order</source>
        <translation>écriture : couche %1 : expert %2 hors d’ordre</translation>
    </message>
    <message>
        <source>writer: the trunk was already started</source>
        <translation>écriture : le tronc a déjà été commencé</translation>
    </message>
    <message>
        <source>writer: layer %1 has no experts</source>
        <translation>écriture : la couche %1 n’a pas d’experts</translation>
    </message>
    <message>
        <source>%1short read (%2 of %3 bytes)</source>
        <translation>%1lecture incomplète (%2 octets sur %3)</translation>
    </message>
    <message>
        <source>%1bad magic %2 (expected 0x50584557 &quot;WEXP&quot;)</source>
        <translation>%1nombre magique erroné %2 (0x50584557 &quot;WEXP&quot; attendu)</translation>
    </message>
    <message>
        <source>%1record belongs to layer %2 (wrong layer)</source>
        <translation>%1l’enregistrement appartient à la couche %2 (mauvaise couche)</translation>
    </message>
    <message>
        <source>%1record holds expert %2 (wrong expert id)</source>
        <translation>%1l’enregistrement contient l’expert %2 (mauvais identifiant d’expert)</translation>
    </message>
    <message>
        <source>%1record size %2 (%3 pages) differs from the bank stride %4</source>
        <translation>%1la taille d’enregistrement %2 (%3 pages) diffère du pas de la banque, %4</translation>
    </message>
    <message>
        <source>%1record fmt %2 (%3) disagrees with the manifest&apos;s %4</source>
        <translation>%1le format d’enregistrement %2 (%3) ne correspond pas au %4 du manifeste</translation>
    </message>
    <message>
        <source>%1lowrank_id %2 (must be 0 in format v0)</source>
        <translation>%1lowrank_id %2 (doit valoir 0 au format v0)</translation>
    </message>
    <message>
        <source>%1codebook id %2 + %3 books exceeds the %4 in codebooks.bin</source>
        <translation>%1l’identifiant de dictionnaire %2 + %3 dictionnaires dépasse les %4 de codebooks.bin</translation>
    </message>
    <message>
        <source>%1codebook_id %2 differs from the manifest&apos;s codebook_base %3</source>
        <translation>%1codebook_id %2 diffère du codebook_base %3 du manifeste</translation>
    </message>
    <message>
        <source>%1flags 0x%2 (v0 defines only the hot hint, 0x04; bf16 payloads and substitutes are not written in v0)</source>
        <translation>%1drapeaux 0x%2 (la v0 ne définit que l’indice « chaud », 0x04 ; les charges bf16 et les substituts ne sont pas écrits en v0)</translation>
    </message>
    <message>
        <source>%1reserved0 is %2 (must be 0)</source>
        <translation>%1reserved0 vaut %2 (doit valoir 0)</translation>
    </message>
    <message>
        <source>%1reserved1 is not zero</source>
        <translation>%1reserved1 n’est pas nul</translation>
    </message>
    <message>
        <source>%1gate offset %2 (must be 48)</source>
        <translation>%1position de gate %2 (doit valoir 48)</translation>
    </message>
    <message>
        <source>%1offsets out of order or overlapping (gate %2, up %3, down %4, scales %5)</source>
        <translation>%1positions dans le désordre ou qui se chevauchent (gate %2, up %3, down %4, échelles %5)</translation>
    </message>
    <message>
        <source>%1offsets out of range: scales end at %2, record is %3 bytes</source>
        <translation>%1positions hors limites : les échelles finissent à %2, l’enregistrement fait %3 octets</translation>
    </message>
    <message>
        <source>%1scale offset %2 is not 2-byte aligned</source>
        <translation>%1la position des échelles %2 n’est pas alignée sur 2 octets</translation>
    </message>
    <message>
        <source>%1scales lie outside the record</source>
        <translation>%1les échelles sont hors de l’enregistrement</translation>
    </message>
    <message>
        <source>%1checksum mismatch (stored 0x%2, computed 0x%3)</source>
        <translation>%1somme de contrôle erronée (stockée 0x%2, calculée 0x%3)</translation>
    </message>
    <message>
        <source>%1padding byte at offset %2 is not zero</source>
        <translation>%1l’octet de remplissage à la position %2 n’est pas nul</translation>
    </message>
    <message>
        <source>%1: read failed while fingerprinting</source>
        <translation>%1 : échec de la lecture pendant le calcul de l’empreinte</translation>
    </message>
    <message>
        <source>%1: cannot stat for the fingerprint</source>
        <translation>%1 : impossible de lire ses attributs pour l’empreinte</translation>
    </message>
    <message>
        <source>%1: not a number</source>
        <translation>%1 : pas un nombre</translation>
    </message>
    <message>
        <source>%1: %2 is outside [%3, %4]</source>
        <translation>%1 : %2 est hors de [%3, %4]</translation>
    </message>
    <message>
        <source>%1: not a whole number</source>
        <translation>%1 : pas un nombre entier</translation>
    </message>
    <message>
        <source>%1: not JSON (%2 at byte %3)</source>
        <translation>%1 : pas du JSON (%2 à l’octet %3)</translation>
    </message>
    <message>
        <source>%1: not a JSON object</source>
        <translation>%1 : pas un objet JSON</translation>
    </message>
    <message>
        <source>%1: not true or false</source>
        <translation>%1 : ni true ni false</translation>
    </message>
    <message>
        <source>%1missing &apos;%2&apos;</source>
        <translation>%1« %2 » absent</translation>
    </message>
    <message>
        <source>%1&apos;%2&apos; is not an integer</source>
        <translation>%1« %2 » n’est pas un entier</translation>
    </message>
    <message>
        <source>%1&apos;%2&apos; = %3 is outside [%4, %5]</source>
        <translation>%1« %2 » = %3 est hors de [%4, %5]</translation>
    </message>
    <message>
        <source>%1&apos;%2&apos; is not a number in range</source>
        <translation>%1« %2 » n’est pas un nombre dans les limites</translation>
    </message>
    <message>
        <source>%1&apos;%2&apos; is not a boolean</source>
        <translation>%1« %2 » n’est pas un booléen</translation>
    </message>
    <message>
        <source>%1&apos;merge_kernel_size&apos; must be two integers in [1, 8]</source>
        <translation>%1&apos;merge_kernel_size&apos; doit être deux entiers dans [1, 8]</translation>
    </message>
    <message>
        <source>%1&apos;%2&apos; must have 3 entries</source>
        <translation>%1« %2 » doit avoir 3 entrées</translation>
    </message>
    <message>
        <source>%1&apos;%2&apos; has a bad entry</source>
        <translation>%1« %2 » a une entrée erronée</translation>
    </message>
    <message>
        <source>%1qkv_hidden_size %2 is not a multiple of the heads</source>
        <translation>%1qkv_hidden_size %2 n’est pas un multiple du nombre de têtes</translation>
    </message>
    <message>
        <source>config: linear_attn_config.%1 is missing or not a list</source>
        <translation>config : linear_attn_config.%1 est absent ou n’est pas une liste</translation>
    </message>
    <message>
        <source>config: linear_attn_config.%1 holds an entry outside 1..%2 (the lists are 1-based)</source>
        <translation>config : linear_attn_config.%1 contient une entrée hors de 1..%2 (les listes comptent depuis 1)</translation>
    </message>
    <message>
        <source>config: layer %1 (1-based %2) is listed twice in kda_layers/full_attn_layers</source>
        <translation>config : la couche %1 (%2 en comptant depuis 1) figure deux fois dans kda_layers/full_attn_layers</translation>
    </message>
    <message>
        <source>config: layer %1 (1-based %2) is in neither kda_layers nor full_attn_layers</source>
        <translation>config : la couche %1 (%2 en comptant depuis 1) n’est ni dans kda_layers ni dans full_attn_layers</translation>
    </message>
    <message>
        <source>expert_quant: &apos;fmt&apos; is missing or not a string</source>
        <translation>expert_quant : &apos;fmt&apos; est absent ou n’est pas une chaîne</translation>
    </message>
    <message>
        <source>expert_quant: fmt &apos;%1&apos; is not VQ3R, VQ2R or VQ4P</source>
        <translation>expert_quant : fmt « %1 » n’est ni VQ3R, ni VQ2R, ni VQ4P</translation>
    </message>
    <message>
        <source>expert_quant: index_block %1 (only 64 and 0 are defined)</source>
        <translation>expert_quant : index_block %1 (seuls 64 et 0 sont définis)</translation>
    </message>
    <message>
        <source>expert_quant: index_bits %1 (only 8 or 6)</source>
        <translation>expert_quant : index_bits %1 (seulement 8 ou 6)</translation>
    </message>
    <message>
        <source>expert_quant: fmt %1 with index_bits %2</source>
        <translation>expert_quant : fmt %1 avec index_bits %2</translation>
    </message>
    <message>
        <source>expert_quant: VQ4P needs 4 stages of 64 entries, got %1 x %2</source>
        <translation>expert_quant : VQ4P demande 4 étages de 64 entrées, reçu %1 x %2</translation>
    </message>
    <message>
        <source>expert_quant: %1 entries with %2-bit indices (must be %3)</source>
        <translation>expert_quant : %1 entrées avec des indices sur %2 bits (%3 requises)</translation>
    </message>
    <message>
        <source>expert_quant: VQ3R with %1 stages</source>
        <translation>expert_quant : VQ3R avec %1 étages</translation>
    </message>
    <message>
        <source>expert_quant: VQ2R with %1 stages</source>
        <translation>expert_quant : VQ2R avec %1 étages</translation>
    </message>
    <message>
        <source>config: hidden_act &apos;%1&apos; (only silu and situ)</source>
        <translation>config : hidden_act « %1 » (seulement silu et situ)</translation>
    </message>
    <message>
        <source>config: moe_router_activation_func is not &apos;sigmoid&apos;</source>
        <translation>config : moe_router_activation_func n’est pas &apos;sigmoid&apos;</translation>
    </message>
    <message>
        <source>config: num_experts_per_token %1 exceeds num_experts %2</source>
        <translation>config : num_experts_per_token %1 dépasse num_experts %2</translation>
    </message>
    <message>
        <source>config: first_k_dense_replace exceeds num_hidden_layers</source>
        <translation>config : first_k_dense_replace dépasse num_hidden_layers</translation>
    </message>
    <message>
        <source>config: KDA width num_heads x head_dim is absurd</source>
        <translation>config : la largeur KDA num_heads x head_dim est absurde</translation>
    </message>
    <message>
        <source>config: attention or shared-expert width is absurd</source>
        <translation>config : la largeur de l’attention ou de l’expert partagé est absurde</translation>
    </message>
    <message>
        <source>%1: missing or bad &apos;name&apos;</source>
        <translation>%1 : &apos;name&apos; absent ou erroné</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;: fmt %3 is not a trunk format</source>
        <translation>%1 « %2 » : le format %3 n’est pas un format de tronc</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;: &apos;shape&apos; must be a list of 1 to 8 dimensions</source>
        <translation>%1 « %2 » : &apos;shape&apos; doit être une liste de 1 à 8 dimensions</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;: dimension %3 is not in [1, 2^32]</source>
        <translation>%1 « %2 » : la dimension %3 n’est pas dans [1, 2^32]</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;: element count overflows</source>
        <translation>%1 « %2 » : le nombre d’éléments déborde</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;: %3 x %4 %5 does not fit in trunk.bin (%6 bytes)</source>
        <translation>%1 « %2 » : %3 x %4 %5 ne tient pas dans trunk.bin (%6 octets)</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;: bytes [%3, +%4) lie outside trunk.bin (%5 bytes)</source>
        <translation>%1 « %2 » : les octets [%3, +%4) sont hors de trunk.bin (%5 octets)</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;: group %3 (only 128)</source>
        <translation>%1 « %2 » : groupe %3 (seul 128 est permis)</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;: scales [%3, +%4) lie outside trunk.bin</source>
        <translation>%1 « %2 » : les échelles [%3, +%4) sont hors de trunk.bin</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;: scale_off is not 2-byte aligned</source>
        <translation>%1 « %2 » : scale_off n’est pas aligné sur 2 octets</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos;: &apos;bytes&apos; is %3 but shape and fmt need %4</source>
        <translation>%1 « %2 » : &apos;bytes&apos; vaut %3 mais la forme et le format demandent %4</translation>
    </message>
    <message>
        <source>manifest.json: %1 bytes is too large</source>
        <translation>manifest.json : %1 octets, c’est trop grand</translation>
    </message>
    <message>
        <source>manifest.json: not valid JSON (%1 at offset %2)</source>
        <translation>manifest.json : JSON invalide (%1 à la position %2)</translation>
    </message>
    <message>
        <source>manifest.json: top level is not an object</source>
        <translation>manifest.json : le niveau supérieur n’est pas un objet</translation>
    </message>
    <message>
        <source>manifest.json: &apos;format_version&apos; is absent (only version 0 is supported)</source>
        <translation>manifest.json : &apos;format_version&apos; est absent (seule la version 0 est prise en charge)</translation>
    </message>
    <message>
        <source>manifest.json: format_version %1 is not supported (only 0)</source>
        <translation>manifest.json : format_version %1 n’est pas prise en charge (seulement 0)</translation>
    </message>
    <message>
        <source>manifest.json: tensor_prefix is too long</source>
        <translation>manifest.json : tensor_prefix est trop long</translation>
    </message>
    <message>
        <source>manifest.json: &apos;config&apos; is missing or not an object</source>
        <translation>manifest.json : &apos;config&apos; est absent ou n’est pas un objet</translation>
    </message>
    <message>
        <source>manifest.json: &apos;expert_quant&apos; is missing or not an object</source>
        <translation>manifest.json : &apos;expert_quant&apos; est absent ou n’est pas un objet</translation>
    </message>
    <message>
        <source>manifest.json: expert widths %1 and %2 are not multiples of vec_dim %3</source>
        <translation>manifest.json : les largeurs d’experts %1 et %2 ne sont pas des multiples de vec_dim %3</translation>
    </message>
    <message>
        <source>manifest.json: &apos;layers&apos; is missing or not an object</source>
        <translation>manifest.json : &apos;layers&apos; est absent ou n’est pas un objet</translation>
    </message>
    <message>
        <source>manifest.json: layers key &apos;%1&apos; is not a layer index</source>
        <translation>manifest.json : la clé de layers « %1 » n’est pas un indice de couche</translation>
    </message>
    <message>
        <source>manifest.json: layers has a bank for dense layer %1</source>
        <translation>manifest.json : layers a une banque pour la couche dense %1</translation>
    </message>
    <message>
        <source>manifest.json: layers.%1 is not an object</source>
        <translation>manifest.json : layers.%1 n’est pas un objet</translation>
    </message>
    <message>
        <source>manifest.json: layers.%1: &apos;file&apos; is not a plain file name</source>
        <translation>manifest.json : layers.%1 : &apos;file&apos; n’est pas un simple nom de fichier</translation>
    </message>
    <message>
        <source>manifest.json: layer %1 has %2 experts, config says %3</source>
        <translation>manifest.json : la couche %1 a %2 experts, la configuration en annonce %3</translation>
    </message>
    <message>
        <source>manifest.json: layer %1: bank bytes %2 is not a multiple of the expert count</source>
        <translation>manifest.json : couche %1 : les %2 octets de banque ne sont pas un multiple du nombre d’experts</translation>
    </message>
    <message>
        <source>manifest.json: layer %1: record size %2 is not a multiple of 4096</source>
        <translation>manifest.json : couche %1 : la taille d’enregistrement %2 n’est pas un multiple de 4096</translation>
    </message>
    <message>
        <source>manifest.json: layer %1: record size is absurd</source>
        <translation>manifest.json : couche %1 : la taille d’enregistrement est absurde</translation>
    </message>
    <message>
        <source>manifest.json: MoE layer %1 has no expert bank in &apos;layers&apos;</source>
        <translation>manifest.json : la couche MoE %1 n’a pas de banque d’experts dans &apos;layers&apos;</translation>
    </message>
    <message>
        <source>manifest.json: &apos;trunk&apos; is missing or not a list</source>
        <translation>manifest.json : &apos;trunk&apos; est absent ou n’est pas une liste</translation>
    </message>
    <message>
        <source>manifest.json: too many trunk tensors</source>
        <translation>manifest.json : trop de tenseurs du tronc</translation>
    </message>
    <message>
        <source>manifest.json: trunk[%1] is not an object</source>
        <translation>manifest.json : trunk[%1] n’est pas un objet</translation>
    </message>
    <message>
        <source>manifest.json: tensor &apos;%1&apos; appears twice</source>
        <translation>manifest.json : le tenseur « %1 » apparaît deux fois</translation>
    </message>
    <message>
        <source>config: not a JSON object</source>
        <translation>config : pas un objet JSON</translation>
    </message>
    <message>
        <source>specials.json: not a JSON list</source>
        <translation>specials.json : pas une liste JSON</translation>
    </message>
    <message>
        <source>specials.json: entry %1 has no id in [0, %2)</source>
        <translation>specials.json : l’entrée %1 n’a pas d’identifiant dans [0, %2)</translation>
    </message>
    <message>
        <source>specials.json: entry %1 has no text</source>
        <translation>specials.json : l’entrée %1 n’a pas de texte</translation>
    </message>
    <message>
        <source>specials.json: id %1 appears twice</source>
        <translation>specials.json : l’identifiant %1 apparaît deux fois</translation>
    </message>
    <message>
        <source>vision.json: not a JSON object</source>
        <translation>vision.json : pas un objet JSON</translation>
    </message>
    <message>
        <source>bank %1: folder &apos;%2&apos; is not an absolute path</source>
        <translation>banque %1 : le dossier « %2 » n’est pas un chemin absolu</translation>
    </message>
    <message>
        <source>bank %1: folder is %2 characters (over %3)</source>
        <translation>banque %1 : le dossier fait %2 caractères (plus de %3)</translation>
    </message>
    <message>
        <source>bank %1: folder contains a NUL character</source>
        <translation>banque %1 : le dossier contient un caractère NUL</translation>
    </message>
    <message>
        <source>%1 bytes is over the %2-byte limit</source>
        <translation>%1 octets dépassent la limite de %2 octets</translation>
    </message>
    <message>
        <source>not valid JSON (%1 at byte %2)</source>
        <translation>JSON invalide (%1 à l’octet %2)</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>pas un objet JSON</translation>
    </message>
    <message>
        <source>&quot;format&quot; is not &quot;sluice-placement&quot;</source>
        <translation>&quot;format&quot; n’est pas &quot;sluice-placement&quot;</translation>
    </message>
    <message>
        <source>&quot;version&quot; is missing or not 1 (this build reads version 1)</source>
        <translation>&quot;version&quot; est absent ou ne vaut pas 1 (cette version lit la version 1)</translation>
    </message>
    <message>
        <source>&quot;banks&quot; is missing or not an object</source>
        <translation>&quot;banks&quot; est absent ou n’est pas un objet</translation>
    </message>
    <message>
        <source>%1 banks named, the manifest has %2</source>
        <translation>%1 banques nommées, le manifeste en a %2</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a bank file of this container&apos;s manifest</source>
        <translation>« %1 » n’est pas un fichier de banque du manifeste de ce conteneur</translation>
    </message>
    <message>
        <source>bank %1: the folder is not a string</source>
        <translation>banque %1 : le dossier n’est pas une chaîne</translation>
    </message>
    <message>
        <source>%1: cannot remove (%2)</source>
        <translation>%1 : suppression impossible (%2)</translation>
    </message>
    <message>
        <source>%1: U8 outside the routed experts (only experts are MXFP4 in the release; the trunk is BF16/F32)</source>
        <translation>%1 : U8 hors des experts routés (dans la version publiée, seuls les experts sont en MXFP4 ; le tronc est en BF16/F32)</translation>
    </message>
    <message>
        <source>%1: a scalar where the model needs a tensor</source>
        <translation>%1 : un scalaire là où le modèle a besoin d’un tenseur</translation>
    </message>
    <message>
        <source>layer %1, expert %2: tensor &apos;%3&apos; is missing from the checkpoint</source>
        <translation>couche %1, expert %2 : le tenseur « %3 » est absent du checkpoint</translation>
    </message>
    <message>
        <source>%1: dtype %2, expected %3 (%4)</source>
        <translation>%1 : dtype %2, %3 attendu (%4)</translation>
    </message>
    <message>
        <source>%1: shape %2, expected %3</source>
        <translation>%1 : forme %2, %3 attendue</translation>
    </message>
    <message>
        <source>%1: unexpected expert tensor (MXFP4 experts are weight_packed + weight_scale)</source>
        <translation>%1 : tenseur d’expert inattendu (les experts MXFP4 sont weight_packed + weight_scale)</translation>
    </message>
    <message>
        <source>%1: unexpected expert tensor (bf16 experts are .weight)</source>
        <translation>%1 : tenseur d’expert inattendu (les experts bf16 sont .weight)</translation>
    </message>
    <message>
        <source>%1: expert tensors for layers or experts the config does not have</source>
        <translation>%1 : tenseurs d’experts pour des couches ou des experts que la configuration n’a pas</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos; is not in the checkpoint</source>
        <translation>le tenseur « %1 » n’est pas dans le checkpoint</translation>
    </message>
    <message>
        <source>%1quant_method &apos;%2&apos; (only compressed-tensors)</source>
        <translation>%1quant_method « %2 » (seulement compressed-tensors)</translation>
    </message>
    <message>
        <source>%1format &apos;%2&apos; (only mxfp4-pack-quantized)</source>
        <translation>%1format « %2 » (seulement mxfp4-pack-quantized)</translation>
    </message>
    <message>
        <source>%1&apos;config_groups&apos; is missing or empty</source>
        <translation>%1&apos;config_groups&apos; est absent ou vide</translation>
    </message>
    <message>
        <source>%1missing</source>
        <translation>%1absent</translation>
    </message>
    <message>
        <source>%1num_bits is not 4</source>
        <translation>%1num_bits ne vaut pas 4</translation>
    </message>
    <message>
        <source>%1group_size is not 32</source>
        <translation>%1group_size ne vaut pas 32</translation>
    </message>
    <message>
        <source>%1type is not float (E2M1)</source>
        <translation>%1type n’est pas float (E2M1)</translation>
    </message>
    <message>
        <source>%1strategy &apos;%2&apos; (only group)</source>
        <translation>%1strategy « %2 » (seulement group)</translation>
    </message>
    <message>
        <source>%1scale_dtype &apos;%2&apos; (only torch.uint8, E8M0)</source>
        <translation>%1scale_dtype « %2 » (seulement torch.uint8, E8M0)</translation>
    </message>
    <message>
        <source>config.json: %1 bytes is too large</source>
        <translation>config.json : %1 octets, c’est trop grand</translation>
    </message>
    <message>
        <source>config.json: not valid JSON (%1 at offset %2)</source>
        <translation>config.json : JSON invalide (%1 à la position %2)</translation>
    </message>
    <message>
        <source>config.json: top level is not an object</source>
        <translation>config.json : le niveau supérieur n’est pas un objet</translation>
    </message>
    <message>
        <source>config.json: has &apos;_outer&apos; (a converted container&apos;s manifest config, not a release)</source>
        <translation>config.json : contient &apos;_outer&apos; (la configuration du manifeste d’un conteneur converti, pas une version publiée)</translation>
    </message>
    <message>
        <source>config.json: MXFP4 experts need widths that are multiples of 32, got %1 and %2</source>
        <translation>config.json : les experts MXFP4 demandent des largeurs multiples de 32, reçu %1 et %2</translation>
    </message>
    <message>
        <source>config.json: quantization_config is not an object</source>
        <translation>config.json : quantization_config n’est pas un objet</translation>
    </message>
    <message>
        <source>tokenizer_config.json: %1 bytes is too large</source>
        <translation>tokenizer_config.json : %1 octets, c’est trop grand</translation>
    </message>
    <message>
        <source>tokenizer_config.json: not a JSON object</source>
        <translation>tokenizer_config.json : pas un objet JSON</translation>
    </message>
    <message>
        <source>tokenizer_config.json: added_tokens_decoder is not an object</source>
        <translation>tokenizer_config.json : added_tokens_decoder n’est pas un objet</translation>
    </message>
    <message>
        <source>tokenizer_config.json: added token id &apos;%1&apos; is not an id in [0, %2)</source>
        <translation>tokenizer_config.json : l’identifiant de jeton ajouté « %1 » n’est pas un identifiant dans [0, %2)</translation>
    </message>
    <message>
        <source>tokenizer_config.json: added token %1 has no content</source>
        <translation>tokenizer_config.json : le jeton ajouté %1 n’a pas de contenu</translation>
    </message>
    <message>
        <source>tokenizer_config.json: &apos;%1&apos; is named by two ids</source>
        <translation>tokenizer_config.json : « %1 » est nommé par deux identifiants</translation>
    </message>
    <message>
        <source>%1: dtype F16 is not supported (the Kimi releases store BF16 and F32)</source>
        <translation>%1 : le dtype F16 n’est pas pris en charge (les versions publiées de Kimi stockent du BF16 et du F32)</translation>
    </message>
    <message>
        <source>%1: dtype %2 is not supported (experts must be MXFP4 as U8 nibble pairs with U8 E8M0 scales, or BF16)</source>
        <translation>%1 : le dtype %2 n’est pas pris en charge (les experts doivent être en MXFP4 sous forme de paires de quartets U8 avec des échelles E8M0 en U8, ou en BF16)</translation>
    </message>
    <message>
        <source>%1: dtype &apos;%2&apos; is not supported (only BF16, F32 and U8)</source>
        <translation>%1 : le dtype « %2 » n’est pas pris en charge (seulement BF16, F32 et U8)</translation>
    </message>
    <message>
        <source>%1: header of %2 bytes is larger than the %3 MiB limit</source>
        <translation>%1 : un en-tête de %2 octets dépasse la limite de %3 Mio</translation>
    </message>
    <message>
        <source>%1: header of %2 bytes does not fit in the %3-byte file</source>
        <translation>%1 : un en-tête de %2 octets ne tient pas dans le fichier de %3 octets</translation>
    </message>
    <message>
        <source>%1: header is not valid JSON (%2 at offset %3)</source>
        <translation>%1 : l’en-tête n’est pas du JSON valide (%2 à la position %3)</translation>
    </message>
    <message>
        <source>%1: header is not a JSON object</source>
        <translation>%1 : l’en-tête n’est pas un objet JSON</translation>
    </message>
    <message>
        <source>%1: __metadata__ is not an object</source>
        <translation>%1 : __metadata__ n’est pas un objet</translation>
    </message>
    <message>
        <source>%1: empty or over-long name</source>
        <translation>%1 : nom vide ou trop long</translation>
    </message>
    <message>
        <source>%1: entry is not an object</source>
        <translation>%1 : l’entrée n’est pas un objet</translation>
    </message>
    <message>
        <source>%1: &apos;dtype&apos; is missing or not a string</source>
        <translation>%1 : &apos;dtype&apos; est absent ou n’est pas une chaîne</translation>
    </message>
    <message>
        <source>%1: &apos;shape&apos; must be a list of at most %2 dimensions</source>
        <translation>%1 : &apos;shape&apos; doit être une liste d’au plus %2 dimensions</translation>
    </message>
    <message>
        <source>%1: dimension %2 is not an integer in [0, 2^40]</source>
        <translation>%1 : la dimension %2 n’est pas un entier dans [0, 2^40]</translation>
    </message>
    <message>
        <source>%1: shape needs more bytes than the shard&apos;s %2-byte data section (truncated, or the header lies)</source>
        <translation>%1 : la forme demande plus d’octets que la section de données de %2 octets du fragment (tronquée, ou l’en-tête ment)</translation>
    </message>
    <message>
        <source>%1: &apos;data_offsets&apos; must be two non-negative integers</source>
        <translation>%1 : &apos;data_offsets&apos; doit être deux entiers positifs ou nuls</translation>
    </message>
    <message>
        <source>%1: data_offsets [%2, %3) lie outside the %4-byte data section (truncated, or the header lies)</source>
        <translation>%1 : data_offsets [%2, %3) sort de la section de données de %4 octets (tronquée, ou l’en-tête ment)</translation>
    </message>
    <message>
        <source>%1: data_offsets span %2 bytes but %3 shape needs %4</source>
        <translation>%1 : data_offsets couvre %2 octets mais la forme %3 en demande %4</translation>
    </message>
    <message>
        <source>%1: tensors &apos;%2&apos; and &apos;%3&apos; overlap</source>
        <translation>%1 : les tenseurs « %2 » et « %3 » se chevauchent</translation>
    </message>
    <message>
        <source>%1: not valid JSON (%2 at offset %3)</source>
        <translation>%1 : JSON invalide (%2 à la position %3)</translation>
    </message>
    <message>
        <source>%1: top level is not an object</source>
        <translation>%1 : le niveau supérieur n’est pas un objet</translation>
    </message>
    <message>
        <source>%1: &apos;weight_map&apos; is missing or not an object</source>
        <translation>%1 : &apos;weight_map&apos; est absent ou n’est pas un objet</translation>
    </message>
    <message>
        <source>%1: &apos;weight_map&apos; is empty</source>
        <translation>%1 : &apos;weight_map&apos; est vide</translation>
    </message>
    <message>
        <source>%1: empty or over-long tensor name</source>
        <translation>%1 : nom de tenseur vide ou trop long</translation>
    </message>
    <message>
        <source>%1: tensor &apos;%2&apos; does not map to a file name</source>
        <translation>%1 : le tenseur « %2 » ne correspond à aucun nom de fichier</translation>
    </message>
    <message>
        <source>%1: tensor &apos;%2&apos; maps to &apos;%3&apos;, which is not a plain file name in the folder</source>
        <translation>%1 : le tenseur « %2 » renvoie à « %3 », qui n’est pas un simple nom de fichier du dossier</translation>
    </message>
    <message>
        <source>%1: more than %2 shards</source>
        <translation>%1 : plus de %2 fragments</translation>
    </message>
    <message>
        <source>%1: is %2, expected a regular file</source>
        <translation>%1 : est %2, un fichier ordinaire était attendu</translation>
    </message>
    <message>
        <source>%1: %2 bytes is too short for a safetensors header (truncated?)</source>
        <translation>%1 : %2 octets, c’est trop court pour un en-tête safetensors (tronqué ?)</translation>
    </message>
    <message>
        <source>%1: header length %2 exceeds the file (%3 bytes) or the %4 MiB limit</source>
        <translation>%1 : la longueur d’en-tête %2 dépasse le fichier (%3 octets) ou la limite de %4 Mio</translation>
    </message>
    <message>
        <source>%1, tensor &apos;%2&apos;: also stored in shard &apos;%3&apos;</source>
        <translation>%1, tenseur « %2 » : également stocké dans le fragment « %3 »</translation>
    </message>
    <message>
        <source>shard &apos;%1&apos;, tensor &apos;%2&apos;: listed in the index but missing from the shard</source>
        <translation>fragment « %1 », tenseur « %2 » : listé dans l’index mais absent du fragment</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos;: the index says shard &apos;%2&apos; but it is stored in &apos;%3&apos;</source>
        <translation>tenseur « %1 » : l’index indique le fragment « %2 » mais il est stocké dans « %3 »</translation>
    </message>
    <message>
        <source>%1: stored in the shard but missing from the index</source>
        <translation>%1 : stocké dans le fragment mais absent de l’index</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos; has no shard</source>
        <translation>le tenseur « %1 » n’a pas de fragment</translation>
    </message>
    <message>
        <source>%1, tensor &apos;%2&apos;: %3 bytes for its shape</source>
        <translation>%1, tenseur « %2 » : %3 octets pour sa forme</translation>
    </message>
    <message>
        <source>%1, tensor &apos;%2&apos; twice</source>
        <translation>%1, tenseur « %2 » deux fois</translation>
    </message>
    <message>
        <source>%1: shape %2, expected [%3, %4]</source>
        <translation>%1 : forme %2, [%3, %4] attendue</translation>
    </message>
    <message>
        <source>%1: shape %2, expected [r &lt;= %3, %4]</source>
        <translation>%1 : forme %2, [r &lt;= %3, %4] attendue</translation>
    </message>
    <message>
        <source>%1: %2 elements %3, expected %4</source>
        <translation>%1 : %2 éléments %3, %4 attendus</translation>
    </message>
    <message>
        <source>%1: %2 elements, expected at least %3</source>
        <translation>%1 : %2 éléments, au moins %3 attendus</translation>
    </message>
    <message>
        <source>missing tensor &apos;%1&apos;</source>
        <translation>tenseur « %1 » absent</translation>
    </message>
    <message>
        <source>%1%2f_a_proj.weight: rank %3 differs from %4 in earlier layers</source>
        <translation>%1%2f_a_proj.weight : le rang %3 diffère du rang %4 des couches précédentes</translation>
    </message>
    <message>
        <source>%1%2g_a_proj.weight: rank differs from earlier layers</source>
        <translation>%1%2g_a_proj.weight : le rang diffère de celui des couches précédentes</translation>
    </message>
    <message>
        <source>vision text_hidden_size %1 differs from hidden_size %2</source>
        <translation>vision : text_hidden_size %1 diffère de hidden_size %2</translation>
    </message>
    <message>
        <source>vision mm_hidden_size %1 differs from vt_hidden_size</source>
        <translation>vision : mm_hidden_size %1 diffère de vt_hidden_size</translation>
    </message>
    <message>
        <source>%1: too large</source>
        <translation>%1 : trop grand</translation>
    </message>
    <message>
        <source>%1.json: no trunk cache</source>
        <translation>%1.json : pas de cache du tronc</translation>
    </message>
    <message>
        <source>%1: trunk cache is for other shards or options (stale)</source>
        <translation>%1 : le cache du tronc est celui d’autres fragments ou d’autres options (périmé)</translation>
    </message>
    <message>
        <source>%1.json: tensor count differs from the release</source>
        <translation>%1.json : le nombre de tenseurs diffère de la version publiée</translation>
    </message>
    <message>
        <source>%1.json: entry for &apos;%2&apos; does not match the release</source>
        <translation>%1.json : l’entrée de « %2 » ne correspond pas à la version publiée</translation>
    </message>
    <message>
        <source>%1: %2 bytes, the index needs %3 (truncated?)</source>
        <translation>%1 : %2 octets, l’index en demande %3 (tronqué ?)</translation>
    </message>
    <message>
        <source>trunk cache: cancelled after &apos;%1&apos; (resumable)</source>
        <translation>cache du tronc : annulé après « %1 » (reprise possible)</translation>
    </message>
    <message>
        <source>%1: cannot create</source>
        <translation>%1 : création impossible</translation>
    </message>
    <message>
        <source>%1: write failed</source>
        <translation>%1 : échec de l’écriture</translation>
    </message>
    <message>
        <source>%1: cannot replace</source>
        <translation>%1 : remplacement impossible</translation>
    </message>
    <message>
        <source>%1: cannot resolve the folder (%2)</source>
        <translation>%1 : impossible de résoudre le dossier (%2)</translation>
    </message>
    <message>
        <source>%1: not a folder</source>
        <translation>%1 : pas un dossier</translation>
    </message>
    <message>
        <source>%1: %2 bytes needed, %3 free</source>
        <translation>%1 : %2 octets nécessaires, %3 libres</translation>
    </message>
    <message>
        <source>%1: cannot create the disk-test file (%2)</source>
        <translation>%1 : impossible de créer le fichier de test du disque (%2)</translation>
    </message>
    <message>
        <source>%1: cannot write the disk-test file (%2)</source>
        <translation>%1 : impossible d’écrire le fichier de test du disque (%2)</translation>
    </message>
    <message>
        <source>%1: cannot remove the old copy (%2)</source>
        <translation>%1 : impossible de supprimer l’ancienne copie (%2)</translation>
    </message>
    <message>
        <source>%1: cannot create the bank folder (%2)</source>
        <translation>%1 : impossible de créer le dossier de la banque (%2)</translation>
    </message>
    <message>
        <source>%1: named twice (as %2)</source>
        <translation>%1 : nommé deux fois (comme %2)</translation>
    </message>
    <message>
        <source>no folder to place the banks in (or ask for them back)</source>
        <translation>aucun dossier où placer les banques (ou demandez leur retour)</translation>
    </message>
    <message>
        <source>adapting the budget: no memory-pressure source on this system</source>
        <translation>adaptation du budget : aucune source de pression mémoire sur ce système</translation>
    </message>
    <message>
        <source>the predicted speed needs a disk speed above 0</source>
        <translation>la vitesse prévue demande une vitesse de disque supérieure à 0</translation>
    </message>
    <message>
        <source>no folder given</source>
        <translation>aucun dossier donné</translation>
    </message>
    <message>
        <source>%1: cannot read the free space (%2)</source>
        <translation>%1 : impossible de lire l’espace libre (%2)</translation>
    </message>
    <message>
        <source>the model has no tokenizer (no tokenizer.model)</source>
        <translation>le modèle n’a pas de tokeniseur (pas de tokenizer.model)</translation>
    </message>
    <message>
        <source>layer %1: codebook id %2 out of range</source>
        <translation>couche %1 : identifiant de dictionnaire de codes %2 hors limites</translation>
    </message>
    <message>
        <source>experts per token %1 is outside 1..%2 (this model routes %3 experts per token; 0 = the model&apos;s own)</source>
        <translation>%1 experts par jeton, c’est hors de 1..%2 (ce modèle route %3 experts par jeton ; 0 = la valeur du modèle)</translation>
    </message>
    <message>
        <source>forward: chunk of %1 tokens (1..%2)</source>
        <translation>propagation : bloc de %1 jetons (1..%2)</translation>
    </message>
    <message>
        <source>token id %1 outside the vocabulary</source>
        <translation>identifiant de jeton %1 hors du vocabulaire</translation>
    </message>
    <message>
        <source>cancelled at layer %1</source>
        <translation>annulé à la couche %1</translation>
    </message>
    <message>
        <source>%1: cannot open image file</source>
        <translation>%1 : impossible d’ouvrir le fichier image</translation>
    </message>
    <message>
        <source>%1: image file of %2 bytes exceeds the limit of %3</source>
        <translation>%1 : un fichier image de %2 octets dépasse la limite de %3</translation>
    </message>
    <message>
        <source>%1: read failed</source>
        <translation>%1 : échec de la lecture</translation>
    </message>
    <message>
        <source>this model has no vision tower (or no &lt;|media_pad|&gt; id)</source>
        <translation>ce modèle n’a pas de tour de vision (ou pas d’identifiant &lt;|media_pad|&gt;)</translation>
    </message>
    <message>
        <source>%1: the model has no expert bank to read</source>
        <translation>%1 : le modèle n’a pas de banque d’experts à lire</translation>
    </message>
    <message>
        <source>disk test: seconds must be in (0, 3600]</source>
        <translation>test du disque : la durée doit être dans (0, 3600] secondes</translation>
    </message>
    <message>
        <source>estimate: the cache size in working sets must be finite and &gt;= 0</source>
        <translation>estimation : la taille du cache en ensembles de travail doit être finie et &gt;= 0</translation>
    </message>
    <message>
        <source>this model has no vision tower</source>
        <translation>ce modèle n’a pas de tour de vision</translation>
    </message>
    <message>
        <source>constrained JSON sampling: the model has no text tokens</source>
        <translation>échantillonnage JSON contraint : le modèle n’a pas de jetons de texte</translation>
    </message>
    <message>
        <source>context length must be at least 1</source>
        <translation>la longueur de contexte doit être au moins 1</translation>
    </message>
    <message>
        <source>thread placement: %1</source>
        <translation>placement des fils : %1</translation>
    </message>
    <message>
        <source>%1; ask for fewer threads</source>
        <translation>%1 ; demandez moins de fils</translation>
    </message>
    <message>
        <source>%1%2: tensor missing from the container</source>
        <translation>%1%2 : tenseur absent du conteneur</translation>
    </message>
    <message>
        <source>a session of %1 positions and %2 checkpoints exceeds what was planned at open (%3, %4; ModelOptions::contextLength and the checkpoints the budget allows)</source>
        <translation>une session de %1 positions et %2 points de reprise dépasse ce qui a été prévu à l’ouverture (%3, %4 ; ModelOptions::contextLength et les points de reprise que le budget permet)</translation>
    </message>
    <message>
        <source>%1 session(s) planned and alive (ModelOptions::sessions); close one first</source>
        <translation>%1 session(s) prévue(s) et ouverte(s) (ModelOptions::sessions) ; fermez-en une d’abord</translation>
    </message>
    <message>
        <source>the model has no tokenizer (%1)</source>
        <translation>le modèle n’a pas de tokeniseur (%1)</translation>
    </message>
    <message>
        <source>%1: shape [%2, %3], expected [%4, %5]</source>
        <translation>%1 : forme [%2, %3], [%4, %5] attendue</translation>
    </message>
    <message>
        <source>%1: %2 elements, expected %3</source>
        <translation>%1 : %2 éléments, %3 attendus</translation>
    </message>
    <message>
        <source>config: layer types do not cover num_hidden_layers</source>
        <translation>config : les types de couches ne couvrent pas num_hidden_layers</translation>
    </message>
    <message>
        <source>sessions must be 1..64</source>
        <translation>les sessions doivent être entre 1 et 64</translation>
    </message>
    <message>
        <source>context length %1 exceeds the model&apos;s max_position_embeddings %2</source>
        <translation>la longueur de contexte %1 dépasse le max_position_embeddings %2 du modèle</translation>
    </message>
    <message>
        <source>max patches %1 is outside 4..%2</source>
        <translation>max patches %1 est hors de 4..%2</translation>
    </message>
    <message>
        <source>RAM budget %1 (%2 B) is below this model&apos;s floor of %3 (%4 B) even with the trunk streamed (the streaming floor, context %5) (ask for at least %6: the process&apos;s own memory moves between runs); with the trunk resident the floor is %7; see `sluice-cli plan MODEL`</source>
        <translation>le budget de RAM %1 (%2 o) est sous le plancher de ce modèle, %3 (%4 o), même avec le tronc lu depuis le disque (le plancher en flux, contexte %5) (demandez au moins %6 : la mémoire propre du processus varie d’un lancement à l’autre) ; avec le tronc résident, le plancher est %7 ; voir `sluice-cli plan MODEL`</translation>
    </message>
    <message>
        <source>RAM budget %1 (%2 B) is below this model&apos;s floor of %3 (%4 B) even with the trunk streamed (the streaming floor, context %5); with the trunk resident the floor is %6; see `sluice-cli plan MODEL`</source>
        <translation>le budget de RAM %1 (%2 o) est sous le plancher de ce modèle, %3 (%4 o), même avec le tronc lu depuis le disque (le plancher en flux, contexte %5) ; avec le tronc résident, le plancher est %6 ; voir `sluice-cli plan MODEL`</translation>
    </message>
    <message>
        <source>checkpoints must be 0..1024</source>
        <translation>les points de reprise doivent être entre 0 et 1024</translation>
    </message>
    <message>
        <source>plan: usable RAM is 0</source>
        <translation>plan : la RAM utilisable est 0</translation>
    </message>
    <message>
        <source>release trunk bits must be 4, 8 or 16 (as stored), not %1</source>
        <translation>les bits du tronc de la version publiée doivent valoir 4, 8 ou 16 (tels que stockés), pas %1</translation>
    </message>
    <message>
        <source>%1: no trunk cache</source>
        <translation>%1 : pas de cache du tronc</translation>
    </message>
    <message>
        <source>%1: the release folder is read-only and no cache folder was given for its trunk cache (ModelOptions::cacheDir)</source>
        <translation>%1 : le dossier de version publiée est en lecture seule et aucun dossier de cache n’a été donné pour le cache de son tronc (ModelOptions::cacheDir)</translation>
    </message>
    <message>
        <source>%1: changed while it was opened</source>
        <translation>%1 : modifié pendant son ouverture</translation>
    </message>
    <message>
        <source>%1: non-finite scale (row %2)</source>
        <translation>%1 : échelle non finie (ligne %2)</translation>
    </message>
    <message>
        <source>%1 is missing from the release</source>
        <translation>%1 est absent de la version publiée</translation>
    </message>
    <message>
        <source>trunk cache &apos;%1&apos;: non-finite value in row %2</source>
        <translation>cache du tronc « %1 » : valeur non finie à la ligne %2</translation>
    </message>
    <message>
        <source>the release has no tokenizer (no tiktoken.model)</source>
        <translation>la version publiée n’a pas de tokeniseur (pas de tiktoken.model)</translation>
    </message>
    <message>
        <source>%1: %2 bytes, more than a rank file can be</source>
        <translation>%1 : %2 octets, plus qu’un fichier de rangs ne peut en contenir</translation>
    </message>
    <message>
        <source>no session file name given</source>
        <translation>aucun nom de fichier de session donné</translation>
    </message>
    <message>
        <source>%1model config without layer kinds</source>
        <translation>%1configuration de modèle sans types de couches</translation>
    </message>
    <message>
        <source>%1saved with %2, this model is open with %3 (the state depends on it; reopen the model with experts per token %4 to continue it)</source>
        <translation>%1enregistrée avec %2, ce modèle est ouvert avec %3 (l’état en dépend ; rouvrez le modèle avec %4 experts par jeton pour la poursuivre)</translation>
    </message>
    <message>
        <source>%1layer %2 has another type</source>
        <translation>%1la couche %2 est d’un autre type</translation>
    </message>
    <message>
        <source>%1layer %2 state cut short (damaged session file)</source>
        <translation>%1état de la couche %2 tronqué (fichier de session endommagé)</translation>
    </message>
    <message>
        <source>%1layer %2 cut short (damaged session file)</source>
        <translation>%1couche %2 tronquée (fichier de session endommagé)</translation>
    </message>
    <message>
        <source>%1layer %2 holds %3 positions, position is %4 (damaged session file)</source>
        <translation>%1la couche %2 contient %3 positions, la position est %4 (fichier de session endommagé)</translation>
    </message>
    <message>
        <source>%1layer %2 latents cut short (damaged session file)</source>
        <translation>%1latents de la couche %2 tronqués (fichier de session endommagé)</translation>
    </message>
    <message>
        <source>%1layer %2: non-finite state value at index %3</source>
        <translation>%1couche %2 : valeur d’état non finie à l’indice %3</translation>
    </message>
    <message>
        <source>%1token history cut short or holds an id outside the vocabulary (damaged session file)</source>
        <translation>%1historique des jetons tronqué ou contenant un identifiant hors du vocabulaire (fichier de session endommagé)</translation>
    </message>
    <message>
        <source>%1image count (damaged session file)</source>
        <translation>%1nombre d’images (fichier de session endommagé)</translation>
    </message>
    <message>
        <source>%1image %2 cut short (damaged session file)</source>
        <translation>%1image %2 tronquée (fichier de session endommagé)</translation>
    </message>
    <message>
        <source>%1image %2 span (damaged session file)</source>
        <translation>%1étendue de l’image %2 (fichier de session endommagé)</translation>
    </message>
    <message>
        <source>%1logits (damaged session file)</source>
        <translation>%1logits (fichier de session endommagé)</translation>
    </message>
    <message>
        <source>%1checkpoint count (damaged session file)</source>
        <translation>%1nombre de points de reprise (fichier de session endommagé)</translation>
    </message>
    <message>
        <source>%1checkpoint %2 (damaged session file)</source>
        <translation>%1point de reprise %2 (fichier de session endommagé)</translation>
    </message>
    <message>
        <source>%1checkpoint %2 cut short (damaged session file)</source>
        <translation>%1point de reprise %2 tronqué (fichier de session endommagé)</translation>
    </message>
    <message>
        <source>%1%2 unexpected bytes after the checkpoints (damaged session file)</source>
        <translation>%1%2 octets inattendus après les points de reprise (fichier de session endommagé)</translation>
    </message>
    <message>
        <source>%1: no bytes</source>
        <translation>%1 : aucun octet</translation>
    </message>
    <message>
        <source>image queue full: %1 images are waiting for a prompt</source>
        <translation>file d’images pleine : %1 images attendent une invite</translation>
    </message>
    <message>
        <source>an image of this session must be computed again but its file is unknown (add it again)</source>
        <translation>une image de cette session doit être recalculée mais son fichier est inconnu (ajoutez-la de nouveau)</translation>
    </message>
    <message>
        <source>%1: the image file changed since it was added</source>
        <translation>%1 : le fichier image a changé depuis son ajout</translation>
    </message>
    <message>
        <source>the prompt has %1 &lt;|media_pad|&gt; token(s) but %2 image(s) are queued (add one image per pad, in order)</source>
        <translation>l’invite contient %1 jeton(s) &lt;|media_pad|&gt; mais %2 image(s) sont en file (ajoutez une image par emplacement, dans l’ordre)</translation>
    </message>
    <message>
        <source>the prompt has %1 &lt;|media_pad|&gt; token(s) but %2 image(s) are queued and %3 held by the session (queue every image of the sequence, or only the new ones)</source>
        <translation>l’invite contient %1 jeton(s) &lt;|media_pad|&gt; mais %2 image(s) sont en file et %3 tenues par la session (mettez en file toutes les images de la séquence, ou seulement les nouvelles)</translation>
    </message>
    <message>
        <source>prefill cancelled</source>
        <translation>préremplissage annulé</translation>
    </message>
    <message>
        <source>non-finite logits at position %1 (the weights or the session state hold inf/NaN)</source>
        <translation>logits non finis à la position %1 (les poids ou l’état de la session contiennent inf/NaN)</translation>
    </message>
    <message>
        <source>the session was interrupted mid-token; reset it or load a saved session</source>
        <translation>la session a été interrompue au milieu d’un jeton ; réinitialisez-la ou chargez une session enregistrée</translation>
    </message>
    <message>
        <source>prefill: empty sequence</source>
        <translation>préremplissage : séquence vide</translation>
    </message>
    <message>
        <source>generate: empty prompt and no state to continue from</source>
        <translation>génération : invite vide et aucun état à poursuivre</translation>
    </message>
    <message>
        <source>constrained sampling: no token of the vocabulary continues the text (the tokenizer lacks single-byte tokens?)</source>
        <translation>échantillonnage contraint : aucun jeton du vocabulaire ne poursuit le texte (il manque au tokeniseur les jetons d’un seul octet ?)</translation>
    </message>
    <message>
        <source>the session was interrupted mid-token; nothing to save</source>
        <translation>la session a été interrompue au milieu d’un jeton ; rien à enregistrer</translation>
    </message>
    <message>
        <source>trunk &apos;%1&apos;: non-finite scale at row %2, group %3</source>
        <translation>tronc « %1 » : échelle non finie à la ligne %2, groupe %3</translation>
    </message>
    <message>
        <source>trunk &apos;%1&apos;: non-finite value at element %2</source>
        <translation>tronc « %1 » : valeur non finie à l’élément %2</translation>
    </message>
    <message>
        <source>trunk: streamed layers&apos; tensors overlap in the file (no readable layout)</source>
        <translation>tronc : les tenseurs des couches lues en flux se chevauchent dans le fichier (aucune disposition lisible)</translation>
    </message>
    <message>
        <source>this backend cannot change its budget without reopening</source>
        <translation>ce moteur ne peut pas changer son budget sans rouvrir le modèle</translation>
    </message>
    <message>
        <source>this backend keeps no session</source>
        <translation>ce moteur ne conserve pas de session</translation>
    </message>
    <message>
        <source>no model is open</source>
        <translation>aucun modèle n’est ouvert</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not an IP address</source>
        <translation>« %1 » n’est pas une adresse IP</translation>
    </message>
    <message>
        <source>the model has no free session for the server (open the model again with the server on, so its session is planned in the budget): %1</source>
        <translation>le modèle n’a pas de session libre pour le serveur (rouvrez le modèle avec le serveur activé, pour que sa session soit prévue dans le budget) : %1</translation>
    </message>
    <message>
        <source>%1: the server does not offer &quot;%2&quot; (it offers %3)</source>
        <translation>%1 : le serveur ne propose pas « %2 » (il propose %3)</translation>
    </message>
    <message>
        <source>%1: %2 after fetching it twice</source>
        <translation>%1 : %2 après l’avoir téléchargé deux fois</translation>
    </message>
    <message>
        <source>%1: the file listing is over %2 MiB</source>
        <translation>%1 : la liste des fichiers dépasse %2 Mio</translation>
    </message>
    <message>
        <source>%1: the file listing is not a JSON array (%2)</source>
        <translation>%1 : la liste des fichiers n’est pas un tableau JSON (%2)</translation>
    </message>
    <message>
        <source>%1: a listing entry without a path or size</source>
        <translation>%1 : une entrée de la liste sans chemin ni taille</translation>
    </message>
    <message>
        <source>%1: the listing names &apos;%2&apos;, a path that would leave the target folder</source>
        <translation>%1 : la liste nomme « %2 », un chemin qui sortirait du dossier cible</translation>
    </message>
    <message>
        <source>%1: %2: the listing&apos;s lfs.oid is not a SHA-256</source>
        <translation>%1 : %2 : le lfs.oid de la liste n’est pas un SHA-256</translation>
    </message>
    <message>
        <source>&apos;%1&apos; would leave the target folder</source>
        <translation>« %1 » sortirait du dossier cible</translation>
    </message>
    <message>
        <source>%1: cannot open the key file (%2)</source>
        <translation>%1 : impossible d’ouvrir le fichier de clé (%2)</translation>
    </message>
    <message>
        <source>%1: cannot stat the key file</source>
        <translation>%1 : impossible de lire les attributs du fichier de clé</translation>
    </message>
    <message>
        <source>%1: the key file is not a regular file</source>
        <translation>%1 : le fichier de clé n’est pas un fichier ordinaire</translation>
    </message>
    <message>
        <source>%1: the key file is readable by others (mode %2); chmod 600 it</source>
        <translation>%1 : le fichier de clé est lisible par d’autres (mode %2) ; faites chmod 600 dessus</translation>
    </message>
    <message>
        <source>%1: the key file belongs to another user</source>
        <translation>%1 : le fichier de clé appartient à un autre utilisateur</translation>
    </message>
    <message>
        <source>%1: the key file is over 64 KiB</source>
        <translation>%1 : le fichier de clé dépasse 64 Kio</translation>
    </message>
    <message>
        <source>%1: cannot read the key file</source>
        <translation>%1 : impossible de lire le fichier de clé</translation>
    </message>
    <message>
        <source>%1: the key file is empty</source>
        <translation>%1 : le fichier de clé est vide</translation>
    </message>
    <message>
        <source>an API key cannot contain a line break</source>
        <translation>une clé d’API ne peut pas contenir de saut de ligne</translation>
    </message>
    <message>
        <source>%1: cannot write the key file</source>
        <translation>%1 : impossible d’écrire le fichier de clé</translation>
    </message>
    <message>
        <source>%1: HTTP %2</source>
        <translation>%1 : HTTP %2</translation>
    </message>
    <message>
        <source>%1: HTTP %2: %3</source>
        <translation>%1 : HTTP %2 : %3</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>annulé</translation>
    </message>
    <message>
        <source>%1: %2 (refused)</source>
        <translation>%1 : %2 (refusé)</translation>
    </message>
    <message>
        <source>%1: no such image file</source>
        <translation>%1 : fichier image introuvable</translation>
    </message>
    <message>
        <source>%1: the image is %2 bytes, over the %3-byte limit</source>
        <translation>%1 : l’image fait %2 octets, au-delà de la limite de %3 octets</translation>
    </message>
    <message>
        <source>%1: the image grew over the limit while read</source>
        <translation>%1 : l’image a dépassé la limite pendant sa lecture</translation>
    </message>
    <message>
        <source>%1: not a PNG, JPEG, GIF, WebP or BMP image</source>
        <translation>%1 : pas une image PNG, JPEG, GIF, WebP ou BMP</translation>
    </message>
    <message>
        <source>tools: not a JSON array (%1)</source>
        <translation>tools : pas un tableau JSON (%1)</translation>
    </message>
    <message>
        <source>%1: not a model list (expected {&quot;data&quot;: [...]})</source>
        <translation>%1 : pas une liste de modèles ({&quot;data&quot;: [...]} attendu)</translation>
    </message>
    <message>
        <source>the reply is larger than %1 bytes (refused)</source>
        <translation>la réponse dépasse %1 octets (refusée)</translation>
    </message>
    <message>
        <source>a stream event is not a JSON object (%1): %2</source>
        <translation>un événement du flux n’est pas un objet JSON (%1) : %2</translation>
    </message>
    <message>
        <source>the server reported an error mid-stream: %1</source>
        <translation>le serveur a signalé une erreur en cours de flux : %1</translation>
    </message>
    <message>
        <source>more than 128 tool calls in one reply (refused)</source>
        <translation>plus de 128 appels d’outils dans une réponse (refusé)</translation>
    </message>
    <message>
        <source>the reply is not a JSON object (%1)</source>
        <translation>la réponse n’est pas un objet JSON (%1)</translation>
    </message>
    <message>
        <source>the reply has no choices</source>
        <translation>la réponse n’a pas de choix (choices)</translation>
    </message>
    <message>
        <source>peer %1: expected HOST:PORT</source>
        <translation>pair %1 : HÔTE:PORT attendu</translation>
    </message>
    <message>
        <source>peer %1: the port must be 1..65535</source>
        <translation>pair %1 : le port doit être entre 1 et 65535</translation>
    </message>
    <message>
        <source>peer %1: cannot resolve %2: %3</source>
        <translation>pair %1 : impossible de résoudre %2 : %3</translation>
    </message>
    <message>
        <source>%1: cannot add the torrent: %2</source>
        <translation>%1 : impossible d’ajouter le torrent : %2</translation>
    </message>
    <message>
        <source>cannot listen on %1: %2</source>
        <translation>impossible d’écouter sur %1 : %2</translation>
    </message>
    <message>
        <source>%1: not a valid magnet URI: %2</source>
        <translation>%1 : URI magnet invalide : %2</translation>
    </message>
    <message>
        <source>%1: %2 of %3 pieces are missing or do not match %4 (first: %5)</source>
        <translation>%1 : %2 pièces sur %3 manquent ou ne correspondent pas à %4 (la première : %5)</translation>
    </message>
    <message>
        <source>%1: not a .torrent file: it is empty</source>
        <translation>%1 : pas un fichier .torrent : il est vide</translation>
    </message>
    <message>
        <source>%1: not a valid .torrent file: %2</source>
        <translation>%1 : fichier .torrent invalide : %2</translation>
    </message>
    <message>
        <source>%1: cannot read the free space: %2</source>
        <translation>%1 : impossible de lire l’espace libre : %2</translation>
    </message>
    <message>
        <source>piece size %1: must be a power of two from 16 KiB to 256 MiB</source>
        <translation>taille de pièce %1 : doit être une puissance de deux entre 16 Kio et 256 Mio</translation>
    </message>
    <message>
        <source>%1: nothing to share (no file with data in it)</source>
        <translation>%1 : rien à partager (aucun fichier contenant des données)</translation>
    </message>
    <message>
        <source>%1: cannot hash the files: %2</source>
        <translation>%1 : impossible de hacher les fichiers : %2</translation>
    </message>
    <message>
        <source>%1: cannot write the .torrent file</source>
        <translation>%1 : impossible d’écrire le fichier .torrent</translation>
    </message>
    <message>
        <source>%1: cannot write the .torrent file: %2</source>
        <translation>%1 : impossible d’écrire le fichier .torrent : %2</translation>
    </message>
    <message>
        <source>listening on %1 (not loopback) needs an API key</source>
        <translation>écouter sur %1 (pas la boucle locale) demande une clé d’API</translation>
    </message>
    <message>
        <source>cannot listen on %1:%2: %3</source>
        <translation>impossible d’écouter sur %1:%2 : %3</translation>
    </message>
    <message>
        <source>%1: cannot open (Windows error %2)</source>
        <translation>%1 : ouverture impossible (erreur Windows %2)</translation>
    </message>
    <message>
        <source>%1: short read at offset %2: %3 of %4 bytes</source>
        <translation>%1 : lecture incomplète à la position %2 : %3 octets sur %4</translation>
    </message>
    <message>
        <source>%1: cannot open: %2</source>
        <translation>%1 : ouverture impossible : %2</translation>
    </message>
    <message>
        <source>%1: cannot stat: %2</source>
        <translation>%1 : impossible de lire ses attributs : %2</translation>
    </message>
    <message>
        <source>%1: direct read at offset %2 of %3 bytes is not 4 KiB aligned</source>
        <translation>%1 : la lecture directe à la position %2 de %3 octets n’est pas alignée sur 4 Kio</translation>
    </message>
    <message>
        <source>%1: read failed at offset %2: %3</source>
        <translation>%1 : échec de la lecture à la position %2 : %3</translation>
    </message>
    <message>
        <source>%1: short read at offset %2: %3 of %4 bytes (file truncated?)</source>
        <translation>%1 : lecture incomplète à la position %2 : %3 octets sur %4 (fichier tronqué ?)</translation>
    </message>
    <message>
        <source>%1: cannot open for io_uring</source>
        <translation>%1 : ouverture impossible pour io_uring</translation>
    </message>
    <message>
        <source>io_uring_queue_init failed (%1)</source>
        <translation>échec de io_uring_queue_init (%1)</translation>
    </message>
    <message>
        <source>%1: io_uring read returned %2</source>
        <translation>%1 : la lecture io_uring a renvoyé %2</translation>
    </message>
    <message>
        <source>diskbench: record size %1 B is not a positive multiple of 4096</source>
        <translation>test du disque : la taille d’enregistrement %1 o n’est pas un multiple positif de 4096</translation>
    </message>
    <message>
        <source>diskbench: queue depth must be 1..256</source>
        <translation>test du disque : la profondeur de file doit être entre 1 et 256</translation>
    </message>
    <message>
        <source>diskbench: duration must be in (0, 3600] seconds</source>
        <translation>test du disque : la durée doit être dans (0, 3600] secondes</translation>
    </message>
    <message>
        <source>%1: smaller than two records of %2 B</source>
        <translation>%1 : plus petit que deux enregistrements de %2 o</translation>
    </message>
    <message>
        <source>diskbench: built without liburing</source>
        <translation>test du disque : compilé sans liburing</translation>
    </message>
    <message>
        <source>expert cache: no banks, or layer/expert counts out of range</source>
        <translation>cache d’experts : pas de banques, ou nombre de couches ou d’experts hors limites</translation>
    </message>
    <message>
        <source>expert cache: record size %1 B is not a multiple of 4096</source>
        <translation>cache d’experts : la taille d’enregistrement %1 o n’est pas un multiple de 4096</translation>
    </message>
    <message>
        <source>expert cache: %1 slots is below the minimum of 2 x top-k = %2</source>
        <translation>cache d’experts : %1 emplacements, c’est sous le minimum de 2 x top-k = %2</translation>
    </message>
    <message>
        <source>expert cache: %1 exists only in cachesim (Belady needs the future; ARC&apos;s and S3-FIFO&apos;s lists are not per-slot scores; Least-Stale is replay only, docs/streaming.md)</source>
        <translation>cache d’experts : %1 n’existe que dans cachesim (Belady a besoin du futur ; les listes d’ARC et de S3-FIFO ne sont pas des scores par emplacement ; Least-Stale ne sert qu’au rejeu, docs/streaming.md)</translation>
    </message>
    <message>
        <source>%1: %2 B, expected at least %3 B (%4 records)</source>
        <translation>%1 : %2 o, au moins %3 o attendus (%4 enregistrements)</translation>
    </message>
    <message>
        <source>%1; ask for fewer I/O threads</source>
        <translation>%1 ; demandez moins de fils d’E/S</translation>
    </message>
    <message>
        <source>expert cache: %1 slots is outside 2 x top-k = %2 .. %3 (the most this cache can grow to without reopening the model)</source>
        <translation>cache d’experts : %1 emplacements, c’est hors de 2 x top-k = %2 .. %3 (le maximum que ce cache peut atteindre sans rouvrir le modèle)</translation>
    </message>
    <message>
        <source>expert cache: cannot shrink while a record is held (slot %1)</source>
        <translation>cache d’experts : impossible de réduire pendant qu’un enregistrement est tenu (emplacement %1)</translation>
    </message>
    <message>
        <source>%1: not a MoE layer with an expert bank</source>
        <translation>%1 : pas une couche MoE avec une banque d’experts</translation>
    </message>
    <message>
        <source>%1: expert id out of range 0..%2</source>
        <translation>%1 : identifiant d’expert hors de 0..%2</translation>
    </message>
    <message>
        <source>%1: cannot open hotlist</source>
        <translation>%1 : impossible d’ouvrir la liste chaude</translation>
    </message>
    <message>
        <source>%1: %2 B is not a hotlist of at most %3 entries</source>
        <translation>%1 : %2 o, ce n’est pas une liste chaude d’au plus %3 entrées</translation>
    </message>
    <message>
        <source>%1: not a version-1 usage.waste hotlist (bad magic or version)</source>
        <translation>%1 : pas une liste chaude usage.waste de version 1 (nombre magique ou version erronés)</translation>
    </message>
    <message>
        <source>%1: entry %2: %3</source>
        <translation>%1 : entrée %2 : %3</translation>
    </message>
    <message>
        <source>extent names file %1</source>
        <translation>l’étendue désigne le fichier %1</translation>
    </message>
    <message>
        <source>extent does not fit in the slot</source>
        <translation>l’étendue ne tient pas dans l’emplacement</translation>
    </message>
    <message>
        <source>%1: extent at %2 starts past the end (%3 bytes)</source>
        <translation>%1 : l’étendue à %2 commence après la fin (%3 octets)</translation>
    </message>
    <message>
        <source>%1: short read at offset %2 (file shrank?)</source>
        <translation>%1 : lecture incomplète à la position %2 (fichier raccourci ?)</translation>
    </message>
    <message>
        <source>RAM budget %1 (%2 B) is below what the engine holds now (%3 B); release memory first</source>
        <translation>le budget de RAM %1 (%2 o) est inférieur à ce que le moteur occupe maintenant (%3 o) ; libérez d’abord de la mémoire</translation>
    </message>
    <message>
        <source>allocating %1 B for &apos;%2&apos; would exceed the RAM budget of %3 (%4 B; %5 B already in use)</source>
        <translation>allouer %1 o pour « %2 » dépasserait le budget de RAM de %3 (%4 o ; %5 o déjà utilisés)</translation>
    </message>
    <message>
        <source>allocating &apos;%1&apos;: alignment %2 is not a power of two</source>
        <translation>allocation de « %1 » : l’alignement %2 n’est pas une puissance de deux</translation>
    </message>
    <message>
        <source>allocating %1 B for &apos;%2&apos;: out of memory</source>
        <translation>allocation de %1 o pour « %2 » : mémoire insuffisante</translation>
    </message>
    <message>
        <source>memory planner: top-k must be positive, got %1</source>
        <translation>planificateur de mémoire : top-k doit être positif, reçu %1</translation>
    </message>
    <message>
        <source>memory planner: MoE layer count must be positive, got %1</source>
        <translation>planificateur de mémoire : le nombre de couches MoE doit être positif, reçu %1</translation>
    </message>
    <message>
        <source>memory planner: expert record size %1 B is not a positive multiple of 4096</source>
        <translation>planificateur de mémoire : la taille d’enregistrement d’expert %1 o n’est pas un multiple positif de 4096</translation>
    </message>
    <message>
        <source>memory planner: negative layer, head, dimension or context figure</source>
        <translation>planificateur de mémoire : couche, tête, dimension ou contexte négatif</translation>
    </message>
    <message>
        <source>memory planner: more than 65536 experts per layer</source>
        <translation>planificateur de mémoire : plus de 65536 experts par couche</translation>
    </message>
    <message>
        <source>memory planner: figures overflow 64 bits (corrupt model shape?)</source>
        <translation>planificateur de mémoire : les chiffres dépassent 64 bits (forme du modèle corrompue ?)</translation>
    </message>
    <message>
        <source>cache sizing: the plan has no record size or top-k</source>
        <translation>dimensionnement du cache : le plan n’a ni taille d’enregistrement ni top-k</translation>
    </message>
    <message>
        <source>cache sizing: %1 slots is too many</source>
        <translation>dimensionnement du cache : %1 emplacements, c’est trop</translation>
    </message>
    <message>
        <source>%1: cannot open</source>
        <translation>%1 : ouverture impossible</translation>
    </message>
    <message>
        <source>%1: unreadable MemTotal line &apos;%2&apos;</source>
        <translation>%1 : ligne MemTotal illisible « %2 »</translation>
    </message>
    <message>
        <source>%1: no MemTotal line</source>
        <translation>%1 : pas de ligne MemTotal</translation>
    </message>
    <message>
        <source>%1/self/cgroup: cgroup path &apos;%2&apos; is not absolute</source>
        <translation>%1/self/cgroup : le chemin de cgroup « %2 » n’est pas absolu</translation>
    </message>
    <message>
        <source>%1/self/cgroup: cgroup path &apos;%2&apos; contains &apos;..&apos;</source>
        <translation>%1/self/cgroup : le chemin de cgroup « %2 » contient « .. »</translation>
    </message>
    <message>
        <source>GlobalMemoryStatusEx failed</source>
        <translation>échec de GlobalMemoryStatusEx</translation>
    </message>
    <message>
        <source>bad PSI value &apos;%1&apos;</source>
        <translation>valeur PSI « %1 » erronée</translation>
    </message>
    <message>
        <source>no &apos;some avg10=&apos; line</source>
        <translation>pas de ligne &apos;some avg10=&apos;</translation>
    </message>
    <message>
        <source>unreadable line &apos;%1&apos;</source>
        <translation>ligne illisible « %1 »</translation>
    </message>
    <message>
        <source>no MemTotal line</source>
        <translation>pas de ligne MemTotal</translation>
    </message>
    <message>
        <source>scripted pressure source: no samples</source>
        <translation>source de pression scriptée : aucun échantillon</translation>
    </message>
    <message>
        <source>%1: no VmRSS/VmHWM lines in kB</source>
        <translation>%1 : pas de lignes VmRSS/VmHWM en kB</translation>
    </message>
    <message>
        <source>could start only %1 of %2 reader threads: %3</source>
        <translation>seuls %1 fils de lecture sur %2 ont pu démarrer : %3</translation>
    </message>
    <message>
        <source>%1: cannot open routing trace</source>
        <translation>%1 : impossible d’ouvrir la trace de routage</translation>
    </message>
    <message>
        <source>%1: routing trace is %2 bytes, more than the limit of %3</source>
        <translation>%1 : la trace de routage fait %2 octets, plus que la limite de %3</translation>
    </message>
    <message>
        <source>%1: line longer than %2 bytes</source>
        <translation>%1 : ligne de plus de %2 octets</translation>
    </message>
    <message>
        <source>%1: more than %2 tokens</source>
        <translation>%1 : plus de %2 jetons</translation>
    </message>
    <message>
        <source>%1: not a JSON object (%2)</source>
        <translation>%1 : pas un objet JSON (%2)</translation>
    </message>
    <message>
        <source>%1: no &quot;layers&quot; array</source>
        <translation>%1 : pas de tableau &quot;layers&quot;</translation>
    </message>
    <message>
        <source>%1: empty &quot;layers&quot;</source>
        <translation>%1 : &quot;layers&quot; vide</translation>
    </message>
    <message>
        <source>%1: %2 layers, more than %3</source>
        <translation>%1 : %2 couches, plus de %3</translation>
    </message>
    <message>
        <source>%1: %2 layers, earlier lines had %3</source>
        <translation>%1 : %2 couches, les lignes précédentes en avaient %3</translation>
    </message>
    <message>
        <source>%1: layer %2 is not an array</source>
        <translation>%1 : la couche %2 n’est pas un tableau</translation>
    </message>
    <message>
        <source>%1: layer %2: %3 ids, more than %4</source>
        <translation>%1 : couche %2 : %3 identifiants, plus de %4</translation>
    </message>
    <message>
        <source>%1: layer %2: expert id is not an integer in 0..65535</source>
        <translation>%1 : couche %2 : un identifiant d’expert n’est pas un entier dans 0..65535</translation>
    </message>
    <message>
        <source>%1: layer %2: expert %3 listed twice</source>
        <translation>%1 : couche %2 : l’expert %3 figure deux fois</translation>
    </message>
    <message>
        <source>%1: no tokens in routing trace</source>
        <translation>%1 : aucun jeton dans la trace de routage</translation>
    </message>
    <message>
        <source>speed prediction: the disk bandwidth must be positive</source>
        <translation>prévision de vitesse : le débit du disque doit être positif</translation>
    </message>
    <message>
        <source>speed prediction: the model has no routed experts</source>
        <translation>prévision de vitesse : le modèle n’a pas d’experts routés</translation>
    </message>
    <message>
        <source>speed prediction: trace &apos;%1&apos; has no tokens</source>
        <translation>prévision de vitesse : la trace « %1 » n’a aucun jeton</translation>
    </message>
    <message>
        <source>%1: rank %2 is an empty token</source>
        <translation>%1 : le rang %2 est un jeton vide</translation>
    </message>
    <message>
        <source>%1: rank %2 repeats the bytes of rank %3</source>
        <translation>%1 : le rang %2 répète les octets du rang %3</translation>
    </message>
    <message>
        <source>%1: no token for the single byte %2</source>
        <translation>%1 : pas de jeton pour l’octet seul %2</translation>
    </message>
    <message>
        <source>%1expected &apos;&lt;base64&gt; &lt;rank&gt;&apos;</source>
        <translation>%1&apos;&lt;base64&gt; &lt;rang&gt;&apos; attendu</translation>
    </message>
    <message>
        <source>%1bad rank &apos;%2&apos;</source>
        <translation>%1rang « %2 » erroné</translation>
    </message>
    <message>
        <source>%1bad base64</source>
        <translation>%1base64 erroné</translation>
    </message>
    <message>
        <source>%1rank %2 is beyond the %3 entries of the file (ranks must be dense)</source>
        <translation>%1le rang %2 dépasse les %3 entrées du fichier (les rangs doivent être contigus)</translation>
    </message>
    <message>
        <source>%1rank %2 appears twice</source>
        <translation>%1le rang %2 apparaît deux fois</translation>
    </message>
    <message>
        <source>%1: ranks are not dense, %2 is missing</source>
        <translation>%1 : les rangs ne sont pas contigus, %2 manque</translation>
    </message>
    <message>
        <source>%1: no tokens</source>
        <translation>%1 : aucun jeton</translation>
    </message>
    <message>
        <source>%1: image without a size</source>
        <translation>%1 : image sans taille</translation>
    </message>
    <message>
        <source>%1: %2 image placeholders but %3 images</source>
        <translation>%1 : %2 emplacements d’image mais %3 images</translation>
    </message>
    <message>
        <source>%1: invalid JSON at offset %2: %3</source>
        <translation>%1 : JSON invalide à la position %2 : %3</translation>
    </message>
    <message>
        <source>thinking effort &apos;%1&apos;: expected low, high or max</source>
        <translation>effort de réflexion « %1 » : low, high ou max attendu</translation>
    </message>
    <message>
        <source>%1: tool result answers no known call and names no tool</source>
        <translation>%1 : le résultat d’outil ne répond à aucun appel connu et ne nomme aucun outil</translation>
    </message>
    <message>
        <source>%1: unknown role</source>
        <translation>%1 : rôle inconnu</translation>
    </message>
    <message>
        <source>tool choice &apos;%1&apos;: expected auto, required or none</source>
        <translation>choix d’outil « %1 » : auto, required ou none attendu</translation>
    </message>
    <message>
        <source>response format &apos;%1&apos; unknown</source>
        <translation>format de réponse « %1 » inconnu</translation>
    </message>
    <message>
        <source>%1: Kimi-Linear has no vision input</source>
        <translation>%1 : Kimi-Linear n’a pas d’entrée de vision</translation>
    </message>
    <message>
        <source>chat format needs the special token %1, which this tokenizer does not have</source>
        <translation>le format de discussion a besoin du jeton spécial %1, que ce tokeniseur n’a pas</translation>
    </message>
    <message>
        <source>the schema is not JSON: %1 at offset %2</source>
        <translation>le schéma n’est pas du JSON : %1 à la position %2</translation>
    </message>
    <message>
        <source>the schema must be a JSON object</source>
        <translation>le schéma doit être un objet JSON</translation>
    </message>
    <message>
        <source>schema: keyword &apos;%1&apos; must be an object</source>
        <translation>schéma : le mot-clé « %1 » doit être un objet</translation>
    </message>
    <message>
        <source>schema: keyword &apos;type&apos;: the root must be of type &quot;object&quot; (and no enum)</source>
        <translation>schéma : mot-clé &apos;type&apos; : la racine doit être de type &quot;object&quot; (et sans enum)</translation>
    </message>
    <message>
        <source>schema: the smallest valid document nests deeper than %1 levels</source>
        <translation>schéma : le plus petit document valide s’imbrique sur plus de %1 niveaux</translation>
    </message>
    <message>
        <source>pattern ends with a lone backslash</source>
        <translation>le motif se termine par une barre oblique inverse isolée</translation>
    </message>
    <message>
        <source>pattern offset %1: \S inside a class</source>
        <translation>motif, position %1 : \S dans une classe</translation>
    </message>
    <message>
        <source>pattern offset %1: unterminated \p{</source>
        <translation>motif, position %1 : \p{ non terminé</translation>
    </message>
    <message>
        <source>pattern offset %1: unterminated class</source>
        <translation>motif, position %1 : classe non terminée</translation>
    </message>
    <message>
        <source>pattern offset %1: unsupported class intersection</source>
        <translation>motif, position %1 : intersection de classes non prise en charge</translation>
    </message>
    <message>
        <source>pre-tokenisation pattern, offset %1 of the translated pattern: %2</source>
        <translation>motif de pré-tokenisation, position %1 du motif traduit : %2</translation>
    </message>
    <message>
        <source>tokenizer: unknown pattern &apos;%1&apos; (kimi or cl100k)</source>
        <translation>tokeniseur : motif « %1 » inconnu (kimi ou cl100k)</translation>
    </message>
    <message>
        <source>%1: no such file or directory</source>
        <translation>%1 : fichier ou dossier introuvable</translation>
    </message>
    <message>
        <source>specials: offset %1: %2</source>
        <translation>specials : position %1 : %2</translation>
    </message>
    <message>
        <source>specials: expected a JSON array of {&quot;id&quot;, &quot;text&quot;}</source>
        <translation>specials : tableau JSON de {&quot;id&quot;, &quot;text&quot;} attendu</translation>
    </message>
    <message>
        <source>%1needs an integer &quot;id&quot; and a string &quot;text&quot;</source>
        <translation>%1un &quot;id&quot; entier et un &quot;text&quot; chaîne sont nécessaires</translation>
    </message>
    <message>
        <source>%1id %2 lies inside the rank file&apos;s vocabulary (size %3)</source>
        <translation>%1l’identifiant %2 tombe dans le vocabulaire du fichier de rangs (taille %3)</translation>
    </message>
    <message>
        <source>%1empty text</source>
        <translation>%1texte vide</translation>
    </message>
    <message>
        <source>%1: inflates beyond the %2-byte limit</source>
        <translation>%1 : se décompresse au-delà de la limite de %2 octets</translation>
    </message>
    <message>
        <source>specials: id %1 appears twice</source>
        <translation>specials : l’identifiant %1 apparaît deux fois</translation>
    </message>
    <message>
        <source>specials: text &apos;%1&apos; appears twice</source>
        <translation>specials : le texte « %1 » apparaît deux fois</translation>
    </message>
    <message>
        <source>specials: &apos;%1&apos; names a different id</source>
        <translation>specials : « %1 » désigne un autre identifiant</translation>
    </message>
    <message>
        <source>token %1: id %2 is not in the vocabulary (size %3)</source>
        <translation>jeton %1 : l’identifiant %2 n’est pas dans le vocabulaire (taille %3)</translation>
    </message>
    <message>
        <source>%1: is %2, not a regular file; not replaced</source>
        <translation>%1 : est %2, pas un fichier ordinaire ; non remplacé</translation>
    </message>
    <message>
        <source>%1: close failed</source>
        <translation>%1 : échec de la fermeture</translation>
    </message>
    <message>
        <source>is %1, not a folder (a model is a folder)</source>
        <translation>est %1, pas un dossier (un modèle est un dossier)</translation>
    </message>
    <message>
        <source>cannot start %1 (%2)</source>
        <translation>impossible de démarrer %1 (%2)</translation>
    </message>
    <message>
        <source>CPU %1 is not one this process may run on (allowed: %2)</source>
        <translation>le processeur %1 n’est pas l’un de ceux où ce processus peut tourner (permis : %2)</translation>
    </message>
    <message>
        <source>placing threads on chosen CPUs is supported on Linux only</source>
        <translation>placer les fils sur des processeurs choisis n’est possible que sous Linux</translation>
    </message>
    <message>
        <source>CPU %1 is out of range</source>
        <translation>le processeur %1 est hors limites</translation>
    </message>
    <message>
        <source>cannot bind a thread to CPU %1 (%2)</source>
        <translation>impossible de lier un fil au processeur %1 (%2)</translation>
    </message>
    <message>
        <source>binding a thread to CPU %1 is supported on Linux only</source>
        <translation>lier un fil au processeur %1 n’est possible que sous Linux</translation>
    </message>
    <message>
        <source>virtual region of %1 B is out of range</source>
        <translation>une région virtuelle de %1 o est hors limites</translation>
    </message>
    <message>
        <source>cannot reserve %1 B of address space</source>
        <translation>impossible de réserver %1 o d’espace d’adressage</translation>
    </message>
    <message>
        <source>cannot reserve %1 B of address space (%2)</source>
        <translation>impossible de réserver %1 o d’espace d’adressage (%2)</translation>
    </message>
    <message>
        <source>image: truncated %1: %2 needs %3 bytes, the file has %4</source>
        <translation>image : %1 tronqué : %2 demande %3 octets, le fichier en a %4</translation>
    </message>
    <message>
        <source>image: truncated JPEG: the file ends at byte %1 before its end-of-image marker (a download or copy cut short?)</source>
        <translation>image : JPEG tronqué : le fichier s’arrête à l’octet %1 avant son marqueur de fin d’image (un téléchargement ou une copie interrompus ?)</translation>
    </message>
    <message>
        <source>image: zero width or height in the header</source>
        <translation>image : largeur ou hauteur nulle dans l’en-tête</translation>
    </message>
    <message>
        <source>image: %1 has a side longer than %2 pixels; the limits are %3 pixels a side and %4 megapixels</source>
        <translation>image : %1 a un côté de plus de %2 pixels ; les limites sont %3 pixels par côté et %4 mégapixels</translation>
    </message>
    <message>
        <source>image: %1 is %2 megapixels, more than the limit of %3 megapixels</source>
        <translation>image : %1 fait %2 mégapixels, plus que la limite de %3 mégapixels</translation>
    </message>
    <message>
        <source>%1: cannot open the image file</source>
        <translation>%1 : impossible d’ouvrir le fichier image</translation>
    </message>
    <message>
        <source>%1: the file is empty</source>
        <translation>%1 : le fichier est vide</translation>
    </message>
    <message>
        <source>%1: the file is %2 bytes, more than the limit of %3 bytes</source>
        <translation>%1 : le fichier fait %2 octets, plus que la limite de %3 octets</translation>
    </message>
    <message>
        <source>image: no data (zero-sized file)</source>
        <translation>image : aucune donnée (fichier de taille nulle)</translation>
    </message>
    <message>
        <source>image: %1 bytes, more than the limit of %2 bytes</source>
        <translation>image : %1 octets, plus que la limite de %2 octets</translation>
    </message>
    <message>
        <source>image: larger than the decoder can address</source>
        <translation>image : plus grande que ce que le décodeur peut adresser</translation>
    </message>
    <message>
        <source>image: Photoshop (PSD) files are not supported; save the image as PNG or JPEG</source>
        <translation>image : les fichiers Photoshop (PSD) ne sont pas pris en charge ; enregistrez l’image en PNG ou en JPEG</translation>
    </message>
    <message>
        <source>image: not a PNG, JPEG, GIF, BMP or TGA file, or a damaged one (%1)</source>
        <translation>image : pas un fichier PNG, JPEG, GIF, BMP ou TGA, ou un fichier endommagé (%1)</translation>
    </message>
    <message>
        <source>%1: %2 data is damaged or truncated (%3)</source>
        <translation>%1 : les données %2 sont endommagées ou tronquées (%3)</translation>
    </message>
    <message>
        <source>%1: decoded size differs from the header</source>
        <translation>%1 : la taille décodée diffère de l’en-tête</translation>
    </message>
    <message>
        <source>image size %1x%2 is empty</source>
        <translation>la taille d’image %1x%2 est vide</translation>
    </message>
    <message>
        <source>max_patches %1 is below 4 (the smallest grid is 2x2)</source>
        <translation>max_patches %1 est inférieur à 4 (la plus petite grille est 2x2)</translation>
    </message>
    <message>
        <source>patch size %1 is not positive</source>
        <translation>la taille de patch %1 n’est pas positive</translation>
    </message>
    <message>
        <source>image %1x%2 has %3 bytes of RGB</source>
        <translation>l’image %1x%2 a %3 octets de RVB</translation>
    </message>
    <message>
        <source>vision merge kernel %1x%2 (the even grid only fits merges of 1 or 2)</source>
        <translation>noyau de fusion de vision %1x%2 (la grille paire n’admet que des fusions de 1 ou 2)</translation>
    </message>
    <message>
        <source>image: damaged JPEG: Huffman table at byte %1 declares %2 codes (at most 256 are possible)</source>
        <translation>image : JPEG endommagé : la table de Huffman à l’octet %1 déclare %2 codes (256 au plus sont possibles)</translation>
    </message>
    <message>
        <source>image: damaged JPEG: Huffman table at byte %1 is truncated</source>
        <translation>image : JPEG endommagé : la table de Huffman à l’octet %1 est tronquée</translation>
    </message>
    <message>
        <source>image: damaged JPEG: Huffman table segment at byte %1 overruns its length</source>
        <translation>image : JPEG endommagé : le segment de table de Huffman à l’octet %1 dépasse sa longueur</translation>
    </message>
    <message>
        <source>image: damaged PNG: its image data inflates to more than %1 bytes, the most its header&apos;s size allows</source>
        <translation>image : PNG endommagé : ses données d’image se décompressent en plus de %1 octets, le maximum que permet la taille de son en-tête</translation>
    </message>
    <message>
        <source>image: damaged PNG: its image data inflates to %1 bytes, its header&apos;s size needs %2</source>
        <translation>image : PNG endommagé : ses données d’image se décompressent en %1 octets, la taille de son en-tête en demande %2</translation>
    </message>
    <message>
        <source>image: truncated PNG: its image data ends after %1 of %2 bytes</source>
        <translation>image : PNG tronqué : ses données d’image s’arrêtent après %1 octets sur %2</translation>
    </message>
    <message>
        <source>image: damaged PNG: its image data does not inflate (%1)</source>
        <translation>image : PNG endommagé : ses données d’image ne se décompressent pas (%1)</translation>
    </message>
    <message>
        <source>image: damaged PNG: chunk &apos;IEND&apos; at byte %1 fails its CRC</source>
        <translation>image : PNG endommagé : le bloc &apos;IEND&apos; à l’octet %1 échoue à son CRC</translation>
    </message>
    <message>
        <source>image: truncated or damaged PNG: chunk &apos;%1&apos; at byte %2 declares %3 bytes, the file has %4 after it</source>
        <translation>image : PNG tronqué ou endommagé : le bloc « %1 » à l’octet %2 déclare %3 octets, le fichier en a %4 après lui</translation>
    </message>
    <message>
        <source>image: damaged PNG: chunk &apos;%1&apos; at byte %2 fails its CRC</source>
        <translation>image : PNG endommagé : le bloc « %1 » à l’octet %2 échoue à son CRC</translation>
    </message>
    <message>
        <source>image: truncated PNG: the file ends at byte %1 before its IEND chunk</source>
        <translation>image : PNG tronqué : le fichier s’arrête à l’octet %1 avant son bloc IEND</translation>
    </message>
    <message>
        <source>the model has no vision tower</source>
        <translation>le modèle n’a pas de tour de vision</translation>
    </message>
    <message>
        <source>vision tensor &apos;%1&apos; is missing</source>
        <translation>le tenseur de vision « %1 » est absent</translation>
    </message>
    <message>
        <source>the model has no vision tower (no vision tensors or vision config)</source>
        <translation>le modèle n’a pas de tour de vision (ni tenseurs ni configuration de vision)</translation>
    </message>
    <message>
        <source>vision head width %1/%2 is not a multiple of 4 (2D RoPE needs pairs per axis)</source>
        <translation>la largeur de tête de vision %1/%2 n’est pas un multiple de 4 (le RoPE 2D a besoin de paires par axe)</translation>
    </message>
    <message>
        <source>vision merge kernel %1x%2</source>
        <translation>noyau de fusion de vision %1x%2</translation>
    </message>
    <message>
        <source>max_patches %1 is below 4</source>
        <translation>max_patches %1 est inférieur à 4</translation>
    </message>
    <message>
        <source>random vision tower: unsupported shape</source>
        <translation>tour de vision aléatoire : forme non prise en charge</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos; is missing</source>
        <translation>le tenseur « %1 » est absent</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is stored as [%2, %3], the tower reads [%4, %5] (vision tensors must be stored flattened, spec 4.3)</source>
        <translation>« %1 » est stocké en [%2, %3], la tour lit [%4, %5] (les tenseurs de vision doivent être stockés aplatis, spéc. 4.3)</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is stored at %2 bits; the vision tower needs &gt;= 8 (re-store it as Q8G, spec 4.3)</source>
        <translation>« %1 » est stocké sur %2 bits ; la tour de vision en demande au moins 8 (restockez-le en Q8G, spéc. 4.3)</translation>
    </message>
    <message>
        <source>&apos;%1&apos; has %2 elements, expected %3</source>
        <translation>« %1 » a %2 éléments, %3 attendus</translation>
    </message>
    <message>
        <source>image patches are %1 px, the tower&apos;s are %2</source>
        <translation>les patchs de l’image font %1 px, ceux de la tour %2</translation>
    </message>
    <message>
        <source>image grid %1x%2 has %3 patches; the tower holds %4</source>
        <translation>la grille d’image %1x%2 a %3 patchs ; la tour en contient %4</translation>
    </message>
    <message>
        <source>image grid %1x%2 is not a multiple of the merge kernel</source>
        <translation>la grille d’image %1x%2 n’est pas un multiple du noyau de fusion</translation>
    </message>
    <message>
        <source>image holds %1 patch floats, expected %2</source>
        <translation>l’image contient %1 flottants de patch, %2 attendus</translation>
    </message>
    <message>
        <source>vision tower cancelled</source>
        <translation>tour de vision annulée</translation>
    </message>
    <message>
        <source>%1: the safetensors header length %2 does not fit the file (%3 bytes)</source>
        <translation>%1 : la longueur d’en-tête safetensors %2 ne tient pas dans le fichier (%3 octets)</translation>
    </message>
    <message>
        <source>%1: cannot write the header stub (%2)</source>
        <translation>%1 : impossible d’écrire le fichier de remplacement d’en-tête (%2)</translation>
    </message>
    <message>
        <source>%1: the bytes the trunk was converted from (fetched ahead by range) differ from the verified shard; delete trunk.bin in the container folder and run again</source>
        <translation>%1 : les octets d’où le tronc a été converti (téléchargés à l’avance par plages) diffèrent du fragment vérifié ; supprimez trunk.bin dans le dossier du conteneur et relancez</translation>
    </message>
    <message>
        <source>layer %1 needs the shards %2: %3 bytes, more than the staging bound of %4 bytes (--max-staging)</source>
        <translation>la couche %1 demande les fragments %2 : %3 octets, plus que la limite de transit de %4 octets (--max-staging)</translation>
    </message>
    <message>
        <source>the trunk needs the shards %1: %2 bytes, more than the staging bound of %3 bytes (--max-staging)</source>
        <translation>le tronc demande les fragments %1 : %2 octets, plus que la limite de transit de %3 octets (--max-staging)</translation>
    </message>
    <message>
        <source>layer %1 needs the shards %2 (%3 bytes) while %4 bytes of shards that later steps still read are staged: more than the staging bound of %5 bytes (--max-staging)</source>
        <translation>la couche %1 demande les fragments %2 (%3 octets) alors que %4 octets de fragments que des étapes suivantes liront encore sont en transit : plus que la limite de transit de %5 octets (--max-staging)</translation>
    </message>
    <message>
        <source>the trunk needs the shards %1 (%2 bytes) while %3 bytes of shards that later steps still read are staged: more than the staging bound of %4 bytes (--max-staging)</source>
        <translation>le tronc demande les fragments %1 (%2 octets) alors que %3 octets de fragments que des étapes suivantes liront encore sont en transit : plus que la limite de transit de %4 octets (--max-staging)</translation>
    </message>
    <message>
        <source>the trunk reads %1 bytes from shards not fetched yet while %2 bytes are staged: more than the staging bound of %3 bytes (--max-staging)</source>
        <translation>le tronc lit %1 octets dans des fragments pas encore téléchargés alors que %2 octets sont en transit : plus que la limite de transit de %3 octets (--max-staging)</translation>
    </message>
    <message>
        <source>layer %1 needs the shards %2: %3 bytes, more than the staging bound of %4 bytes (--max-staging; from model.safetensors.index.json, before any shard was fetched)</source>
        <translation>la couche %1 demande les fragments %2 : %3 octets, plus que la limite de transit de %4 octets (--max-staging ; d’après model.safetensors.index.json, avant tout téléchargement de fragment)</translation>
    </message>
    <message>
        <source>%1: the repository has no safetensors shards to convert</source>
        <translation>%1 : le dépôt n’a aucun fragment safetensors à convertir</translation>
    </message>
    <message>
        <source>%1: the hub answered another range than bytes %2-%3</source>
        <translation>%1 : le hub a renvoyé une autre plage que les octets %2-%3</translation>
    </message>
    <message>
        <source>%1: cannot fetch bytes %2-%3: %4</source>
        <translation>%1 : impossible de télécharger les octets %2-%3 : %4</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>%1 GiB</source>
        <translation>%1 Gio</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 Mio</translation>
    </message>
    <message numerus="yes">
        <source>%n token(s)</source>
        <translation>
            <numerusform>%n jeton</numerusform>
            <numerusform>%n jetons</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 tok/s</source>
        <translation>%1 jetons/s</translation>
    </message>
    <message>
        <source>first token %1 s</source>
        <translation>premier jeton %1 s</translation>
    </message>
    <message>
        <source>hit rate %1%</source>
        <translation>taux de succès %1 %</translation>
    </message>
    <message>
        <source>disk %1 GB/s</source>
        <translation>disque %1 Go/s</translation>
    </message>
    <message>
        <source>RAM %1 of %2</source>
        <translation>RAM %1 sur %2</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>erreur : %1</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Chat with large Mixture-of-Experts models.</source>
        <translation>Discutez avec de grands modèles Mixture-of-Experts.</translation>
    </message>
    <message>
        <source>Open the model folder PATH at start.</source>
        <translation>Ouvrir le dossier de modèle PATH au démarrage.</translation>
    </message>
    <message>
        <source>Open another window even when Sluice is already running (both then write the same chats and sessions).</source>
        <translation>Ouvrir une autre fenêtre même si Sluice est déjà lancé (les deux écrivent alors les mêmes conversations et sessions).</translation>
    </message>
    <message>
        <source>Measure how long the window&apos;s event loop stalls; write a summary on exit to stderr, or to FILE with --probe-stalls=FILE.</source>
        <translation>Mesurer combien de temps la boucle d&apos;événements de la fenêtre reste bloquée ; écrire un résumé à la sortie sur stderr, ou dans FILE avec --probe-stalls=FILE.</translation>
    </message>
</context>
<context>
    <name>sluice::gui::BudgetChart</name>
    <message>
        <source>The budget over time appears once a model is open.</source>
        <translation>L’évolution du budget s’affiche ici une fois un modèle ouvert.</translation>
    </message>
    <message>
        <source>budget %1</source>
        <translation>budget %1</translation>
    </message>
    <message>
        <source>expert cache %1</source>
        <translation>cache d’experts %1</translation>
    </message>
</context>
<context>
    <name>sluice::gui::ChatController</name>
    <message numerus="yes">
        <source>The model changed: rebuilding the context, %n token(s).</source>
        <translation>
            <numerusform>Le modèle a changé : reconstruction du contexte, %n jeton.</numerusform>
            <numerusform>Le modèle a changé : reconstruction du contexte, %n jetons.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The saved context could not be used (%1): rebuilding the context, %n token(s).</source>
        <translation>
            <numerusform>Le contexte enregistré n’a pas pu être utilisé (%1) : reconstruction du contexte, %n jeton.</numerusform>
            <numerusform>Le contexte enregistré n’a pas pu être utilisé (%1) : reconstruction du contexte, %n jetons.</numerusform>
        </translation>
    </message>
    <message>
        <source>Open a model first (File → Open model…).</source>
        <translation>Ouvrez d’abord un modèle (Fichier → Ouvrir un modèle…).</translation>
    </message>
    <message>
        <source>Still checking the attached images; send again in a moment.</source>
        <translation>Vérification des images jointes en cours ; renvoyez dans un instant.</translation>
    </message>
    <message>
        <source>Image chat</source>
        <translation>Discussion avec image</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>Nouvelle discussion</translation>
    </message>
    <message>
        <source>Stop the current reply (Esc) before switching chats.</source>
        <translation>Arrêtez la réponse en cours (Échap) avant de changer de discussion.</translation>
    </message>
    <message>
        <source>Stop the current reply (Esc) before starting a new chat.</source>
        <translation>Arrêtez la réponse en cours (Échap) avant de commencer une nouvelle discussion.</translation>
    </message>
    <message>
        <source>Rename chat</source>
        <translation>Renommer la discussion</translation>
    </message>
    <message>
        <source>Title:</source>
        <translation>Titre :</translation>
    </message>
    <message>
        <source>Delete chat</source>
        <translation>Supprimer la discussion</translation>
    </message>
    <message>
        <source>Delete the chat “%1”? This cannot be undone.</source>
        <translation>Supprimer la discussion « %1 » ? Cette action est irréversible.</translation>
    </message>
    <message>
        <source>There is no chat to export.</source>
        <translation>Il n’y a aucune discussion à exporter.</translation>
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
        <translation>Exporter la discussion</translation>
    </message>
    <message>
        <source>Chat exported to %1</source>
        <translation>Discussion exportée vers %1</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Échec de l’exportation</translation>
    </message>
    <message>
        <source>The chat could not be written.</source>
        <translation>La discussion n’a pas pu être écrite.</translation>
    </message>
    <message>
        <source>Message copied to the clipboard.</source>
        <translation>Message copié dans le presse-papiers.</translation>
    </message>
    <message>
        <source>Editing message %1: sending replaces it and everything after it.</source>
        <translation>Modification du message %1 : l’envoi le remplace, ainsi que tout ce qui suit.</translation>
    </message>
    <message>
        <source>%1 (continued)</source>
        <translation>%1 (suite)</translation>
    </message>
    <message>
        <source>Dropping the oldest turns: the rest of the conversation is read again.</source>
        <translation>Retrait des tours les plus anciens : le reste de la conversation est relu.</translation>
    </message>
    <message>
        <source>Stop the current reply (Esc) before branching.</source>
        <translation>Arrêtez la réponse en cours (Échap) avant de créer une branche.</translation>
    </message>
    <message>
        <source>%1 (branch)</source>
        <translation>%1 (branche)</translation>
    </message>
    <message>
        <source>Start or pick a chat first: its settings belong to it.</source>
        <translation>Commencez ou choisissez d&apos;abord une discussion : ses réglages lui appartiennent.</translation>
    </message>
</context>
<context>
    <name>sluice::gui::ChatListPanel</name>
    <message>
        <source>Your chats are listed here, newest first.</source>
        <translation>Vos discussions sont listées ici, les plus récentes en premier.</translation>
    </message>
    <message>
        <source>Chats</source>
        <translation>Discussions</translation>
    </message>
    <message>
        <source>Chat list</source>
        <translation>Liste des discussions</translation>
    </message>
    <message>
        <source>New</source>
        <translation>Nouvelle</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>Nouvelle discussion</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>Renommer</translation>
    </message>
    <message>
        <source>Rename chat</source>
        <translation>Renommer la discussion</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <source>Delete chat</source>
        <translation>Supprimer la discussion</translation>
    </message>
    <message>
        <source>No chat title or message matches the search.</source>
        <translation>Aucun titre ni message de discussion ne correspond à la recherche.</translation>
    </message>
    <message>
        <source>Search titles and messages</source>
        <translation>Rechercher titres et messages</translation>
    </message>
    <message>
        <source>Search chats by title and content</source>
        <translation>Rechercher les discussions par titre et contenu</translation>
    </message>
</context>
<context>
    <name>sluice::gui::ChatPane</name>
    <message>
        <source>Attach images</source>
        <translation>Joindre des images</translation>
    </message>
    <message>
        <source>Images (*.png *.jpg *.jpeg *.gif *.bmp *.tga);;All files (*)</source>
        <translation>Images (*.png *.jpg *.jpeg *.gif *.bmp *.tga);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>Conversation</translation>
    </message>
    <message>
        <source>Open model…</source>
        <translation>Ouvrir un modèle…</translation>
    </message>
    <message>
        <source>Open a model folder</source>
        <translation>Ouvrir un dossier de modèle</translation>
    </message>
    <message>
        <source>Try the demo model</source>
        <translation>Essayer le modèle de démonstration</translation>
    </message>
    <message>
        <source>Open the bundled demo model</source>
        <translation>Ouvrir le modèle de démonstration fourni</translation>
    </message>
    <message>
        <source>Get a model…</source>
        <translation>Obtenir un modèle…</translation>
    </message>
    <message>
        <source>Download Kimi K3 or Kimi-Linear from the hub</source>
        <translation>Télécharger Kimi K3 ou Kimi-Linear depuis le hub</translation>
    </message>
    <message>
        <source>Plan a model before downloading…</source>
        <translation>Planifier un modèle avant de le télécharger…</translation>
    </message>
    <message>
        <source>Plan a published model: does it fit, what budget, what speed</source>
        <translation>Planifier un modèle publié : tient-il en mémoire, avec quel budget, à quelle vitesse</translation>
    </message>
    <message>
        <source>A tiny model with the Kimi K3 architecture, trained here on the WordNet dictionary: it answers in dictionary-style English but is far too small to make sense; every feature can be tried.</source>
        <translation>Un tout petit modèle à l’architecture de Kimi K3, entraîné ici sur le dictionnaire WordNet : il répond dans un anglais de dictionnaire mais il est bien trop petit pour avoir du sens ; toutes les fonctions peuvent être essayées.</translation>
    </message>
    <message>
        <source>Message (Enter sends, Shift+Enter for a new line)</source>
        <translation>Message (Entrée envoie, Maj+Entrée pour une nouvelle ligne)</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Message</translation>
    </message>
    <message>
        <source>Attach…</source>
        <translation>Joindre…</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Envoyer</translation>
    </message>
    <message>
        <source>Send message</source>
        <translation>Envoyer le message</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Arrêter</translation>
    </message>
    <message>
        <source>Stop generating</source>
        <translation>Arrêter la génération</translation>
    </message>
    <message>
        <source>Stop generating (Esc)</source>
        <translation>Arrêter la génération (Échap)</translation>
    </message>
    <message>
        <source>This model has no vision tower</source>
        <translation>Ce modèle n’a pas de tour de vision</translation>
    </message>
    <message>
        <source>Opening the model…</source>
        <translation>Ouverture du modèle…</translation>
    </message>
    <message>
        <source>## No model is open

Open a model folder (a `.waste` container) with **File → Open model…**, drop one onto this window, get one with **File → Get a model…**, or try the bundled demo model below. The demo is a tiny model trained here on a dictionary: it answers in dictionary-style English but is far too small to make sense, and it cannot see images; every feature works with it.</source>
        <translation>## Aucun modèle ouvert

Ouvrez un dossier de modèle (un conteneur `.waste`) avec **Fichier → Ouvrir un modèle…**, déposez-en un sur cette fenêtre, obtenez-en un avec **Fichier → Obtenir un modèle…**, ou essayez le modèle de démonstration ci-dessous. C’est un tout petit modèle entraîné ici sur un dictionnaire : il répond dans un anglais de dictionnaire mais il est bien trop petit pour avoir du sens, et il ne voit pas les images ; toutes les fonctions marchent avec lui.</translation>
    </message>
    <message>
        <source>## No model is open

Open a model folder (a `.waste` container) with **File → Open model…** or drop one onto this window; **File → Get a model…** downloads Kimi K3 or Kimi-Linear. Your conversation will appear here.</source>
        <translation>## Aucun modèle ouvert

Ouvrez un dossier de modèle (un conteneur `.waste`) avec **Fichier → Ouvrir un modèle…** ou déposez-en un sur cette fenêtre ; **Fichier → Obtenir un modèle…** télécharge Kimi K3 ou Kimi-Linear. Votre conversation apparaîtra ici.</translation>
    </message>
    <message>
        <source>Type a message below to start the conversation.</source>
        <translation>Écrivez un message ci-dessous pour commencer la conversation.</translation>
    </message>
    <message>
        <source>Context: %1 of %2 tokens</source>
        <translation>Contexte : %1 sur %2 jetons</translation>
    </message>
    <message>
        <source>Context: %1 tokens</source>
        <translation>Contexte : %1 jetons</translation>
    </message>
    <message>
        <source>Context in use</source>
        <translation>Contexte utilisé</translation>
    </message>
</context>
<context>
    <name>sluice::gui::ChatPresetDialog</name>
    <message>
        <source>Chat settings — %1</source>
        <translation>Réglages de la discussion — %1</translation>
    </message>
    <message>
        <source>Values for this chat alone. A group left off follows the app&apos;s settings, which every new chat starts with.</source>
        <translation>Des valeurs pour cette seule discussion. Un groupe désactivé suit les réglages de l&apos;application, avec lesquels commence chaque nouvelle discussion.</translation>
    </message>
    <message>
        <source>This chat&apos;s own system prompt</source>
        <translation>Invite système propre à cette discussion</translation>
    </message>
    <message>
        <source>System prompt of this chat</source>
        <translation>Invite système de cette discussion</translation>
    </message>
    <message>
        <source>This chat&apos;s own sampling</source>
        <translation>Échantillonnage propre à cette discussion</translation>
    </message>
    <message>
        <source>Temperature of this chat</source>
        <translation>Température de cette discussion</translation>
    </message>
    <message>
        <source>0 (greedy)</source>
        <translation>0 (glouton)</translation>
    </message>
    <message>
        <source>T&amp;emperature:</source>
        <translation>T&amp;empérature :</translation>
    </message>
    <message>
        <source>Top-p of this chat</source>
        <translation>Top-p de cette discussion</translation>
    </message>
    <message>
        <source>Top-&amp;p:</source>
        <translation>Top-&amp;p :</translation>
    </message>
    <message>
        <source>Top-k of this chat</source>
        <translation>Top-k de cette discussion</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Désactivé</translation>
    </message>
    <message>
        <source>Top-&amp;k:</source>
        <translation>Top-&amp;k :</translation>
    </message>
    <message>
        <source>Repetition penalty of this chat</source>
        <translation>Pénalité de répétition de cette discussion</translation>
    </message>
    <message>
        <source>&amp;Repetition penalty:</source>
        <translation>Pénalité de &amp;répétition :</translation>
    </message>
    <message>
        <source>Maximum reply tokens of this chat</source>
        <translation>Nombre maximal de jetons de réponse de cette discussion</translation>
    </message>
    <message>
        <source>&amp;Max reply tokens:</source>
        <translation>Jetons de réponse &amp;max. :</translation>
    </message>
</context>
<context>
    <name>sluice::gui::ChatStore</name>
    <message>
        <source>%1: cannot be read</source>
        <translation>%1 : illisible</translation>
    </message>
    <message>
        <source>%1: damaged JSON at offset %2 (%3)</source>
        <translation>%1 : JSON endommagé à la position %2 (%3)</translation>
    </message>
    <message>
        <source>no chat with id %1</source>
        <translation>aucune discussion avec l’identifiant %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1 : %2</translation>
    </message>
    <message>
        <source>not a Sluice chat file</source>
        <translation>pas un fichier de discussion Sluice</translation>
    </message>
    <message>
        <source>written by a newer Sluice (format version %1)</source>
        <translation>écrit par une version plus récente de Sluice (format %1)</translation>
    </message>
    <message>
        <source>the chat has no id</source>
        <translation>la discussion n’a pas d’identifiant</translation>
    </message>
    <message>
        <source>a message has no role</source>
        <translation>un message n’a pas de rôle</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Utilisateur</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Assistant</translation>
    </message>
    <message>
        <source>System</source>
        <translation>Système</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Outil</translation>
    </message>
    <message>
        <source>Thinking</source>
        <translation>Réflexion</translation>
    </message>
</context>
<context>
    <name>sluice::gui::ConnectDialog</name>
    <message>
        <source>Connect to a server</source>
        <translation>Se connecter à un serveur</translation>
    </message>
    <message>
        <source>Any OpenAI-compatible endpoint: vLLM, SGLang, llama.cpp&apos;s server, another Sluice (sluice-cli serve). The conversation is sent to it instead of a local model.</source>
        <translation>N’importe quel point d’accès compatible OpenAI : vLLM, SGLang, le serveur de llama.cpp, un autre Sluice (sluice-cli serve). La conversation lui est envoyée au lieu d’un modèle local.</translation>
    </message>
    <message>
        <source>Server URL</source>
        <translation>URL du serveur</translation>
    </message>
    <message>
        <source>Server &amp;URL:</source>
        <translation>&amp;URL du serveur :</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>Clé d’API</translation>
    </message>
    <message>
        <source>none</source>
        <translation>aucune</translation>
    </message>
    <message>
        <source>API &amp;key:</source>
        <translation>&amp;Clé d’API :</translation>
    </message>
    <message>
        <source>Remember the key (stored in a file only you can read)</source>
        <translation>Mémoriser la clé (enregistrée dans un fichier que vous seul pouvez lire)</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <source>&amp;List models</source>
        <translation>&amp;Lister les modèles</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>&amp;Modèle :</translation>
    </message>
    <message>
        <source>Connection status</source>
        <translation>État de la connexion</translation>
    </message>
    <message>
        <source>C&amp;onnect</source>
        <translation>Se c&amp;onnecter</translation>
    </message>
    <message>
        <source>Asking %1 for its models…</source>
        <translation>Demande de la liste des modèles à %1…</translation>
    </message>
    <message>
        <source>Could not list the models: %1</source>
        <translation>Impossible de lister les modèles : %1</translation>
    </message>
    <message>
        <source>Models the server offers: %1</source>
        <translation>Modèles proposés par le serveur : %1</translation>
    </message>
    <message>
        <source>Cannot create %1</source>
        <translation>Impossible de créer %1</translation>
    </message>
</context>
<context>
    <name>sluice::gui::ContextBanner</name>
    <message>
        <source>The conversation no longer fits in the context</source>
        <translation>La conversation ne tient plus dans le contexte</translation>
    </message>
    <message>
        <source>New chat with the last turns</source>
        <translation>Nouvelle discussion avec les derniers tours</translation>
    </message>
    <message>
        <source>Start a new chat carrying the last turns</source>
        <translation>Commencer une nouvelle discussion reprenant les derniers tours</translation>
    </message>
    <message>
        <source>Drop the oldest turns of this chat</source>
        <translation>Retirer les tours les plus anciens de cette discussion</translation>
    </message>
    <message>
        <source>The rest of the conversation is read again from the start</source>
        <translation>Le reste de la conversation est relu depuis le début</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Cancel sending</source>
        <translation>Annuler l’envoi</translation>
    </message>
    <message>
        <source>This turn needs %1 tokens with room for the reply, but the model&apos;s context holds %2. Choose how to go on:</source>
        <translation>Ce tour demande %1 jetons avec la place de la réponse, mais le contexte du modèle en contient %2. Choisissez comment continuer :</translation>
    </message>
    <message>
        <source>Drop the oldest turns (reads the rest again)</source>
        <translation>Retirer les tours les plus anciens (relit le reste)</translation>
    </message>
</context>
<context>
    <name>sluice::gui::ConversationView</name>
    <message numerus="yes">
        <source>Show %n earlier message(s)</source>
        <translation>
            <numerusform>Afficher %n message précédent</numerusform>
            <numerusform>Afficher %n messages précédents</numerusform>
        </translation>
    </message>
    <message>
        <source>Show earlier messages</source>
        <translation>Afficher les messages précédents</translation>
    </message>
</context>
<context>
    <name>sluice::gui::DownloadView</name>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Whole download</source>
        <translation>Téléchargement entier</translation>
    </message>
    <message>
        <source>Download progress</source>
        <translation>Progression du téléchargement</translation>
    </message>
    <message>
        <source>Download state</source>
        <translation>État du téléchargement</translation>
    </message>
    <message>
        <source>File progress</source>
        <translation>Progression du fichier</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s), %1 in all</source>
        <translation>
            <numerusform>%n fichier, %1 en tout</numerusform>
            <numerusform>%n fichiers, %1 en tout</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 sur %2</translation>
    </message>
    <message>
        <source>%1/s</source>
        <translation>%1/s</translation>
    </message>
    <message>
        <source>– /s</source>
        <translation>– /s</translation>
    </message>
    <message>
        <source>%1 · about %2 left · %3 of %4 files</source>
        <translation>%1 · environ %2 restant · %3 fichiers sur %4</translation>
    </message>
    <message>
        <source>%1 of %2 files done</source>
        <translation>%1 fichiers terminés sur %2</translation>
    </message>
    <message>
        <source>Converting the trunk · %1 of %2 layers converted</source>
        <translation>Conversion du tronc · %1 couches sur %2 converties</translation>
    </message>
    <message>
        <source>Finishing the container</source>
        <translation>Finalisation du conteneur</translation>
    </message>
    <message>
        <source>Converting layer %1 of %2</source>
        <translation>Conversion de la couche %1 sur %2</translation>
    </message>
    <message>
        <source>%1 · %2 of %3 files fetched</source>
        <translation>%1 · %2 fichiers sur %3 récupérés</translation>
    </message>
    <message>
        <source>Checking the pieces already on disk…</source>
        <translation>Vérification des morceaux déjà sur le disque…</translation>
    </message>
    <message numerus="yes">
        <source>%1 · about %2 left · %n peer(s)</source>
        <translation>
            <numerusform>%1 · encore environ %2 · %n pair</numerusform>
            <numerusform>%1 · encore environ %2 · %n pairs</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 verified</source>
        <translation>%1 sur %2 vérifiés</translation>
    </message>
</context>
<context>
    <name>sluice::gui::EstimateJob</name>
    <message>
        <source>The estimate needs a routing trace (*.jsonl); none was found.</source>
        <translation>L’estimation a besoin d’une trace de routage (*.jsonl) ; aucune n’a été trouvée.</translation>
    </message>
    <message>
        <source>The estimate needs a disk speed and a model.</source>
        <translation>L’estimation a besoin d’une vitesse de disque et d’un modèle.</translation>
    </message>
    <message>
        <source>no disk reads once warm</source>
        <translation>aucune lecture disque une fois le cache chaud</translation>
    </message>
    <message>
        <source>this model</source>
        <translation>ce modèle</translation>
    </message>
    <message>
        <source>Estimate for %1: %2–%3 tokens/s if the disk is the limit (expert cache hit rate %4–%5%, from expert choices recorded on another model)</source>
        <translation>Estimation pour %1 : %2–%3 jetons/s si le disque est la limite (taux de succès du cache d’experts %4–%5 %, d’après les choix d’experts enregistrés sur un autre modèle)</translation>
    </message>
</context>
<context>
    <name>sluice::gui::GetModelDialog</name>
    <message>
        <source>Paused. The parts downloaded so far are kept; Resume continues where it stopped.</source>
        <translation>En pause. Les parties déjà téléchargées sont conservées ; Reprendre continue là où le téléchargement s’est arrêté.</translation>
    </message>
    <message>
        <source>Cancelled. Partial files were deleted; complete files in %1 stay.</source>
        <translation>Annulé. Les fichiers partiels ont été supprimés ; les fichiers complets restent dans %1.</translation>
    </message>
    <message>
        <source>Done: %1 received, every file&apos;s size and checksum verified, in %2.</source>
        <translation>Terminé : %1 reçus, la taille et la somme de contrôle de chaque fichier vérifiées, dans %2.</translation>
    </message>
    <message>
        <source>The download stopped: %1. Resume tries again from where it stopped.</source>
        <translation>Le téléchargement s’est arrêté : %1. Reprendre réessaie là où il s’est arrêté.</translation>
    </message>
    <message>
        <source>The catalogue could not be computed: %1</source>
        <translation>Le catalogue n’a pas pu être calculé : %1</translation>
    </message>
    <message>
        <source>As published, from the hub (%1)</source>
        <translation>Tel que publié, depuis le hub (%1)</translation>
    </message>
    <message>
        <source>Converted container: download the release, then File → Convert model…</source>
        <translation>Conteneur converti : téléchargez la version publiée, puis Fichier → Convertir un modèle…</translation>
    </message>
    <message>
        <source>No plan</source>
        <translation>Pas de plan</translation>
    </message>
    <message>
        <source>Fits: default budget %1</source>
        <translation>Tient : budget par défaut %1</translation>
    </message>
    <message>
        <source>%1 free on this folder&apos;s drive.</source>
        <translation>%1 libres sur le disque de ce dossier.</translation>
    </message>
    <message>
        <source>The files go to %1</source>
        <translation>Les fichiers vont dans %1</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Inconnu</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>Tient</translation>
    </message>
    <message>
        <source>Needs %1 more</source>
        <translation>Il manque %1</translation>
    </message>
    <message>
        <source>Folder for models</source>
        <translation>Dossier des modèles</translation>
    </message>
    <message>
        <source>Choose a model above or type a repository as owner/name, and a folder.</source>
        <translation>Choisissez un modèle ci-dessus ou saisissez un dépôt sous la forme propriétaire/nom, et un dossier.</translation>
    </message>
    <message>
        <source>Listing %1…</source>
        <translation>Liste de %1…</translation>
    </message>
    <message>
        <source>Resuming…</source>
        <translation>Reprise…</translation>
    </message>
    <message>
        <source>A download did not finish: %1 into %2.</source>
        <translation>Un téléchargement n’est pas terminé : %1 dans %2.</translation>
    </message>
    <message>
        <source>Get a model</source>
        <translation>Obtenir un modèle</translation>
    </message>
    <message>
        <source>Planning…</source>
        <translation>Planification…</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <source>Route</source>
        <translation>Voie</translation>
    </message>
    <message>
        <source>On disk</source>
        <translation>Sur le disque</translation>
    </message>
    <message>
        <source>This machine&apos;s RAM</source>
        <translation>RAM de cette machine</translation>
    </message>
    <message>
        <source>Room in the folder</source>
        <translation>Place dans le dossier</translation>
    </message>
    <message>
        <source>Models that can be downloaded, with their size and fit</source>
        <translation>Modèles téléchargeables, avec leur taille et leur adéquation</translation>
    </message>
    <message>
        <source>&amp;Repository:</source>
        <translation>&amp;Dépôt :</translation>
    </message>
    <message>
        <source>Hub repository, owner/name</source>
        <translation>Dépôt du hub, propriétaire/nom</translation>
    </message>
    <message>
        <source>owner/name</source>
        <translation>propriétaire/nom</translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation>Do&amp;ssier :</translation>
    </message>
    <message>
        <source>Folder the model&apos;s folder is created in</source>
        <translation>Dossier où le dossier du modèle est créé</translation>
    </message>
    <message>
        <source>&amp;Choose…</source>
        <translation>&amp;Choisir…</translation>
    </message>
    <message>
        <source>Choose the folder for models</source>
        <translation>Choisir le dossier des modèles</translation>
    </message>
    <message>
        <source>Free space in the folder</source>
        <translation>Espace libre dans le dossier</translation>
    </message>
    <message>
        <source>&amp;Hub:</source>
        <translation>&amp;Hub :</translation>
    </message>
    <message>
        <source>Hub address</source>
        <translation>Adresse du hub</translation>
    </message>
    <message>
        <source>The public hub or a mirror; HF_ENDPOINT sets the default</source>
        <translation>Le hub public ou un miroir ; HF_ENDPOINT fixe la valeur par défaut</translation>
    </message>
    <message>
        <source>Access &amp;token:</source>
        <translation>&amp;Jeton d’accès :</translation>
    </message>
    <message>
        <source>Access token for gated repositories</source>
        <translation>Jeton d’accès pour les dépôts à accès restreint</translation>
    </message>
    <message>
        <source>only for gated repositories; not stored</source>
        <translation>seulement pour les dépôts à accès restreint ; non enregistré</translation>
    </message>
    <message>
        <source>&amp;Limit (MiB/s):</source>
        <translation>&amp;Limite (Mio/s) :</translation>
    </message>
    <message>
        <source>Download rate limit in MiB per second</source>
        <translation>Limite de débit en Mio par seconde</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>Sans limite</translation>
    </message>
    <message>
        <source>Co&amp;ntinue it</source>
        <translation>Poursui&amp;vre</translation>
    </message>
    <message>
        <source>Continue the unfinished download</source>
        <translation>Poursuivre le téléchargement inachevé</translation>
    </message>
    <message>
        <source>&amp;Download</source>
        <translation>&amp;Télécharger</translation>
    </message>
    <message>
        <source>Start the download</source>
        <translation>Lancer le téléchargement</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Pause</translation>
    </message>
    <message>
        <source>Pause the download</source>
        <translation>Mettre le téléchargement en pause</translation>
    </message>
    <message>
        <source>R&amp;esume</source>
        <translation>R&amp;eprendre</translation>
    </message>
    <message>
        <source>Resume the download</source>
        <translation>Reprendre le téléchargement</translation>
    </message>
    <message>
        <source>Cancel do&amp;wnload</source>
        <translation>A&amp;nnuler le téléchargement</translation>
    </message>
    <message>
        <source>Cancel the download and delete its partial files</source>
        <translation>Annuler le téléchargement et supprimer ses fichiers partiels</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>&amp;Ouvrir</translation>
    </message>
    <message>
        <source>Open the downloaded model</source>
        <translation>Ouvrir le modèle téléchargé</translation>
    </message>
    <message>
        <source>Torrent file</source>
        <translation>Fichier torrent</translation>
    </message>
    <message>
        <source>Torrent files (*.torrent)</source>
        <translation>Fichiers torrent (*.torrent)</translation>
    </message>
    <message>
        <source>Download the release (%1 on disk)</source>
        <translation>Télécharger la version publiée (%1 sur le disque)</translation>
    </message>
    <message>
        <source>Download the release</source>
        <translation>Télécharger la version publiée</translation>
    </message>
    <message>
        <source>Download and convert as it arrives (needs about %1 on disk instead of %2: the container, %3, plus at most %4 of the release at a time)</source>
        <translation>Télécharger et convertir au fil de l’arrivée (environ %1 sur le disque au lieu de %2 : le conteneur, %3, plus au plus %4 de la version publiée à la fois)</translation>
    </message>
    <message>
        <source>Download and convert as it arrives (needs the container plus one layer&apos;s shards at a time, instead of the release and the container)</source>
        <translation>Télécharger et convertir au fil de l’arrivée (le conteneur plus les fragments d’une couche à la fois, au lieu de la version publiée et du conteneur)</translation>
    </message>
    <message>
        <source>The torrent&apos;s folder is made in %1; every piece is checked against the torrent&apos;s hashes, and Pause keeps what arrived.</source>
        <translation>Le dossier du torrent est créé dans %1 ; chaque morceau est vérifié d’après les empreintes du torrent, et Pause garde ce qui est arrivé.</translation>
    </message>
    <message>
        <source>The release is staged in %1; the converted model goes to %2</source>
        <translation>La version publiée transite par %1 ; le modèle converti va dans %2</translation>
    </message>
    <message>
        <source>(the drive has room for it)</source>
        <translation>(le disque a la place)</translation>
    </message>
    <message>
        <source>(the drive needs %1 more)</source>
        <translation>(il manque %1 sur le disque)</translation>
    </message>
    <message>
        <source>Done: %1 received and verified, converted into %2.</source>
        <translation>Terminé : %1 reçus et vérifiés, convertis dans %2.</translation>
    </message>
    <message>
        <source>Paused. The pieces and the resume data are kept; Resume continues where it stopped.</source>
        <translation>En pause. Les morceaux et les données de reprise sont conservés ; Reprendre continue là où cela s’est arrêté.</translation>
    </message>
    <message>
        <source>Done: %1 received, every piece checked against the torrent&apos;s hashes, in %2.</source>
        <translation>Terminé : %1 reçus, chaque morceau vérifié d’après les empreintes du torrent, dans %2.</translation>
    </message>
    <message>
        <source>The fetch stopped: %1. Resume tries again from where it stopped.</source>
        <translation>La récupération s’est arrêtée : %1. Reprendre réessaie là où elle s’est arrêtée.</translation>
    </message>
    <message>
        <source>Converted container, shared over BitTorrent by its publisher (its magnet link or .torrent file)</source>
        <translation>Conteneur converti, partagé par BitTorrent par son éditeur (son lien magnet ou son fichier .torrent)</translation>
    </message>
    <message>
        <source>Give the publisher&apos;s magnet link or a .torrent file, and a folder.</source>
        <translation>Indiquez le lien magnet de l’éditeur ou un fichier .torrent, et un dossier.</translation>
    </message>
    <message>
        <source>Looking for peers…</source>
        <translation>Recherche de pairs…</translation>
    </message>
    <message>
        <source>Ro&amp;ute:</source>
        <translation>Vo&amp;ie :</translation>
    </message>
    <message>
        <source>Download the release as published</source>
        <translation>Télécharger la version telle que publiée</translation>
    </message>
    <message>
        <source>Download the release and convert it as it arrives</source>
        <translation>Télécharger la version publiée et la convertir au fil de l’arrivée</translation>
    </message>
    <message>
        <source>Get the converted container over BitTorrent (its publisher&apos;s magnet link or .torrent file)</source>
        <translation>Obtenir le conteneur converti par BitTorrent (lien magnet ou fichier .torrent de son éditeur)</translation>
    </message>
    <message>
        <source>Get the converted container over BitTorrent</source>
        <translation>Obtenir le conteneur converti par BitTorrent</translation>
    </message>
    <message>
        <source>&amp;Magnet or .torrent:</source>
        <translation>Lien &amp;magnet ou .torrent :</translation>
    </message>
    <message>
        <source>Magnet link or torrent file</source>
        <translation>Lien magnet ou fichier torrent</translation>
    </message>
    <message>
        <source>the publisher&apos;s magnet link (Sluice does not have it) or a .torrent file</source>
        <translation>le lien magnet de l’éditeur (Sluice ne l’a pas) ou un fichier .torrent</translation>
    </message>
    <message>
        <source>Tor&amp;rent file…</source>
        <translation>Fichier tor&amp;rent…</translation>
    </message>
    <message>
        <source>Choose a torrent file</source>
        <translation>Choisir un fichier torrent</translation>
    </message>
    <message>
        <source>Peer&amp;s:</source>
        <translation>P&amp;airs :</translation>
    </message>
    <message>
        <source>Peers to connect to directly</source>
        <translation>Pairs auxquels se connecter directement</translation>
    </message>
    <message>
        <source>optional: host:port, separated by commas</source>
        <translation>facultatif : hôte:port, séparés par des virgules</translation>
    </message>
    <message>
        <source>The disk test failed: %1</source>
        <translation>Le test du disque a échoué : %1</translation>
    </message>
    <message>
        <source>Warning: this disk reads %1 GB/s, slower than an NVMe drive; a model streamed from it answers more slowly.</source>
        <translation>Attention : ce disque lit %1 Go/s, moins vite qu’un disque NVMe ; un modèle lu en continu depuis ce disque répond plus lentement.</translation>
    </message>
    <message>
        <source>This disk reads %1 GB/s (NVMe class).</source>
        <translation>Ce disque lit %1 Go/s (classe NVMe).</translation>
    </message>
    <message>
        <source>Testing this disk…</source>
        <translation>Test de ce disque…</translation>
    </message>
    <message>
        <source>Test this dis&amp;k</source>
        <translation>Tester ce dis&amp;que</translation>
    </message>
    <message>
        <source>Measure how fast this folder&apos;s disk reads</source>
        <translation>Mesurer la vitesse de lecture du disque de ce dossier</translation>
    </message>
    <message>
        <source>no routing trace found</source>
        <translation>aucune trace de routage trouvée</translation>
    </message>
    <message numerus="yes">
        <source>Seeding: %1 sent (ratio %2), %3/s to %n peer(s). Stop seeding ends it; the model can be opened meanwhile.</source>
        <translation>
            <numerusform>Partage : %1 envoyés (ratio %2), %3/s vers %n pair. Arrêter le partage y met fin ; le modèle peut être ouvert en attendant.</numerusform>
            <numerusform>Partage : %1 envoyés (ratio %2), %3/s vers %n pairs. Arrêter le partage y met fin ; le modèle peut être ouvert en attendant.</numerusform>
        </translation>
    </message>
    <message>
        <source>Seeding ended at the ratio: %1 sent in %2 min.</source>
        <translation>Partage terminé au ratio : %1 envoyés en %2 min.</translation>
    </message>
    <message>
        <source>Seeding ended at the time limit: %1 sent in %2 min.</source>
        <translation>Partage terminé à la limite de temps : %1 envoyés en %2 min.</translation>
    </message>
    <message>
        <source>Seeding stopped: %1 sent in %2 min.</source>
        <translation>Partage arrêté : %1 envoyés en %2 min.</translation>
    </message>
    <message>
        <source>Seeding stopped: %1 (%2 sent).</source>
        <translation>Partage arrêté : %1 (%2 envoyés).</translation>
    </message>
    <message>
        <source>Runs with the trunk streamed from disk (slower): floor %1, the planner&apos;s limit is %2</source>
        <translation>Tourne avec le tronc lu depuis le disque (plus lent) : plancher %1, la limite du planificateur est %2</translation>
    </message>
    <message>
        <source>Too big for this RAM: floor %1, the planner&apos;s limit is %2</source>
        <translation>Trop gros pour cette RAM : plancher %1, la limite du planificateur est %2</translation>
    </message>
    <message>
        <source>No prediction: %1</source>
        <translation>Pas de prévision : %1</translation>
    </message>
    <message>
        <source>No prediction</source>
        <translation>Pas de prévision</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 jetons/s</translation>
    </message>
    <message>
        <source>Not disk-bound once warm</source>
        <translation>Plus limité par le disque une fois chaud</translation>
    </message>
    <message>
        <source>Still seeding the last torrent: Stop seeding first.</source>
        <translation>Le dernier torrent est encore partagé : arrêtez d&apos;abord le partage.</translation>
    </message>
    <message>
        <source>A torrent fetch did not finish: %1 into %2.</source>
        <translation>Un téléchargement torrent n&apos;est pas terminé : %1 dans %2.</translation>
    </message>
    <message>
        <source>A download and conversion did not finish: %1 into %2.</source>
        <translation>Un téléchargement avec conversion n&apos;est pas terminé : %1 dans %2.</translation>
    </message>
    <message>
        <source>Pick a model and a folder. Sizes are what each route leaves on disk; the RAM column is the planner&apos;s verdict for this machine (%1 usable). Downloads resume where they stopped, also after a restart, and every file is checked against the hub&apos;s size and SHA-256. The predicted speed is the planner&apos;s at the default budget, disk-bound (a recorded routing trace replayed); Test this disk replaces the assumed disk speed with this folder&apos;s.</source>
        <translation>Choisissez un modèle et un dossier. Les tailles sont ce que chaque voie laisse sur le disque ; la colonne RAM est le verdict du planificateur pour cette machine (%1 utilisables). Les téléchargements reprennent là où ils se sont arrêtés, même après un redémarrage, et chaque fichier est vérifié avec la taille et le SHA-256 du hub. La vitesse prévue est celle du planificateur au budget par défaut, limitée par le disque (une trace de routage enregistrée rejouée) ; Tester ce disque remplace la vitesse de disque supposée par celle de ce dossier.</translation>
    </message>
    <message>
        <source>Predicted speed</source>
        <translation>Vitesse prévue</translation>
    </message>
    <message>
        <source>See&amp;d after it completes, until a ratio of</source>
        <translation>Partager (&amp;d) une fois terminé, jusqu&apos;à un ratio de</translation>
    </message>
    <message>
        <source>Share the torrent with other peers after it completes</source>
        <translation>Partager le torrent avec d&apos;autres pairs une fois terminé</translation>
    </message>
    <message>
        <source>Off by default. Seeding sends the pieces to other peers until the bytes sent reach the ratio times the torrent&apos;s size, or the time passes, whichever comes first.</source>
        <translation>Désactivé par défaut. Le partage envoie les morceaux à d&apos;autres pairs jusqu&apos;à ce que les octets envoyés atteignent le ratio fois la taille du torrent, ou que le temps soit écoulé, au premier des deux.</translation>
    </message>
    <message>
        <source>Seed until this ratio of bytes sent to the torrent&apos;s size</source>
        <translation>Partager jusqu&apos;à ce ratio d&apos;octets envoyés sur la taille du torrent</translation>
    </message>
    <message>
        <source>no ratio limit</source>
        <translation>sans limite de ratio</translation>
    </message>
    <message>
        <source>or for</source>
        <translation>ou pendant</translation>
    </message>
    <message>
        <source>Seed for at most this many minutes</source>
        <translation>Partager au plus ce nombre de minutes</translation>
    </message>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source>no time limit</source>
        <translation>sans limite de temps</translation>
    </message>
    <message>
        <source>Send &amp;at most (MiB/s):</source>
        <translation>Envoyer &amp;au plus (Mio/s) :</translation>
    </message>
    <message>
        <source>Upload rate limit in MiB per second, while downloading and seeding</source>
        <translation>Limite du débit d&apos;envoi en Mio par seconde, pendant le téléchargement et le partage</translation>
    </message>
    <message>
        <source>Caps what the torrent sends to other peers, while it downloads and while it seeds, so sharing never fills your connection. 0: no limit.</source>
        <translation>Plafonne ce que le torrent envoie aux autres pairs, pendant le téléchargement et pendant le partage, pour que le partage ne sature jamais votre connexion. 0 : aucune limite.</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>sans limite</translation>
    </message>
    <message>
        <source>Stop seedin&amp;g</source>
        <translation>Arrêter le partag&amp;e</translation>
    </message>
    <message>
        <source>Stop sharing the torrent with other peers</source>
        <translation>Arrêter de partager le torrent avec d&apos;autres pairs</translation>
    </message>
    <message>
        <source>The interrupted conversion went to %1, not to %2: run it again from the command line with --convert.</source>
        <translation>La conversion inachevée allait dans %1, pas dans %2 : relancez-la en ligne de commande avec --convert.</translation>
    </message>
    <message>
        <source>%1 at the default budget (%2), disk-bound: the expert misses of a recorded routing trace%3 read at %4.</source>
        <translation>%1 au budget par défaut (%2), limité par le disque : les défauts d&apos;experts d&apos;une trace de routage enregistrée%3 lus à %4.</translation>
    </message>
    <message>
        <source> plus the streamed trunk</source>
        <translation> plus le tronc lu en flux</translation>
    </message>
    <message>
        <source>this disk, %1 GB/s</source>
        <translation>ce disque, %1 Go/s</translation>
    </message>
    <message>
        <source>assumed disk %1 GB/s</source>
        <translation>disque supposé à %1 Go/s</translation>
    </message>
</context>
<context>
    <name>sluice::gui::ImageStrip</name>
    <message>
        <source>Attached images</source>
        <translation>Images jointes</translation>
    </message>
    <message>
        <source>Images you attach (drop, paste or Attach…) appear here once a model with vision is open.</source>
        <translation>Les images que vous joignez (glisser-déposer, coller ou Joindre…) apparaissent ici une fois un modèle avec vision ouvert.</translation>
    </message>
    <message>
        <source>This model has no vision tower, so it cannot look at images.</source>
        <translation>Ce modèle n’a pas de tour de vision : il ne peut pas regarder d’images.</translation>
    </message>
    <message>
        <source>Drop, paste or attach images (PNG, JPEG, GIF, BMP, TGA).</source>
        <translation>Déposez, collez ou joignez des images (PNG, JPEG, GIF, BMP, TGA).</translation>
    </message>
    <message>
        <source>Sorry, this model cannot read images: it has no vision tower. Open a model with vision to attach images.</source>
        <translation>Désolé, ce modèle ne peut pas lire d’images : il n’a pas de tour de vision. Ouvrez un modèle avec vision pour joindre des images.</translation>
    </message>
    <message>
        <source>Open a model with a vision tower before attaching images.</source>
        <translation>Ouvrez un modèle doté d’une tour de vision avant de joindre des images.</translation>
    </message>
    <message>
        <source>“%1” is not an image file.</source>
        <translation>« %1 » n’est pas un fichier image.</translation>
    </message>
    <message>
        <source>“%1” cannot be used: %2</source>
        <translation>« %1 » est inutilisable : %2</translation>
    </message>
    <message>
        <source>The clipboard image could not be read.</source>
        <translation>L’image du presse-papiers n’a pas pu être lue.</translation>
    </message>
    <message>
        <source>The pasted image could not be saved to %1.</source>
        <translation>L’image collée n’a pas pu être enregistrée dans %1.</translation>
    </message>
    <message>
        <source>Image %1</source>
        <translation>Image %1</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Retirer</translation>
    </message>
    <message>
        <source>Remove image %1</source>
        <translation>Retirer l’image %1</translation>
    </message>
    <message>
        <source>Remove this image from the prompt</source>
        <translation>Retirer cette image du message</translation>
    </message>
</context>
<context>
    <name>sluice::gui::MainWindow</name>
    <message>
        <source>Some chats could not be read: %1</source>
        <translation>Certaines discussions n’ont pas pu être lues : %1</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>Budget</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <source>Side panel</source>
        <translation>Panneau latéral</translation>
    </message>
    <message>
        <source>Saving failed</source>
        <translation>Échec de l’enregistrement</translation>
    </message>
    <message>
        <source>Could not open the model</source>
        <translation>Impossible d’ouvrir le modèle</translation>
    </message>
    <message>
        <source>Generation failed</source>
        <translation>Échec de la génération</translation>
    </message>
    <message>
        <source>No model open</source>
        <translation>Aucun modèle ouvert</translation>
    </message>
    <message>
        <source>%1 · budget %2</source>
        <translation>%1 · budget %2</translation>
    </message>
    <message>
        <source>A chat could not be saved.</source>
        <translation>Une discussion n’a pas pu être enregistrée.</translation>
    </message>
    <message>
        <source>Open model (a .waste folder or a release folder)</source>
        <translation>Ouvrir un modèle (un dossier .waste ou le dossier d’un modèle publié)</translation>
    </message>
    <message>
        <source>Could not change the budget</source>
        <translation>Impossible de modifier le budget</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Serveur</translation>
    </message>
    <message>
        <source>%1 · remote %2</source>
        <translation>%1 · distant %2</translation>
    </message>
    <message>
        <source>The connection was not remembered: %1</source>
        <translation>La connexion n’a pas été mémorisée : %1</translation>
    </message>
    <message>
        <source>Connected to %1 (model %2)</source>
        <translation>Connecté à %1 (modèle %2)</translation>
    </message>
    <message>
        <source>Could not connect to the server</source>
        <translation>Impossible de se connecter au serveur</translation>
    </message>
    <message>
        <source>&amp;Retry</source>
        <translation>&amp;Réessayer</translation>
    </message>
    <message>
        <source>The download of %1 did not finish: File → Get a model… continues it.</source>
        <translation>Le téléchargement de %1 n’est pas terminé : Fichier → Obtenir un modèle… le poursuit.</translation>
    </message>
    <message>
        <source>Download finished: %1</source>
        <translation>Téléchargement terminé : %1</translation>
    </message>
    <message>
        <source>Sluice</source>
        <translation>Sluice</translation>
    </message>
    <message>
        <source>Stats</source>
        <comment>side panel tab: live statistics; keep it short</comment>
        <translation>Stats</translation>
    </message>
</context>
<context>
    <name>sluice::gui::MarkdownView</name>
    <message>
        <source>Copy</source>
        <translation>Copier</translation>
    </message>
    <message>
        <source>Copy this code to the clipboard</source>
        <translation>Copier ce code dans le presse-papiers</translation>
    </message>
    <message>
        <source>Copy code block %1</source>
        <translation>Copier le bloc de code %1</translation>
    </message>
</context>
<context>
    <name>sluice::gui::MessageWidget</name>
    <message>
        <source>**Tool call:** `%1`</source>
        <translation>**Appel d’outil :** `%1`</translation>
    </message>
    <message>
        <source>[image unavailable: %1]</source>
        <translation>[image indisponible : %1]</translation>
    </message>
    <message>
        <source>Attached image %1</source>
        <translation>Image jointe %1</translation>
    </message>
    <message numerus="yes">
        <source>Thinking (%n word(s))</source>
        <translation>
            <numerusform>Réflexion (%n mot)</numerusform>
            <numerusform>Réflexion (%n mots)</numerusform>
        </translation>
    </message>
    <message>
        <source>Show or hide the model&apos;s thinking</source>
        <translation>Afficher ou masquer la réflexion du modèle</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Vous</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Assistant</translation>
    </message>
    <message>
        <source>System</source>
        <translation>Système</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Outil</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copier</translation>
    </message>
    <message>
        <source>Copy this message</source>
        <translation>Copier ce message</translation>
    </message>
    <message>
        <source>Copy the message text to the clipboard</source>
        <translation>Copier le texte du message dans le presse-papiers</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Modifier</translation>
    </message>
    <message>
        <source>Edit and resend this message</source>
        <translation>Modifier et renvoyer ce message</translation>
    </message>
    <message>
        <source>Put this message back into the prompt; sending replaces the conversation from here</source>
        <translation>Remettre ce message dans la zone de saisie ; l’envoi remplace la conversation à partir d’ici</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>Régénérer</translation>
    </message>
    <message>
        <source>Regenerate this reply</source>
        <translation>Régénérer cette réponse</translation>
    </message>
    <message>
        <source>Generate this reply again</source>
        <translation>Générer à nouveau cette réponse</translation>
    </message>
    <message>
        <source>%1 message %2</source>
        <translation>Message %2 : %1</translation>
    </message>
    <message>
        <source>Thinking of message %1</source>
        <translation>Réflexion du message %1</translation>
    </message>
    <message>
        <source>Tool calls of message %1</source>
        <translation>Appels d’outils du message %1</translation>
    </message>
    <message>
        <source>Statistics of message %1</source>
        <translation>Statistiques du message %1</translation>
    </message>
    <message>
        <source>Message %1 from %2</source>
        <translation>Message %1 de %2</translation>
    </message>
    <message>
        <source>Reading %1 of %2 tokens…</source>
        <translation>Lecture de %1 sur %2 jetons…</translation>
    </message>
    <message>
        <source>Prompt reading progress</source>
        <translation>Progression de la lecture du message</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Arrêter</translation>
    </message>
    <message>
        <source>Stop reading the prompt</source>
        <translation>Arrêter la lecture du message</translation>
    </message>
    <message>
        <source>%1 — being edited in the prompt</source>
        <translation>%1 — en cours de modification dans la zone de saisie</translation>
    </message>
    <message>
        <source>Being edited: sending replaces this message and everything after it</source>
        <translation>En cours de modification : l’envoi remplace ce message et tout ce qui le suit</translation>
    </message>
    <message>
        <source>Branch</source>
        <translation>Nouvelle branche</translation>
    </message>
    <message>
        <source>Branch from here</source>
        <translation>Créer une branche ici</translation>
    </message>
    <message>
        <source>Start a new chat holding the conversation up to this message</source>
        <translation>Commencer une nouvelle discussion contenant la conversation jusqu&apos;à ce message</translation>
    </message>
</context>
<context>
    <name>sluice::gui::ModelController</name>
    <message>
        <source>Stop the current reply before opening a model.</source>
        <translation>Arrêtez la réponse en cours avant d’ouvrir un modèle.</translation>
    </message>
    <message>
        <source>The budget was not applied: %1. The model was reopened with its previous budget.</source>
        <translation>Le budget n’a pas été appliqué : %1. Le modèle a été rouvert avec son budget précédent.</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Connexion à %1…</translation>
    </message>
    <message>
        <source>Budget %1 in force; expert cache %2 (the model stayed open)</source>
        <translation>Budget de %1 en vigueur ; cache d’experts %2 (le modèle est resté ouvert)</translation>
    </message>
    <message>
        <source>The budget could not be adjusted for the system&apos;s memory: %1</source>
        <translation>Le budget n’a pas pu être adapté à la mémoire du système : %1</translation>
    </message>
    <message>
        <source>Budget reduced to %1 while the system needed memory</source>
        <translation>Budget réduit à %1 pendant que le système manquait de mémoire</translation>
    </message>
    <message>
        <source>Budget back to %1: the system has memory again</source>
        <translation>Budget revenu à %1 : le système dispose de nouveau de mémoire</translation>
    </message>
    <message>
        <source>Cache reduced to %1 while the system needed memory (budget %2)</source>
        <translation>Cache réduit à %1 pendant que le système manquait de mémoire (budget %2)</translation>
    </message>
    <message>
        <source>Cache back to %1: the system has memory again (budget %2)</source>
        <translation>Cache revenu à %1 : le système dispose de nouveau de mémoire (budget %2)</translation>
    </message>
</context>
<context>
    <name>sluice::gui::ModelPanel</name>
    <message>
        <source>Verifying %1…</source>
        <translation>Vérification de %1…</translation>
    </message>
    <message>
        <source>Could not verify: %1</source>
        <translation>Vérification impossible : %1</translation>
    </message>
    <message numerus="yes">
        <source>Verification cancelled after %n record(s).</source>
        <translation>
            <numerusform>Vérification annulée après %n enregistrement.</numerusform>
            <numerusform>Vérification annulée après %n enregistrements.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All %n record(s) intact (headers and CRC).</source>
        <translation>
            <numerusform>%n enregistrement intact (en-tête et CRC).</numerusform>
            <numerusform>Les %n enregistrements sont intacts (en-têtes et CRC).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n damaged record(s):</source>
        <translation>
            <numerusform>%n enregistrement endommagé :</numerusform>
            <numerusform>%n enregistrements endommagés :</numerusform>
        </translation>
    </message>
    <message>
        <source>layer %1, expert %2</source>
        <translation>couche %1, expert %2</translation>
    </message>
    <message>
        <source>layer %1 (whole bank)</source>
        <translation>couche %1 (banc entier)</translation>
    </message>
    <message>
        <source>Model information</source>
        <translation>Informations sur le modèle</translation>
    </message>
    <message>
        <source>Verify container</source>
        <translation>Vérifier le conteneur</translation>
    </message>
    <message>
        <source>Verify the model container</source>
        <translation>Vérifier le conteneur du modèle</translation>
    </message>
    <message>
        <source>Checks every expert record&apos;s header and CRC, like `sluice-cli verify MODEL`</source>
        <translation>Vérifie l’en-tête et le CRC de chaque enregistrement d’expert, comme `sluice-cli verify MODÈLE`</translation>
    </message>
    <message>
        <source>Cancel verification</source>
        <translation>Annuler la vérification</translation>
    </message>
    <message>
        <source>Verification progress</source>
        <translation>Progression de la vérification</translation>
    </message>
    <message>
        <source>Verification result</source>
        <translation>Résultat de la vérification</translation>
    </message>
    <message>
        <source>Architecture, parameter count, container size and whether the model can see images are shown here once a model is open.</source>
        <translation>L’architecture, le nombre de paramètres, la taille du conteneur et la capacité du modèle à voir des images s’affichent ici une fois un modèle ouvert.</translation>
    </message>
    <message>
        <source>Folder: %1</source>
        <translation>Dossier : %1</translation>
    </message>
    <message>
        <source>Architecture: %1</source>
        <translation>Architecture : %1</translation>
    </message>
    <message>
        <source>Parameters: %1 billion</source>
        <translation>Paramètres : %1 milliards</translation>
    </message>
    <message>
        <source>Container size: %1</source>
        <translation>Taille du conteneur : %1</translation>
    </message>
    <message>
        <source>Layers: %1 · experts: %2 (top-%3)</source>
        <translation>Couches : %1 · experts : %2 (top-%3)</translation>
    </message>
    <message>
        <source>Vision: %1</source>
        <translation>Vision : %1</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>oui</translation>
    </message>
    <message>
        <source>no</source>
        <translation>non</translation>
    </message>
    <message>
        <source>Budget: %1 · floor: %2</source>
        <translation>Budget : %1 · plancher : %2</translation>
    </message>
    <message numerus="yes">
        <source>Expert cache: %1 (%n slot(s))</source>
        <translation>
            <numerusform>Cache d’experts : %1 (%n emplacement)</numerusform>
            <numerusform>Cache d’experts : %1 (%n emplacements)</numerusform>
        </translation>
    </message>
    <message>
        <source>Direct I/O: %1</source>
        <translation>E/S directes : %1</translation>
    </message>
    <message>
        <source>no (buffered reads)</source>
        <translation>non (lectures en mémoire tampon)</translation>
    </message>
    <message>
        <source>Context length: %1 tokens</source>
        <translation>Longueur de contexte : %1 jetons</translation>
    </message>
    <message>
        <source>Trunk cache: %1 (%2)</source>
        <translation>Cache du tronc : %1 (%2)</translation>
    </message>
    <message>
        <source>Reads %1 per expert miss, %2% more than a converted VQ3R container (%3)</source>
        <translation>Lit %1 par expert absent du cache, %2 % de plus qu’un conteneur VQ3R converti (%3)</translation>
    </message>
    <message>
        <source>Remote server: %1
Model: %2
The server offers: %3
Replies are computed there: the budget, the expert cache and verification belong to the server.</source>
        <translation>Serveur distant : %1
Modèle : %2
Le serveur propose : %3
Les réponses sont calculées là-bas : le budget, le cache d’experts et la vérification relèvent du serveur.</translation>
    </message>
    <message>
        <source>Experts per token: %1 of the model&apos;s %2 (the Memory budget panel sets it)</source>
        <translation>Experts par jeton : %1 sur les %2 du modèle (le panneau Budget mémoire le règle)</translation>
    </message>
</context>
<context>
    <name>sluice::gui::PlanModelDialog</name>
    <message>
        <source>Cannot write the test file %1: %2</source>
        <translation>Impossible d’écrire le fichier de test %1 : %2</translation>
    </message>
    <message>
        <source>Measured: %1 GB/s reading records of this model&apos;s size from the disk of %2.</source>
        <translation>Mesuré : %1 Go/s en lisant des enregistrements de la taille de ceux de ce modèle sur le disque de %2.</translation>
    </message>
    <message>
        <source>Converted for Sluice (VQ3R container, 4-bit trunk)</source>
        <translation>Converti pour Sluice (conteneur VQ3R, tronc 4 bits)</translation>
    </message>
    <message>
        <source>As published (MXFP4 experts, bf16 trunk)</source>
        <translation>Tel que publié (experts MXFP4, tronc bf16)</translation>
    </message>
    <message>
        <source>As published (bf16)</source>
        <translation>Tel que publié (bf16)</translation>
    </message>
    <message>
        <source>Plan a model</source>
        <translation>Planifier un modèle</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>&amp;Modèle :</translation>
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
        <translation>Modèle publié à planifier</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>&amp;Format :</translation>
    </message>
    <message>
        <source>Format of the model on disk</source>
        <translation>Format du modèle sur le disque</translation>
    </message>
    <message>
        <source>&amp;RAM (GiB):</source>
        <translation>&amp;RAM (Gio) :</translation>
    </message>
    <message>
        <source>RAM of the machine in GiB</source>
        <translation>RAM de la machine en Gio</translation>
    </message>
    <message>
        <source>This machine&apos;s usable RAM is %1; type another machine&apos;s to plan for it</source>
        <translation>La RAM utilisable de cette machine est de %1 ; saisissez celle d’une autre machine pour planifier pour elle</translation>
    </message>
    <message>
        <source>&amp;Measure this machine&apos;s disk</source>
        <translation>Mesurer le &amp;disque de cette machine</translation>
    </message>
    <message>
        <source>Measure this machine&apos;s disk speed</source>
        <translation>Mesurer la vitesse du disque de cette machine</translation>
    </message>
    <message>
        <source>Writes a test file to the app&apos;s cache folder and reads it back with O_DIRECT for a few seconds, in records of this model&apos;s size</source>
        <translation>Écrit un fichier de test dans le dossier de cache de l’application et le relit avec O_DIRECT pendant quelques secondes, par enregistrements de la taille de ceux de ce modèle</translation>
    </message>
    <message>
        <source>Does the model fit</source>
        <translation>Le modèle tient-il en mémoire</translation>
    </message>
    <message>
        <source>No plan for these choices.</source>
        <translation>Aucun plan pour ces choix.</translation>
    </message>
    <message numerus="yes">
        <source>Fits: default budget %1 (the model&apos;s floor plus the experts of %n token(s) in the cache).</source>
        <translation>
            <numerusform>Tient en mémoire : budget par défaut %1 (le plancher du modèle plus les experts de %n jeton dans le cache).</numerusform>
            <numerusform>Tient en mémoire : budget par défaut %1 (le plancher du modèle plus les experts de %n jetons dans le cache).</numerusform>
        </translation>
    </message>
    <message>
        <source>The whole trunk does not fit in 7/8 of this RAM (that needs %1 of RAM); with the trunk streamed from disk it runs with a budget from %2 to %3.</source>
        <translation>Le tronc entier ne tient pas dans 7/8 de cette RAM (il faut pour cela %1 de RAM) ; avec le tronc lu en continu depuis le disque, le modèle tourne avec un budget de %2 à %3.</translation>
    </message>
    <message>
        <source>Does not fit: even with the trunk streamed the floor %1 is above 7/8 of this RAM; it needs at least %2 of RAM.</source>
        <translation>Ne tient pas : même avec le tronc lu en continu, le plancher %1 dépasse 7/8 de cette RAM ; il faut au moins %2 de RAM.</translation>
    </message>
    <message>
        <source>Download (or converted size): %1.</source>
        <translation>Téléchargement (ou taille convertie) : %1.</translation>
    </message>
    <message>
        <source>Cannot create a test folder in %1.</source>
        <translation>Impossible de créer un dossier de test dans %1.</translation>
    </message>
    <message>
        <source>Writing a %1 test file…</source>
        <translation>Écriture d’un fichier de test de %1…</translation>
    </message>
</context>
<context>
    <name>sluice::gui::PlannerBar</name>
    <message>
        <source>The app itself</source>
        <translation>L’application elle-même</translation>
    </message>
    <message>
        <source>Trunk</source>
        <translation>Tronc</translation>
    </message>
    <message>
        <source>Attention state / KV</source>
        <translation>État d’attention / KV</translation>
    </message>
    <message>
        <source>Scratch</source>
        <translation>Tampons de travail</translation>
    </message>
    <message>
        <source>Vision</source>
        <translation>Vision</translation>
    </message>
    <message>
        <source>Expert cache</source>
        <translation>Cache d’experts</translation>
    </message>
    <message>
        <source>Free headroom</source>
        <translation>Marge libre</translation>
    </message>
    <message>
        <source>Budget %1 of %2 usable RAM; floor %3</source>
        <translation>Budget %1 sur %2 de RAM utilisable ; plancher %3</translation>
    </message>
    <message>
        <source>No plan</source>
        <translation>Aucun plan</translation>
    </message>
    <message>
        <source>floor %1</source>
        <translation>plancher %1</translation>
    </message>
    <message>
        <source>paging risk above 7/8</source>
        <translation>risque de pagination au-delà de 7/8</translation>
    </message>
    <message>
        <source>usable RAM %1</source>
        <translation>RAM utilisable %1</translation>
    </message>
    <message>
        <source>Expert cache (every expert)</source>
        <translation>Cache d’experts (tous les experts)</translation>
    </message>
    <message>
        <source>Unused budget</source>
        <translation>Budget inutilisé</translation>
    </message>
    <message>
        <source>showing %1 of %2 usable RAM</source>
        <translation>%1 affichés sur %2 de RAM utilisable</translation>
    </message>
    <message>
        <source>Trunk in RAM (%1 of %2 layers)</source>
        <translation>Tronc en RAM (%1 couches sur %2)</translation>
    </message>
    <message>
        <source>Trunk staging (streamed layers)</source>
        <translation>Tampons du tronc (couches lues en continu)</translation>
    </message>
    <message>
        <source>whole trunk in RAM from %1 →</source>
        <translation>tronc entier en RAM dès %1 →</translation>
    </message>
    <message>
        <source>whole trunk in RAM from %1</source>
        <translation>tronc entier en RAM dès %1</translation>
    </message>
    <message>
        <source>Trunk in RAM (%1 of %2 layers; lm_head streamed)</source>
        <translation>Tronc en RAM (%1 couches sur %2 ; lm_head lu en continu)</translation>
    </message>
    <message>
        <source>Trunk staging (streamed layers and lm_head)</source>
        <translation>Tampons du tronc (couches et lm_head lus en continu)</translation>
    </message>
</context>
<context>
    <name>sluice::gui::PlannerFeed</name>
    <message>
        <source>The app cannot read this model&apos;s planner inputs yet (the engine does not expose them); `sluice-cli plan MODEL` shows the full plan. The model runs with budget %1; its floor is %2.</source>
        <translation>L’application ne sait pas encore lire les données de planification de ce modèle (le moteur ne les expose pas) ; `sluice-cli plan MODEL` affiche le plan complet. Le modèle fonctionne avec un budget de %1 ; son plancher est de %2.</translation>
    </message>
</context>
<context>
    <name>sluice::gui::PlannerPanel</name>
    <message>
        <source>Memory budget</source>
        <translation>Budget mémoire</translation>
    </message>
    <message>
        <source>&amp;Context length:</source>
        <translation>Longueur de &amp;contexte :</translation>
    </message>
    <message>
        <source>Context length in tokens</source>
        <translation>Longueur de contexte en jetons</translation>
    </message>
    <message>
        <source>The attention cache is preallocated for this many tokens</source>
        <translation>Le cache d’attention est préalloué pour ce nombre de jetons</translation>
    </message>
    <message>
        <source>Budget (&amp;GiB):</source>
        <translation>Budget (&amp;Gio) :</translation>
    </message>
    <message>
        <source>Precise budget in GiB</source>
        <translation>Budget précis en Gio</translation>
    </message>
    <message>
        <source>&amp;Apply and reopen model</source>
        <translation>&amp;Appliquer et rouvrir le modèle</translation>
    </message>
    <message>
        <source>Apply the budget and reopen the model</source>
        <translation>Appliquer le budget et rouvrir le modèle</translation>
    </message>
    <message>
        <source>Test disk speed</source>
        <translation>Tester la vitesse du disque</translation>
    </message>
    <message>
        <source>Memory budget bar</source>
        <translation>Barre du budget mémoire</translation>
    </message>
    <message>
        <source>Budget figures</source>
        <translation>Chiffres du budget</translation>
    </message>
    <message>
        <source>Budget planner status</source>
        <translation>État du planificateur de budget</translation>
    </message>
    <message>
        <source>The budget planner shows how the RAM budget splits into trunk, attention state, scratch and expert cache once a model is chosen.</source>
        <translation>Le planificateur montre comment le budget de RAM se répartit entre tronc, état d’attention, tampons de travail et cache d’experts, une fois un modèle choisi.</translation>
    </message>
    <message>
        <source>The planner refused these inputs: %1</source>
        <translation>Le planificateur a refusé ces données : %1</translation>
    </message>
    <message>
        <source>Floor: %1 (the least the model can run in)</source>
        <translation>Plancher : %1 (le minimum pour faire tourner le modèle)</translation>
    </message>
    <message>
        <source>Recommended: %1 · default here: %2</source>
        <translation>Recommandé : %1 · par défaut ici : %2</translation>
    </message>
    <message numerus="yes">
        <source>Budget: %1 → expert cache %2 (%n slot(s))</source>
        <translation>
            <numerusform>Budget : %1 → cache d’experts %2 (%n emplacement)</numerusform>
            <numerusform>Budget : %1 → cache d’experts %2 (%n emplacements)</numerusform>
        </translation>
    </message>
    <message>
        <source>Not allowed: %1</source>
        <translation>Non autorisé : %1</translation>
    </message>
    <message>
        <source>The budget is below the floor; raise it to apply.</source>
        <translation>Le budget est sous le plancher ; augmentez-le pour l’appliquer.</translation>
    </message>
    <message>
        <source>Disk test cancelled.</source>
        <translation>Test du disque annulé.</translation>
    </message>
    <message>
        <source>Measuring disk speed…</source>
        <translation>Mesure de la vitesse du disque…</translation>
    </message>
    <message>
        <source>Disk: %1 GB/s (O_DIRECT record reads)</source>
        <translation>Disque : %1 Go/s (lectures d’enregistrements O_DIRECT)</translation>
    </message>
    <message>
        <source>Disk: %1 GB/s (the file system refused O_DIRECT: this may be RAM speed)</source>
        <translation>Disque : %1 Go/s (le système de fichiers a refusé O_DIRECT : c’est peut-être la vitesse de la RAM)</translation>
    </message>
    <message>
        <source>The tok/s estimate needs a routing trace (*.jsonl); none was found.</source>
        <translation>L’estimation des jetons/s a besoin d’une trace de routage (*.jsonl) ; aucune n’a été trouvée.</translation>
    </message>
    <message>
        <source>Test the disk speed for an estimate of tokens per second.</source>
        <translation>Testez la vitesse du disque pour estimer les jetons par seconde.</translation>
    </message>
    <message>
        <source>Reads the model&apos;s largest expert bank for a few seconds with O_DIRECT, like `sluice-cli diskbench`</source>
        <translation>Lit le plus grand banc d’experts du modèle pendant quelques secondes avec O_DIRECT, comme `sluice-cli diskbench`</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Cancel the disk test</source>
        <translation>Annuler le test du disque</translation>
    </message>
    <message>
        <source>Disk test progress</source>
        <translation>Progression du test du disque</translation>
    </message>
    <message>
        <source>Disk speed</source>
        <translation>Vitesse du disque</translation>
    </message>
    <message>
        <source>Estimated tokens per second</source>
        <translation>Jetons par seconde estimés</translation>
    </message>
    <message>
        <source>&amp;Budget:</source>
        <translation>&amp;Budget :</translation>
    </message>
    <message>
        <source>Budget, from the floor up</source>
        <translation>Budget, à partir du plancher</translation>
    </message>
    <message numerus="yes">
        <source>Each step adds room in the expert cache for the experts of %n token(s)</source>
        <translation>
            <numerusform>Chaque cran ajoute au cache d’experts la place des experts de %n jeton</numerusform>
            <numerusform>Chaque cran ajoute au cache d’experts la place des experts de %n jetons</numerusform>
        </translation>
    </message>
    <message>
        <source>Budget (&amp;MiB):</source>
        <translation>Budget (&amp;Mio) :</translation>
    </message>
    <message>
        <source>Precise budget in MiB</source>
        <translation>Budget précis en Mio</translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation>Modèle : %1</translation>
    </message>
    <message>
        <source>Experts one token reads: %1</source>
        <translation>Experts lus par jeton : %1</translation>
    </message>
    <message>
        <source>Every expert of the model fits in the cache from %1 on</source>
        <translation>Tous les experts du modèle tiennent dans le cache à partir de %1</translation>
    </message>
    <message>
        <source>Warning: the budget is above 7/8 of usable RAM (%1); the system may page out the cache.</source>
        <translation>Attention : le budget dépasse 7/8 de la RAM utilisable (%1) ; le système risque d’évincer le cache.</translation>
    </message>
    <message>
        <source>Warning: the floor %1 is more than usable RAM %2; the model will page or be killed.</source>
        <translation>Attention : le plancher %1 dépasse la RAM utilisable %2 ; le modèle va paginer ou être tué.</translation>
    </message>
    <message>
        <source>Warning: the floor and the experts of one token (%1) do not fit in 3/4 of usable RAM (%2); expect mostly cache misses.</source>
        <translation>Attention : le plancher et les experts d’un jeton (%1) ne tiennent pas dans 3/4 de la RAM utilisable (%2) ; attendez-vous à surtout des défauts de cache.</translation>
    </message>
    <message>
        <source>&amp;Apply</source>
        <translation>&amp;Appliquer</translation>
    </message>
    <message>
        <source>Apply the budget to the open model</source>
        <translation>Appliquer le budget au modèle ouvert</translation>
    </message>
    <message>
        <source>Floor: %1 (the least the open model can run in; reopen it for down to %2)</source>
        <translation>Plancher : %1 (le minimum pour faire tourner le modèle ouvert ; rouvrez-le pour descendre jusqu’à %2)</translation>
    </message>
    <message>
        <source>Disk: %1 GB/s (typed)</source>
        <translation>Disque : %1 Go/s (saisi)</translation>
    </message>
    <message>
        <source>Disk &amp;speed (GB/s):</source>
        <translation>&amp;Vitesse du disque (Go/s) :</translation>
    </message>
    <message>
        <source>Disk read speed in gigabytes per second</source>
        <translation>Vitesse de lecture du disque en gigaoctets par seconde</translation>
    </message>
    <message>
        <source>Type the disk&apos;s read speed, or test it: the predicted speed is computed from it</source>
        <translation>Saisissez la vitesse de lecture du disque, ou testez-la : la vitesse prévue en est déduite</translation>
    </message>
    <message>
        <source>Floor: %1 with the whole trunk in RAM; down to %2 with the trunk streamed from disk (slower: the streamed layers are read every token)</source>
        <translation>Plancher : %1 avec le tronc entier en RAM ; jusqu’à %2 avec le tronc lu en continu depuis le disque (plus lent : ces couches sont relues à chaque jeton)</translation>
    </message>
    <message>
        <source>Trunk: %1 of %2 layers in RAM (%3); %4 read from disk every token</source>
        <translation>Tronc : %1 couches sur %2 en RAM (%3) ; %4 lus sur le disque à chaque jeton</translation>
    </message>
    <message>
        <source>Trunk: all %1 layers in RAM (%2)</source>
        <translation>Tronc : les %1 couches en RAM (%2)</translation>
    </message>
    <message>
        <source>The predicted speed needs a routing trace (*.jsonl); none was found.</source>
        <translation>La vitesse prévue a besoin d’une trace de routage (*.jsonl) ; aucune n’a été trouvée.</translation>
    </message>
    <message>
        <source>Type the disk speed or test it for the predicted speed.</source>
        <translation>Saisissez ou testez la vitesse du disque pour obtenir la vitesse prévue.</translation>
    </message>
    <message>
        <source>%1 s/token (%2 tokens/s)</source>
        <translation>%1 s/jeton (%2 jetons/s)</translation>
    </message>
    <message>
        <source>no disk reads once warm</source>
        <translation>aucune lecture disque une fois le cache chaud</translation>
    </message>
    <message>
        <source>Predicted speed at %1 GB/s if the disk is the limit: %2; %3 GB read per token</source>
        <translation>Vitesse prévue à %1 Go/s si le disque est la limite : %2 ; %3 Go lus par jeton</translation>
    </message>
    <message>
        <source> (%1 GB of expert misses, %2 GB of streamed trunk)</source>
        <translation> (%1 Go d’experts absents du cache, %2 Go de tronc lu en continu)</translation>
    </message>
    <message>
        <source>. Expert hit rate %1% once warm (routing trace %2, another model&apos;s, scaled to this one).</source>
        <translation>. Taux de succès du cache d’experts %1 % une fois chaud (trace de routage %2, d’un autre modèle, mise à l’échelle de celui-ci).</translation>
    </message>
    <message>
        <source>lm_head: streamed from disk in row blocks (%1 of that every token)</source>
        <translation>lm_head : lu depuis le disque par blocs de lignes (%1 de cela à chaque jeton)</translation>
    </message>
    <message>
        <source>E&amp;xperts per token:</source>
        <translation>E&amp;xperts par jeton :</translation>
    </message>
    <message>
        <source>Experts per token</source>
        <translation>Experts par jeton</translation>
    </message>
    <message>
        <source>The model&apos;s own (%1)</source>
        <translation>Celui du modèle (%1)</translation>
    </message>
    <message>
        <source>The model&apos;s own</source>
        <translation>Celui du modèle</translation>
    </message>
    <message>
        <source>Experts per token: %1 of the model&apos;s %2 (faster, at a quality cost)</source>
        <translation>Experts par jeton : %1 sur les %2 du modèle (plus rapide, au prix de la qualité)</translation>
    </message>
    <message>
        <source>How many routed experts each token uses. Fewer read and compute less per token, so tokens come faster and a smaller budget suffices, but the output drifts from the full model&apos;s (docs/model.md has the measured cost). Changing it reopens the model.</source>
        <translation>Nombre d’experts routés qu’utilise chaque jeton. Moins d’experts lisent et calculent moins par jeton : les jetons viennent plus vite et un budget plus petit suffit, mais la sortie s’écarte de celle du modèle complet (docs/model.md donne le coût mesuré). Le changer rouvre le modèle.</translation>
    </message>
    <message>
        <source>This floor is a reopen&apos;s: the app measured again now plus the safety margin a reopen plans with; a reopen with the open model&apos;s %1 experts per token would need %2. The open model&apos;s own floor is lower because a live change measures nothing and needs no margin.</source>
        <translation>Ce plancher est celui d’une réouverture : l’application mesurée à nouveau maintenant, plus la marge de sécurité avec laquelle une réouverture planifie ; une réouverture avec les %1 experts par jeton du modèle ouvert demanderait %2. Le plancher du modèle ouvert est plus bas parce qu’un changement à chaud ne mesure rien et n’a pas besoin de marge.</translation>
    </message>
</context>
<context>
    <name>sluice::gui::ServerPanel</name>
    <message>
        <source>Serving &quot;%1&quot; at %2</source>
        <translation>« %1 » est servi sur %2</translation>
    </message>
    <message>
        <source>Not serving: %1</source>
        <translation>Service arrêté : %1</translation>
    </message>
    <message>
        <source>Starts when a model is open.</source>
        <translation>Démarre dès qu’un modèle est ouvert.</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Arrêté.</translation>
    </message>
    <message numerus="yes">
        <source>%n request(s)</source>
        <translation>
            <numerusform>%n requête</numerusform>
            <numerusform>%n requêtes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n token(s) generated</source>
        <translation>
            <numerusform>%n jeton généré</numerusform>
            <numerusform>%n jetons générés</numerusform>
        </translation>
    </message>
    <message>
        <source>Local server</source>
        <translation>Serveur local</translation>
    </message>
    <message>
        <source>An OpenAI-compatible endpoint for editors, agents and scripts, serving the model open in this window (no second copy in memory). Its replies and the window&apos;s take turns. Another address than 127.0.0.1 needs an API key.</source>
        <translation>Un point d’accès compatible OpenAI pour les éditeurs, les agents et les scripts, qui sert le modèle ouvert dans cette fenêtre (sans seconde copie en mémoire). Ses réponses et celles de la fenêtre se font à tour de rôle. Une autre adresse que 127.0.0.1 exige une clé d’API.</translation>
    </message>
    <message>
        <source>Serve the open model</source>
        <translation>Servir le modèle ouvert</translation>
    </message>
    <message>
        <source>Address:</source>
        <translation>Adresse :</translation>
    </message>
    <message>
        <source>Port:</source>
        <translation>Port :</translation>
    </message>
    <message>
        <source>API key:</source>
        <translation>Clé d’API :</translation>
    </message>
    <message>
        <source>none (loopback only)</source>
        <translation>aucune (local uniquement)</translation>
    </message>
    <message>
        <source>Generate</source>
        <translation>Générer</translation>
    </message>
    <message>
        <source>Base URL:</source>
        <translation>URL de base :</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copier</translation>
    </message>
    <message>
        <source>Try it:</source>
        <translation>Pour essayer :</translation>
    </message>
    <message>
        <source>Copy curl command</source>
        <translation>Copier la commande curl</translation>
    </message>
    <message>
        <source>Requests:</source>
        <translation>Requêtes :</translation>
    </message>
    <message>
        <source>Server address</source>
        <translation>Adresse du serveur</translation>
    </message>
    <message>
        <source>Server port</source>
        <translation>Port du serveur</translation>
    </message>
    <message>
        <source>Server API key</source>
        <translation>Clé d’API du serveur</translation>
    </message>
    <message>
        <source>Generate an API key</source>
        <translation>Générer une clé d’API</translation>
    </message>
    <message>
        <source>Server base URL</source>
        <translation>URL de base du serveur</translation>
    </message>
    <message>
        <source>Copy the base URL</source>
        <translation>Copier l’URL de base</translation>
    </message>
    <message>
        <source>Example curl command</source>
        <translation>Exemple de commande curl</translation>
    </message>
    <message>
        <source>Copy the curl command</source>
        <translation>Copier la commande curl</translation>
    </message>
    <message>
        <source>Server request log</source>
        <translation>Journal des requêtes du serveur</translation>
    </message>
    <message>
        <source>Not serving yet: the model was opened with room for this window&apos;s chat only. Reopen it with room for the server too; the server&apos;s conversation takes its share of the memory budget from the expert cache.</source>
        <translation>Pas encore de service : le modèle a été ouvert avec de la place pour la conversation de cette fenêtre seulement. Rouvrez-le avec de la place pour le serveur aussi ; la conversation du serveur prend sa part du budget mémoire sur le cache d’experts.</translation>
    </message>
    <message>
        <source>Reopen the model and serve</source>
        <translation>Rouvrir le modèle et servir</translation>
    </message>
    <message>
        <source>Reopen the model with room for the server</source>
        <translation>Rouvrir le modèle avec de la place pour le serveur</translation>
    </message>
</context>
<context>
    <name>sluice::gui::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Paramètres</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>Moteur</translation>
    </message>
    <message>
        <source>Compute threads</source>
        <translation>Fils de calcul</translation>
    </message>
    <message>
        <source>All cores (%1)</source>
        <translation>Tous les cœurs (%1)</translation>
    </message>
    <message>
        <source>&amp;Threads:</source>
        <translation>&amp;Fils :</translation>
    </message>
    <message>
        <source>Budget mode</source>
        <translation>Mode de budget</translation>
    </message>
    <message>
        <source>Automatic (planner default)</source>
        <translation>Automatique (valeur du planificateur)</translation>
    </message>
    <message>
        <source>Fixed</source>
        <translation>Fixe</translation>
    </message>
    <message>
        <source>&amp;Budget mode:</source>
        <translation>Mode de &amp;budget :</translation>
    </message>
    <message>
        <source>Fixed budget in GiB</source>
        <translation>Budget fixe en Gio</translation>
    </message>
    <message>
        <source> GiB</source>
        <translation> Gio</translation>
    </message>
    <message>
        <source>Fixed &amp;budget:</source>
        <translation>&amp;Budget fixe :</translation>
    </message>
    <message>
        <source>Context length</source>
        <translation>Longueur de contexte</translation>
    </message>
    <message>
        <source>&amp;Context length:</source>
        <translation>Longueur de &amp;contexte :</translation>
    </message>
    <message>
        <source>Sampling</source>
        <translation>Échantillonnage</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>Température</translation>
    </message>
    <message>
        <source>0 (greedy)</source>
        <translation>0 (glouton)</translation>
    </message>
    <message>
        <source>T&amp;emperature:</source>
        <translation>T&amp;empérature :</translation>
    </message>
    <message>
        <source>Top-p</source>
        <translation>Top-p</translation>
    </message>
    <message>
        <source>Top-&amp;p:</source>
        <translation>Top-&amp;p :</translation>
    </message>
    <message>
        <source>Top-k</source>
        <translation>Top-k</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Désactivé</translation>
    </message>
    <message>
        <source>Top-&amp;k:</source>
        <translation>Top-&amp;k :</translation>
    </message>
    <message>
        <source>Maximum reply tokens</source>
        <translation>Nombre maximal de jetons par réponse</translation>
    </message>
    <message>
        <source>&amp;Max reply tokens:</source>
        <translation>Jetons de réponse &amp;max. :</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>Discussion</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>Invite système</translation>
    </message>
    <message>
        <source>Optional instructions sent before every chat</source>
        <translation>Instructions facultatives envoyées avant chaque discussion</translation>
    </message>
    <message>
        <source>&amp;System prompt:</source>
        <translation>Invite &amp;système :</translation>
    </message>
    <message>
        <source>Let the model &amp;think before answering</source>
        <translation>Laisser le modèle &amp;réfléchir avant de répondre</translation>
    </message>
    <message>
        <source>Thinking</source>
        <translation>Réflexion</translation>
    </message>
    <message>
        <source>Thinking effort</source>
        <translation>Effort de réflexion</translation>
    </message>
    <message>
        <source>Model default</source>
        <translation>Valeur du modèle</translation>
    </message>
    <message>
        <source>Low</source>
        <translation>Faible</translation>
    </message>
    <message>
        <source>High</source>
        <translation>Élevé</translation>
    </message>
    <message>
        <source>Maximum</source>
        <translation>Maximal</translation>
    </message>
    <message>
        <source>Thinking &amp;effort:</source>
        <translation>&amp;Effort de réflexion :</translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation>Apparence</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>Thème</translation>
    </message>
    <message>
        <source>System</source>
        <translation>Système</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Clair</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Sombre</translation>
    </message>
    <message>
        <source>T&amp;heme:</source>
        <translation>T&amp;hème :</translation>
    </message>
    <message>
        <source>Font size</source>
        <translation>Taille de police</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>Valeur du système</translation>
    </message>
    <message>
        <source> pt</source>
        <translation> pt</translation>
    </message>
    <message>
        <source>&amp;Font size:</source>
        <translation>Taille de &amp;police :</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Langue</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>Langue du système</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Langue :</translation>
    </message>
    <message>
        <source>Disk for saved conversation states, in GiB</source>
        <translation>Disque pour les états de conversation enregistrés, en Gio</translation>
    </message>
    <message>
        <source>Now in use: %1 GiB. 0 keeps none (every chat is read again when reopened).</source>
        <translation>Utilisé actuellement : %1 Gio. 0 n’en garde aucun (chaque discussion est relue à sa réouverture).</translation>
    </message>
    <message>
        <source>Saved &amp;states, at most:</source>
        <translation>États &amp;enregistrés, au plus :</translation>
    </message>
    <message>
        <source>&amp;Give memory back when the system needs it</source>
        <translation>&amp;Rendre de la mémoire quand le système en a besoin</translation>
    </message>
    <message>
        <source>Reduce the expert cache while the system is short of memory</source>
        <translation>Réduire le cache d’experts quand le système manque de mémoire</translation>
    </message>
    <message>
        <source>While other programs need memory, the expert cache shrinks in steps and grows back once the system has been calm for a while</source>
        <translation>Tant que d’autres programmes ont besoin de mémoire, le cache d’experts diminue par paliers, puis se reconstitue une fois le système calme depuis un moment</translation>
    </message>
    <message>
        <source>Smallest budget when giving memory back, in GiB</source>
        <translation>Budget minimal lors de la restitution de mémoire, en Gio</translation>
    </message>
    <message>
        <source>The model&apos;s floor</source>
        <translation>Plancher du modèle</translation>
    </message>
    <message>
        <source>Never &amp;below:</source>
        <translation>Jamais en &amp;dessous de :</translation>
    </message>
    <message>
        <source>Repetition penalty</source>
        <translation>Pénalité de répétition</translation>
    </message>
    <message>
        <source>&amp;Repetition penalty:</source>
        <translation>Pénalité de &amp;répétition :</translation>
    </message>
    <message>
        <source>The model&apos;s recommended sampling was not used: %1</source>
        <translation>L’échantillonnage recommandé par le modèle n’a pas été utilisé : %1</translation>
    </message>
    <message>
        <source>A field you have not changed follows the model&apos;s recommendation (%1).</source>
        <translation>Un champ que vous n’avez pas modifié suit la recommandation du modèle (%1).</translation>
    </message>
</context>
<context>
    <name>sluice::gui::ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Raccourcis clavier</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Action</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>Raccourci</translation>
    </message>
    <message>
        <source>List of keyboard shortcuts</source>
        <translation>Liste des raccourcis clavier</translation>
    </message>
</context>
<context>
    <name>sluice::gui::StatsChart</name>
    <message>
        <source>tokens/s</source>
        <translation>jetons/s</translation>
    </message>
    <message>
        <source>hit rate %</source>
        <translation>taux de succès %</translation>
    </message>
    <message>
        <source>The chart fills while a reply is generated.</source>
        <translation>Le graphique se remplit pendant la génération d’une réponse.</translation>
    </message>
</context>
<context>
    <name>sluice::gui::StatsPanel</name>
    <message>
        <source>Live statistics</source>
        <translation>Statistiques en direct</translation>
    </message>
    <message>
        <source>Tokens per second, time to first token, expert cache hit rate, disk throughput and RAM use appear here while a reply is generated.</source>
        <translation>Les jetons par seconde, le délai avant le premier jeton, le taux de succès du cache d’experts, le débit disque et l’usage de la RAM s’affichent ici pendant la génération d’une réponse.</translation>
    </message>
    <message>
        <source>Statistics status</source>
        <translation>État des statistiques</translation>
    </message>
    <message>
        <source>Chart of tokens per second and hit rate over the last %1 tokens</source>
        <translation>Graphique des jetons par seconde et du taux de succès sur les %1 derniers jetons</translation>
    </message>
    <message>
        <source>Generation statistics</source>
        <translation>Statistiques de génération</translation>
    </message>
    <message>
        <source>Tokens: %1</source>
        <translation>Jetons : %1</translation>
    </message>
    <message>
        <source>Speed: %1 tok/s</source>
        <translation>Vitesse : %1 jetons/s</translation>
    </message>
    <message>
        <source>First token after: %1 s</source>
        <translation>Premier jeton après : %1 s</translation>
    </message>
    <message>
        <source>Expert hit rate: %1%</source>
        <translation>Taux de succès des experts : %1 %</translation>
    </message>
    <message>
        <source>Disk: %1 GB/s</source>
        <translation>Disque : %1 Go/s</translation>
    </message>
    <message>
        <source>RAM: %1 of %2 budget</source>
        <translation>RAM : %1 sur un budget de %2</translation>
    </message>
    <message>
        <source>Chart of the memory budget and expert cache over time</source>
        <translation>Graphique du budget mémoire et du cache d’experts au fil du temps</translation>
    </message>
    <message>
        <source>Expert cache: %1</source>
        <translation>Cache d’experts : %1</translation>
    </message>
    <message>
        <source>Remote server: cache, disk and RAM figures are the server&apos;s own and not shown</source>
        <translation>Serveur distant : les chiffres de cache, de disque et de RAM sont ceux du serveur et ne sont pas affichés</translation>
    </message>
</context>
<context>
    <name>sluice::gui::StatusArea</name>
    <message>
        <source>Opening %1…</source>
        <translation>Ouverture de %1…</translation>
    </message>
    <message>
        <source>%1 tok/s · first token %2 s · hit %3% · disk %4 GB/s · RAM %5 / %6</source>
        <translation>%1 jetons/s · premier jeton %2 s · succès %3 % · disque %4 Go/s · RAM %5 / %6</translation>
    </message>
    <message>
        <source>Model opening progress</source>
        <translation>Progression de l’ouverture du modèle</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Cancel opening the model</source>
        <translation>Annuler l’ouverture du modèle</translation>
    </message>
    <message>
        <source>Model status</source>
        <translation>État du modèle</translation>
    </message>
    <message>
        <source>Generation statistics</source>
        <translation>Statistiques de génération</translation>
    </message>
    <message>
        <source>%1 tok/s · first token %2 s · remote</source>
        <translation>%1 jetons/s · premier jeton %2 s · distant</translation>
    </message>
</context>
<context>
    <name>sluice::gui::WindowActions</name>
    <message>
        <source>About Sluice</source>
        <translation>À propos de Sluice</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Sluice %1&lt;/h3&gt;&lt;p&gt;Runs frontier-scale Mixture-of-Experts models (Kimi K3, Kimi-Linear) on a desktop under a hard RAM budget, streaming expert weights from NVMe.&lt;/p&gt;&lt;p&gt;Built with Qt %2.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Sluice %1&lt;/h3&gt;&lt;p&gt;Exécute des modèles Mixture-of-Experts de très grande taille (Kimi K3, Kimi-Linear) sur un ordinateur de bureau avec un budget de RAM strict, en lisant les poids des experts depuis un disque NVMe.&lt;/p&gt;&lt;p&gt;Construit avec Qt %2.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Verify container…</source>
        <translation>&amp;Vérifier le conteneur…</translation>
    </message>
    <message>
        <source>&amp;Convert model…</source>
        <translation>&amp;Convertir un modèle…</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <source>&amp;Recent models</source>
        <translation>Modèles &amp;récents</translation>
    </message>
    <message>
        <source>&amp;Export chat</source>
        <translation>&amp;Exporter la discussion</translation>
    </message>
    <message>
        <source>&amp;Chat</source>
        <translation>&amp;Discussion</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Aide</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>&amp;Outils</translation>
    </message>
    <message>
        <source>&amp;Plan a model…</source>
        <translation>&amp;Planifier un modèle…</translation>
    </message>
    <message>
        <source>&amp;Get a model…</source>
        <translation>Obtenir un &amp;modèle…</translation>
    </message>
    <message>
        <source>&amp;Open model…</source>
        <translation>&amp;Ouvrir un modèle…</translation>
    </message>
    <message>
        <source>Connect to a &amp;server…</source>
        <translation>Se connecter à un &amp;serveur…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Paramètres…</translation>
    </message>
    <message>
        <source>As &amp;Markdown…</source>
        <translation>En &amp;Markdown…</translation>
    </message>
    <message>
        <source>As &amp;JSON…</source>
        <translation>En &amp;JSON…</translation>
    </message>
    <message>
        <source>&amp;New chat</source>
        <translation>&amp;Nouvelle discussion</translation>
    </message>
    <message>
        <source>&amp;Rename chat…</source>
        <translation>&amp;Renommer la discussion…</translation>
    </message>
    <message>
        <source>&amp;Delete chat</source>
        <translation>&amp;Supprimer la discussion</translation>
    </message>
    <message>
        <source>Ne&amp;xt chat</source>
        <translation>Discussion &amp;suivante</translation>
    </message>
    <message>
        <source>&amp;Previous chat</source>
        <translation>Discussion &amp;précédente</translation>
    </message>
    <message>
        <source>&amp;Stop generating</source>
        <translation>&amp;Arrêter la génération</translation>
    </message>
    <message>
        <source>Re&amp;generate last reply</source>
        <translation>Ré&amp;générer la dernière réponse</translation>
    </message>
    <message>
        <source>&amp;Focus the prompt</source>
        <translation>Aller au &amp;message</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Raccourcis clavier</translation>
    </message>
    <message>
        <source>&amp;About Sluice</source>
        <translation>À &amp;propos de Sluice</translation>
    </message>
    <message>
        <source>(no recent models)</source>
        <translation>(aucun modèle récent)</translation>
    </message>
    <message>
        <source>Clear list</source>
        <translation>Effacer la liste</translation>
    </message>
    <message>
        <source>Chat se&amp;ttings…</source>
        <translation>Réglages de la discussi&amp;on…</translation>
    </message>
    <message>
        <source>S&amp;earch chats</source>
        <translation>Re&amp;chercher dans les discussions</translation>
    </message>
</context>
<context>
    <name>sluice::qt</name>
    <message>
        <source>length limit reached</source>
        <translation>limite de longueur atteinte</translation>
    </message>
    <message>
        <source>end of reply</source>
        <translation>fin de la réponse</translation>
    </message>
    <message>
        <source>stop string</source>
        <translation>chaîne d’arrêt</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>arrêté</translation>
    </message>
    <message>
        <source>context full</source>
        <translation>contexte plein</translation>
    </message>
    <message>
        <source>error</source>
        <translation>erreur</translation>
    </message>
</context>
<context>
    <name>sluice::qt::ConvertWorker</name>
    <message>
        <source>already converted</source>
        <translation>déjà converti</translation>
    </message>
</context>
<context>
    <name>sluice::qt::EngineWorker</name>
    <message>
        <source>This engine keeps no session.</source>
        <translation>Ce moteur ne conserve pas de session.</translation>
    </message>
    <message>
        <source>Opening the model was cancelled.</source>
        <translation>L’ouverture du modèle a été annulée.</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>prêt</translation>
    </message>
    <message>
        <source>No model is open.</source>
        <translation>Aucun modèle n’est ouvert.</translation>
    </message>
    <message>
        <source>Open a model before sending a message.</source>
        <translation>Ouvrez un modèle avant d’envoyer un message.</translation>
    </message>
    <message>
        <source>An attached image could not be used.</source>
        <translation>Une image jointe n’a pas pu être utilisée.</translation>
    </message>
    <message>
        <source>Generation failed.</source>
        <translation>La génération a échoué.</translation>
    </message>
    <message>
        <source>The memory budget is below what this model needs at minimum.</source>
        <translation>Le budget mémoire est inférieur au minimum requis par ce modèle.</translation>
    </message>
    <message>
        <source>The model folder or one of its files was not found.</source>
        <translation>Le dossier du modèle ou l’un de ses fichiers est introuvable.</translation>
    </message>
    <message>
        <source>The model container is damaged or not a Sluice (.waste) model.</source>
        <translation>Le conteneur du modèle est endommagé ou n’est pas un modèle Sluice (.waste).</translation>
    </message>
    <message>
        <source>This model uses a format version this Sluice does not support.</source>
        <translation>Ce modèle utilise une version de format que cette version de Sluice ne prend pas en charge.</translation>
    </message>
    <message>
        <source>The model could not be read from disk.</source>
        <translation>Le modèle n’a pas pu être lu depuis le disque.</translation>
    </message>
    <message>
        <source>The model could not be opened.</source>
        <translation>Le modèle n’a pas pu être ouvert.</translation>
    </message>
    <message>
        <source>Open a model before changing its budget.</source>
        <translation>Ouvrez un modèle avant de modifier son budget.</translation>
    </message>
    <message>
        <source>The budget could not be changed.</source>
        <translation>Le budget n’a pas pu être modifié.</translation>
    </message>
    <message>
        <source>The conversation could not be put in the model&apos;s chat format.</source>
        <translation>La conversation n’a pas pu être mise au format de discussion du modèle.</translation>
    </message>
    <message>
        <source>Could not connect to the server.</source>
        <translation>Impossible de se connecter au serveur.</translation>
    </message>
    <message>
        <source>The connection to the server failed; the reply is cut off.</source>
        <translation>La connexion au serveur a échoué ; la réponse est tronquée.</translation>
    </message>
    <message>
        <source>The server could not answer.</source>
        <translation>Le serveur n’a pas pu répondre.</translation>
    </message>
    <message>
        <source>The chat format refused the messages.</source>
        <translation>Le format de conversation du modèle a refusé les messages.</translation>
    </message>
</context>
</TS>
