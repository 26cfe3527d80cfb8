"""``ludoteca serve``'s limits reach the app: each as a flag, as an environment variable, or its default."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import uvicorn
from click.testing import CliRunner

from ludoteca.cli.main import cli
from ludoteca.web import app as web_app
from ludoteca.web.hosting.config import Settings


def test_limits_from_flags_environment_and_defaults(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}
    monkeypatch.setattr(web_app, "create_app", lambda settings: seen.setdefault("settings", settings))
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: seen.setdefault("options", options))
    args = ["serve", "--data-dir", str(tmp_path), "--creates-per-minute", "7", "--forwarded-allow-ips", "10.0.0.1"]
    env = {"LUDOTECA_MAX_LIVE_GAMES": "12", "DATABASE_URL": ""}
    result = CliRunner().invoke(cli, args, env=env)
    assert result.exit_code == 0, result.output
    settings: Settings = seen["settings"]
    assert (settings.creates_per_minute, settings.max_live_games) == (7, 12)
    assert settings.connections_per_game == Settings(data_dir=tmp_path).connections_per_game
    assert seen["options"]["proxy_headers"] and seen["options"]["forwarded_allow_ips"] == "10.0.0.1"


def test_no_proxy_is_trusted_unless_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}
    monkeypatch.setattr(web_app, "create_app", lambda settings: settings)
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: seen.update(options))
    result = CliRunner().invoke(cli, ["serve", "--data-dir", str(tmp_path)], env={"FORWARDED_ALLOW_IPS": ""})
    assert result.exit_code == 0, result.output
    assert not seen["proxy_headers"]
