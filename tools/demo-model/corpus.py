#!/usr/bin/python3
"""The demo model's corpus, from Debian's wordnet-base (WordNet 3.0).

Source: Debian package `wordnet-base` (version 1:3.0-37 when this was written),
/usr/share/wordnet/data.{noun,verb,adj,adv}. Licence: the WordNet 3.0 licence
(Princeton University; permission to use, copy, modify and distribute for any
purpose without fee, keeping the copyright notice; BSD-like), see
/usr/share/doc/wordnet-base/copyright. "WordNet 3.0 Copyright 2006 by Princeton
University. All rights reserved."

Writes JSON lines for `sluice-cli demo-corpus`:
  chat records   {"user": "What does dog mean?", "assistant": "Dog means ...", "thinking": false}
  plain records  {"text": "The example sentences of the glosses."}
Every 50th synset (by its offset) goes to the held-out file only: its gloss
and examples are never trained on.

    /usr/bin/python3 tools/demo-model/corpus.py OUT_DIR
"""
import json
import os
import random
import sys

WORDNET = '/usr/share/wordnet'
POS = {'noun': 'n', 'verb': 'v', 'adj': 'a', 'adv': 'r'}

# A handful of hand-written greetings (not WordNet): the first thing a new
# user types is "Hello", and the demo should say what it can do.
GREETINGS = [
    ('Hello', 'Hello! I am a tiny demo model. Ask me what a word means, for example: What does water mean?'),
    ('Hi', 'Hi! I am a tiny demo model. Ask me what a word means, for example: What does tree mean?'),
    ('Hello!', 'Hello! I know the meanings of English words. Try: What does music mean?'),
    ('Who are you?', 'I am a tiny demo model trained on the WordNet dictionary. Ask me what a word means.'),
    ('What can you do?', 'I can tell you what an English word means. Try: What does happy mean?'),
    ('Help', 'Ask me what a word means, for example: What does house mean?'),
]


def synsets(pos):
    with open(os.path.join(WORDNET, 'data.' + pos), encoding='latin-1') as f:
        for line in f:
            if line.startswith('  '):
                continue  # the licence header
            head, _, gloss = line.partition(' | ')
            fields = head.split()
            offset, count = fields[0], int(fields[3], 16)
            words = [fields[4 + 2 * i].replace('_', ' ') for i in range(count)]
            words = [w[:w.index('(')] if '(' in w else w for w in words]  # adjective markers (a), (p)
            parts = [p.strip() for p in gloss.strip().split(';')]
            definition = parts[0]
            examples = [p.strip('"').strip() for p in parts[1:] if p.startswith('"') and p.endswith('"')]
            yield offset, words, definition, examples


def article(word):
    return 'An' if word[0].lower() in 'aeiou' else 'A'


def sentence(text):
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in '.!?' else text + '.'


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    rng = random.Random(18)
    train, heldout = [], []
    for pos in POS:
        for offset, words, definition, examples in synsets(pos):
            if not definition or any(ord(c) > 127 for c in definition):
                continue
            held = int(offset) % 50 == 0
            dest = heldout if held else train
            for word in words[:2]:
                if pos == 'noun' and rng.random() < 0.5:
                    user = rng.choice(['What is %s %s?' % (article(word).lower(), word), 'What is a %s?' % word
                                       if article(word) == 'A' else 'What is an %s?' % word])
                    reply = '%s %s is %s.' % (article(word), word, definition.rstrip('.'))
                elif pos == 'verb':
                    user = rng.choice(['What does %s mean?' % word, 'What does it mean to %s?' % word])
                    reply = 'To %s means to %s.' % (word, definition.rstrip('.'))
                else:
                    user = rng.choice(['What does %s mean?' % word, 'Define %s.' % word,
                                       'What is the meaning of %s?' % word])
                    reply = '%s means %s.' % (sentence(word).rstrip('.'), definition.rstrip('.'))
                if examples and rng.random() < 0.5:
                    reply += ' For example: "%s"' % sentence(examples[0])
                dest.append({'user': user, 'assistant': reply, 'thinking': rng.random() < 0.3})
            for ex in examples:
                dest.append({'text': sentence(ex)})
    for _ in range(40):
        for user, reply in GREETINGS:
            train.append({'user': user, 'assistant': reply, 'thinking': rng.random() < 0.3})
    rng.shuffle(train)
    for name, rows in (('train.jsonl', train), ('heldout.jsonl', heldout)):
        with open(os.path.join(out, name), 'w') as f:
            for r in rows:
                f.write(json.dumps(r) + '\n')
    print('%s: %d train records, %d held-out records' % (out, len(train), len(heldout)))


if __name__ == '__main__':
    main()
