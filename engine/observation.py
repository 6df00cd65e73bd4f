"""What one seat may know: its own hand and every public action, as a partial deal record.

This is the only view of a deal that reaches a player or a bot. Other seats' hands are ``null``.
"""

from __future__ import annotations

from .deal import Deal
from .record import export


def observe(deal: Deal, seat: int) -> dict:
    record = export(deal)
    record["hands"] = [hand if s == seat else None for s, hand in enumerate(record["hands"])]
    return record
