"""The statistics page's script checks imported data against the engine's names (issue 21)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from engine.calls import LEVEL
from engine.contracts import CONTRACTS, HOUSE_CONTRACTS

SCRIPT = (Path(__file__).resolve().parents[2] / "static" / "statistics.js").read_text(encoding="utf-8")


def script_list(name: str) -> list[str]:
    found = re.search(rf"var {name} = (\[[^\]]*\]);", SCRIPT)
    assert found, name
    return json.loads(found.group(1))


def test_the_scripts_contracts_and_calls_are_the_engines():
    assert script_list("CONTRACTS") == list(CONTRACTS + HOUSE_CONTRACTS)
    assert script_list("CALLS") == list(LEVEL)
