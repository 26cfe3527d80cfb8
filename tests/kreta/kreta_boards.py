"""Small boards for the Kreta tests, in the board file format (``board_from_dict`` input).

``ladder()`` is a 16-province strip (two rows of eight) with the published province types and seven
ports, so that games on it follow the full rules while the shipped map is developed separately.
``worked_example()`` is the four-province board of the specification's scoring example.
"""

from __future__ import annotations

from typing import Any

TOP = ["hill", "mountain", "plain", "hill", "mountain", "hill", "mountain", "hill"]
BOTTOM = ["mountain", "hill", "hill", "mountain", "plain", "hill", "mountain", "hill"]
TOP_PORTS = {0, 2, 5}
BOTTOM_PORTS = {0, 3, 4, 7}


def ladder() -> dict[str, Any]:
    """Provinces t0..t7 over b0..b7; borders along each row and between t_i and b_i; 23 nodes."""
    provinces = []
    for row, kinds, ports in (("t", TOP, TOP_PORTS), ("b", BOTTOM, BOTTOM_PORTS)):
        for i, kind in enumerate(kinds):
            provinces.append({"id": f"{row}{i}", "name": f"{row.upper()}{i}", "type": kind, "port": i in ports})
    borders = []
    for i in range(8):
        borders.append([f"t{i}", f"b{i}"])
        if i < 7:
            borders.append([f"t{i}", f"t{i + 1}"])
            borders.append([f"b{i}", f"b{i + 1}"])
    nodes = [{"id": 1, "provinces": ["t0", "b0"]}]
    number = 2
    for i in range(7):
        for touches in (
            [f"t{i}", f"t{i + 1}"],
            [f"t{i}", f"t{i + 1}", f"b{i}", f"b{i + 1}"],
            [f"b{i}", f"b{i + 1}"],
        ):
            nodes.append({"id": number, "provinces": touches})
            number += 1
    nodes.append({"id": number, "provinces": ["t7", "b7"]})
    return {"name": "ladder", "provinces": provinces, "borders": borders, "nodes": nodes}


def worked_example() -> dict[str, Any]:
    """The specification's scoring example: node 2 touches A (3 VP), B (5 VP, port) and C (4 VP).

    D is a filler province; the other nodes carry the forts of the example.
    """
    return {
        "name": "worked example",
        "provinces": [
            {"id": "A", "name": "A", "type": "hill", "port": False},
            {"id": "B", "name": "B", "type": "hill", "port": True},
            {"id": "C", "name": "C", "type": "plain", "port": False},
            {"id": "D", "name": "D", "type": "mountain", "port": True},
        ],
        "borders": [["A", "B"], ["B", "C"], ["A", "C"], ["A", "D"], ["B", "D"], ["C", "D"]],
        "nodes": [
            {"id": 1, "provinces": ["A", "D"]},
            {"id": 2, "provinces": ["A", "B", "C"]},
            {"id": 3, "provinces": ["B", "D"]},
            {"id": 4, "provinces": ["B", "C"]},
            {"id": 5, "provinces": ["B", "D"]},
            {"id": 6, "provinces": ["B", "C"]},
            {"id": 7, "provinces": ["C", "D"]},
        ],
    }
