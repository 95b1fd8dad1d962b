#!/usr/bin/python3
"""Trains the bundled demo model (tiny Kimi K3, tools/demo-model/k3model.py) on
the ids `sluice-cli demo-corpus` wrote. float32, CPU, 2 threads, capped by
steps and by wall time; prints loss, tokens/s, wall and CPU seconds.

    /usr/bin/python3 tools/demo-model/train.py --data TOKDIR --out ckpt.pt --steps 3000 --minutes 25
"""
import argparse
import math
import os
import random
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from k3model import K3Demo  # noqa: E402


def read_ids(path):
    with open(path) as f:
        return [[int(v) for v in line.split()] for line in f if line.strip()]


def heldout_nll(model, docs, limit):
    """Mean NLL per predicted token over held-out records, each from a fresh state."""
    model.eval()
    total, count = 0.0, 0
    with torch.no_grad():
        for d in docs[:limit]:
            ids = torch.tensor([d])
            logits = model(ids[:, :-1])
            total += float(F.cross_entropy(logits[0], ids[0, 1:], reduction='sum'))
            count += len(d) - 1
    model.train()
    return total / count, count


def keep_best(model, held, records, step, best, best_state, best_step):
    """Held-out nll now on the *last* held-out records (disjoint from the first ones the
    final figure, data/demo/heldout.ids and tst_demomodel use, so choosing the step
    does not flatter them); returns the best (nll, weights, step) so far."""
    nll, count = heldout_nll(model, held[-records:], records)
    print('  held-out at step %d: nll %.4f ppl %.3f (%d records, %d tokens)' % (
        step, nll, math.exp(nll), records, count), flush=True)
    if best is None or nll < best:
        return nll, {k: v.detach().clone() for k, v in model.state_dict().items()}, step
    return best, best_state, best_step


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', required=True, help='the demo-corpus output (train.ids, heldout.ids)')
    ap.add_argument('--out', required=True)
    ap.add_argument('--steps', type=int, default=3000)
    ap.add_argument('--minutes', type=float, default=25.0, help='wall-time cap')
    ap.add_argument('--batch', type=int, default=16)
    ap.add_argument('--len', type=int, default=96)
    ap.add_argument('--lr', type=float, default=3e-3)
    ap.add_argument('--seed', type=int, default=18)
    ap.add_argument('--init', default='', help='start from this checkpoint (a second stage)')
    ap.add_argument('--init-release', default='',
                    help='start from an exported release folder (e.g. data/demo/sluice-demo-release: its bf16 '
                         'trunk and MXFP4 experts dequantised, router biases included)')
    ap.add_argument('--threads', type=int, default=2, help='torch threads (1 on a loaded machine: see README)')
    ap.add_argument('--heldout', type=int, default=200, help='held-out records for the final figure')
    ap.add_argument('--kda-chunk', type=int, default=16,
                    help='positions per block of the chunked delta rule (0: the per-token loop)')
    ap.add_argument('--eval-minutes', type=float, default=0.0,
                    help='every so many minutes measure the held-out nll (--eval-records) and keep the best '
                         'weights: the checkpoint written is the best one seen (0: the last)')
    ap.add_argument('--eval-records', type=int, default=100)
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    torch.set_flush_denormal(True)
    torch.manual_seed(a.seed)
    rng = random.Random(a.seed)

    # One flat stream; every window starts at a record start (a conversation
    # opens with a fresh state at inference too) and may run into the next ones.
    with open(os.path.join(a.data, 'train.ids')) as f:
        lines = [line for line in f if line.strip()]
    lengths = np.array([line.count(' ') + 1 for line in lines], dtype=np.int64)
    stream = torch.from_numpy(np.fromstring(' '.join(line.strip() for line in lines), dtype=np.int64, sep=' '))
    starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
    starts = [int(s) for s in starts if s + a.len + 1 <= len(stream)]
    held = read_ids(os.path.join(a.data, 'heldout.ids'))
    print('train: %d records, %d tokens; held-out %d records' % (len(lines), len(stream), len(held)), flush=True)
    del lines

    model = K3Demo()
    if a.init:  # continue a run: the weights and router biases of an earlier checkpoint
        model.load_state_dict(torch.load(a.init)['state_dict'])
    if a.init_release:
        from export import load_float_tensors
        from k3model import load_release_tensors
        load_release_tensors(model, load_float_tensors(a.init_release))
    for m in model.modules():
        if hasattr(m, 'chunk'):
            m.chunk = a.kda_chunk
    n = sum(p.numel() for p in model.parameters())
    print('parameters: %.2f M' % (n / 1e6), flush=True)
    decay = [p for nm, p in model.named_parameters() if p.dim() >= 2 and 'res.proj' not in nm]
    other = [p for nm, p in model.named_parameters() if not (p.dim() >= 2 and 'res.proj' not in nm)]
    opt = torch.optim.AdamW([{'params': decay, 'weight_decay': 0.05}, {'params': other, 'weight_decay': 0.0}],
                            lr=a.lr, betas=(0.9, 0.95))
    warm = 30
    t0, c0 = time.time(), time.process_time()
    seen = 0
    step = 0
    smooth = None
    best, best_state, best_step, next_eval = None, None, 0, a.eval_minutes * 60
    while step < a.steps and time.time() - t0 < a.minutes * 60:
        # Cosine to 10% over whichever cap comes first (steps or wall time).
        progress = min(1.0, max(step / a.steps, (time.time() - t0) / (a.minutes * 60)))
        lr = a.lr * min(1.0, (step + 1) / warm) * (0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * progress)))
        for g in opt.param_groups:
            g['lr'] = lr
        idx = [rng.choice(starts) for _ in range(a.batch)]
        batch = torch.stack([stream[s:s + a.len + 1] for s in idx])
        logits = model(batch[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), batch[:, 1:].reshape(-1))
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        for m in model.moes():
            m.balance(1e-3)
        seen += a.batch * a.len
        step += 1
        smooth = float(loss) if smooth is None else 0.95 * smooth + 0.05 * float(loss)
        if step % 25 == 0 or step == 1:
            w = time.time() - t0
            print('step %5d  loss %.3f (avg %.3f)  lr %.2e  %6.0f tok/s  wall %6.0f s  cpu %6.0f s' % (
                step, float(loss), smooth, lr, seen / w, w, time.process_time() - c0), flush=True)
        if a.eval_minutes > 0 and time.time() - t0 >= next_eval:
            next_eval += a.eval_minutes * 60
            best, best_state, best_step = keep_best(model, held, a.eval_records, step, best, best_state, best_step)
    wall, cpu = time.time() - t0, time.process_time() - c0
    if a.eval_minutes > 0:
        best, best_state, best_step = keep_best(model, held, a.eval_records, step, best, best_state, best_step)
        model.load_state_dict(best_state)
        print('keeping the weights of step %d (held-out nll %.4f on %d records)' % (best_step, best,
                                                                                   a.eval_records), flush=True)
    nll, count = heldout_nll(model, held, a.heldout)
    print('done: %d steps, %d tokens, wall %.0f s, cpu %.0f s; held-out (%d records, %d tokens) nll %.4f ppl %.2f' % (
        step, seen, wall, cpu, min(a.heldout, len(held)), count, nll, math.exp(nll)), flush=True)
    torch.save({'state_dict': model.state_dict(), 'config': model.cfg, 'steps': step, 'tokens': seen,
                'best_step': best_step if a.eval_minutes > 0 else step,
                'wall_s': wall, 'cpu_s': cpu, 'heldout_ppl': math.exp(nll)}, a.out + '.tmp')
    os.replace(a.out + '.tmp', a.out)


if __name__ == '__main__':
    main()
