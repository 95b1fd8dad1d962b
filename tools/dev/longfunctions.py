#!/usr/bin/env python3
"""List C++ functions whose bodies run over a line limit (issues 17 and 28: none
over 80 lines in core/model, core/qt, gui/, core/cli and core/server).

A function is a top-level `{ ... }` block (namespace blocks are entered, class
bodies are searched for inline member functions) whose opening brace follows a
`)` (possibly with const/override/noexcept/-> type/initialiser list between).
Comments, strings and character literals are blanked before braces are
matched, so a brace inside them does not count. Lambdas count towards the
function that holds them. Good enough for this code base's house style; not a
C++ parser.

Usage: longfunctions.py [--max N] [--fail] DIR...
Prints `path:line: name (N lines)` for each function over N lines (default
120); with --fail exits 1 when it printed any.
"""
import argparse
import os
import re
import sys

SUFFIXES = ('.cpp', '.h', '.hpp', '.cc')


def blank(text):
    """Comments, strings and char literals replaced by spaces (newlines kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith('//', i):
            j = text.find('\n', i)
            j = n if j < 0 else j
            out.append(' ' * (j - i))
            i = j
        elif text.startswith('/*', i):
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r'[^\n]', ' ', text[i:j]))
            i = j
        elif c == 'R' and text.startswith('R"', i):
            m = re.match(r'R"([^(\s]*)\(', text[i:])
            if not m:
                out.append(c)
                i += 1
                continue
            end = ')' + m.group(1) + '"'
            j = text.find(end, i + m.end())
            j = n if j < 0 else j + len(end)
            out.append(re.sub(r'[^\n]', ' ', text[i:j]))
            i = j
        elif c in '"\'':
            # A digit separator (1'000) is not a char literal.
            if c == "'" and i > 0 and text[i - 1].isalnum() and i + 1 < n and text[i + 1].isalnum():
                out.append(' ')
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c and text[j] != '\n':
                j += 2 if text[j] == '\\' else 1
            j = min(j + 1, n)
            out.append(re.sub(r'[^\n]', ' ', text[i:j]))
            i = j
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def header_before(code, pos):
    """The text between the previous statement end and the brace at pos."""
    start = max(code.rfind(';', 0, pos), code.rfind('}', 0, pos), code.rfind('{', 0, pos)) + 1
    return code[start:pos]


FUNC_TAIL = re.compile(r'\)\s*(const|override|final|noexcept|mutable|volatile|&|&&|->\s*[\w:<>,\s*&]+|\s)*$')


def is_function(head):
    """Whether a block header names a function (not a class, namespace, control statement or initialiser)."""
    h = re.sub(r'\s+', ' ', head).strip()
    if not h or re.match(r'^(namespace|class|struct|union|enum|extern)\b', h):
        return False
    # Constructor initialiser list: `Foo::Foo(...) : a(x), b{y}` -> look before the ':'.
    m = re.search(r'\)\s*:(?!:)', h)
    if m:
        h = h[:m.start() + 1]
    if not FUNC_TAIL.search(h):
        return False
    name = re.search(r'([~\w:]+|operator\s*\S+)\s*\(', h)
    if not name:
        return False
    if name.group(1).split('::')[-1] in ('if', 'for', 'while', 'switch', 'catch', 'return', 'sizeof', 'alignof',
                                          'decltype', 'static_assert', 'Q_FOREACH'):
        return False
    return True


def name_of(head):
    h = re.sub(r'\s+', ' ', head).strip()
    m = re.search(r'\)\s*:(?!:)', h)
    if m:
        h = h[:m.start() + 1]
    m = re.search(r'([~\w:]+|operator\s*[^\s(]+)\s*\(', h)
    return m.group(1) if m else h[:40]


def functions(path):
    """(line, name, lines) for every function in one file."""
    with open(path, encoding='utf-8', errors='replace') as f:
        code = blank(f.read())
    found = []
    scopes = []  # per open brace: 'ns' (namespace/class/extern: search inside) or 'skip'
    i = 0
    n = len(code)
    while i < n:
        c = code[i]
        if c == '{':
            head = header_before(code, i)
            hs = re.sub(r'\s+', ' ', head).strip()
            if is_function(head) and all(s == 'ns' for s in scopes):
                # Walk to the matching brace.
                depth, j = 0, i
                while j < n:
                    if code[j] == '{':
                        depth += 1
                    elif code[j] == '}':
                        depth -= 1
                        if depth == 0:
                            break
                    j += 1
                first = code.count('\n', 0, i) + 1
                last = code.count('\n', 0, j) + 1
                found.append((code.count('\n', 0, i - len(head) + len(head) - len(head.lstrip())) + 1,
                              name_of(head), last - first + 1))
                i = j + 1
                continue
            if re.match(r'^(.*\s)?(namespace|class|struct|union)\b', hs) or hs.startswith('extern'):
                scopes.append('ns')
            else:
                scopes.append('skip')
        elif c == '}':
            if scopes:
                scopes.pop()
        i += 1
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--max', type=int, default=120, help='longest allowed body in lines (default 120)')
    ap.add_argument('--fail', action='store_true', help='exit 1 when a function is over the limit')
    ap.add_argument('dirs', nargs='+')
    args = ap.parse_args()
    over = []
    for d in args.dirs:
        if not os.path.exists(d):
            print(f'longfunctions: {d}: no such file or folder', file=sys.stderr)
            return 2
        paths = [d] if os.path.isfile(d) else sorted(
            os.path.join(root, f) for root, _, files in os.walk(d) for f in files if f.endswith(SUFFIXES))
        for p in paths:
            for line, name, lines in functions(p):
                if lines > args.max:
                    over.append((lines, p, line, name))
    for lines, p, line, name in sorted(over, key=lambda t: (-t[0], t[1])):
        print(f'{p}:{line}: {name} ({lines} lines)')
    return 1 if args.fail and over else 0


if __name__ == '__main__':
    sys.exit(main())
