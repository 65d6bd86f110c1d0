"""Compiles the project's hottest loops with mypyc, from their own annotated Python source: the
engine's rules of a trick and random play-out, and the play policy and playout loop that the
``hard`` computer player runs hundreds of thousands of times per decision (measured: random hands
about twice as fast; ``hard``'s deals in its 200 ms about 1.4 times with the playout loop). The
extensions are optional: where they cannot be built, the same Python modules run instead, with the
same behaviour. The Makefile reinstalls when one of them changes."""

from setuptools import setup

COMPILED = [
    "bot/engine/tricks.py",
    "bot/engine/randomplay.py",
    "bot/ai/consts.py",
    "bot/ai/passing.py",
    "bot/ai/policy.py",
    "bot/ai/textbook.py",
    "bot/ai/playout.py",
    "bot/ai/inference.py",
]

try:
    from mypyc.build import mypycify
except ImportError:  # pragma: no cover - mypyc comes with mypy, a build requirement
    ext_modules = []
else:
    # One library per module, beside it: importable however the package is installed.
    ext_modules = mypycify(COMPILED, opt_level="3", separate=True)
    for ext in ext_modules:
        ext.optional = True  # a failed compile leaves the pure-Python module in place

setup(ext_modules=ext_modules)
