#!/usr/bin/python3
"""The chunked (block-parallel) delta rule of k3model.py against its per-token
loop, in float64 on random inputs: outputs and gradients, several block sizes
(one that divides T, one that does not, one longer than T), strong and weak
decay. Also the whole model's logits with both forms. Exit status 1 on a
mismatch.

    /usr/bin/python3 tools/demo-model/test_chunked.py
"""
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from k3model import K3Demo, delta_chunked, delta_recurrent  # noqa: E402

TOL = 1e-10


def rel(a, b):
    return float((a - b).abs().max() / b.abs().max().clamp_min(1e-300))


def inputs(gen, B, T, H, D, lb):
    q = torch.nn.functional.normalize(torch.randn(B, T, H, D, generator=gen, dtype=torch.float64), dim=-1) * D ** -0.5
    k = torch.nn.functional.normalize(torch.randn(B, T, H, D, generator=gen, dtype=torch.float64), dim=-1)
    v = torch.randn(B, T, H, D, generator=gen, dtype=torch.float64)
    g = lb * torch.sigmoid(2 * torch.randn(B, T, H, D, generator=gen, dtype=torch.float64))
    beta = torch.sigmoid(torch.randn(B, T, H, generator=gen, dtype=torch.float64))
    return [x.requires_grad_() for x in (q, k, v, g, beta)]


def main():
    torch.set_num_threads(1)
    gen = torch.Generator().manual_seed(18)
    worst = 0.0
    failed = False
    # lb -5 is the demo's gate lower bound (the strongest decay); a 64-block with it
    # would overflow the split exponent and is refused by an assertion.
    for lb, sizes in ((-5.0, (16, 7, 17)), (-0.05, (16, 7, 64))):
        for C in sizes:
            xs = inputs(gen, 3, 45, 4, 32, lb)
            ref = delta_recurrent(*xs)
            w = torch.randn(ref.shape, generator=gen, dtype=torch.float64)
            gref = torch.autograd.grad((ref * w).sum(), xs)
            got = delta_chunked(*xs, C)
            ggot = torch.autograd.grad((got * w).sum(), xs)
            errs = [rel(got, ref)] + [rel(a, b) for a, b in zip(ggot, gref)]
            worst = max(worst, max(errs))
            ok = max(errs) <= TOL
            failed |= not ok
            print('lb %5.2f  C %2d  output %.1e  grads q/k/v/g/beta %s  %s' % (
                lb, C, errs[0], ' '.join('%.1e' % e for e in errs[1:]), 'ok' if ok else 'FAIL'))
    torch.manual_seed(5)
    model = K3Demo().double()
    ids = torch.randint(0, 4096, (2, 50), generator=gen)
    with torch.no_grad():
        chunked = model(ids)
        for m in model.modules():
            if hasattr(m, 'chunk'):
                m.chunk = 0
        loop = model(ids)
    e = rel(chunked, loop)
    failed |= e > TOL
    print('whole model, logits of 2 x 50 random ids: %.1e  %s' % (e, 'ok' if e <= TOL else 'FAIL'))
    # float32 (how it trains): the strongest decay over a whole block stays finite.
    xs = [x.detach().float() for x in inputs(gen, 2, 64, 4, 32, -5.0)]
    e32 = rel(delta_chunked(*xs, 16), delta_recurrent(*xs))
    ok32 = e32 <= 1e-5
    failed |= not ok32
    print('float32, lb -5, C 16: %.1e (bound 1e-5)  %s' % (e32, 'ok' if ok32 else 'FAIL'))
    print('worst relative error %.1e (bound %.0e): %s' % (max(worst, e), TOL, 'FAIL' if failed else 'pass'))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
