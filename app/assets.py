"""Static files with a version in their URL: ``/static/app.css?v=<hash>`` may be cached for a year.

The templates ask ``static_url("app.css")`` for the URL; the version is a hash of the file's content,
so a changed file gets a new URL and a browser never keeps an old copy. Only a request whose ``v``
matches the file as it is now gets the long ``max-age``; any other (no version, an old one) gets
``no-cache``: the browser asks again each time and gets a cheap 304 while the file is unchanged.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from urllib.parse import parse_qs

from fastapi.staticfiles import StaticFiles

PREFIX = "/static"
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"


class VersionedStaticFiles(StaticFiles):
    def __init__(self, directory: Path):
        super().__init__(directory=directory)
        self.root = Path(directory)
        self._hashes: dict[tuple[str, int, int], str] = {}

    def version(self, path: str) -> str | None:
        """A short hash of the file's content (None if there is no such file under the root)."""
        file = (self.root / path).resolve()
        if not file.is_relative_to(self.root.resolve()) or not file.is_file():
            return None
        stat = file.stat()
        key = (str(file), stat.st_mtime_ns, stat.st_size)      # hashed again only when the file changed
        if key not in self._hashes:
            self._hashes[key] = hashlib.sha256(file.read_bytes()).hexdigest()[:12]
        return self._hashes[key]

    def url(self, path: str) -> str:
        version = self.version(path)
        return f"{PREFIX}/{path}?v={version}" if version else f"{PREFIX}/{path}"

    async def get_response(self, path: str, scope):
        response = await super().get_response(path, scope)
        if response.status_code in (200, 304):
            asked = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("v", [None])[0]
            current = self.version(path)
            response.headers["Cache-Control"] = IMMUTABLE if current and asked == current else REVALIDATE
        return response
