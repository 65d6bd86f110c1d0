"""Frozen copies of earlier computer players, kept as fixtures for paired benchmark comparisons."""
