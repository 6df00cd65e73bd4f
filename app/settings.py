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


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="DOPPELKOPF_")

    data_dir: Path | None = None      # default: $XDG_DATA_HOME/doppelkopf or ~/.local/share/doppelkopf
    key: SecretStr | None = None      # the sealing key itself, instead of the key file
    web_root: Path = Field(default_factory=default_web_root)
    # Host header names the server answers (a name matches any port, "name:port" only that port;
    # "*" turns the check off). Against DNS rebinding: a page from elsewhere that makes its own name
    # resolve to 127.0.0.1 still sends its own name. Env: DOPPELKOPF_ALLOWED_HOSTS=localhost,game.lan
    allowed_hosts: Annotated[list[str], NoDecode] = ["localhost", "127.0.0.1", "[::1]"]
    max_body_bytes: int = 16_384      # our requests are a few hundred bytes; the token is a header

    @field_validator("allowed_hosts", mode="before")
    @classmethod
    def _comma_separated(cls, value):
        if isinstance(value, str):
            return [name.strip().lower() for name in value.split(",") if name.strip()]
        return [name.lower() for name in value]

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
