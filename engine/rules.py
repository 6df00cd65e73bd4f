"""Rule sets: a preset plus overrides (house rules spec §1.3, §2, §12).

A record's ``rules`` object names a preset and may override any option:
``{"preset": "kneipe", "bock": false}``. The resulting :class:`Rules` has a value for every
option. Unknown keys, unknown presets and values of the wrong type or outside the allowed
values are errors, never ignored. The preset name only supplies defaults: two rule sets with
the same option values are equal whatever preset they name.

>>> Rules.from_dict({"preset": "kneipe"}).dulle_tie
'second_except_last'
>>> Rules.from_dict({"preset": "tsr", "nines": False}).to_dict()
{'preset': 'tsr', 'nines': False}
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace

from .errors import RulesError

BOOL = (False, True)

# option: allowed values (the first is the TSR value). ``range`` stands for an integer range.
OPTIONS: dict[str, tuple | range] = {
    "nines": (True, False),
    "dulle_tie": ("first", "second", "second_except_last"),
    "dulle_tie_in_solo": (True, False),
    "schweine": BOOL,
    "schweine_shown": ("at_start", "when_played"),
    "schweine_in_solo": (True, False),
    "superschweine": BOOL,
    "armut": BOOL,
    "armut_fox_counts": (True, False),
    "schmeissen_nines": BOOL,
    "schmeissen_kings": BOOL,
    "hochzeit_partner": ("first_trick", "first_fail_trick", "first_trump_trick", "choice"),
    "solos": (True, False),
    "solo_koenig": BOOL,
    "solo_koehler": BOOL,
    "solo_lead": ("vorhand", "soloist"),
    "announcements": ("full", "re_kontra_only"),
    "re_kontra_value": ("add_two", "double"),
    "bock": BOOL,
    "bock_120": BOOL,
    "bock_lost_re": BOOL,
    "bock_lost_kontra": BOOL,
    "bock_herzstich": BOOL,
    "bock_stack_max": range(0, 9),
    "sp_doppelkopf": (True, False),
    "sp_fuchs": (True, False),
    "sp_karlchen": (True, False),
    "sp_gegen_die_alten": (True, False),
    "sp_karlchen_gefangen": BOOL,
    "sp_fuchs_am_ende": BOOL,
}

_KNEIPE = {"dulle_tie": "second_except_last", "dulle_tie_in_solo": False, "schweine": True,
           "schweine_shown": "when_played", "armut": True, "schmeissen_nines": True,
           "hochzeit_partner": "choice", "solo_lead": "soloist", "re_kontra_value": "double",
           "bock": True, "bock_120": True, "sp_karlchen_gefangen": True}
PRESETS: dict[str, dict] = {
    "tsr": {},
    "kneipe": _KNEIPE,
    "ohne_neunen": {**_KNEIPE, "nines": False, "schmeissen_nines": False, "schmeissen_kings": True,
                    "bock_herzstich": True},
    "sonderregeln": {"dulle_tie": "second", "schweine": True, "superschweine": True, "armut": True,
                     "solo_lead": "soloist"},
    "einsteiger": {"solos": False, "announcements": "re_kontra_only"},
}
PRESET_NAMES = tuple(PRESETS)


def _default(name: str):
    allowed = OPTIONS[name]
    return allowed[0]


@dataclass(frozen=True)
class Rules:
    """One complete rule set; ``preset`` names where the defaults came from (not compared)."""

    preset: str = field(default="tsr", compare=False)
    nines: bool = True
    dulle_tie: str = "first"
    dulle_tie_in_solo: bool = True
    schweine: bool = False
    schweine_shown: str = "at_start"
    schweine_in_solo: bool = True
    superschweine: bool = False
    armut: bool = False
    armut_fox_counts: bool = True
    schmeissen_nines: bool = False
    schmeissen_kings: bool = False
    hochzeit_partner: str = "first_trick"
    solos: bool = True
    solo_koenig: bool = False
    solo_koehler: bool = False
    solo_lead: str = "vorhand"
    announcements: str = "full"
    re_kontra_value: str = "add_two"
    bock: bool = False
    bock_120: bool = False
    bock_lost_re: bool = False
    bock_lost_kontra: bool = False
    bock_herzstich: bool = False
    bock_stack_max: int = 0
    sp_doppelkopf: bool = True
    sp_fuchs: bool = True
    sp_karlchen: bool = True
    sp_gegen_die_alten: bool = True
    sp_karlchen_gefangen: bool = False
    sp_fuchs_am_ende: bool = False

    def __post_init__(self):
        # What follows from the rule set (card orders, ...), built on first use: engine.contracts.build_order.
        object.__setattr__(self, "derived", {})

    @classmethod
    def from_dict(cls, data: object) -> "Rules":
        """The rule set of a record's or a setting's ``rules`` object; raises RulesError.

        A server answer reads the same rule set several times (the token's round and deal, the
        settings): the same object gives back the same (frozen) Rules, so what is worked out once
        per rule set (its dict, the card orders) is worked out once. The key holds each value's
        type, as ``True == 1`` would otherwise take ``1`` for ``True``.
        """
        if type(data) is dict:
            try:
                key = tuple((name, type(value), value) for name, value in data.items())
                rules = _FROM_DICT.get(key)
            except TypeError:    # an unhashable value: refused below
                key = rules = None
            if rules is None:
                rules = cls._checked(data)
                if key is not None:
                    if len(_FROM_DICT) >= _FROM_DICT_SIZE:    # many rule sets seen (tests, fuzzing): start afresh
                        _FROM_DICT.clear()
                    _FROM_DICT[key] = rules
            return rules
        return cls._checked(data)

    @classmethod
    def _checked(cls, data: object) -> "Rules":
        if data is None:
            return TSR
        if not isinstance(data, dict):
            raise RulesError("rules must be an object such as {\"preset\": \"tsr\"}")
        unknown = sorted(str(k) for k in set(data) - set(OPTIONS) - {"preset"})
        if unknown:
            raise RulesError(f"unknown rule option {unknown[0]!r} (known: preset, {', '.join(OPTIONS)})")
        preset = data.get("preset", "tsr")
        if not isinstance(preset, str) or preset not in PRESETS:
            raise RulesError(f"unknown rule preset {preset!r} (known: {', '.join(PRESET_NAMES)})")
        for name, value in data.items():
            if name != "preset":
                check_option(name, value)
        return cls.preset_named(preset, **{k: v for k, v in data.items() if k != "preset"})

    @classmethod
    def preset_named(cls, preset: str, **overrides) -> "Rules":
        return cls(preset=preset, **{**PRESETS[preset], **overrides})

    def to_dict(self) -> dict:
        """The preset and the options whose values differ from it (``{"preset": "tsr"}`` for TSR)."""
        # Worked out once per rule set (an answer exports it for the token, the record, each bot's
        # record and the view) and kept beside the frozen fields; the caller gets its own copy.
        data = self.__dict__.get("_as_dict")
        if data is None:
            base = PRESETS[self.preset]
            data = {"preset": self.preset}
            for option in OPTIONS:
                value = getattr(self, option)
                if value != base.get(option, _default(option)) or type(value) is not type(_default(option)):
                    data[option] = value
            object.__setattr__(self, "_as_dict", data)
        return dict(data)

    def with_options(self, **overrides) -> "Rules":
        for name, value in overrides.items():
            check_option(name, value)
        return replace(self, **overrides)

    # ----- facts derived from the options ---------------------------------------------

    @property
    def tricks(self) -> int:
        """Tricks per deal = cards per hand: 12, or 10 without nines."""
        return 12 if self.nines else 10


def check_option(name: str, value) -> None:
    allowed = OPTIONS.get(name)
    if allowed is None:
        raise RulesError(f"unknown rule option {name!r}")
    if isinstance(allowed, range):
        if type(value) is not int or value not in allowed:
            raise RulesError(f"rule option {name!r} must be an integer {allowed.start}..{allowed.stop - 1},"
                             f" got {_shown(value)}")
    elif allowed[0] in BOOL:
        if type(value) is not bool:
            raise RulesError(f"rule option {name!r} must be true or false, got {_shown(value)}")
    elif not isinstance(value, str) or value not in allowed:
        raise RulesError(f"rule option {name!r} must be one of {', '.join(allowed)}, got {_shown(value)}")


def _shown(value, limit: int = 40) -> str:
    """A wrong value as an error message quotes it: cut short (a form may send thousands of digits)."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


assert [f.name for f in fields(Rules)][1:] == list(OPTIONS), "Rules fields and OPTIONS must agree"
assert all(_default(f.name) == f.default for f in fields(Rules)[1:]), "TSR defaults must agree"

TSR = Rules()

# Rules.from_dict's rule sets by their dict (bounded: a client could send endless variants).
_FROM_DICT: dict[tuple, Rules] = {}
_FROM_DICT_SIZE = 256
