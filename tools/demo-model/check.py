#!/usr/bin/python3
"""The proof that the trained model is the real K3 architecture: loads the
exported release folder twice, into the float32 training module
(k3model.py, dequantising bf16/MXFP4 here) and into the independent float64
oracle (tests/oracle/kimi_ref.py), and compares the logits of held-out
records. Also prints the held-out perplexity the oracle gives.

    /usr/bin/python3 tools/demo-model/check.py RELEASE TOKDIR [--records 20]
"""
import argparse
import math
import os
import sys

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, '..', '..', 'tests', 'oracle'))
from export import load_float_tensors  # noqa: E402
from k3model import K3Demo, load_release_tensors  # noqa: E402

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('release')
    ap.add_argument('tokdir')
    ap.add_argument('--records', type=int, default=20)
    a = ap.parse_args()
    torch.set_num_threads(1)
    import kimi_ref  # the float64 oracle, only for the comparison

    torch.set_default_dtype(torch.float32)  # kimi_ref switches the default to float64 on import
    model = K3Demo()
    load_release_tensors(model, load_float_tensors(a.release))
    model.eval()
    model64 = K3Demo()
    load_release_tensors(model64, load_float_tensors(a.release))
    model64.double().eval()
    oracle = kimi_ref.Model(kimi_ref.Release(a.release))
    with open(os.path.join(a.tokdir, 'heldout.ids')) as f:
        docs = [[int(v) for v in line.split()] for line in f if line.strip()][:a.records]
    worst, worst64, nll, count, same = 0.0, 0.0, 0.0, 0, 0
    for d in docs:
        with torch.no_grad():
            mine = model(torch.tensor([d]))[0].double()
            mine64 = model64(torch.tensor([d]))[0]
        ref = oracle.forward(d)
        worst = max(worst, float((mine - ref).abs().max() / ref.abs().max()))
        worst64 = max(worst64, float((mine64 - ref).abs().max() / ref.abs().max()))
        same += int((mine.argmax(-1) == ref.argmax(-1)).sum())
        lp = torch.log_softmax(ref[:-1], -1)
        nll -= float(lp[torch.arange(len(d) - 1), torch.tensor(d[1:])].sum())
        count += len(d) - 1
    total = sum(len(d) for d in docs)
    print('%d held-out records, %d positions: training module vs float64 oracle: max rel %.3g in float32, '
          '%.3g in float64; argmax same %d/%d; oracle held-out ppl %.3f (%d predicted tokens)' % (
              len(docs), total, worst, worst64, same, total, math.exp(nll / count), count))
    return 0 if worst < 1e-4 and worst64 < 1e-10 else 1


if __name__ == '__main__':
    sys.exit(main())
