#!/usr/bin/python3
"""The corpus vocabulary the demo test checks replies against
(data/demo/vocabulary.txt): lower-case words of the training records that
occur at least six times, one per line, sorted.

    /usr/bin/python3 tools/demo-model/vocabulary.py CORPUS_DIR/train.jsonl OUT.txt
"""
import collections
import json
import re
import sys

counts = collections.Counter()
with open(sys.argv[1]) as f:
    for line in f:
        r = json.loads(line)
        text = ' '.join(r.get(k, '') for k in ('user', 'assistant', 'text'))
        counts.update(w for w in re.split(r"[^a-z'-]+", text.lower()) if w)
words = sorted(w for w, n in counts.items() if n >= 6)
with open(sys.argv[2] + '.tmp', 'w') as f:
    f.write('\n'.join(words) + '\n')
import os
os.replace(sys.argv[2] + '.tmp', sys.argv[2])
print('%s: %d words' % (sys.argv[2], len(words)))
