"""Hand-written mutants and the honest runner that judges them (``python -m tests.mutants``)."""
