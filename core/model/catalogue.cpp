// api/catalogue.h: the published models, their routes and sizes, and the
// planner's verdict for this machine. The figures come from the built-in
// shapes and planBudget; nothing here re-derives them.
#include "api/catalogue.h"

#include "api/download.h"
#include "api/planning.h"

#include <filesystem>
#include <system_error>

namespace sluice {

namespace {

struct Known {
    BuiltinModel model;
    const char *id;
    const char *name;
    const char *repo;
    RouteSource container; // how the converted container is had
};

// Repository ids as published by Moonshot AI (the spec's "moonshotai/Kimi-K3";
// Kimi-Linear's instruct release, the one with a chat template).
constexpr Known kKnown[] = {
    {BuiltinModel::KimiK3, "k3", "Kimi K3", "moonshotai/Kimi-K3", RouteSource::BitTorrent},
    {BuiltinModel::KimiLinear, "kimi-linear", "Kimi-Linear 48B", "moonshotai/Kimi-Linear-48B-A3B-Instruct",
     RouteSource::ConvertRelease},
};

} // namespace

Expected<std::vector<CatalogueModel>> modelCatalogue()
{
    std::vector<CatalogueModel> out;
    for (const Known &k : kKnown) {
        CatalogueModel m;
        m.model = k.model;
        m.id = k.id;
        m.name = k.name;
        m.repo = k.repo;
        for (const BuiltinFormat format : {BuiltinFormat::Release, BuiltinFormat::Container}) {
            auto shape = builtinPlannerShape(k.model, format);
            if (!shape)
                return makeError(shape.status().code(), m.name + ": " + shape.status().message());
            CatalogueRoute r;
            r.format = format;
            r.source = format == BuiltinFormat::Release ? RouteSource::Hub : k.container;
            r.diskBytes = shape->diskBytes;
            m.routes.push_back(r);
        }
        out.push_back(std::move(m));
    }
    return out;
}

std::string routeCommand(const CatalogueModel &model, const CatalogueRoute &route)
{
    switch (route.source) {
    case RouteSource::Hub:
        return "sluice-cli get " + model.repo + " --to DIR";
    case RouteSource::BitTorrent:
        return "sluice-cli torrent get (FILE.torrent|MAGNET) --to DIR"; // the publisher's; Sluice has no copy
    case RouteSource::ConvertRelease:
        return "sluice-cli get " + model.repo + " --to DIR && sluice-cli convert DIR OUT";
    }
    return {};
}

// The default-budget plan of a catalogue route, as Model::open would choose it
// (the process's own term estimated from the model when not given).
static Expected<model::BudgetPlan> defaultRoutePlan(BuiltinModel model, BuiltinFormat format,
                                                    uint64_t usableRamBytes, uint64_t processBytes, int contextLength)
{
    auto shape = builtinPlannerShape(model, format);
    if (!shape)
        return shape.status();
    if (!processBytes) {
        auto estimate = estimateProcessBytes(shape->config);
        if (!estimate)
            return estimate.status();
        processBytes = *estimate;
    }
    PlanRequest request;
    request.contextLength = contextLength;
    request.processBytes = processBytes;
    request.usableRamBytes = usableRamBytes;
    return planBudget(*shape, request);
}

Expected<RouteFit> routeFit(BuiltinModel model, BuiltinFormat format, uint64_t usableRamBytes, uint64_t processBytes,
                            int contextLength)
{
    auto plan = defaultRoutePlan(model, format, usableRamBytes, processBytes, contextLength);
    if (!plan)
        return plan.status();
    RouteFit fit;
    fit.usableRamBytes = usableRamBytes;
    fit.capBytes = plan->plan.capBytes;
    fit.residentFloorBytes = plan->residentFloorBytes;
    fit.streamingFloorBytes = plan->streamingFloorBytes;
    if (plan->residentFloorBytes <= fit.capBytes) {
        fit.ram = RamFit::Fits;
        fit.budgetBytes = plan->sizing.budgetBytes;
        fit.workingSets = plan->plan.defaultWorkingSets;
    } else if (plan->streamingFloorBytes <= fit.capBytes) {
        fit.ram = RamFit::TrunkStreamed;
    }
    return fit;
}

Expected<RouteSpeed> routeSpeed(BuiltinModel model, BuiltinFormat format, uint64_t usableRamBytes,
                                const RoutingTrace &trace, double diskBytesPerSecond, uint64_t processBytes,
                                int contextLength)
{
    if (!(diskBytesPerSecond > 0))
        return makeError(
            ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "the predicted speed needs a disk speed above 0"));
    auto plan = defaultRoutePlan(model, format, usableRamBytes, processBytes, contextLength);
    if (!plan)
        return plan.status();
    auto figures = predictSpeed(*plan, trace, diskBytesPerSecond);
    if (!figures)
        return figures.status();
    RouteSpeed s;
    s.diskBytesPerSecond = diskBytesPerSecond;
    s.budgetBytes = plan->sizing.budgetBytes;
    s.trunkStreamed = plan->split.streaming();
    s.bytesPerTokenWarm = figures->totalBytesPerTokenWarm;
    s.tokensPerSecondWarm = figures->totalSecondsPerTokenWarm > 0 ? 1.0 / figures->totalSecondsPerTokenWarm : 0.0;
    return s;
}

Expected<uint64_t> folderFreeBytes(const std::string &folder)
{
    if (folder.empty())
        return makeError(ErrorCode::InvalidArgument, SLUICE_ERRT("Error", "no folder given"));
    std::error_code ec;
    std::filesystem::path p = std::filesystem::absolute(folder, ec);
    if (ec)
        return makeError(ErrorCode::Io, folder + ": " + ec.message());
    // The folder may not exist yet: the download creates it where its parent is.
    while (!std::filesystem::exists(p, ec) && p.has_parent_path() && p.parent_path() != p)
        p = p.parent_path();
    const auto space = std::filesystem::space(p, ec);
    if (ec)
        return makeError(
            ErrorCode::Io, SLUICE_ERRT("Error", "%1: cannot read the free space (%2)"), folder, ec.message());
    return uint64_t(space.available);
}

bool routeFitsSpace(const CatalogueRoute &route, uint64_t freeBytes)
{
    return route.diskBytes + HubOptions().freeSpaceMarginBytes <= freeBytes;
}

Expected<StagedRouteDisk> stagedRouteDisk(BuiltinModel model)
{
    auto release = builtinPlannerShape(model, BuiltinFormat::Release);
    if (!release)
        return release.status();
    auto container = builtinPlannerShape(model, BuiltinFormat::Container);
    if (!container)
        return container.status();
    const ModelConfig &c = release->config;
    const uint64_t layerExperts = release->recordBytes * uint64_t(c.nExperts);
    const uint64_t experts = layerExperts * uint64_t(c.moeLayerCount());
    if (experts > release->diskBytes)
        return makeError(ErrorCode::Internal, release->name + ": experts larger than the release");
    StagedRouteDisk d;
    d.releaseBytes = release->diskBytes;
    d.containerBytes = container->diskBytes;
    d.peakStagingBytes = (release->diskBytes - experts) + layerExperts; // the trunk + the layer in progress
    return d;
}

bool stagedRouteFitsSpace(const StagedRouteDisk &disk, uint64_t freeBytes)
{
    return disk.peakDiskBytes() + HubOptions().freeSpaceMarginBytes <= freeBytes;
}

} // namespace sluice
