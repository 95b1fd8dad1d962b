#pragma once
// Expert-routing traces: one JSON object per line, {"tok": N, "layers": [[ids
// of MoE layer 0], [ids of MoE layer 1], ...]} (the format of
// ../shared/data/traces). Read by the cache replay (cachesim) and by the
// engine's routing-trace replay, which makes a model with synthetic weights
// route like the model the trace was recorded from.
//
// A trace is untrusted input: the file, each line, the token count, the layer
// count and the ids per layer are bounded before anything is kept, and every
// error names the file and line.
#include "api/routing.h" // RoutingTrace, loadRoutingTrace
#include "util/status.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace sluice {

// Routing-trace replay: the trace's choice replaces the router's.
//   token at absolute position p  -> trace line p mod tokens
//   MoE layer number m (0 = the first MoE layer) -> trace layer m mod trace layers
//   trace id i -> expert i mod expertCount; ids that collide after the mod are
//   dropped (first one kept), and the first topK remaining are used in trace order.
//   If the trace supplies fewer than topK distinct ids, the router's own
//   choices fill the rest (in the router's order, skipping ids already taken),
//   so every token still runs topK experts.
// Routing weights are then computed by the forward pass over the chosen ids
// as for the router's own choice (sigmoid scores, renormalised when the model
// renormalises), so replay changes which experts run and nothing else.
class RouteReplay {
public:
    RouteReplay(RoutingTrace trace, int expertCount);
    const RoutingTrace &trace() const { return m_trace; }
    // sel holds the router's topK choice on entry and the replayed one on exit.
    void apply(int moeLayer, int64_t position, std::span<int> sel) const;

private:
    RoutingTrace m_trace;
    int m_experts;
};

} // namespace sluice
