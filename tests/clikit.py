"""One way for a test to run the ``ludoteca`` command: in this process, through click's runner.

Every CLI test module used to carry its own copy of this; the differences were only the terminal's width and the
language, which are arguments here. ``LANGUAGE=en`` by default so that a developer's own locale never changes a
test's words; a test of the language choice passes its own ``env``.
"""

from __future__ import annotations

from click.testing import CliRunner, Result

from ludoteca.cli.main import cli


def run(*args: str, input: str | None = None, env: dict[str, str] | None = None, columns: int = 110) -> Result:
    """``ludoteca ARGS…`` with ``input`` on its standard input, a terminal ``columns`` wide."""
    return CliRunner().invoke(
        cli, list(args), input=input, env={"COLUMNS": str(columns), "LANGUAGE": "en", **(env or {})}
    )
