"""Builds the one compiled part of the project: the engine's random play-out loop, through mypyc
(from the same annotated Python source). The extension is optional: where it cannot be built, the
pure-Python module runs instead, with the same behaviour."""

from setuptools import setup

try:
    from mypyc.build import mypycify
except ImportError:  # pragma: no cover - mypyc comes with mypy, a build requirement
    ext_modules = []
else:
    ext_modules = mypycify(["bot/engine/randomplay.py"], opt_level="3")
    for ext in ext_modules:
        ext.optional = True  # a failed compile leaves the pure-Python module in place

setup(ext_modules=ext_modules)
