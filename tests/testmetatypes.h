#pragma once
// The library's enums that several tests pass as Qt Test data columns. Declared
// once here: a module's tests share one executable and, in a unity build, one
// translation unit, where a second Q_DECLARE_METATYPE of a type does not compile.
#include "api/modelconfig.h"
#include "api/tensorinfo.h"

#include <QMetaType>
#include <QString>

#include <functional>

Q_DECLARE_METATYPE(sluice::Architecture)
Q_DECLARE_METATYPE(sluice::TensorFormat)
// A change made to a file or folder at a path (the damage tests' data column).
Q_DECLARE_METATYPE(std::function<void(const QString &)>)
