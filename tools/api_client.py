"""What the measuring tools share: a simple player speaking the JSON API."""

from __future__ import annotations


def next_action(view: dict) -> dict | None:
    """A legal action for the player in ``view`` (gesund if allowed, the first naming, the first playable card)."""
    seq = view["seq"]
    if view["waiting_for"] == "reservation":
        # gesund where the hand allows it (without solos both Kreuz-Damen must say Vorbehalt)
        return {"seq": seq, "reservation": False not in view["options"].get("reservations", [False])}
    if view["waiting_for"] == "declare":
        return {"seq": seq, "declare": view["options"]["declarations"][0]["kind"]}
    if view["waiting_for"] == "play":
        return {"seq": seq, "play": next(c["code"] for c in view["hand"] if c["playable"])}
    return None
