"""The sample extract as the reference routers must be given it: every way cut at the nodes the file lacks.

The sample maps are clipped extracts: of their highway ways, 191 of 2,650 (Helsinki) and 55 of 343 (Kotka) name
nodes that are not in the file, because the way runs on beyond the clip. navbus and OSRM read such a way as the
runs of nodes the file has. Valhalla 3.9's `valhalla_build_tiles` does not: it builds the edges with the missing
nodes' coordinates left uninitialised (its log says "780 nodes with uninitialized coordinates" for Helsinki, 446
for Kotka), so those edges join up with points far off the map. On Kotka that left Valhalla with no route for 31 of
60 random pairs between car-road nodes (OSRM and navbus route all 60), and its map matching and snapping failed
around every such way.

`cut_to_present_nodes` writes a copy in which each such way is replaced by its runs of two or more present nodes,
the first run keeping the way's id and the others getting new ids above every id in the file, all with the way's
tags. Nodes and relations are copied unchanged; a relation naming a way by id keeps naming its first run, which
is what a router reading the original sees at that end. Both reference routers are given the copy, so all three
routers read the same roads.
"""

from __future__ import annotations

import pathlib


def cut_to_present_nodes(source: pathlib.Path, destination: pathlib.Path) -> tuple[int, int]:
    """Writes `destination` from `source` with every way cut at its missing nodes; returns (ways cut, runs added)."""
    import osmium  # imported here so scripts that only use other helpers do not need pyosmium

    present: set[int] = set()
    highest_way = 0

    class Survey(osmium.SimpleHandler):
        def node(self, node) -> None:
            present.add(node.id)

        def way(self, way) -> None:
            nonlocal highest_way
            highest_way = max(highest_way, way.id)

    Survey().apply_file(str(source))
    destination.parent.mkdir(parents=True, exist_ok=True)
    partial = destination.with_name("partial-" + destination.name)  # the suffix tells osmium the format
    partial.unlink(missing_ok=True)
    writer = osmium.SimpleWriter(str(partial))
    next_id = highest_way + 1
    cut = 0
    added = 0

    class Copy(osmium.SimpleHandler):
        def node(self, node) -> None:
            writer.add_node(node)

        def way(self, way) -> None:
            nonlocal next_id, cut, added
            references = [node.ref for node in way.nodes]
            if all(reference in present for reference in references):
                writer.add_way(way)
                return
            runs: list[list[int]] = [[]]
            for reference in references:
                if reference in present:
                    runs[-1].append(reference)
                elif runs[-1]:
                    runs.append([])
            runs = [run for run in runs if len(run) >= 2]
            cut += 1
            tags = {tag.k: tag.v for tag in way.tags}
            for number, run in enumerate(runs):
                piece = osmium.osm.mutable.Way(id=way.id, version=way.version, nodes=run, tags=tags)
                if number == 0:
                    writer.add_way(piece)
                else:
                    pieces.append(piece)

        def relation(self, relation) -> None:
            write_pieces()
            writer.add_relation(relation)

    # Valhalla refuses a file whose ids are not in order ("Detected unsorted input data"), so the extra pieces,
    # whose ids are above every way's, are written after the last way.
    pieces: list = []

    def write_pieces() -> None:
        nonlocal next_id, added
        for piece in pieces:
            piece.id = next_id
            next_id += 1
            added += 1
            writer.add_way(piece)
        pieces.clear()

    try:
        Copy().apply_file(str(source))
        write_pieces()
    finally:
        writer.close()
    partial.rename(destination)
    return cut, added
