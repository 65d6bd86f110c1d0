"""Drive the real Hearts bot through the Discord emulator as players do.

Shared by the end-to-end tests (tests/cogs, tests/app) and the load benchmark (bench/discord_load.py),
so it lives outside tests/: benchmarks never import tests.
"""
