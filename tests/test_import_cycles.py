"""No import cycle anywhere (the bot, its cogs, the emulator, the driver, the benchmarks), module
by module (import-linter's ``acyclic_siblings`` contract checks packages; this checks every
module, with grimp's graph, type-checking imports included)."""

from __future__ import annotations

import grimp


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for imported in graph.find_modules_directly_imported_by(module):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in on_stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return found


def test_no_module_takes_part_in_an_import_cycle() -> None:
    graph = grimp.build_graph("bot", "cogs", "discord_emulator", "playtest", "bench", cache_dir=None)
    assert _cycles(graph) == []


def test_the_check_finds_a_cycle() -> None:
    graph = grimp.ImportGraph()
    for module in ("a", "b", "c"):
        graph.add_module(module)
    graph.add_import(importer="a", imported="b")
    graph.add_import(importer="b", imported="c")
    graph.add_import(importer="c", imported="a")
    assert _cycles(graph) == [["a", "b", "c"]]
