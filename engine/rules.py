"""Rule sets. A record's ``rules`` object names a preset and may override options.

Only the DDV tournament rules (``tsr``) exist so far. House rules (a second Dulle beating the
first, Schweinchen, Armut, without nines, ...) will each become an option field with its TSR
default here, so a record can say ``{"preset": "tsr", "dulle_tie": "second"}``; until an option
exists it is an unknown key, and unknown keys are errors, never ignored.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from .errors import RulesError

PRESETS = ("tsr",)


@dataclass(frozen=True)
class Rules:
    preset: str = "tsr"

    @classmethod
    def from_dict(cls, data: object) -> "Rules":
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise RulesError("rules must be an object such as {\"preset\": \"tsr\"}")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise RulesError(f"unknown rule option {unknown[0]!r} (known: {', '.join(sorted(known))})")
        preset = data.get("preset", "tsr")
        if preset not in PRESETS:
            raise RulesError(f"unknown rule preset {preset!r} (known: {', '.join(PRESETS)})")
        return cls(**data)

    def to_dict(self) -> dict:
        return asdict(self)


TSR = Rules()
