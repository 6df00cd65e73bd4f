"""Re and Kontra by their expected value, with the search's forecast calibrated against the table.

The search judges a call on its worlds: the share of worlds in which it was met, and the points it
added. ``tools/review_bots.py --show calibration`` compares that share with how often the call was met
at the table: for Re it is nearly honest, Kontra it flatters (most after a Re call, whose worlds do
not know what the call says about the Re hand). A logistic map per call (fitted on self-play games by
``tools/fit_call_calibration.py``, shipped as ``call_calibration.json`` with the commands that made it)
turns the share into the chance that the table sees the call met; each level has its own map (its worlds
and its partners differ). The call's expected gain is that
chance times its mean gain in the worlds where it was met, plus the rest times its mean gain where it
was not (``Behaviour.call_value="calibrated"``). A map may also hold keine 90 and keine 60 (``Behaviour.absage_value``);
keine 30 and schwarz keep the search's bars: the self-play judgements hardly ever see them near being met, so a map
would only guess there.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path

from ..calls import LEVEL

CALIBRATION_FILE = Path(__file__).with_name("call_calibration.json")
CALIBRATED = ("re", "kontra", "no90", "no60")    # the calls a map may hold (the fit writes them all)
FEATURES = ("constant", "log-odds of the share of worlds met", "the other side has announced")


def features(share: float, other_called: bool) -> list[float]:
    share = min(max(share, 0.02), 0.98)    # 2 of 100 worlds either way: a share of 0 or 1 is not certainty
    return [1.0, math.log(share / (1 - share)), float(other_called)]


@lru_cache(maxsize=1)
def shipped() -> dict[str, dict]:
    """Per level: ``weights`` (per call), ``fit`` and ``command``."""
    return json.loads(CALIBRATION_FILE.read_text())["levels"]


def shipped_weights(level: str = "medium") -> dict[str, list[float]]:
    return shipped()[level]["weights"]


def has_map(call: str, level: str) -> bool:
    return call in shipped_weights(level)


def table_chance(call: str, share: float, other_called: bool, weights: dict | None = None,
                 level: str = "medium") -> float:
    """The chance that ``call`` is met at the table when ``level``'s search saw it met in ``share`` of its
    worlds (``weights``: a map of one's own instead of the level's)."""
    score = sum(w * x for w, x in zip((weights or shipped_weights(level))[call], features(share, other_called)))
    return 1 / (1 + math.exp(-score))


def expected_gain(call: str, figures, worlds: float, other_called: bool, level: str = "medium") -> float:
    """Points a game that ``call`` adds, from its ``figures`` on ``worlds`` worlds of ``level``'s search:
    ``[reward sum with the call, worlds where it was met, reward sum without it, gain sum in the worlds
    where it was met]``."""
    with_call, met, without, gain_met = figures[:4]
    gain = with_call - without
    on_met = gain_met / met if met else abs(gain) / worlds   # unseen: Re and Kontra win about what they lose
    if met < worlds:
        on_missed = (gain - gain_met) / (worlds - met)
    elif LEVEL[call] == 0:
        on_missed = -on_met
    else:   # a missed Absage turns the game: the side loses about what it would win with the call, and more
        on_missed = -(with_call + without) / worlds
    chance = table_chance(call, met / worlds, other_called, level=level)
    return chance * on_met + (1 - chance) * on_missed
