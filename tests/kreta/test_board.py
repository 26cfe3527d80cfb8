"""The shipped Crete board meets every published fact, each check catches a broken board, and the SVG draws it."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest

from ludoteca.core.errors import SetupError
from ludoteca.kreta.board import Board, board_from_dict, load_board
from ludoteca.kreta.board_checks import BoardReport, check_board, coast_stretches, geometry_violations, option_warnings
from ludoteca.kreta.options import KretaOptions


def constraint_violations(board: Board) -> list[str]:
    """Everything the checker finds, errors and warnings alike."""
    report = check_board(board)
    return [*report.errors, *report.warnings]


def crete_data() -> dict[str, Any]:
    text = resources.files("ludoteca.kreta").joinpath("data/crete.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


CRETE = crete_data()


def edited(change: Any) -> Board:
    data = copy.deepcopy(CRETE)
    change(data)
    return board_from_dict(data)


def province(data: dict[str, Any], pid: str) -> dict[str, Any]:
    found: dict[str, Any] = next(p for p in data["provinces"] if p["id"] == pid)
    return found


def node(data: dict[str, Any], number: int) -> dict[str, Any]:
    found: dict[str, Any] = next(n for n in data["nodes"] if n["id"] == number)
    return found


def border(data: dict[str, Any], a: str, b: str) -> dict[str, Any]:
    found: dict[str, Any] = next(x for x in data["borders"] if set(x["provinces"]) == {a, b})
    return found


def mentions(problems: list[str], *words: str) -> bool:
    return any(all(w in p for w in words) for p in problems)


# --- the shipped board ----------------------------------------------------------------------------


def test_shipped_board_meets_every_published_fact() -> None:
    board = load_board()
    assert constraint_violations(board) == []
    assert geometry_violations(board) == []


def test_shipped_board_vital_numbers() -> None:
    board = load_board()
    kinds = [p.kind for p in board.provinces]
    assert (len(board.provinces), kinds.count("plain"), kinds.count("hill"), kinds.count("mountain")) == (
        16,
        2,
        8,
        6,
    )
    assert [n.number for n in board.nodes] == list(range(1, 27))
    shore = len(board.coast)
    assert sum(len(n.provinces) == 4 for n in board.nodes) == 4
    assert len(board.borders) == 41 - shore
    assert sum(len(n.provinces) >= 3 for n in board.nodes) == 26 - shore >= 14
    ports = [board.provinces[i] for i in board.ports]
    assert len(ports) == 7
    assert {p.kind for p in ports} == {"plain", "hill", "mountain"}
    assert sorted(p.vp for p in board.provinces) == sorted(
        {"plain": 6, "hill": 3, "mountain": 2}[p.kind] + (2 if p.port and p.kind != "plain" else 0)
        for p in board.provinces
    )
    assert min(p.vp for p in board.provinces) == 2 and max(p.vp for p in board.provinces) == 6
    # the engine's view of the board: adjacency is symmetric, nodes_of agrees with the nodes
    for p in board.provinces:
        for q in board.adjacent[p.index]:
            assert p.index in board.adjacent[q]
        assert board.nodes_of[p.index] == tuple(n.number for n in board.nodes if p.index in n.provinces)


def test_a_four_province_node_has_two_diagonal_pairs_that_are_not_neighbours_there() -> None:
    board = load_board()
    four = [n for n in board.nodes if len(n.provinces) == 4]
    for n in four:
        pairs = [(a, b) for i, a in enumerate(n.provinces) for b in n.provinces[i + 1 :]]
        across = [
            (a, b)
            for a, b in pairs
            if not any(set(x.provinces) == {a, b} and x.nodes and n.number in x.nodes for x in board.borders)
        ]
        assert len(across) == 2  # the diagonals: villagers may not cross a node diagonally


def test_coast_stretches_go_round_the_island() -> None:
    board = load_board()
    stretches = coast_stretches(board)
    assert len(stretches) == len(board.coast) == 12
    assert all(p is not None for _, _, p in stretches)
    coastal = {p for _, _, p in stretches}
    assert set(board.ports) <= coastal
    assert len(coastal) == 12  # and so 4 provinces lie inland


def test_the_file_round_trips_through_the_loader(tmp_path: Any) -> None:
    path = tmp_path / "crete.json"
    path.write_text(json.dumps(CRETE), encoding="utf-8")
    assert load_board(path) == load_board()


def test_small_boards_without_geometry_still_load() -> None:
    board = board_from_dict(
        {
            "provinces": [{"id": "a", "type": "hill"}, {"id": "b", "type": "plain", "port": True}],
            "nodes": [{"id": 1, "provinces": ["a", "b"]}, {"id": 2, "provinces": ["a", "b"]}],
            "borders": [["a", "b"]],
        }
    )
    assert board.adjacent == (frozenset({1}), frozenset({0}))
    assert board.borders[0].nodes is None and board.coast == () and board.size == (0.0, 0.0)
    assert board.province("b").vp == 6
    assert geometry_violations(board)  # nothing to draw
    assert mentions(constraint_violations(board), "provinces, not 16")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="something-else"), "not a Kreta board file"),
        (lambda d: d.update(version=2), "version"),
        (lambda d: d["borders"].append({"provinces": ["ida", "sitia"], "nodes": [1, 99]}), "unknown node 99"),
        (lambda d: d["borders"].append({"provinces": ["ida", "sitia"]}), "'nodes'"),
        (lambda d: d.update(coast=[1, 2, 77]), "coast: unknown node 77"),
        (lambda d: province(d, "ida").update(vp=3), "worth 2 VP"),
    ],
)
def test_the_loader_rejects_malformed_files(change: Any, message: str) -> None:
    with pytest.raises(SetupError, match=message):
        edited(change)


# --- each published fact is checked ----------------------------------------------------------------


def drop_province(d: dict[str, Any], pid: str) -> None:
    d["provinces"] = [p for p in d["provinces"] if p["id"] != pid]
    d["borders"] = [b for b in d["borders"] if pid not in b["provinces"]]
    for n in d["nodes"]:
        n["provinces"] = [p for p in n["provinces"] if p != pid]
    d["nodes"] = [n for n in d["nodes"] if len(n["provinces"]) >= 2]


def set_type(pid: str, kind: str) -> Any:
    def change(d: dict[str, Any]) -> None:
        p = province(d, pid)
        p["type"] = kind
        p["vp"] = {"plain": 4, "hill": 3, "mountain": 2}[kind] + (2 if p["port"] else 0)

    return change


def set_port(pid: str, port: bool) -> Any:
    def change(d: dict[str, Any]) -> None:
        p = province(d, pid)
        p["port"] = port
        p["vp"] = {"plain": 4, "hill": 3, "mountain": 2}[p["type"]] + (2 if port else 0)

    return change


def renumber(d: dict[str, Any]) -> None:
    node(d, 26)["id"] = 27
    d["borders"] = [{**b, "nodes": [27 if x == 26 else x for x in b["nodes"]]} for b in d["borders"]]
    d["coast"] = [27 if x == 26 else x for x in d["coast"]]


def fifth_four_node(d: dict[str, Any]) -> None:
    # a three-province node that claims a fourth province
    n = next(n for n in d["nodes"] if len(n["provinces"]) == 3 and n["id"] not in d["coast"])
    other = next(p["id"] for p in d["provinces"] if p["id"] not in n["provinces"])
    n["provinces"].append(other)


def shore_node_with_three(d: dict[str, Any]) -> None:
    n = node(d, d["coast"][0])
    n["provinces"].append(next(p["id"] for p in d["provinces"] if p["id"] not in n["provinces"]))


def inland_node_with_two(d: dict[str, Any]) -> None:
    n = next(n for n in d["nodes"] if len(n["provinces"]) == 3 and n["id"] not in d["coast"])
    n["provinces"].pop()


def drop_border(d: dict[str, Any]) -> None:
    d["borders"].pop(0)


def short_border(d: dict[str, Any]) -> None:
    d["borders"][0] = d["borders"][0]["provinces"]


def wrong_border_node(d: dict[str, Any]) -> None:
    b = border(d, "kissamos", "kydonia")
    far = next(n["id"] for n in d["nodes"] if "kissamos" not in n["provinces"])
    b["nodes"] = [b["nodes"][0], far]


def loop_border(d: dict[str, Any]) -> None:
    b = border(d, "kissamos", "kydonia")
    b["nodes"] = [b["nodes"][0], b["nodes"][0]]


def swap_coast(d: dict[str, Any]) -> None:
    c = d["coast"]
    c[0], c[1] = c[1], c[0]


def lonely_province(d: dict[str, Any]) -> None:
    # Lasithi keeps its nodes but loses its borders: unreachable, and its boundary no longer closes
    d["borders"] = [b for b in d["borders"] if "lasithi" not in b["provinces"]]


def one_node_province(d: dict[str, Any]) -> None:
    for n in d["nodes"]:
        if "ida" in n["provinces"] and n is not next(m for m in d["nodes"] if "ida" in m["provinces"]):
            n["provinces"].remove("ida")


CHECKS = [
    ("16 provinces", "error", lambda d: drop_province(d, "lasithi"), "15 provinces, not 16"),
    ("2/8/6 types", "error", set_type("ida", "hill"), "9 hills"),
    ("nodes 1–26", "error", renumber, "not 26 numbered 1–26"),
    ("26 nodes", "error", lambda d: d["nodes"].append({"id": 27, "provinces": ["ida", "candia"]}), "27 nodes"),
    ("exactly 4 four-province nodes", "warning", fifth_four_node, "5 nodes touch 4 provinces"),
    ("shore nodes touch 2", "warning", shore_node_with_three, "shore node"),
    ("inland nodes touch 3 or 4", "error", inland_node_with_two, "touches 2 provinces, not 3 or 4"),
    ("41 - s inland segments", "warning", drop_border, "inland border segments, not 41 − 12 shore nodes = 29"),
    ("borders name their nodes", "error", short_border, "do not name their end nodes"),
    ("border nodes touch both provinces", "error", wrong_border_node, "does not touch both provinces"),
    ("border ends differ", "error", loop_border, "starts and ends at the same node"),
    ("coast listed", "error", lambda d: d.pop("coast"), "does not list its shore nodes"),
    ("coast order", "error", swap_coast, "do not share exactly one province"),
    ("7 ports", "warning", set_port("mirabello", True), "8 ports, not 7"),
    ("plains have ports", "warning", set_port("messara", False), "plains without a port: messara"),
    ("a hill port", "warning", lambda d: [set_port(p, False)(d) for p in ("rethymno", "candia", "ierapetra")], "hill"),
    ("a mountain port", "warning", lambda d: [set_port(p, False)(d) for p in ("sfakia", "sitia")], "no mountain"),
    ("ports on the coast", "error", set_port("ida", True), "port province ida does not reach the coast"),
    ("at least 2 nodes", "error", one_node_province, "ida touches 1 node(s)"),
    ("connected", "error", lonely_province, "not reachable across borders"),
    ("boundaries close", "error", lonely_province, "the boundary of lasithi"),
]


@pytest.mark.parametrize(("what", "kind", "change", "message"), CHECKS, ids=[c[0] for c in CHECKS])
def test_each_published_fact_is_checked(what: str, kind: str, change: Any, message: str) -> None:
    """What the seed states is an error; what the reconstruction assumed (7 ports, which provinces have
    them, shore nodes touching 2, exactly four 4-province nodes and Euler's counts that follow) a warning."""
    report = check_board(edited(change))
    found, other = (report.errors, report.warnings) if kind == "error" else (report.warnings, report.errors)
    assert mentions(list(found), message), report
    assert not mentions(list(other), message), report


def moved_ports(d: dict[str, Any]) -> None:
    """Another set of ports on the coast, none of them on a mountain (Candia and Messara swap types)."""
    for pid in ("sfakia", "sitia", "messara"):
        set_port(pid, False)(d)
    for pid in ("apokoronas", "mylopotamos", "mirabello"):
        set_port(pid, True)(d)
    province(d, "candia")["type"] = "plain"  # and Messara a hill, so that there are still 2 plains and 8 hills
    province(d, "messara")["type"] = "hill"
    for pid in ("candia", "messara"):
        set_port(pid, province(d, pid)["port"])(d)


def test_a_board_breaking_only_the_reconstructions_assumptions_loads_with_warnings(tmp_path: Any) -> None:
    data = copy.deepcopy(CRETE)
    moved_ports(data)
    path = tmp_path / "printed.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    board = load_board(path)  # never rejected
    report = check_board(board)
    assert report.errors == ()
    assert mentions(list(report.warnings), "no mountain has a port")
    notes = option_warnings(KretaOptions(board=str(path)))
    assert notes and all("warning" in note for note in notes)
    assert mentions(notes, "no mountain has a port")
    set_port("kissamos", True)(data)  # an eighth port, on a mountain
    report = check_board(board_from_dict(data))
    assert report.errors == () and report.warnings == ("8 ports, not 7",)
    set_port("kydonia", False)(data)  # seven again, one plain without
    assert check_board(board_from_dict(data)) == BoardReport(warnings=("plains without a port: kydonia",))


def test_the_shipped_board_and_the_default_options_give_no_warnings() -> None:
    assert check_board(load_board()).errors == check_board(load_board()).warnings == ()
    assert option_warnings(KretaOptions()) == []


def test_nodes_that_do_not_close_around_are_caught() -> None:
    # move a border's end to another node touching both provinces would need one; instead swap the
    # provinces of two borders at a three-province node, so that one face appears on three borders
    def change(d: dict[str, Any]) -> None:
        b = border(d, "kissamos", "sfakia")
        b["provinces"] = ["kydonia", "sfakia"]

    problems = constraint_violations(edited(change))
    assert mentions(problems, "around node"), problems


# --- geometry -----------------------------------------------------------------------------------


def test_moving_a_node_off_its_vertex_is_caught() -> None:
    problems = geometry_violations(edited(lambda d: node(d, 12)["at"].__setitem__(0, node(d, 12)["at"][0] + 5)))
    assert mentions(problems, "no node is there") and mentions(problems, "node 12")


def dent(dx: float, dy: float) -> Any:
    def change(d: dict[str, Any]) -> None:
        # move a vertex of Messara's border with Amari without moving Amari's copy of it
        messara, amari = province(d, "messara"), province(d, "amari")
        shared = [q for q in messara["outline"] if q in amari["outline"]]
        at = next(q for q in shared if q not in [n["at"] for n in d["nodes"]])
        i = messara["outline"].index(at)
        messara["outline"][i] = [at[0] + dx, at[1] + dy]

    return change


def test_outlines_that_overlap_are_caught() -> None:
    problems = geometry_violations(edited(dent(0, -6)))  # Messara bites into Amari, to its north
    assert mentions(problems, "messara overlaps amari") or mentions(problems, "cross"), problems


def test_outlines_that_leave_a_gap_are_caught() -> None:
    problems = geometry_violations(edited(dent(0, 6)))
    assert mentions(problems, "leave gaps"), problems


def test_an_enclave_is_caught() -> None:
    def change(d: dict[str, Any]) -> None:
        # a small square province inside Sitia: its border with Sitia is a loop with no node
        x, y = province(d, "sitia")["label"]
        d["provinces"].append(
            {"id": "enclave", "type": "hill", "outline": [[x, y], [x + 4, y], [x + 4, y + 4], [x, y + 4]]}
        )

    problems = geometry_violations(edited(change))
    assert mentions(problems, "sitia overlaps") or mentions(problems, "enclave overlaps"), problems


def test_a_border_the_drawing_lacks_is_caught() -> None:
    def change(d: dict[str, Any]) -> None:
        b = border(d, "kissamos", "kydonia")
        d["borders"].append({"provinces": ["kissamos", "kydonia"], "nodes": list(b["nodes"])})

    problems = geometry_violations(edited(change))
    assert mentions(problems, "drawn 1 time(s), listed 2"), problems


def test_a_wrong_province_list_on_a_node_is_caught() -> None:
    def change(d: dict[str, Any]) -> None:
        n = next(n for n in d["nodes"] if len(n["provinces"]) == 3)
        n["provinces"][0] = next(p["id"] for p in d["provinces"] if p["id"] not in n["provinces"])

    problems = geometry_violations(edited(change))
    assert mentions(problems, "in the drawing, not what it declares"), problems


def test_a_port_marker_on_land_is_caught() -> None:
    problems = geometry_violations(
        edited(lambda d: province(d, "candia").update(port_at=province(d, "candia")["label"]))
    )
    assert mentions(problems, "port of candia is drawn on land"), problems


def test_a_label_outside_its_province_is_caught() -> None:
    problems = geometry_violations(edited(lambda d: province(d, "ida").update(label=province(d, "sitia")["label"])))
    assert mentions(problems, "label of ida lies outside it"), problems


def test_shore_nodes_in_the_wrong_order_are_caught() -> None:
    def change(d: dict[str, Any]) -> None:
        d["coast"] = list(reversed(d["coast"][:2])) + d["coast"][2:]

    problems = geometry_violations(edited(change))
    assert mentions(problems, "not as listed"), problems


def test_a_square_island_is_not_crete() -> None:
    def change(d: dict[str, Any]) -> None:
        for p in d["provinces"]:
            p["outline"] = [[x, y * 4] for x, y in p["outline"]]
            for key in ("label", "port_at"):
                if key in p:
                    p[key] = [p[key][0], p[key][1] * 4]
        for n in d["nodes"]:
            n["at"] = [n["at"][0], n["at"][1] * 4]
        d["size"] = [d["size"][0], d["size"][1] * 4]

    problems = geometry_violations(edited(change))
    assert problems == [problems[0]] and "not long and narrow" in problems[0], problems


def test_a_province_missing_its_outline_is_caught() -> None:
    problems = geometry_violations(edited(lambda d: province(d, "ida").update(outline=[])))
    assert problems == ["provinces without an outline: ida"]


# --- the SVG drawing --------------------------------------------------------------------------------

SVG_NS = "{http://www.w3.org/2000/svg}"


def parse_svg(text: str) -> Any:
    from xml.etree import ElementTree

    return ElementTree.fromstring(text.encode("utf-8"))


def by_class(root: Any, *classes: str) -> list[Any]:
    return [e for e in root.iter() if set(classes) <= set((e.get("class") or "").split())]


def all_text(root: Any) -> str:
    return " ".join("".join(e.itertext()) for e in root.iter(f"{SVG_NS}text"))


def sample_view(board: Board) -> Any:
    from ludoteca.kreta.options import KretaOptions
    from ludoteca.kreta.view import KretaView

    ix = {p.id: p.index for p in board.provinces}

    def per(counts: dict[str, int]) -> tuple[int, ...]:
        return tuple(counts.get(p.id, 0) for p in board.provinces)

    return KretaView(
        player=0,
        num_players=3,
        options=KretaOptions(),
        board=board,
        to_act=1,
        phase="play",
        start_player=0,
        abbots=(ix["ida"], -1, ix["messara"]),
        villagers=(per({"ida": 2, "candia": 1}), per({"kydonia": 3}), per({"messara": 1, "ida": 1})),
        villages=(per({"ida": 1}), per({}), per({"messara": 2})),
        ships=((ix["candia"],), (ix["candia"], ix["kydonia"]), ()),
        forts=((3,), (), (17, 20)),
        tiles_on_board=tuple("wheat" if p.kind == "plain" else None for p in board.provinces),
        tiles=(("olive",), (), ("thyme", "thyme")),
        hands=(("admiral", "king"), ("abbot",), ("castellan",)),
        played=(("farmer",), (), ("commander",)),
        fort_row=(None, 9, 14) + (None,) * 8,
        scorings=1,
        scored_nodes=(5,),
        pile_size=15,
        pile_bottom=(),
        scores=(7, 0, 12),
        province_vp=(6, 0, 9),
        tile_vp=(1, 0, 3),
        log=(),
    )


def test_svg_of_the_bare_board() -> None:
    from ludoteca.present.kreta.svg import render_svg

    board = load_board()
    text = render_svg(board)
    root = parse_svg(text)
    assert root.tag == f"{SVG_NS}svg"
    provinces = [e for e in root.iter() if (e.get("id") or "").startswith("province-")]
    nodes = [e for e in root.iter() if (e.get("id") or "").startswith("node-")]
    assert len(provinces) == 16 and len(nodes) == 26
    assert {e.get("data-province") for e in provinces} == {p.id for p in board.provinces}
    assert len(by_class(root, "port")) == 7
    assert {e.get("data-node") for e in nodes} == {str(i) for i in range(1, 27)}
    words = all_text(root)
    for p in board.provinces:
        assert p.name in words
    for i in range(1, 27):
        assert str(i) in words
    assert not by_class(root, "piece")
    assert render_svg(board) == text  # a pure function


def test_svg_of_a_position_shows_the_pieces() -> None:
    from ludoteca.present.kreta.svg import render_svg

    board = load_board()
    view = sample_view(board)
    root = parse_svg(render_svg(board, view, names=["Ann <&>", "Bo", "Cy"]))
    villagers = by_class(root, "piece", "villager", "seat-1")
    assert [(e.get("data-province"), e.get("data-count")) for e in villagers] == [("kydonia", "3")]
    assert [e.get("data-count") for e in by_class(root, "piece", "village", "seat-2")] == ["2"]
    assert {e.get("data-province") for e in by_class(root, "piece", "abbot")} == {"ida", "messara"}
    assert len(by_class(root, "piece", "ship")) == 3
    assert [e.get("data-node") for e in by_class(root, "piece", "fort", "seat-2")] == ["17", "20"]
    assert len(by_class(root, "tile", "wheat")) == 2
    # the fort-card row: slot 0 spent, 9 scores next, then 14
    cards = by_class(root, "fort-card")
    assert len(cards) == 11
    assert [c.get("data-node") for c in by_class(root, "fort-card", "next")] == ["9"]
    assert [c.get("data-node") for c in by_class(root, "fort-card", "after")] == ["14"]
    assert by_class(root, "fort-card", "spent")[0].get("data-node") == "5"
    assert [e.get("id") for e in by_class(root, "node", "next")] == ["node-9"]
    assert [e.get("id") for e in by_class(root, "node", "after")] == ["node-14"]
    touching = {board.provinces[i].id for i in board.node(9).provinces}
    assert {e.get("data-province") for e in by_class(root, "province", "scoring-next")} == touching
    words = all_text(root)
    assert "Ann <&>" in words and "12 VP" in words and "Bo to play" in words
    assert by_class(root, "player", "to-act")[0].get("id") == "player-1"


def test_svg_needs_geometry_and_enough_colours() -> None:
    from ludoteca.present.kreta.svg import render_svg

    small = board_from_dict(
        {
            "provinces": [{"id": "a", "type": "hill"}, {"id": "b", "type": "plain"}],
            "nodes": [{"id": 1, "provinces": ["a", "b"]}],
            "borders": [["a", "b"]],
        }
    )
    with pytest.raises(ValueError, match="no geometry"):
        render_svg(small)
    board = load_board()
    with pytest.raises(ValueError, match="colours"):
        render_svg(board, sample_view(board), colors=["red"])
