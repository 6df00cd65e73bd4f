"""Fixtures shared by the bot tests."""

from __future__ import annotations

from collections import Counter

import pytest

from engine import driver


@pytest.fixture
def replaced(monkeypatch) -> Counter:
    """Counts, by phase, the driver's fallbacks to ``house_default`` (a bot failed or answered illegally)."""
    counts: Counter = Counter()
    fallback = driver.house_default

    def counting(deal, seat):
        counts[deal.phase] += 1
        return fallback(deal, seat)
    monkeypatch.setattr(driver, "house_default", counting)
    return counts
