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
import os
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
            payload = json.loads(raw)
        except (zlib.error, ValueError):
            raise TokenError("invalid", "the game token is damaged") from None
        if (not isinstance(payload, dict) or payload.get("v") != TOKEN_VERSION
                or not isinstance(payload.get("state"), dict)):
            raise TokenError("outdated", "the game token is from another version of this program")
        return payload["state"]


def key_from_text(text: str) -> bytes:
    """A Fernet key as given, or derived from any other secret text (so any passphrase works)."""
    try:
        if len(base64.urlsafe_b64decode(text.encode())) == 32:
            return text.encode()
    except ValueError:
        pass
    return base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest())


def load_or_create_key(data_dir: Path) -> bytes:
    """The key in ``data_dir``, made on first use (mode 0600) so a restarted server reads old tokens."""
    data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
    path = data_dir / KEY_FILE
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        os.chmod(path, 0o600)
        return key_from_text(_read_written(path))
    key = Fernet.generate_key()
    with os.fdopen(fd, "wb") as file:   # O_EXCL: two servers starting at once cannot both write
        file.write(key)
    return key


def _read_written(path: Path) -> str:
    """The key file's text, waiting briefly if another server has created it but not yet written it."""
    for _ in range(50):
        text = path.read_text().strip()
        if text:
            return text
        time.sleep(0.02)
    raise RuntimeError(f"the key file {path} is empty; delete it to make a new key")
