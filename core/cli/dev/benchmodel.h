#pragma once
// A Model and its first Session, for the developer benchmarks, on the public
// API (api/model.h, api/session.h). eval() appends, generate({}) continues
// from the state.
#include "api/model.h"
#include "api/session.h"

#include <memory>

namespace sluice::cli {

struct BenchModel {
    std::shared_ptr<Model> model;
    std::unique_ptr<Session> session;

    const ModelInfo &info() const { return model->info(); }

    static Expected<BenchModel> open(const ModelOptions &options)
    {
        auto opened = Model::open(options);
        if (!opened)
            return opened.status();
        auto created = (*opened)->createSession();
        if (!created)
            return created.status();
        BenchModel b;
        b.model = std::move(*opened);
        b.session = std::move(*created);
        return b;
    }
};

} // namespace sluice::cli
