"""The sealed game token: zlib-compressed JSON, encrypted and authenticated with Fernet.

The server keeps no game state; the browser holds the token and sends it with every request.

>>> sealer = Sealer(Fernet.generate_key())
>>> sealer.unseal(sealer.seal({"seq": 3}))
{'seq': 3}
"""

from __future__ import annotations

import base64
import hashlib
import json
import logging
import os
import stat
import time
import zlib
from pathlib import Path

from cryptography.fernet import Fernet, InvalidToken

TOKEN_VERSION = 1
# Far above a 24-game round or a casual game's recent score sheet; anything longer is not ours. It
# is above 64,000 because older versions sealed a long casual game's whole score sheet and handed
# out tokens just over that (about deal 2,800), which must still load (the round keeps only the
# recent rows from then on, so the next token is small again).
MAX_TOKEN_LENGTH = 100_000
MAX_STATE_BYTES = 1_000_000        # decompression limit
KEY_FILE = "secret.key"
# Written beside the key when it is made (or first read): a later start that finds the marker but no
# key knows the key was lost, not that this is the first start, and says so.
KEY_MARKER = "secret.key.made"

log = logging.getLogger("doppelkopf.app")


class TokenError(ValueError):
    """A token that cannot be used. ``kind``: missing, invalid (tampered, foreign, truncated) or outdated."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind


class Sealer:
    def __init__(self, key: bytes):
        self.fernet = Fernet(key)

    def seal(self, state: dict) -> str:
        payload = json.dumps({"v": TOKEN_VERSION, "state": state}, separators=(",", ":")).encode()
        return self.fernet.encrypt(zlib.compress(payload, 9)).decode("ascii")

    def unseal(self, token: str | None) -> dict:
        if not token:
            raise TokenError("missing", "no game token")
        if len(token) > MAX_TOKEN_LENGTH or not token.isascii():
            raise TokenError("invalid", "the game token is not one of ours")
        try:
            compressed = self.fernet.decrypt(token.encode("ascii"))
        except (InvalidToken, ValueError, TypeError):
            raise TokenError("invalid", "the game token was changed, is incomplete or comes from "
                                        "another installation") from None
        try:
            inflater = zlib.decompressobj()
            raw = inflater.decompress(compressed, MAX_STATE_BYTES)
            payload = json.loads(raw, parse_constant=_not_a_number)
        except (zlib.error, ValueError, RecursionError):      # RecursionError: nested too deeply
            raise TokenError("invalid", "the game token is damaged") from None
        if (not isinstance(payload, dict) or payload.get("v") != TOKEN_VERSION
                or not isinstance(payload.get("state"), dict)):
            raise TokenError("outdated", "the game token is from another version of this program")
        return payload["state"]


def _not_a_number(name: str):
    raise ValueError(f"{name} is not a JSON number")       # json.loads would accept NaN and Infinity


def key_from_text(text: str) -> bytes:
    """A Fernet key as given, or derived from any other secret text (so any passphrase works)."""
    try:
        if len(base64.urlsafe_b64decode(text.encode())) == 32:
            return text.encode()
    except ValueError:
        pass
    return base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest())


class KeyFileError(RuntimeError):
    """The key file cannot be read or made; the message says what happened and what to do (one line)."""


KEY_HELP = "or give a key in DOPPELKOPF_KEY, or another directory in DOPPELKOPF_DATA_DIR"


def load_or_create_key(data_dir: Path) -> bytes:
    """The key in ``data_dir``, made on first use (mode 0600) so a restarted server reads old tokens.

    A key file is never replaced behind the player's back: a damaged one stops the start with a
    KeyFileError that says so (every game saved with it would be lost). Only an empty file, which a
    failed first start can leave behind and which no game can depend on, is replaced, with a warning.
    """
    path = data_dir / KEY_FILE
    try:
        text = _read_written(path)
    except FileNotFoundError:
        return _make_key(data_dir, path, replaces="missing" if (data_dir / KEY_MARKER).exists() else "nothing")
    except OSError as exc:
        raise KeyFileError(f"cannot read the key file {path}: {exc.strerror}; {KEY_HELP}") from None
    if not text:
        return _make_key(data_dir, path, replaces="empty")
    try:
        key = base64.urlsafe_b64decode(text.encode("ascii"))
    except (ValueError, UnicodeEncodeError):
        key = b""
    if len(key) != 32:
        raise KeyFileError(f"the key file {path} is damaged (it does not hold a key), so games saved with it "
                           "cannot be continued: restore it from a backup, or move it away to start with "
                           "a new key (saved games are then lost)")
    _keep_private(path)
    if not (data_dir / KEY_MARKER).exists():       # a key made by a version without the marker
        _mark_key_made(data_dir, "before this marker was written")
    return text.encode("ascii")


def _make_key(data_dir: Path, path: Path, replaces: str) -> bytes:
    """A new key, written completely before it appears under its name (never an empty key file)."""
    key = Fernet.generate_key()
    temporary = data_dir / f".{KEY_FILE}.{os.getpid()}.tmp"
    try:
        data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        with open(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as file:
            file.write(key)
            file.flush()
            os.fsync(file.fileno())
        if replaces == "empty":
            path.unlink(missing_ok=True)
        os.link(temporary, path)            # fails if another server has just made one: use that one
    except FileExistsError:
        if path.exists():                   # another server has just made one: use that one
            return load_or_create_key(data_dir)
        raise KeyFileError(_in_the_way(data_dir, path)) from None
    except OSError as exc:
        raise KeyFileError(f"cannot write a key to {data_dir}: {exc.strerror}; free some space or make it "
                           f"writable, {KEY_HELP}") from None
    finally:
        temporary.unlink(missing_ok=True)
    _mark_key_made(data_dir, time.strftime("%Y-%m-%d %H:%M"))
    if replaces == "empty":
        log.warning("the key file %s was empty (an earlier start could not write it, say on a full disk); "
                    "made a new key", path)
    elif replaces == "missing":
        log.warning("the key file %s was missing (%s says there was one); made a new key: games saved in "
                    "browsers before now cannot be continued (the page offers a new game); restore the old "
                    "key from a backup to continue them", path, KEY_MARKER)
    else:
        log.warning("made a new key in %s (the first start with this data directory)", path)
    return key


def _in_the_way(data_dir: Path, path: Path) -> str:
    """Why no key can be written although nothing is there to read: a link to nowhere (say, to a
    backup disk that is not mounted) in place of the key file or of a directory on its way."""
    blocking = path if data_dir.is_dir() else next(
        (p for p in (data_dir, *data_dir.parents) if p.is_symlink() or p.exists()), data_dir)
    if blocking.is_symlink():
        what = f"is a link to {os.readlink(blocking)}, which does not exist; restore that or remove the link"
    else:
        what = "is in the way (not a directory)"
    return f"cannot write a key to {data_dir}: {blocking} {what}, {KEY_HELP}"


def _mark_key_made(data_dir: Path, when: str) -> None:
    """Note that this directory has had a key; where it cannot be written, a lost key reads as a first start."""
    try:
        (data_dir / KEY_MARKER).write_text(f"{KEY_FILE} made {when}; a later start without {KEY_FILE} "
                                           "reports the key as missing\n", encoding="ascii")
    except OSError:
        pass


def _keep_private(path: Path) -> None:
    """Mode 0600 where we may set it; a read-only directory or another owner's file is read as it is."""
    try:
        if stat.S_IMODE(path.stat().st_mode) & 0o077:
            os.chmod(path, 0o600)
    except OSError:
        pass


def _read_written(path: Path) -> str:
    """The key file's text, waiting briefly if another server has created it but not yet written it."""
    for _ in range(25):
        text = path.read_text(encoding="ascii", errors="replace").strip()
        if text:
            return text
        time.sleep(0.02)
    return ""
