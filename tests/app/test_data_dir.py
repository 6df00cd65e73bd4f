"""Faults of the data directory: one clear line, a start where possible, a key never replaced silently
(issue 11, item 4). The tests run as any user (also root), so read-only places are simulated."""

from __future__ import annotations

import errno
import logging
import os

import pytest
from cryptography.fernet import Fernet

from app import cli
from app.sealing import KEY_FILE, KEY_MARKER, KeyFileError, load_or_create_key
from engine.cli import build_parser


def refuse(err: int):
    def fail(*args, **kwargs):
        raise OSError(err, os.strerror(err))
    return fail


def test_a_read_only_directory_with_a_valid_key_is_fine(tmp_path, monkeypatch):
    key = load_or_create_key(tmp_path)
    (tmp_path / KEY_FILE).chmod(0o644)          # say, copied by hand
    monkeypatch.setattr(os, "chmod", refuse(errno.EROFS))
    monkeypatch.setattr(os, "open", refuse(errno.EROFS))
    assert load_or_create_key(tmp_path) == key


def test_no_key_in_a_read_only_directory_is_one_clear_error(tmp_path, monkeypatch):
    monkeypatch.setattr(os, "open", refuse(errno.EROFS))
    with pytest.raises(KeyFileError) as error:
        load_or_create_key(tmp_path / "data")
    assert "Read-only file system" in str(error.value) and "DOPPELKOPF_KEY" in str(error.value)


def test_a_full_disk_at_first_start_leaves_no_empty_key_file(tmp_path, monkeypatch):
    with monkeypatch.context() as patch:
        patch.setattr(os, "fsync", refuse(errno.ENOSPC))
        with pytest.raises(KeyFileError) as error:
            load_or_create_key(tmp_path)
        assert "No space left" in str(error.value)
    assert list(tmp_path.iterdir()) == []
    key = load_or_create_key(tmp_path)          # the next start, with space again
    assert load_or_create_key(tmp_path) == key


def test_an_empty_key_file_is_replaced_and_said_so(tmp_path, caplog):
    (tmp_path / KEY_FILE).write_text("")
    with caplog.at_level(logging.WARNING, "doppelkopf.app"):
        key = load_or_create_key(tmp_path)
    Fernet(key)
    assert "was empty" in caplog.text
    assert (tmp_path / KEY_FILE).read_bytes() == key


@pytest.mark.parametrize("damage", ["truncated", "garbage", "binary"])
def test_a_damaged_key_is_never_replaced(tmp_path, damage):
    path = tmp_path / KEY_FILE
    key = load_or_create_key(tmp_path)
    content = {"truncated": key[:20], "garbage": b"not a key at all", "binary": b"\xff\xfe\x00" * 20}[damage]
    path.write_bytes(content)
    with pytest.raises(KeyFileError) as error:
        load_or_create_key(tmp_path)
    assert "damaged" in str(error.value) and "\n" not in str(error.value)
    assert path.read_bytes() == content


@pytest.mark.parametrize("link", ["the key file", "the data directory", "a directory above it"])
def test_a_link_to_nowhere_is_one_clear_error_and_left_alone(tmp_path, link, monkeypatch, capsys):
    """Say, the key file linked to a backup disk that is not mounted (this recursed until Python's
    limit and printed a traceback of 15,000 lines)."""
    nowhere = tmp_path / "unmounted" / "target"
    data_dir = {"the key file": tmp_path / "data", "the data directory": tmp_path / "data",
                "a directory above it": tmp_path / "share" / "doppelkopf"}[link]
    linked = {"the key file": data_dir / KEY_FILE, "the data directory": data_dir,
              "a directory above it": data_dir.parent}[link]
    linked.parent.mkdir(parents=True, exist_ok=True)
    linked.symlink_to(nowhere)
    with pytest.raises(KeyFileError) as error:
        load_or_create_key(data_dir)
    message = str(error.value)
    assert f"{linked} is a link to {nowhere}, which does not exist" in message and "\n" not in message
    assert linked.is_symlink() and not nowhere.exists()      # nothing replaced, nothing made
    monkeypatch.setenv("DOPPELKOPF_DATA_DIR", str(data_dir))
    monkeypatch.setattr(cli, "run_server", lambda *args, **kwargs: pytest.fail("must not start"))
    args = build_parser().parse_args(["serve", "--no-browser", "--port", "0"])
    assert args.run(args) == 1
    captured = capsys.readouterr()
    assert captured.err.strip().splitlines() == [f"doppelkopf: {message}"] and captured.out == ""


def test_a_first_start_and_a_lost_key_are_told_apart(tmp_path, caplog):
    with caplog.at_level(logging.WARNING, "doppelkopf.app"):
        load_or_create_key(tmp_path)
        assert "first start" in caplog.text and "missing" not in caplog.text
        caplog.clear()
        load_or_create_key(tmp_path)            # the same key again: nothing to say
        assert caplog.text == ""
        (tmp_path / KEY_FILE).unlink()
        load_or_create_key(tmp_path)
    assert "was missing" in caplog.text and "made a new key" in caplog.text
    assert "cannot be continued" in caplog.text and "first start" not in caplog.text


def test_a_key_from_before_the_marker_gets_one_so_its_loss_is_reported(tmp_path, caplog):
    (tmp_path / KEY_FILE).write_bytes(Fernet.generate_key())     # as an older version left it: no marker
    load_or_create_key(tmp_path)
    assert (tmp_path / KEY_MARKER).exists()
    (tmp_path / KEY_FILE).unlink()
    with caplog.at_level(logging.WARNING, "doppelkopf.app"):
        load_or_create_key(tmp_path)
    assert "was missing" in caplog.text


def test_serve_says_in_one_line_that_the_key_was_missing(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("DOPPELKOPF_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(cli, "run_server", lambda *args, **kwargs: None)
    args = build_parser().parse_args(["serve", "--no-browser", "--port", "0"])
    assert args.run(args) == 0
    assert "first start" in capsys.readouterr().err
    (tmp_path / KEY_FILE).unlink()
    assert args.run(args) == 0
    captured = capsys.readouterr()
    lines = [line for line in captured.err.splitlines() if "key" in line]
    assert len(lines) == 1 and "was missing" in lines[0] and "browsers before now" in lines[0]
    assert "Traceback" not in captured.err + captured.out


def test_serve_says_what_is_wrong_with_the_key_in_one_line(tmp_path, monkeypatch, capsys):
    (tmp_path / KEY_FILE).write_text("damaged")
    monkeypatch.setenv("DOPPELKOPF_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(cli, "run_server", lambda *args, **kwargs: pytest.fail("must not start"))
    args = build_parser().parse_args(["serve", "--no-browser", "--port", "0"])
    assert args.run(args) == 1
    captured = capsys.readouterr()
    assert "damaged" in captured.err and "Traceback" not in captured.err + captured.out
    assert len(captured.err.strip().splitlines()) == 1
    assert "Doppelkopf: http" not in captured.out
