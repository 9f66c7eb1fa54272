#!/usr/bin/env python3
# Copyright 2026 The Boost.UTF authors.
# Distributed under the Boost Software License, Version 1.0.
# (See accompanying file LICENSE_1_0.txt or copy at http://www.boost.org/LICENSE_1_0.txt)

"""Checks the HTML that Asciidoctor made of doc/*.adoc, for what Asciidoctor does not warn about.

    tools/check_docs.py build/doc
    tools/check_docs.py --self-test     each rule catches what it is for; a clean page passes

For every page in the folder:
  * every link to another page, or to an anchor of this page or another, resolves;
  * every image, and every other local file a page refers to, exists;
  * no AsciiDoc markup survives into the text as characters: backticks, `++`, `*...*` or `_..._`
    pairs, `{attribute}` references left unexpanded, and "C17"/"C20" where `C++` lost its `++`;
  * no internal reference reaches the reader: issue numbers, commit hashes;
  * the index links to the page and the page links back to the index.
Text inside code (<code>, <pre>) is exempt from the markup rules, since there those characters
are meant. Only the standard library is used, so that the check runs wherever python3 does.
"""

import bisect
import html.parser
import os
import re
import sys
import urllib.parse

# Markup that means Asciidoctor did not convert something, in text outside code.
MARKUP_RULES = [
    ("a backtick", re.compile(r"`")),
    # `++` pairs are passthrough markup; after a letter (C++, g++, clang++, it++) they are text.
    ("'++' outside code", re.compile(r"(?<![A-Za-z])\+\+")),
    # A lost C++: Asciidoctor reads `C++17 ... C++20` as a `++` passthrough pair and drops both.
    ("C++ lost its '++'", re.compile(r"\bC(?:98|03|11|14|17|20|23|26)\b|\blibstdc(?!\+\+)")),
    ("an unexpanded attribute reference", re.compile(r"\{[A-Za-z0-9_][A-Za-z0-9_-]*\}")),
    # Constrained strong/emphasis pairs that did not convert: a word boundary outside, no space
    # just inside.
    ("a '*...*' pair", re.compile(r"(?:^|[\s(\[])\*[^\s*](?:[^*]*[^\s*])?\*(?=$|[\s).,;:!?\]])")),
    ("a '_..._' pair", re.compile(r"(?:^|[\s(\[])_[^\s_](?:[^_]*[^\s_])?_(?=$|[\s).,;:!?\]])")),
    ("an unconverted cross reference", re.compile(r"<<[^<>]*>>|xref:")),
    ("an unresolved include", re.compile(r"Unresolved directive")),
]

# Asciidoctor's own character attributes, which no code contains: left as they are inside a
# listing block, where attributes are not substituted.
BUILTIN_ATTRIBUTES = re.compile(
    r"\{(?:cpp|pp|nbsp|sp|empty|blank|plus|amp|lt|gt|startsb|endsb|vbar|caret|asterisk|tilde|"
    r"backslash|backtick|two-colons|two-semicolons|apos|quot|zwsp|wj|deg|ldquo|rdquo|lsquo|rsquo)\}")

# Things users must not be shown: they point at the project's tracker or history.
INTERNAL_RULES = [
    ("an issue number", re.compile(r"\b[Ii]ssues? ?#?\d+\b")),
    ("a commit hash", re.compile(r"(?<![0-9A-Za-z_])(?!0x)(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}(?![0-9A-Za-z_])")),
    ("a commit reference", re.compile(r"\bcommits? [0-9a-f]{7,}")),
]

CODE_TAGS = {"code", "pre", "kbd", "samp", "script", "style"}
# Inline styles and scripts: their text is not shown.
HIDDEN_TAGS = {"script", "style", "title"}


class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids = set()
        self.refs = []          # (attribute, value, line)
        self.prose = []         # (line, text) outside code
        self.shown = []         # (line, text) everything shown, code included
        self._code = 0
        self._hidden = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for key in ("id", "name") if tag == "a" else ("id",):
            if a.get(key):
                self.ids.add(a[key])
        line = self.getpos()[0]
        if tag == "a" and a.get("href") is not None:
            self.refs.append(("href", a["href"], line))
        if tag in ("img", "script", "iframe", "video", "audio", "source") and a.get("src"):
            self.refs.append(("src", a["src"], line))
        if tag == "object" and a.get("data"):
            self.refs.append(("data", a["data"], line))
        if tag == "link" and a.get("href"):
            self.refs.append(("href", a["href"], line))
        if tag in ("img", "object", "embed", "iframe"):
            for key in ("width", "height"):
                value = a.get(key)
                if value is not None and not re.fullmatch(r"\d+(\.\d+)?(%|px)?", value):
                    self.refs.append(("bad-" + key, value, line))
        if tag in CODE_TAGS:
            self._code += 1
        if tag in HIDDEN_TAGS:
            self._hidden += 1

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag in CODE_TAGS:
            self._code -= 1
        if tag in HIDDEN_TAGS:
            self._hidden -= 1

    def handle_endtag(self, tag):
        if tag in CODE_TAGS and self._code:
            self._code -= 1
        if tag in HIDDEN_TAGS and self._hidden:
            self._hidden -= 1
        # Block ends separate text: "a" then "b" in two cells must not read as "ab".
        self._text("\n")

    def handle_data(self, data):
        self._text(data)

    def _text(self, data):
        if self._hidden:
            return
        line = self.getpos()[0]
        self.shown.append((line, data))
        self.prose.append((line, data if not self._code else " "))


def joined(pieces):
    """The pieces as one text, with a map from character position back to source line."""
    text, lines, size = [], [], 0
    for line, piece in pieces:
        lines.append((size, line))
        text.append(piece)
        size += len(piece)
    return "".join(text), lines


def line_at(lines, pos):
    i = bisect.bisect_right([start for start, _ in lines], pos) - 1
    return lines[max(i, 0)][1] if lines else 0


def check(folder):
    pages = {}
    for name in sorted(os.listdir(folder)):
        if name.endswith(".html"):
            page = Page()
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                page.feed(f.read())
            page.close()
            pages[name] = page
    problems = []
    if "index.html" not in pages:
        return ["index.html: missing"] if pages else [f"{folder}: no HTML pages"]

    linked_from_index = set()
    for name, page in pages.items():
        links_to_index = False
        for attribute, value, line in page.refs:
            where = f"{name}:{line}"
            if attribute.startswith("bad-"):
                problems.append(f"{where}: {attribute[4:]}=\"{value}\" is not a size "
                                "(a positional attribute of an image macro taken as its width?)")
                continue
            url = urllib.parse.urlsplit(value)
            if url.scheme or value.startswith("//"):
                continue  # external: not checked here, the build must work offline
            target = urllib.parse.unquote(url.path)
            fragment = urllib.parse.unquote(url.fragment)
            if target:
                path = os.path.normpath(os.path.join(folder, target))
                if not os.path.exists(path):
                    problems.append(f"{where}: {value} refers to {target}, which does not exist")
                    continue
                target_name = os.path.relpath(path, folder)
            else:
                target_name = name
            if target_name == "index.html" and name != "index.html":
                links_to_index = True
            if name == "index.html" and target_name in pages:
                linked_from_index.add(target_name)
            if fragment and target_name in pages and fragment not in pages[target_name].ids:
                problems.append(f"{where}: {value}: {target_name} has no anchor #{fragment}")
            if fragment and target_name.endswith(".html") and target_name not in pages:
                problems.append(f"{where}: {value}: cannot check #{fragment} in {target_name}")
        if name != "index.html" and not links_to_index:
            problems.append(f"{name}: no link back to index.html")

        prose, prose_lines = joined(page.prose)
        for label, rule in MARKUP_RULES:
            for m in rule.finditer(prose):
                context = prose[max(0, m.start() - 30):m.end() + 30].replace("\n", " ")
                problems.append(f"{name}:{line_at(prose_lines, m.start())}: {label}: ...{context}...")
        shown, shown_lines = joined(page.shown)
        for m in BUILTIN_ATTRIBUTES.finditer(shown):
            context = shown[max(0, m.start() - 30):m.end() + 30].replace("\n", " ")
            problems.append(f"{name}:{line_at(shown_lines, m.start())}: an Asciidoctor attribute "
                            f"left as it is (in a listing?): ...{context}...")
        for label, rule in INTERNAL_RULES:
            for m in rule.finditer(shown):
                context = shown[max(0, m.start() - 30):m.end() + 30].replace("\n", " ")
                problems.append(f"{name}:{line_at(shown_lines, m.start())}: {label}: ...{context}...")

    for name in sorted(set(pages) - linked_from_index - {"index.html"}):
        problems.append(f"index.html: does not link to {name}")
    return problems


def self_test():
    """Each rule must catch what it is for, and a clean page must pass: a checker that cannot
    fail proves nothing. Returns the rules that did not behave."""
    import tempfile
    page = ('<html><body><a href="index.html">home</a><div id="here"></div>{}'
            '<pre>`code` C17 {{x}} ++ *a* _b_ markup not checked here: in code</pre></body></html>')
    cases = {
        "clean": ('<p>C++17, g++ 12, libstdc++, snake_case_name, a * b, <a href="#here">x</a>'
                  '<img src="i.svg" width="50%"></p><pre>std::uint32_t{c}</pre>', None),
        "backtick": ("<p>raw `markup`</p>", "a backtick"),
        "lost C++": ("<p>for C17 and C20.</p>", "C++ lost its '++'"),
        "lost libstdc++": ("<p>libstdc 12</p>", "C++ lost its '++'"),
        "passthrough": ("<p>a ++b++ c</p>", "'++' outside code"),
        "attribute": ("<p>the {version} here</p>", "an unexpanded attribute reference"),
        "strong": ("<p>a *bold* word</p>", "a '*...*' pair"),
        "emphasis": ("<p>an _emphasised_ word</p>", "a '_..._' pair"),
        "xref": ("<p>see &lt;&lt;placement&gt;&gt;</p>", "an unconverted cross reference"),
        "issue": ("<p>as issue 4 asks</p>", "an issue number"),
        "attribute in code": ("<pre>// {cpp}20 only</pre>", "an Asciidoctor attribute"),
        "commit": ("<p>since a4cea46, faster</p>", "a commit hash"),
        "missing page": ('<a href="nowhere.html">x</a>', "does not exist"),
        "missing anchor": ('<a href="#error-kinds">x</a>', "has no anchor"),
        "missing image": ('<img src="images/none.svg">', "does not exist"),
        "bad width": ('<img src="i.svg" width="-O3 -march=native">', "is not a size"),
    }
    failures = []
    for name, (body, expected) in cases.items():
        with tempfile.TemporaryDirectory() as folder:
            with open(os.path.join(folder, "index.html"), "w") as f:
                f.write(page.format('<a href="p.html">p</a><img src="i.svg">'))
            with open(os.path.join(folder, "i.svg"), "w") as f:
                f.write("<svg/>")
            with open(os.path.join(folder, "p.html"), "w") as f:
                f.write(page.format(body))
            found = check(folder)
            ok = not found if expected is None else any(expected in p for p in found)
            if not ok:
                failures.append(f"self-test {name}: {found or 'nothing found'}")
    with tempfile.TemporaryDirectory() as folder:
        with open(os.path.join(folder, "index.html"), "w") as f:
            f.write("<html><body></body></html>")
        with open(os.path.join(folder, "orphan.html"), "w") as f:
            f.write("<html><body>no way home</body></html>")
        found = check(folder)
        if not any("no link back to index.html" in p for p in found) or \
           not any("does not link to orphan.html" in p for p in found):
            failures.append(f"self-test orphan page: {found}")
    return failures


def main(argv):
    if argv[1:] == ["--self-test"]:
        failures = self_test()
        for f in failures:
            print(f)
        return 1 if failures else 0
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    problems = check(argv[1])
    for p in problems:
        print(p)
    count = len([n for n in os.listdir(argv[1]) if n.endswith(".html")])
    if problems:
        print(f"check_docs: {len(problems)} problem(s) in {count} page(s)")
        return 1
    print(f"check_docs: {count} pages, every link, anchor and image resolves, no markup left")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
