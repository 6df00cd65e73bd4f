"""The sealed token and its key."""

from __future__ import annotations

import stat

import pytest
from cryptography.fernet import Fernet

from app.main import create_app
from app.sealing import Sealer, TokenError, key_from_text, load_or_create_key
from app.settings import Settings


def test_seal_and_unseal():
    sealer = Sealer(Fernet.generate_key())
    state = {"game_id": "abc", "seq": 7, "deal": {"actions": list(range(100))}}
    token = sealer.seal(state)
    assert token.isascii() and sealer.unseal(token) == state
    assert len(token) < 1000          # zlib keeps it small


@pytest.mark.parametrize("token, kind", [(None, "missing"), ("", "missing"), ("abc", "invalid"), ("ä" * 10, "invalid")])
def test_unusable_tokens(token, kind):
    with pytest.raises(TokenError) as error:
        Sealer(Fernet.generate_key()).unseal(token)
    assert error.value.kind == kind and str(error.value)


def test_the_key_is_made_once_with_mode_0600(tmp_path):
    data = tmp_path / "deep" / "doppelkopf"
    key = load_or_create_key(data)
    path = data / "secret.key"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert load_or_create_key(data) == key
    path.chmod(0o644)
    load_or_create_key(data)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_the_data_directory_follows_the_environment(tmp_path, monkeypatch):
    monkeypatch.delenv("DOPPELKOPF_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert Settings().resolved_data_dir() == tmp_path / "xdg" / "doppelkopf"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert Settings().resolved_data_dir() == tmp_path / "home" / ".local" / "share" / "doppelkopf"
    monkeypatch.setenv("DOPPELKOPF_DATA_DIR", str(tmp_path / "here"))
    assert Settings().resolved_data_dir() == tmp_path / "here"


def test_a_restarted_server_reads_old_tokens(tmp_path):
    first = create_app(Settings(data_dir=tmp_path))
    token = first.state.sealer.seal({"x": 1})
    assert create_app(Settings(data_dir=tmp_path)).state.sealer.unseal(token) == {"x": 1}


def test_the_key_from_the_environment(tmp_path, monkeypatch):
    key = Fernet.generate_key().decode()
    monkeypatch.setenv("DOPPELKOPF_KEY", key)
    monkeypatch.setenv("DOPPELKOPF_DATA_DIR", str(tmp_path / "unused"))
    app = create_app()
    assert not (tmp_path / "unused").exists()
    assert Sealer(key.encode()).unseal(app.state.sealer.seal({"y": 2})) == {"y": 2}
    assert key_from_text("any passphrase") == key_from_text("any passphrase")
    Fernet(key_from_text("any passphrase"))      # a valid key
