#include "support/synthmodel.h"

#include "synthargs.h"

#include <string>
#include <vector>

namespace sluice::test {

QString synthesize(const QStringList &args)
{
    std::vector<std::string> list{"synth"};
    for (const QString &a : args)
        list.push_back(a.toStdString());
    cli::SynthRequest request;
    if (const int code = cli::parseSynthArguments(list, request); code >= 0)
        return QStringLiteral("synth %1: refused (exit %2, see stderr)").arg(args.join(' ')).arg(code);
    const Status s = cli::writeSynth(request);
    if (!s.isOk())
        return QStringLiteral("synth %1: %2").arg(args.join(' '), QString::fromStdString(s.message()));
    return {};
}

QString synthesizeDemo(const QString &dir, const QStringList &more)
{
    return synthesize(QStringList{QStringLiteral("--demo"), QStringLiteral("--out"), dir} + more);
}

} // namespace sluice::test
