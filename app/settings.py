"""Server settings from the environment (``DOPPELKOPF_*``) and where the per-user data lives."""

from __future__ import annotations

import os
from pathlib import Path

from pydantic import SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

# templates/ and static/ sit beside app/ in the source tree; an installed copy (the Docker image)
# points DOPPELKOPF_WEB_ROOT at the directory that holds them.
SOURCE_ROOT = Path(__file__).resolve().parent.parent


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="DOPPELKOPF_")

    data_dir: Path | None = None      # default: $XDG_DATA_HOME/doppelkopf or ~/.local/share/doppelkopf
    key: SecretStr | None = None      # the sealing key itself, instead of the key file
    web_root: Path = SOURCE_ROOT

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
