#!/usr/bin/python3
"""Exports a trained demo checkpoint (train.py's .pt) in the layout of the
published Kimi K3 checkpoint (spec 3): config.json (the K3 wrapper with
text_config, vision_config and the compressed-tensors MXFP4 quantization
config), safetensors shards with the "language_model." text tensors in bf16
(f32 for A_log, dt_bias, the short convs, o_norm and the router bias), the
routed experts as MXFP4 (weight_packed: two E2M1 codes per byte, the low
nibble the even element; weight_scale: one E8M0 exponent per 32 values),
model.safetensors.index.json, tiktoken.model and tokenizer_config.json.

The vision tower is not trained: its tensors and vision_config are copied
from a template release written by `sluice-cli synth --demo --release`, so
the app's image path keeps working (it sees random image features).

    /usr/bin/python3 tools/demo-model/export.py CKPT.pt TOKDIR TEMPLATE_RELEASE OUT_DIR [--shards 2]
"""
import argparse
import json
import os
import struct
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from k3model import K3Demo, release_tensors  # noqa: E402

PREFIX = 'language_model.'
KEEP_F32 = ('.A_log', '.dt_bias', '_conv1d.weight', '.o_norm.weight', '.e_score_correction_bias')
E2M1 = np.array([0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0], dtype=np.float32)

QUANTIZATION_CONFIG = {
    'config_groups': {'group_0': {'targets': ['Linear'], 'weights': {
        'dynamic': False, 'group_size': 32, 'num_bits': 4, 'scale_dtype': 'torch.uint8',
        'strategy': 'group', 'symmetric': True, 'type': 'float'}}},
    'format': 'mxfp4-pack-quantized',
    'ignore': ['re:.*self_attn.*', 're:.*shared_experts.*', 're:.*mlp\\.(gate|up|gate_up|down)_proj.*',
               'lm_head', 're:.*vision_tower.*', 're:.*mm_projector.*'],
    'quant_method': 'compressed-tensors',
}


def bf16_bytes(a):
    """float32 -> bf16, round to nearest even (NaN-free input)."""
    u = np.ascontiguousarray(a, dtype='<f4').view('<u4').astype(np.uint64)
    u = (u + 0x7FFF + ((u >> 16) & 1)) >> 16
    return u.astype('<u2').tobytes()


def mxfp4(w):
    """[rows, cols] float32 -> (packed [rows, cols/2] u8, scale [rows, cols/32] u8).
    Per group of 32 the E8M0 exponent is the smallest that fits the group's
    largest magnitude in E2M1 (<= 6) or one below it (the larger values clip to
    6), whichever gives the smaller squared error; codes round to nearest."""
    rows, cols = w.shape
    g = w.reshape(rows, cols // 32, 32).astype(np.float64)
    amax = np.abs(g).max(-1)
    e_hi = np.where(amax > 0, np.ceil(np.log2(np.maximum(amax, 1e-30) / 6.0)), -127.0)
    best_err, best_e, best_codes = None, None, None
    for e in (e_hi, e_hi - 1):
        e = np.clip(e, -127, 127)
        s = np.exp2(e)[..., None]
        mag = np.abs(g) / s
        idx = np.abs(mag[..., None] - E2M1).argmin(-1)            # nearest magnitude
        q = E2M1[idx] * s * np.sign(g)
        err = ((q - g) ** 2).sum(-1)
        codes = idx + np.where(g < 0, 8, 0)
        codes = np.where(idx == 0, 0, codes)                     # +0 for zeros
        if best_err is None:
            best_err, best_e, best_codes = err, e, codes
        else:
            take = err < best_err
            best_err = np.where(take, err, best_err)
            best_e = np.where(take, e, best_e)
            best_codes = np.where(take[..., None], codes, best_codes)
    scale = np.where(amax > 0, best_e + 127, 0).astype(np.uint8)
    codes = best_codes.reshape(rows, cols).astype(np.uint8)
    packed = (codes[:, 0::2] | (codes[:, 1::2] << 4)).astype(np.uint8)
    return packed, scale


def read_safetensors(path):
    with open(path, 'rb') as f:
        (n,) = struct.unpack('<Q', f.read(8))
        header = json.loads(f.read(n))
        base = 8 + n
        out = {}
        for name, t in header.items():
            if name == '__metadata__':
                continue
            b, e = t['data_offsets']
            f.seek(base + b)
            out[name] = (t['dtype'], t['shape'], f.read(e - b))
    return out


def write_safetensors(path, tensors):
    """tensors: list of (name, dtype, shape, bytes), written in name order."""
    header, off = {'__metadata__': {'format': 'pt'}}, 0
    items = sorted(tensors, key=lambda t: t[0])
    for name, dtype, shape, data in items:
        header[name] = {'dtype': dtype, 'shape': list(shape), 'data_offsets': [off, off + len(data)]}
        off += len(data)
    h = json.dumps(header, separators=(',', ':')).encode()
    h += b' ' * (-len(h) % 8)
    tmp = path + '.tmp'
    with open(tmp, 'wb') as f:
        f.write(struct.pack('<Q', len(h)))
        f.write(h)
        for _, _, _, data in items:
            f.write(data)
    os.replace(tmp, path)
    return off


def write_json(path, obj):
    tmp = path + '.tmp'
    with open(tmp, 'w') as f:
        json.dump(obj, f, indent=4, sort_keys=True)
        f.write('\n')
    os.replace(tmp, path)


E2M1_ALL = np.array([0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, -0.0, -0.5, -1.0, -1.5, -2.0, -3.0, -4.0, -6.0],
                dtype=np.float32)


def load_float_tensors(release):
    """The inverse of the export: release name (no prefix) -> float32 tensor (bf16 and MXFP4
    dequantised); used by check.py and by train.py --init-release."""
    with open(os.path.join(release, 'model.safetensors.index.json')) as f:
        files = sorted(set(json.load(f)['weight_map'].values()))
    raw = {}
    for fn in files:
        raw.update(read_safetensors(os.path.join(release, fn)))
    out = {}
    for name, (dtype, shape, data) in raw.items():
        if not name.startswith(PREFIX):
            continue
        short = name[len(PREFIX):]
        if dtype == 'BF16':
            a = (np.frombuffer(data, '<u2').astype(np.uint32) << 16).view(np.float32).reshape(shape)
        elif dtype == 'F32':
            a = np.frombuffer(data, '<f4').reshape(shape)
        elif short.endswith('.weight_packed'):
            base = name[:-len('.weight_packed')]
            p = np.frombuffer(data, np.uint8).reshape(shape)
            sdt, sshape, sdata = raw[base + '.weight_scale']
            e = np.frombuffer(sdata, np.uint8).reshape(sshape).astype(np.float32)
            codes = np.stack([p & 15, p >> 4], -1).reshape(shape[0], shape[1] * 2)
            s = np.where(e == 0, 0.0, np.exp2(e - 127.0)).astype(np.float32)
            a = E2M1_ALL[codes] * np.repeat(s, 32, axis=1)
            short = short[:-len('.weight_packed')]
        else:
            continue
        out[short] = torch.from_numpy(np.array(a, dtype=np.float32))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('ckpt')
    ap.add_argument('tokdir', help='demo-corpus output: tiktoken.model, specials.json')
    ap.add_argument('template', help='a `sluice-cli synth --demo --release` folder (vision tower, outer config)')
    ap.add_argument('out')
    ap.add_argument('--shards', type=int, default=2)
    a = ap.parse_args()
    ck = torch.load(a.ckpt)
    model = K3Demo(ck['config'])
    model.load_state_dict(ck['state_dict'])
    text_config = dict(ck['config'])
    text_config['quantization_config'] = QUANTIZATION_CONFIG

    tensors = []
    for name, t in release_tensors(model):
        w = t.numpy().astype(np.float32)
        full = PREFIX + name
        if '.experts.' in name:
            packed, scale = mxfp4(w)
            tensors.append((full + '.weight_packed', 'U8', packed.shape, packed.tobytes()))
            tensors.append((full + '.weight_scale', 'U8', scale.shape, scale.tobytes()))
        elif full.endswith(KEEP_F32):
            tensors.append((full, 'F32', w.shape, np.ascontiguousarray(w, dtype='<f4').tobytes()))
        else:
            tensors.append((full, 'BF16', w.shape, bf16_bytes(w)))
    with open(os.path.join(a.template, 'model.safetensors.index.json')) as f:
        template_files = sorted(set(json.load(f)['weight_map'].values()))
    for fn in template_files:
        for name, (dtype, shape, data) in read_safetensors(os.path.join(a.template, fn)).items():
            if name.startswith(('vision_tower.', 'mm_projector.')):
                tensors.append((name, dtype, shape, data))

    os.makedirs(a.out, exist_ok=True)
    names = ['model-%05d-of-%05d.safetensors' % (i + 1, a.shards) for i in range(a.shards)]
    # Text layers by layer number over the shards, the rest (embeddings, vision) in the first.
    groups = [[] for _ in names]
    for t in tensors:
        parts = t[0].split('.')
        shard = int(parts[parts.index('layers') + 1]) * a.shards // text_config['num_hidden_layers'] \
            if 'layers' in parts and t[0].startswith(PREFIX) else 0
        groups[shard].append(t)
    weight_map, total = {}, 0
    for fn, group in zip(names, groups):
        total += write_safetensors(os.path.join(a.out, fn), group)
        for t in group:
            weight_map[t[0]] = fn

    with open(os.path.join(a.template, 'config.json')) as f:
        config = json.load(f)
    config['text_config'] = text_config
    write_json(os.path.join(a.out, 'config.json'), config)
    with open(os.path.join(a.tokdir, 'specials.json')) as f:
        specials = json.load(f)
    write_json(os.path.join(a.out, 'tokenizer_config.json'), {
        'added_tokens_decoder': {str(s['id']): {'content': s['text'], 'special': True} for s in specials},
        'tokenizer_class': 'TikTokenTokenizer'})
    with open(os.path.join(a.tokdir, 'tiktoken.model'), 'rb') as f:
        rank = f.read()
    with open(os.path.join(a.out, 'tiktoken.model'), 'wb') as f:
        f.write(rank)
    # The index last: its presence is what makes the folder a checkpoint.
    write_json(os.path.join(a.out, 'model.safetensors.index.json'),
               {'metadata': {'total_size': total}, 'weight_map': weight_map})
    print('%s: %d tensors, %d bytes in %d shards' % (a.out, len(weight_map), total, a.shards))


if __name__ == '__main__':
    main()
