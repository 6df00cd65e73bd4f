"""tools/same_play.py: the digest of each deal that shows two checkouts play exactly alike."""

import contextlib
import io

from tools.same_play import main


def digests(*args: str) -> list[str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(list(args))
    return [line for line in out.getvalue().splitlines() if not line.startswith("#")]


def test_the_same_deals_give_the_same_digests_and_another_seed_others():
    table = ["--table", "medium+arena_worlds=4,rules,easy,random", "--deals", "2", "--rules", "kneipe"]
    first = digests(*table, "--seed", "3")
    assert first == digests(*table, "--seed", "3")
    assert len(first) == 2 and all(line.endswith(" 0") for line in first)     # no decision failed
    assert [line.split()[1] for line in first] != [line.split()[1] for line in digests(*table, "--seed", "4")]
