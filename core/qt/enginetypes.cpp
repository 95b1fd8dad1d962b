#include "qt/enginetypes.h"
#include "qt/remotebackend.h"
#include "qt/tsanhandoff.h"

#include <QCoreApplication>

namespace sluice::qt {

QString stopReasonText(StopReason reason)
{
    switch (reason) {
    case StopReason::MaxTokens:
        return QCoreApplication::translate("sluice::qt", "length limit reached");
    case StopReason::EndOfSequence:
        return QCoreApplication::translate("sluice::qt", "end of reply");
    case StopReason::StopString:
        return QCoreApplication::translate("sluice::qt", "stop string");
    case StopReason::Cancelled:
        return QCoreApplication::translate("sluice::qt", "stopped");
    case StopReason::ContextFull:
        return QCoreApplication::translate("sluice::qt", "context full");
    case StopReason::Error:
        return QCoreApplication::translate("sluice::qt", "error");
    }
    return {};
}

void registerEngineMetaTypes()
{
    qRegisterMetaType<sluice::EngineOptions>();
    qRegisterMetaType<sluice::ModelInfo>();
    qRegisterMetaType<sluice::qt::GenerateRequest>();
    qRegisterMetaType<sluice::qt::LiveStats>();
    qRegisterMetaType<sluice::qt::GenerationSummary>();
    qRegisterMetaType<sluice::qt::RemoteConnection>();
    qRegisterMetaType<sluice::qt::RemoteInfo>();
    installTsanHandoff(); // before the worker thread starts (tsanhandoff.h; empty without TSan)
}

} // namespace sluice::qt
