#!/usr/bin/env python3
# Copyright 2026 The Boost.UTF authors.
# Distributed under the Boost Software License, Version 1.0.
# (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)
"""Writes corpora of real text for boost_utf_files_bench and side_by_side.py.

The text is the translated strings of the gettext catalogs installed on this machine
(/usr/share/locale/*/LC_MESSAGES/*.mo), grouped by script, each group repeated to SIZE bytes and
cut at a line end, so every file is well-formed UTF-8. What is installed decides the text, so
compare only figures measured on the same files.

    bench/gettext_corpora.py OUT_DIR [--size BYTES]
"""
import argparse
import glob
import os
import struct

GROUPS = {
    'english': 'en_GB en_AU en_CA en@quot en@boldquot',
    'latin': 'fr de es pt pt_BR it pl cs nl sv da fi hu ro sk sl hr tr vi ca eu gl et lt lv nb nn id',
    'cyrillic_greek': 'ru uk bg el sr be mk kk',
    'cjk': 'zh_CN zh_TW zh_HK ja ko',
    'arabic_hebrew_indic': 'ar he fa ur hi bn ta te ml kn mr gu pa',
}


def translations(path):
    """The translated strings of one .mo file that are well-formed UTF-8, the header left out."""
    b = open(path, 'rb').read()
    if len(b) < 28:
        return
    magic = struct.unpack('<I', b[:4])[0]
    order = {0x950412de: '<', 0xde120495: '>'}.get(magic)
    if order is None:
        return
    count, _, table = struct.unpack(order + 'III', b[8:20])
    for i in range(1, count):
        length, offset = struct.unpack(order + 'II', b[table + 8 * i:table + 8 * i + 8])
        s = b[offset:offset + length]
        try:
            s.decode('utf-8')
        except UnicodeDecodeError:
            continue
        yield s.replace(b'\0', b'\n') + b'\n'


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('out_dir')
    ap.add_argument('--size', type=int, default=16 << 20)
    args = ap.parse_args()
    text = {g: bytearray() for g in list(GROUPS) + ['mixed']}
    languages = {lang: g for g, langs in GROUPS.items() for lang in langs.split()}
    for path in sorted(glob.glob('/usr/share/locale/*/LC_MESSAGES/*.mo')):
        group = languages.get(path.split('/')[4])
        for s in translations(path):
            text['mixed'] += s
            if group:
                text[group] += s
    os.makedirs(args.out_dir, exist_ok=True)
    for group, b in text.items():
        if not b:
            print(f'{group}: no catalogs installed, skipped')
            continue
        t = (bytes(b) * (args.size // len(b) + 1))[:args.size]
        t = t[:t.rfind(b'\n') + 1]
        with open(os.path.join(args.out_dir, group + '.txt'), 'wb') as f:
            f.write(t)
        wide = sum(1 for c in t if c >= 0x80)
        print(f'{group}: {len(b)} bytes of translations, {len(t)} written, '
              f'{100 * wide / len(t):.1f}% of them not ASCII')


if __name__ == '__main__':
    main()
