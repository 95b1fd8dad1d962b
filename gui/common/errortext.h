#pragma once
// The one place the window words an engine or converter error (docs/architecture.md,
// "How errors travel"): each piece's template is translated in the context
// "Error" (the templates the library marks with SLUICE_ERRT), then its
// arguments are put in; plain pieces (paths, not-yet-translatable messages)
// are shown as they are. Pieces are joined by ": " as the library joins them.
#include "qt/errortext.h"

#include <QString>

namespace sluice::gui {

QString errorText(const qt::ErrorText &error);
QString errorText(const Status &status);

} // namespace sluice::gui
