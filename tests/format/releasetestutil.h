#pragma once
// Test helper shared by the release-layout tests (tests/format/tst_release,
// tests/model/tst_release_engine): damage one tensor of a safetensors
// checkpoint in place, keeping the shard layout and the index consistent.
#include "format/safetensors.h"
#include "format/safetensorswriter.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <QTest>

#include <functional>
#include <string>
#include <vector>

namespace sluice::test {

// Rewrites the shard holding `name` with `edit` applied to that tensor
// (return false to drop it), and the index to match.
inline void rewriteTensor(const QString &dir, const std::string &name,
                   const std::function<bool(SafetensorsWriteTensor &)> &edit)
{
    auto ck = SafetensorsCheckpoint::open(dir.toStdString());
    QVERIFY(ck.isOk());
    const SafetensorsTensor *target = (*ck)->find(name);
    QVERIFY(target);
    const int shard = target->shard;
    std::vector<SafetensorsWriteTensor> out;
    for (const SafetensorsTensor &t : (*ck)->tensors()) {
        if (t.shard != shard)
            continue;
        SafetensorsWriteTensor w{t.name, t.dtype, t.shape, {}};
        QVERIFY((*ck)->readBytes(t, w.data).isOk());
        if (t.name == name && !edit(w))
            continue;
        out.push_back(std::move(w));
    }
    const std::string path = (*ck)->shards()[size_t(shard)].path;
    ck = Expected<std::unique_ptr<SafetensorsCheckpoint>>(Status(ErrorCode::Internal, "closed"));
    QVERIFY(writeSafetensorsFile(path, out).isOk());
    QFile f(dir + "/model.safetensors.index.json");
    QVERIFY(f.open(QIODevice::ReadOnly));
    QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
    f.close();
    QJsonObject map = root["weight_map"].toObject();
    bool kept = false;
    for (const SafetensorsWriteTensor &w : out)
        kept = kept || w.name == name;
    if (!kept)
        map.remove(QString::fromStdString(name));
    root["weight_map"] = map;
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(QJsonDocument(root).toJson());
}

} // namespace sluice::test
