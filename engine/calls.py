"""Announcements (TSR 6): Re/Kontra and the Absagen keine 90/60/30/schwarz.

Windows are counted in the announcing seat's own hand size ``h``; ``shift`` is the Hochzeit
shift (Klärungsstich − 1, TSR 6.4.2), 0 in every other game. Without nines (10 tricks) every
window is two cards smaller (house rules §9.1): the deal passes ``shift + 2`` then.
"""

from __future__ import annotations

from dataclasses import dataclass

LEVEL = {"re": 0, "kontra": 0, "no90": 1, "no60": 2, "no30": 3, "schwarz": 4}
ABSAGEN = ("no90", "no60", "no30", "schwarz")
LEVEL_NAMES = ("ansage", "no90", "no60", "no30", "schwarz")


def window(level: int, shift: int = 0) -> int:
    """The smallest hand size at which an announcement of ``level`` is still timely."""
    return 11 - level - shift


@dataclass(slots=True)
class PartyCalls:
    """What one party (Re or Kontra) has announced so far."""

    announced: bool = False   # Re/Kontra said (Erstansage or reply)
    timely: bool = False      # ... as a timely Erstansage, which Absagen need (TSR 6.4.4)
    level: int = 0            # highest Absage, skipped levels included: 0 none .. 4 schwarz

    def copy(self) -> "PartyCalls":
        return PartyCalls(self.announced, self.timely, self.level)

    def to_dict(self) -> dict:
        return {"announced": self.announced, "level": self.level}


def call_problem(own: PartyCalls, other: PartyCalls, level: int, hand_size: int, shift: int,
                 re_kontra_only: bool = False) -> str | None:
    """Why a call of ``level`` by a seat of the party ``own`` is illegal now, or None if it is legal.
    ``re_kontra_only`` (house rules §9.2): only a timely Re or Kontra, no Absagen, no replies."""
    h = hand_size
    if re_kontra_only:
        if level:
            return "these rules allow only Re and Kontra, no Absagen (house rules §9.2)"
        if not own.announced and h < window(0, shift):
            return (f"too late: Re and Kontra need at least {window(0, shift)} cards in hand; "
                    "these rules allow no reply (house rules §9.2)")
    if level == 0:
        if own.announced:
            return "repetition: your party has already announced (TSR 6.4.7)"
        if h >= window(0, shift):
            return None
        if other.announced and h >= window(other.level, shift) - 1:
            return None
        return f"too late: an announcement needs at least {window(0, shift)} cards in hand"
    if level <= own.level:
        return "repetition: your party has already made that Absage (TSR 6.4.7)"
    if not own.announced:
        if h < window(0, shift):
            return ("an Absage needs your party's timely Re/Kontra first (TSR 6.3.2); "
                    f"saying it together with the Absage needs at least {window(0, shift)} cards")
    elif not own.timely:
        return "your party only replied late; its Absagen are barred (TSR 6.4.4)"
    for skipped in range(own.level + 1, level + 1):
        if h < window(skipped, shift):
            return (f"too late for {LEVEL_NAMES[skipped]}: it needs at least "
                    f"{window(skipped, shift)} cards in hand (TSR 6.3.4, 6.4.3)")
    return None


def apply_call(own: PartyCalls, level: int, hand_size: int, shift: int) -> None:
    """Record a call already checked by :func:`call_problem`."""
    if not own.announced:
        own.announced = True
        own.timely = hand_size >= window(0, shift)
    own.level = max(own.level, level)
