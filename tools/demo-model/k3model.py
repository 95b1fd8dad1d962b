"""A tiny Kimi K3 text model in float32 PyTorch, differentiable, for training
the bundled demo (tools/demo-model/train.py).

Written from the K3 specification (../shared/docs/k3-spec.md sections 1-2),
not from the float64 oracle (tests/oracle/kimi_ref.py): the oracle stays the
independent check, and tools/demo-model/check.py compares the two on the
exported release. Same maths, training-friendly formulation: batched
[B, T] sequences, routed experts gathered per expert (only the top-k are
computed), parameters named like the published checkpoint without the
"language_model." prefix (experts stacked per layer: experts.w1 [E, I, D]).

Pieces: KDA layers (short causal convs, delta rule with per-channel decay
g = lb * sigmoid(exp(A_log) * (f_b(f_a(h)) + dt_bias)), beta gate, o_norm,
full-rank output gate), MLA layers (q/kv low-rank, NoPE, output gate),
latent MoE (sigmoid router + e_score_correction_bias for selection only,
top-k renormalised, routed experts in a 128-wide latent with a norm, two
shared experts), SiTU activation, AttnRes depth mixing in blocks.
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

# The demo's shape: the same as `sluice-cli synth --demo` (so the app, its tests and
# the vision tower keep their sizes), written out as the release config's text_config.
DEMO_TEXT_CONFIG = {
    'activation_situ_beta': 4,
    'activation_situ_linear_beta': 25,
    'architectures': ['KimiLinearForCausalLM'],
    'attn_res_block_size': 3,
    'first_k_dense_replace': 1,
    'hidden_act': 'situ',
    'hidden_size': 256,
    'intermediate_size': 512,
    'kv_lora_rank': 64,
    'latent_moe_use_norm': True,
    'linear_attn_config': {
        'full_attn_layers': [4, 7, 8],
        'gate_lower_bound': -5,
        'head_dim': 32,
        'kda_layers': [1, 2, 3, 5, 6],
        'num_heads': 4,
        'short_conv_kernel_size': 4,
        'use_full_rank_gate': True,
    },
    'max_position_embeddings': 1048576,
    'mla_use_nope': True,
    'mla_use_output_gate': True,
    'model_type': 'kimi_linear',
    'moe_intermediate_size': 128,
    'moe_layer_freq': 1,
    'moe_renormalize': True,
    'moe_router_activation_func': 'sigmoid',
    'num_attention_heads': 4,
    'num_expert_group': 1,
    'num_experts': 16,
    'num_experts_per_token': 4,
    'num_hidden_layers': 8,
    'num_key_value_heads': 4,
    'num_nextn_predict_layers': 0,
    'num_shared_experts': 2,
    'q_lora_rank': 64,
    'qk_nope_head_dim': 32,
    'qk_rope_head_dim': 16,
    'rms_norm_eps': 1e-05,
    'routed_expert_hidden_size': 128,
    'routed_scaling_factor': 1,
    'tie_word_embeddings': False,
    'topk_group': 1,
    'use_grouped_topk': True,
    'v_head_dim': 32,
    'vocab_size': 4096,
}


def rms(x, w, eps):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * w


def delta_recurrent(q, k, v, g, beta):
    """The gated delta rule one token at a time (the reference form, spec §2):
    S <- diag(exp(g_t)) S;  S <- S + beta_t k_t (v_t - S^T k_t)^T;  o_t = S^T q_t.
    q, k, v, g [B, T, H, D] (g the per-key-channel log decay), beta [B, T, H]."""
    B, T, H, D = q.shape
    decay = torch.exp(g)
    S = q.new_zeros(B, H, D, D)                                         # [key, value]
    outs = []
    for t in range(T):
        S = S * decay[:, t].unsqueeze(-1)
        kt = k[:, t]
        pred = torch.einsum('bhkv,bhk->bhv', S, kt)
        S = S + kt.unsqueeze(-1) * (beta[:, t].unsqueeze(-1) * (v[:, t] - pred)).unsqueeze(-2)
        outs.append(torch.einsum('bhkv,bhk->bhv', S, q[:, t]))
    return torch.stack(outs, 1)


def delta_chunked(q, k, v, g, beta, C):
    """The same recurrence in blocks of C positions (the chunkwise / WY form).

    Within a block with start state S0 and cumulative log decay G_t = sum_{s<=t} g_s,
    the state after t is diag(e^G_t) S0 + sum_{s<=t} diag(e^(G_t-G_s)) k_s u_s^T, where the
    written values u solve the unit lower-triangular system
        u_t + beta_t sum_{s<t} (k_t . e^(G_t-G_s) k_s) u_s = beta_t (v_t - S0^T (e^G_t k_t)),
    so u = U0 - W S0 with U0, W from one triangular solve per block (all blocks at
    once); only the C-times shorter chain of block states is sequential. Every
    pairwise exponent G_t - G_s is split at the block's middle (see below), which
    bounds C * |log decay| < 176 (C = 16 with the demo's lower bound -5 gives 80).
    Padding the tail with k = v = q = g = beta = 0 leaves
    the state untouched."""
    B, T, H, D = q.shape
    assert C * float(-g.detach().min().clamp_max(0)) / 2 < 80 or C == 1, 'block too long for this decay'
    pad = (-T) % C
    if pad:
        q, k, v, g = (F.pad(x, (0, 0, 0, 0, 0, pad)) for x in (q, k, v, g))
        beta = F.pad(beta, (0, 0, 0, pad))
    n = (T + pad) // C

    def blocks(x):  # [B, T, H, D] -> [B, H, n, C, D]
        return x.reshape(B, n, C, H, -1).permute(0, 3, 1, 2, 4)

    q, k, v, G = blocks(q), blocks(k), blocks(v), blocks(g).cumsum(-2)
    b = blocks(beta.unsqueeze(-1))                                      # [B, H, n, C, 1]
    # e^(G_t-G_s) k_t.k_s as one matmul: split the exponent at the block's middle,
    # e^(G_t-R) * e^(R-G_s). |G_t - R| < |lb| C/2, so both factors stay finite in
    # float32 as long as that is < 88 (the bound is asserted); the s > t entries
    # (possibly large, never infinite) are masked after the product.
    R = G[..., C // 2:C // 2 + 1, :]
    ePos, eNeg = torch.exp(G - R), torch.exp(R - G)
    qP, kP, kN = q * ePos, k * ePos, k * eNeg
    incl = torch.ones(C, C, dtype=torch.bool, device=q.device).tril()   # s <= t
    A = (kP @ kN.transpose(-1, -2)) * b                                 # beta_t k_t . e^(G_t-G_s) k_s
    eye = torch.eye(C, dtype=q.dtype, device=q.device)
    M = eye + A.masked_fill(~incl.tril(-1), 0.0)                        # unit lower triangular
    eG = torch.exp(G)
    W = torch.linalg.solve_triangular(M, b * (eG * k), upper=False, unitriangular=True)
    U0 = torch.linalg.solve_triangular(M, b * v, upper=False, unitriangular=True)
    P = (qP @ kN.transpose(-1, -2)).masked_fill(~incl, 0.0)             # q_t . e^(G_t-G_s) k_s, s <= t
    Qd = eG * q
    Kd = torch.exp(G[..., -1:, :] - G) * k                              # decayed to the block's end
    gEnd = eG[..., -1, :].unsqueeze(-1)                                 # [B, H, n, D, 1]
    S = q.new_zeros(B, H, D, v.shape[-1])
    outs = []
    for i in range(n):
        U = U0[:, :, i] - W[:, :, i] @ S
        outs.append(Qd[:, :, i] @ S + P[:, :, i] @ U)
        S = gEnd[:, :, i] * S + Kd[:, :, i].transpose(-1, -2) @ U
    o = torch.stack(outs, 2)                                            # [B, H, n, C, D]
    return o.permute(0, 2, 3, 1, 4).reshape(B, n * C, H, -1)[:, :T]


class Situ(nn.Module):
    """SiTU: b1*tanh(g/b1)*sigmoid(g) times the soft-clipped up projection b2*tanh(u/b2)."""

    def __init__(self, b1, b2):
        super().__init__()
        self.b1, self.b2 = float(b1), float(b2)

    def forward(self, g, u):
        return self.b1 * torch.tanh(g / self.b1) * torch.sigmoid(g) * (self.b2 * torch.tanh(u / self.b2))


def lin(i, o):
    return nn.Linear(i, o, bias=False)


class Glu(nn.Module):
    def __init__(self, d, inter, act):
        super().__init__()
        self.gate_proj, self.up_proj, self.down_proj = lin(d, inter), lin(d, inter), lin(inter, d)
        self.act = act

    def forward(self, h):
        return self.down_proj(self.act(self.gate_proj(h), self.up_proj(h)))


class Kda(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        la = cfg['linear_attn_config']
        d = cfg['hidden_size']
        self.H, self.D, self.K = la['num_heads'], la['head_dim'], la['short_conv_kernel_size']
        self.lb = float(la['gate_lower_bound'])
        self.eps = cfg['rms_norm_eps']
        C = self.H * self.D
        self.q_proj, self.k_proj, self.v_proj = lin(d, C), lin(d, C), lin(d, C)
        self.q_conv1d = nn.Parameter(torch.randn(C, 1, self.K) * 0.3)
        self.k_conv1d = nn.Parameter(torch.randn(C, 1, self.K) * 0.3)
        self.v_conv1d = nn.Parameter(torch.randn(C, 1, self.K) * 0.3)
        self.f_a_proj, self.f_b_proj = lin(d, self.D), lin(self.D, C)
        self.b_proj = lin(d, self.H)
        self.g_proj = lin(d, C)
        self.o_proj = lin(C, d)
        # The release stores 2H A_log values; the model reads the first H.
        self.A_log = nn.Parameter(torch.log(torch.linspace(1.0, 8.0, 2 * self.H)))
        self.dt_bias = nn.Parameter(torch.zeros(C))
        self.o_norm = nn.Parameter(torch.ones(self.D))
        # Positions per block of the chunked delta rule; 0 = the per-token loop (the reference).
        self.chunk = 16

    def conv(self, u, w):
        # u [B, T, C]; causal depthwise conv of width K, then SiLU
        B, T, C = u.shape
        y = F.conv1d(F.pad(u.transpose(1, 2), (self.K - 1, 0)), w, groups=C)
        return F.silu(y.transpose(1, 2))

    def forward(self, h):
        B, T, _ = h.shape
        H, D = self.H, self.D
        q = self.conv(self.q_proj(h), self.q_conv1d).view(B, T, H, D)
        k = self.conv(self.k_proj(h), self.k_conv1d).view(B, T, H, D)
        v = self.conv(self.v_proj(h), self.v_conv1d).view(B, T, H, D)
        z = (self.f_b_proj(self.f_a_proj(h)) + self.dt_bias).view(B, T, H, D)
        a = torch.exp(self.A_log[:H]).view(1, 1, H, 1)
        beta = torch.sigmoid(self.b_proj(h))                            # [B, T, H]
        q = F.normalize(q, dim=-1) * D ** -0.5
        k = F.normalize(k, dim=-1)
        logdecay = (self.lb * torch.sigmoid(a * z))                     # log of the decay, in (lb, 0)
        if self.chunk > 0:
            o = delta_chunked(q, k, v, logdecay, beta, self.chunk)
        else:
            o = delta_recurrent(q, k, v, logdecay, beta)
        o = rms(o, self.o_norm, self.eps)                               # [B, T, H, D]
        o = o * torch.sigmoid(self.g_proj(h)).view(B, T, H, D)
        return self.o_proj(o.reshape(B, T, H * D))


class Mla(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        d = cfg['hidden_size']
        self.nh, self.nope, self.rope = cfg['num_attention_heads'], cfg['qk_nope_head_dim'], cfg['qk_rope_head_dim']
        self.vd, self.r, self.ql = cfg['v_head_dim'], cfg['kv_lora_rank'], cfg['q_lora_rank']
        self.eps = cfg['rms_norm_eps']
        self.q_a_proj = lin(d, self.ql)
        self.q_a_layernorm = nn.Parameter(torch.ones(self.ql))
        self.q_b_proj = lin(self.ql, self.nh * (self.nope + self.rope))
        self.kv_a_proj_with_mqa = lin(d, self.r + self.rope)
        self.kv_a_layernorm = nn.Parameter(torch.ones(self.r))
        self.kv_b_proj = lin(self.r, self.nh * (self.nope + self.vd))
        self.g_proj = lin(d, self.nh * self.vd)
        self.o_proj = lin(self.nh * self.vd, d)

    def forward(self, h):
        B, T, _ = h.shape
        nh, nope, rope, vd, r = self.nh, self.nope, self.rope, self.vd, self.r
        q = self.q_b_proj(rms(self.q_a_proj(h), self.q_a_layernorm, self.eps)).view(B, T, nh, nope + rope)
        kva = self.kv_a_proj_with_mqa(h)
        lat = rms(kva[..., :r], self.kv_a_layernorm, self.eps)
        kpe = kva[..., r:].unsqueeze(2).expand(B, T, nh, rope)          # shared by the heads, no rotation (NoPE)
        kvb = self.kv_b_proj(lat).view(B, T, nh, nope + vd)
        keys = torch.cat([kvb[..., :nope], kpe], -1)
        scores = torch.einsum('bthd,bshd->bhts', q, keys) * (nope + rope) ** -0.5
        mask = torch.ones(T, T, dtype=torch.bool).triu(1)
        att = torch.softmax(scores.masked_fill(mask, float('-inf')), dim=-1)
        o = torch.einsum('bhts,bshd->bthd', att, kvb[..., nope:])
        o = o.reshape(B, T, nh * vd) * torch.sigmoid(self.g_proj(h))
        return self.o_proj(o)


class Experts(nn.Module):
    """The routed experts of one layer, stacked: w1/w3 [E, I, Din], w2 [E, Din, I]."""

    def __init__(self, E, din, inter):
        super().__init__()
        self.w1 = nn.Parameter(torch.randn(E, inter, din) * din ** -0.5)
        self.w3 = nn.Parameter(torch.randn(E, inter, din) * din ** -0.5)
        self.w2 = nn.Parameter(torch.randn(E, din, inter) * inter ** -0.5 * 0.5)


class Moe(nn.Module):
    def __init__(self, cfg, act):
        super().__init__()
        d = cfg['hidden_size']
        self.E, self.k = cfg['num_experts'], cfg['num_experts_per_token']
        lat, inter = cfg['routed_expert_hidden_size'], cfg['moe_intermediate_size']
        self.eps = cfg['rms_norm_eps']
        self.scaling = float(cfg['routed_scaling_factor'])
        self.act = act
        self.gate = nn.Linear(d, self.E, bias=False)
        # Selection-only bias (aux-loss-free balancing): not a gradient parameter.
        self.gate.register_buffer('e_score_correction_bias', torch.zeros(self.E))
        self.routed_expert_down_proj = lin(d, lat)
        self.routed_expert_norm = nn.Parameter(torch.ones(lat))
        self.routed_expert_up_proj = lin(lat, d)
        self.experts = Experts(self.E, lat, inter)
        self.shared_experts = Glu(d, inter * cfg['num_shared_experts'], act)
        self.load = torch.zeros(self.E)

    def forward(self, h):
        shape = h.shape
        x = h.reshape(-1, shape[-1])
        s = torch.sigmoid(self.gate(x))                                  # [N, E]
        sel = (s + self.gate.e_score_correction_bias).detach()
        order = torch.sort(-sel, dim=-1, stable=True).indices[:, :self.k]  # ties: lowest id first
        w = torch.gather(s, 1, order)
        w = w / (w.sum(-1, keepdim=True) + 1e-20) * self.scaling
        z = self.routed_expert_down_proj(x)
        y = torch.zeros_like(z)
        flat_e = order.reshape(-1)
        flat_t = torch.arange(x.shape[0]).repeat_interleave(self.k)
        flat_w = w.reshape(-1)
        counts = torch.bincount(flat_e, minlength=self.E)
        self.load = counts.detach().float()
        ex = self.experts
        for e in range(self.E):
            idx = (flat_e == e).nonzero(as_tuple=True)[0]
            if idx.numel() == 0:
                continue
            t = flat_t[idx]
            ze = z[t]
            out = self.act(ze @ ex.w1[e].T, ze @ ex.w3[e].T) @ ex.w2[e].T
            y = y.index_add(0, t, out * flat_w[idx].unsqueeze(-1))
        y = self.routed_expert_up_proj(rms(y, self.routed_expert_norm, self.eps))
        return (y + self.shared_experts(x)).reshape(shape)

    @torch.no_grad()
    def balance(self, rate):
        if self.load.sum() > 0:
            self.gate.e_score_correction_bias += rate * torch.sign(self.load.mean() - self.load)


class AttnRes(nn.Module):
    """Depth-wise softmax over the block outputs and the partial sum (per token)."""

    def __init__(self, d, eps):
        super().__init__()
        self.norm = nn.Parameter(torch.ones(d))
        self.proj = nn.Parameter(torch.zeros(1, d))
        self.eps = eps

    def forward(self, blocks, p):
        V = torch.stack(blocks + [p], dim=-2)                           # [B, T, n+1, d]
        k = V * torch.rsqrt(V.pow(2).mean(-1, keepdim=True) + self.eps)
        a = torch.softmax((k * (self.norm * self.proj[0])).sum(-1), dim=-1)
        return (a.unsqueeze(-1) * V).sum(-2)


class Layer(nn.Module):
    def __init__(self, cfg, L, act):
        super().__init__()
        d, eps = cfg['hidden_size'], cfg['rms_norm_eps']
        kda = [i - 1 for i in cfg['linear_attn_config']['kda_layers']]
        self.input_layernorm = nn.Parameter(torch.ones(d))
        self.post_attention_layernorm = nn.Parameter(torch.ones(d))
        self.self_attn = Kda(cfg) if L in kda else Mla(cfg)
        if L < cfg['first_k_dense_replace']:
            self.mlp = Glu(d, cfg['intermediate_size'], act)
        else:
            self.block_sparse_moe = Moe(cfg, act)
        self.self_attention_res = AttnRes(d, eps)
        self.mlp_res = AttnRes(d, eps)

    def ffn(self, h):
        return self.mlp(h) if hasattr(self, 'mlp') else self.block_sparse_moe(h)


class K3Demo(nn.Module):
    def __init__(self, cfg=DEMO_TEXT_CONFIG):
        super().__init__()
        self.cfg = cfg
        d, V = cfg['hidden_size'], cfg['vocab_size']
        self.eps = cfg['rms_norm_eps']
        self.B = cfg['attn_res_block_size']
        act = Situ(cfg['activation_situ_beta'], cfg['activation_situ_linear_beta'])
        self.embed_tokens = nn.Embedding(V, d)
        self.layers = nn.ModuleList(Layer(cfg, L, act) for L in range(cfg['num_hidden_layers']))
        self.output_attn_res = AttnRes(d, self.eps)
        self.norm = nn.Parameter(torch.ones(d))
        self.lm_head = lin(d, V)
        for name, p in self.named_parameters():
            if p.dim() == 2 and 'res.proj' not in name:
                nn.init.normal_(p, std=0.02)
        nn.init.normal_(self.embed_tokens.weight, std=1.0)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        blocks = []
        for L, layer in enumerate(self.layers):
            p = x
            if blocks:
                x = layer.self_attention_res(blocks, p)
            if L % self.B == 0:
                blocks.append(p)
                p = torch.zeros_like(p)
            p = p + layer.self_attn(rms(x, layer.input_layernorm, self.eps))
            x = layer.mlp_res(blocks, p)
            p = p + layer.ffn(rms(x, layer.post_attention_layernorm, self.eps))
            x = p
        x = self.output_attn_res(blocks, x)
        return self.lm_head(rms(x, self.norm, self.eps))

    def moes(self):
        return [l.block_sparse_moe for l in self.layers if hasattr(l, 'block_sparse_moe')]


# ---------------------------------------------------------------------------
# Names: module parameter -> release tensor name(s)
# ---------------------------------------------------------------------------

RENAMES = [  # module suffix -> release suffix
    ('self_attention_res.norm', 'self_attention_res_norm.weight'),
    ('self_attention_res.proj', 'self_attention_res_proj.weight'),
    ('mlp_res.norm', 'mlp_res_norm.weight'),
    ('mlp_res.proj', 'mlp_res_proj.weight'),
    ('output_attn_res.norm', 'output_attn_res_norm.weight'),
    ('output_attn_res.proj', 'output_attn_res_proj.weight'),
]
NORMS = ('input_layernorm', 'post_attention_layernorm', 'q_a_layernorm', 'kv_a_layernorm', 'o_norm',
         'routed_expert_norm', 'norm')


def release_name(name):
    """Release tensor name (no language_model. prefix) of a non-expert state_dict entry."""
    for a, b in RENAMES:
        if name.endswith(a):
            name = name[:-len(a)] + b
            break
    else:
        last = name.rsplit('.', 1)[-1]
        if last in NORMS or last.endswith('_conv1d'):
            name += '.weight'
    if name.startswith('lm_head'):
        return name
    return 'model.' + name


def release_tensors(model):
    """(name, tensor) in release naming; experts split per expert as w1/w2/w3 [rows, cols]."""
    out = []
    for name, t in model.state_dict().items():
        t = t.detach().float()
        if '.experts.w' in name:
            base, w = name.rsplit('.', 1)
            for e in range(t.shape[0]):
                out.append(('model.%s.%d.%s' % (base, e, w), t[e]))
            continue
        out.append((release_name(name), t))
    return out


def load_release_tensors(model, tensors):
    """The inverse of release_tensors: tensors maps release name -> float tensor."""
    sd = model.state_dict()
    new = {}
    for name, t in sd.items():
        if '.experts.w' in name:
            base, w = name.rsplit('.', 1)
            new[name] = torch.stack([tensors['model.%s.%d.%s' % (base, e, w)] for e in range(t.shape[0])])
        else:
            new[name] = tensors[release_name(name)].reshape(t.shape)
    model.load_state_dict(new)
