#pragma once
// A Model and its first Session, for the developer benchmarks and the model
// tests (tests/model/modeltestutil.h), on the public API (api/model.h,
// api/session.h). eval() appends, generate({}) continues from the state. The
// model is declared first so the session goes before the model it lives on.
#include "api/model.h"
#include "api/session.h"

#include <memory>

namespace sluice::cli {

struct BenchModel {
    std::shared_ptr<Model> model;
    std::unique_ptr<Session> session;

    explicit operator bool() const { return model && session; }
    Session *operator->() const { return session.get(); }
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
