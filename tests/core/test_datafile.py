"""A data file named at a terminal (a landscape table, a board) is read with bounds: a regular file of at most
a few megabytes, opened without blocking — special files give a one-line error instead of filling the memory or
waiting forever (issue #24: the server once read ``/dev/zero`` through an uploaded record's options)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ludoteca.core import datafile
from ludoteca.core.errors import OptionError, SetupError
from ludoteca.kreta import KretaOptions, load_board
from ludoteca.verraeter import VerraeterOptions


def test_special_files_are_refused_unread(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    read_end, write_end = os.pipe()  # nothing is written: reading it would wait forever
    try:
        for path in ("/dev/zero", str(fifo), f"/proc/self/fd/{read_end}", str(tmp_path)):
            with pytest.raises(OptionError, match=r"not a regular file|cannot read"):
                VerraeterOptions.from_dict({"landscapes": path})
            with pytest.raises(SetupError, match=r"not a regular file|cannot read"):
                load_board(path)
    finally:
        os.close(read_end)
        os.close(write_end)


def test_a_file_too_large_is_refused_without_reading_it_all(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(datafile, "MAX_BYTES", 100)
    big = tmp_path / "big.json"
    big.write_text(" " * 101 + "{}", encoding="utf-8")
    with pytest.raises(OptionError, match="larger than"):
        datafile.read_json(big, "landscape file", OptionError)
    small = tmp_path / "small.json"
    small.write_text("{}", encoding="utf-8")
    assert datafile.read_json(small, "landscape file", OptionError) == {}


def test_a_missing_file_and_deep_json_are_one_line_errors(tmp_path: Path) -> None:
    with pytest.raises(OptionError, match="cannot read landscape file"):
        VerraeterOptions.from_dict({"landscapes": str(tmp_path / "nothing.json")})
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    with pytest.raises(SetupError, match=r"nests too deeply|not valid JSON"):
        load_board(str(deep))
    assert KretaOptions.from_dict({"board": "crete"}).board is None
