"""Server settings from the environment (``DOPPELKOPF_*``) and where the per-user data lives."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

# templates/ and static/ sit beside app/ in the source tree (and an editable install); the wheel
# carries them inside the package as app/templates and app/static (see pyproject.toml).
# DOPPELKOPF_WEB_ROOT points at another directory that holds both.
PACKAGE_DIR = Path(__file__).resolve().parent
SOURCE_ROOT = PACKAGE_DIR.parent


def default_web_root() -> Path:
    return PACKAGE_DIR if (PACKAGE_DIR / "templates").is_dir() else SOURCE_ROOT


MIN_KEY_LENGTH = 16


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="DOPPELKOPF_")

    data_dir: Path | None = None      # default: $XDG_DATA_HOME/doppelkopf or ~/.local/share/doppelkopf
    # The sealing key itself, instead of the key file: a Fernet key or any passphrase long enough
    # not to be guessed (it guards every game's token).
    key: SecretStr | None = None
    web_root: Path = Field(default_factory=default_web_root)
    # Host header names the server answers (a name matches any port, "name:port" only that port;
    # "*" turns the check off). Against DNS rebinding: a page from elsewhere that makes its own name
    # resolve to 127.0.0.1 still sends its own name. Env: DOPPELKOPF_ALLOWED_HOSTS=localhost,game.lan
    allowed_hosts: Annotated[list[str], NoDecode] = Field(["localhost", "127.0.0.1", "[::1]"], min_length=1)
    # Our requests are a few hundred bytes (the token is a header); below 1 KiB the game cannot work.
    max_body_bytes: int = Field(16_384, ge=1024, le=10_000_000)
    # The CPU priority of the deal analysis's helper process (os.nice): 19, the lowest, keeps the table's
    # answers as quick as when idle; tests on a loaded machine lower it. Env: DOPPELKOPF_ANALYSIS_NICE=0
    analysis_nice: int = Field(19, ge=0, le=19)
    # Connections the server holds at once (each is an open file); more are closed at once.
    max_connections: int = Field(2000, ge=16, le=100_000)
    # Seconds a client has to send a whole request once it connects (or after the previous
    # answer, then after the idle keep-alive time): a silent or slow connection is closed after it.
    request_timeout: float = Field(10.0, gt=0, le=300)

    @field_validator("allowed_hosts", mode="before")
    @classmethod
    def _comma_separated(cls, value):
        if isinstance(value, str):
            return [name.strip().lower() for name in value.split(",") if name.strip()]
        return [name.lower() for name in value]

    @field_validator("web_root")
    @classmethod
    def _holds_the_pages(cls, value: Path):
        missing = " or ".join(f"{name}/" for name in ("templates", "static") if not (value / name).is_dir())
        if missing:
            raise ValueError(f"{value} must hold the folders templates/ and static/ (no {missing} there)")
        return value

    @field_validator("key")
    @classmethod
    def _long_enough(cls, value):
        if value is not None and len(value.get_secret_value()) < MIN_KEY_LENGTH:
            raise ValueError(f"a key must have at least {MIN_KEY_LENGTH} characters (a Fernet key or a long passphrase)")
        return value

    def resolved_data_dir(self) -> Path:
        if self.data_dir is not None:
            return self.data_dir
        xdg = os.environ.get("XDG_DATA_HOME")
        base = Path(xdg) if xdg else Path.home() / ".local" / "share"
        return base / "doppelkopf"

    @property
    def templates_dir(self) -> Path:
        return self.web_root / "templates"

    @property
    def static_dir(self) -> Path:
        return self.web_root / "static"
