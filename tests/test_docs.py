"""The documentation's examples are real: each JSON block that is a record replays as described."""

import json
import re
import tomllib
from pathlib import Path

from ludoteca import games
from ludoteca.core.records import GameRecord, replay

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _json_blocks(path: Path) -> list[dict]:
    blocks = re.findall(r"```json\n(.*?)```", path.read_text(encoding="utf-8"), flags=re.S)
    return [json.loads(b) for b in blocks]


def test_the_record_example_replays_to_the_worked_example_scores() -> None:
    records = [b for b in _json_blocks(DOCS / "records.md") if b.get("format") == "ludoteca-record"]
    assert records, "docs/records.md has a complete example"
    record = GameRecord.from_dict(records[0])
    state = replay(games.get(record.game), record)
    assert state.result().scores == (0, 1, 2, 5)
    assert not state.is_terminal()


def test_the_landscape_table_example_is_a_valid_table() -> None:
    from ludoteca.verraeter.options import LandscapeTable

    tables = [b for b in _json_blocks(DOCS / "verraeter-rules.md") if "landscapes" in b]
    assert tables
    table = LandscapeTable.from_dict(tables[0], "docs")
    assert table.points(5, 4) == 3


def test_the_board_picture_in_the_docs_is_the_shipped_board() -> None:
    from ludoteca.kreta.board import load_board
    from ludoteca.present.kreta.svg import render_svg

    shown = (DOCS / "kreta-board.svg").read_text(encoding="utf-8")
    assert shown == render_svg(load_board()), "regenerate: ludoteca board kreta --svg docs/kreta-board.svg"


def test_the_readmes_layout_lists_every_package_and_stays_in_the_repository() -> None:
    """A newcomer finds every package of ``src/ludoteca`` in the README's layout, and no path it names lies
    outside the repository (the README is read in a clone, without the development workspace)."""
    root = DOCS.parent
    readme = (root / "README.md").read_text(encoding="utf-8")
    layout = readme[readme.index("## Layout") :]
    source = root / "src" / "ludoteca"
    packages = sorted(p.name for p in source.iterdir() if (p / "__init__.py").exists() and p.name[0] != "_")
    missing = [name for name in packages if f"src/ludoteca/{name}/" not in layout]
    assert not missing, f"README's layout misses {missing}"
    assert "../" not in readme, "the README points outside the repository"


def test_every_web_module_has_its_job_in_the_architecture_doc() -> None:
    """docs/architecture.md gives every module of ``ludoteca/web`` its one job, by its path in the package
    (``live/room``), and names every subpackage in its drawing of the layers: a new module or subpackage
    without a line there fails here."""
    text = (DOCS / "architecture.md").read_text(encoding="utf-8")
    section = text[text.index("## The web server (`ludoteca/web`)") :]
    web = DOCS.parent / "src" / "ludoteca" / "web"
    modules = sorted(
        p.relative_to(web).with_suffix("").as_posix()
        for p in web.rglob("*.py")
        if p.stem != "__init__" and "migrations" not in p.relative_to(web).parts
    )
    assert len(modules) > 40 and any("/" in m for m in modules)  # the walk finds the subpackages' modules
    missing = [m for m in modules if f"| `{m}` |" not in section]
    assert not missing, f"docs/architecture.md's web section misses {missing}"
    drawing = section[section.index("```") : section.index("```", section.index("```") + 3)]
    packages = sorted(p.parent.name for p in web.glob("*/__init__.py") if p.parent.name != "migrations")
    unnamed = [name for name in packages if f"{name}/" not in drawing]
    assert not unnamed, f"docs/architecture.md's drawing of the web layers misses {unnamed}"
    layers = pyproject_web_layers()
    assert sorted(name.strip() for layer in layers for name in layer.split("|")) == sorted([*packages, "app"])


def pyproject_web_layers() -> list[str]:
    """The layers of the web contract in pyproject.toml (the order ``lint-imports`` holds)."""
    config = tomllib.loads((DOCS.parent / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    (web,) = [c for c in contracts if c.get("containers") == ["ludoteca.web"]]
    return list(web["layers"])
