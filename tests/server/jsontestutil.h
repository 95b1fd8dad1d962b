#pragma once
// The JSON object of an HTTP body (empty when it is not one), for the server tests.
#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace sluice::test {

inline QJsonObject json(const QByteArray &body)
{
    return QJsonDocument::fromJson(body).object();
}

} // namespace sluice::test
