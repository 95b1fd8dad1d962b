#!/usr/bin/python3
"""Writes a tiny random WASTE v0 container (K3 or Kimi-Linear structure) from
the specification, with numpy only. A debugging aid for the model module: it
exercises every trunk format (F32, F16, BF16, Q8G, Q4G, Q3G) and the K3-only
paths (AttnRes, SiTU, latent MoE, q_lora, MLA output gate, bounded decay gate,
full-rank KDA gate, A_log padded beyond the head count) before/independently
of `sluice-dev synth`. The committed oracle fixtures use synth's containers.

    /usr/bin/python3 tests/oracle/tiny_container.py OUT_DIR --arch k3 --seed 1 [--expert-fmt VQ3R|VQ2R|VQ4P]
"""
import argparse
import json
import os
import struct
import zlib

import numpy as np


def fp16(a):
    return np.asarray(a, dtype=np.float32).astype('<f2')


class TrunkWriter:
    def __init__(self, prefix):
        self.prefix = prefix
        self.buf = bytearray()
        self.entries = []

    def add(self, name, w, fmt):
        w = np.asarray(w, dtype=np.float32)
        shape = list(w.shape)
        cols = shape[-1]
        rows = int(np.prod(shape[:-1])) if len(shape) > 1 else 1
        m = w.reshape(rows, cols)
        off = len(self.buf)
        e = {'name': self.prefix + name, 'fmt': fmt, 'off': off, 'shape': shape}
        if fmt == 0:
            self.buf += m.astype('<f4').tobytes()
        elif fmt in ('f16', 'bf16'):
            e['fmt'] = 1
            if fmt == 'bf16':
                e['dtype'] = 'bf16'
                bits = m.astype('<f4').view(np.uint32)
                # round half to even
                r = ((bits >> 16) & 1) + 0x7FFF
                self.buf += ((bits + r) >> 16).astype('<u2').tobytes()
            else:
                self.buf += fp16(m).tobytes()
        else:
            ng = (cols + 127) // 128
            pad = np.zeros((rows, ng * 128), dtype=np.float32)
            pad[:, :cols] = m
            g = pad.reshape(rows, ng, 128)
            amax = np.maximum(np.abs(g).max(-1), 1e-8)
            qmax = {2: 127, 3: 7, 7: 3}[fmt]
            scale = fp16(amax / qmax)
            s32 = scale.astype(np.float32)
            q = np.rint(g / s32[:, :, None]).astype(np.int64)
            q = np.clip(q, -qmax - (0 if fmt == 2 else 1), qmax).reshape(rows, ng * 128)
            if fmt == 2:
                self.buf += q.astype(np.int8).tobytes()
            elif fmt == 3:
                u = (q + 8).astype(np.uint8)
                self.buf += (u[:, 0::2] | (u[:, 1::2] << 4)).astype(np.uint8).tobytes()
            else:
                u = (q + 4).astype(np.uint8)
                rb = (ng * 128 * 3 + 7) // 8 + 1
                bits = np.zeros((rows, rb * 8), dtype=np.uint8)
                for b in range(3):
                    bits[:, b:ng * 128 * 3:3] = (u >> b) & 1
                self.buf += np.packbits(bits, axis=1, bitorder='little').tobytes()
            e['group'] = 128
            e['scale_off'] = len(self.buf)
            self.buf += scale.tobytes()
        e['bytes'] = len(self.buf) - off
        self.entries.append(e)
        while len(self.buf) % 8:
            self.buf.append(0)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('out')
    ap.add_argument('--arch', choices=['k3', 'kl'], default='k3')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--expert-fmt', default='VQ3R', choices=['VQ3R', 'VQ2R', 'VQ4P'])
    ap.add_argument('--index-block', type=int, default=64)
    a = ap.parse_args()
    rng = np.random.default_rng(a.seed)
    k3 = a.arch == 'k3'
    d, L, vocab = 128, 6, 300
    H, D = 4, 32
    nh, nope, rope, vd, kvl, qlora = 4, 16, 8, 16, 32, 32
    E, topk, inter = 8, 2, 64
    lat = 64 if k3 else d
    n_shared = 2 if k3 else 1
    kda_layers = [1, 2, 3, 5]
    full_layers = [4, 6]
    cfg = {
        'model_type': 'kimi_linear', 'architectures': ['KimiLinearForCausalLM'],
        'hidden_size': d, 'num_hidden_layers': L, 'vocab_size': vocab, 'rms_norm_eps': 1e-5,
        'first_k_dense_replace': 1, 'moe_layer_freq': 1, 'intermediate_size': 256,
        'num_experts': E, 'num_experts_per_token': topk, 'moe_intermediate_size': inter,
        'num_shared_experts': n_shared, 'moe_router_activation_func': 'sigmoid', 'moe_renormalize': True,
        'routed_scaling_factor': 1.0 if k3 else 2.446, 'num_attention_heads': nh, 'num_key_value_heads': nh,
        'q_lora_rank': qlora if k3 else None, 'kv_lora_rank': kvl, 'qk_nope_head_dim': nope,
        'qk_rope_head_dim': rope, 'v_head_dim': vd, 'mla_use_nope': True, 'tie_word_embeddings': False,
        'bos_token_id': 290, 'eos_token_id': 291, 'hidden_act': 'situ' if k3 else 'silu',
        'num_expert_group': 1, 'topk_group': 1, 'use_grouped_topk': True, 'num_nextn_predict_layers': 0,
        'linear_attn_config': {'num_heads': H, 'head_dim': D, 'short_conv_kernel_size': 4,
                               'kda_layers': kda_layers, 'full_attn_layers': full_layers},
    }
    if k3:
        cfg.update({'routed_expert_hidden_size': lat, 'latent_moe_use_norm': True, 'activation_situ_beta': 4.0,
                    'activation_situ_linear_beta': 25.0, 'mla_use_output_gate': True, 'attn_res_block_size': 2,
                    '_outer': {'architectures': ['KimiK3ForConditionalGeneration'], 'model_type': 'kimi_k3'}})
        cfg['linear_attn_config'].update({'use_full_rank_gate': True, 'gate_lower_bound': -5.0})
    prefix = 'language_model.' if k3 else ''
    t = TrunkWriter(prefix)
    Q = 3  # default matrix format

    def mat(rows, cols, scale=None):
        s = scale if scale is not None else 1.0 / np.sqrt(cols)
        return rng.standard_normal((rows, cols)).astype(np.float32) * s

    def norm(n):
        return (1.0 + 0.1 * rng.standard_normal(n)).astype(np.float32)

    t.add('model.embed_tokens.weight', mat(vocab, d, 1.0), 2)
    fmts = [3, 2, 7, 'f16', 'bf16', 0]
    for i in range(L):
        p = 'model.layers.%d.' % i
        fm = fmts[i % len(fmts)]
        t.add(p + 'input_layernorm.weight', norm(d), 0)
        t.add(p + 'post_attention_layernorm.weight', norm(d), 0)
        if k3:
            for nm in ('self_attention_res_norm', 'mlp_res_norm'):
                t.add(p + nm + '.weight', norm(d), 0)
            for nm in ('self_attention_res_proj', 'mlp_res_proj'):
                t.add(p + nm + '.weight', mat(1, d, 0.1), 0)
        s = p + 'self_attn.'
        C = H * D
        if (i + 1) in kda_layers:
            for nm in ('q_proj', 'k_proj', 'v_proj'):
                t.add(s + nm + '.weight', mat(C, d), fm)
            for nm in ('q_conv1d', 'k_conv1d', 'v_conv1d'):
                t.add(s + nm + '.weight', (0.5 * rng.standard_normal((C, 1, 4))).astype(np.float32), 0)
            t.add(s + 'f_a_proj.weight', mat(16, d), fm)
            t.add(s + 'f_b_proj.weight', mat(C, 16), fm)
            t.add(s + 'b_proj.weight', mat(H, d), 0)
            alog = np.zeros(8 if k3 else H, dtype=np.float32)
            alog[:H] = rng.uniform(-1, 1, H)
            t.add(s + 'A_log', alog, 0)
            t.add(s + 'dt_bias', (0.5 * rng.standard_normal(C)).astype(np.float32), 0)
            if k3:
                t.add(s + 'g_proj.weight', mat(C, d), fm)
            else:
                t.add(s + 'g_a_proj.weight', mat(16, d), fm)
                t.add(s + 'g_b_proj.weight', mat(C, 16), fm)
            t.add(s + 'o_norm.weight', norm(D), 0)
            t.add(s + 'o_proj.weight', mat(d, C), fm)
        else:
            if k3:
                t.add(s + 'q_a_proj.weight', mat(qlora, d), fm)
                t.add(s + 'q_a_layernorm.weight', norm(qlora), 0)
                t.add(s + 'q_b_proj.weight', mat(nh * (nope + rope), qlora), fm)
                t.add(s + 'g_proj.weight', mat(nh * vd, d), fm)
            else:
                t.add(s + 'q_proj.weight', mat(nh * (nope + rope), d), fm)
            t.add(s + 'kv_a_proj_with_mqa.weight', mat(kvl + rope, d), fm)
            t.add(s + 'kv_a_layernorm.weight', norm(kvl), 0)
            t.add(s + 'kv_b_proj.weight', mat(nh * (nope + vd), kvl), fm)
            t.add(s + 'o_proj.weight', mat(d, nh * vd), fm)
        if i == 0:
            t.add(p + 'mlp.gate_proj.weight', mat(256, d), Q)
            t.add(p + 'mlp.up_proj.weight', mat(256, d), Q)
            t.add(p + 'mlp.down_proj.weight', mat(d, 256), Q)
        else:
            m = p + 'block_sparse_moe.'
            t.add(m + 'gate.weight', mat(E, d, 0.3), Q)
            t.add(m + 'gate.e_score_correction_bias', (0.05 * rng.standard_normal(E)).astype(np.float32), 0)
            if k3:
                t.add(m + 'routed_expert_down_proj.weight', mat(lat, d), fm)
                t.add(m + 'routed_expert_norm.weight', norm(lat), 0)
                t.add(m + 'routed_expert_up_proj.weight', mat(d, lat), fm)
            S = n_shared * inter
            t.add(m + 'shared_experts.gate_proj.weight', mat(S, d), fm)
            t.add(m + 'shared_experts.up_proj.weight', mat(S, d), fm)
            t.add(m + 'shared_experts.down_proj.weight', mat(d, S), fm)
    t.add('model.norm.weight', norm(d), 0)
    if k3:
        t.add('model.output_attn_res_norm.weight', norm(d), 0)
        t.add('model.output_attn_res_proj.weight', mat(1, d, 0.1), 0)
    t.add('lm_head.weight', mat(vocab, d), 2)

    os.makedirs(a.out, exist_ok=True)
    vq4p = a.expert_fmt == 'VQ4P'
    stages = 4 if vq4p else (2 if a.expert_fmt == 'VQ2R' else 3)
    entries = 64 if vq4p else 256
    vec = 8
    # codebooks
    books = bytearray()
    n_books = 0
    layers = {}
    blk = a.index_block
    shapes = [(inter, lat), (inter, lat), (lat, inter)]

    def index_bytes(M, N):
        Mp = ((M + blk - 1) // blk) * blk if blk else M
        return Mp * (N // vec) * (3 if vq4p else stages)

    used = 48 + sum(index_bytes(M, N) for M, N in shapes) + 2 * sum(M for M, _ in shapes)
    rec_bytes = (used + 4095) // 4096 * 4096
    for Lr in range(1, L):
        base = n_books
        for k in range(3):
            for s_ in range(stages):
                cb = (rng.standard_normal((entries, vec)) * (0.5 / (s_ + 1))).astype(np.float32)
                books += struct.pack('<IHBBII', 0x4B424357, n_books, 4, vec, entries, 0)
                books += fp16(cb).tobytes()
                n_books += 1
        bank = bytearray()
        for e in range(E):
            rec = bytearray(rec_bytes)
            off = 48
            offs = []
            for M, N in shapes:
                offs.append(off)
                nv = N // vec
                Mp = ((M + blk - 1) // blk) * blk if blk else M
                idx = rng.integers(0, entries, size=(Mp, nv, stages))
                idx[M:] = 0
                if vq4p:
                    s0, s1, s2, s3 = (idx[..., j] for j in range(4))
                    packed = np.stack([(s0 | (s1 << 6)) & 255, ((s1 >> 2) | (s2 << 4)) & 255,
                                       ((s2 >> 4) | (s3 << 2)) & 255], axis=-1)
                    arr = packed
                else:
                    arr = idx
                per = arr.shape[-1]
                if blk:
                    arr = arr.reshape(Mp // blk, blk, nv, per).transpose(0, 2, 1, 3)
                raw = arr.astype(np.uint8).tobytes()
                rec[off:off + len(raw)] = raw
                off += len(raw)
            chan = off
            for M, _ in shapes:
                sc = fp16(rng.uniform(0.02, 0.08, M))
                rec[off:off + 2 * M] = sc.tobytes()
                off += 2 * M
            crc = zlib.crc32(bytes(rec[48:off])) & 0xFFFFFFFF
            fmt_code = 8 if vq4p else 4
            struct.pack_into('<IHHBBHHHIIIIIIII', rec, 0, 0x50584557, Lr, e, fmt_code, 0, base, 0, 0,
                             rec_bytes // 4096, offs[0], offs[1], offs[2], chan, crc, 0, 0)
            bank += rec
        name = 'experts-L%d.bin' % Lr
        with open(os.path.join(a.out, name), 'wb') as f:
            f.write(bank)
        layers[str(Lr)] = {'file': name, 'experts': E, 'bytes': len(bank), 'codebook_base': base}
    with open(os.path.join(a.out, 'codebooks.bin'), 'wb') as f:
        f.write(books)
    with open(os.path.join(a.out, 'trunk.bin'), 'wb') as f:
        f.write(t.buf)
    eq = {'fmt': a.expert_fmt, 'stages': stages, 'vec_dim': vec, 'entries': entries, 'index_block': blk,
          'bits_per_weight': stages * (6 if vq4p else 8) / vec}
    if vq4p:
        eq['index_bits'] = 6
    man = {'format_version': 0, 'arch': 'kimi-k3' if k3 else 'kimi-linear', 'tensor_prefix': prefix,
           'config': cfg, 'expert_quant': eq, 'layers': layers, 'trunk': t.entries}
    with open(os.path.join(a.out, 'manifest.json'), 'w') as f:
        json.dump(man, f, indent=1)
    print('%s: %s, %d trunk bytes, record %d bytes' % (a.out, a.arch, len(t.buf), rec_bytes))


if __name__ == '__main__':
    main()
