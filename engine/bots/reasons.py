"""Why the rule player acts as it does: a stable key and parameters, not a finished sentence.

``str(reason)`` reads in English (the engine's own language: ``explain()``, the command line, logs).
Whoever shows a reason to people words the key in their language: the web app has a catalog entry
``hint.reason.<key>`` for every key in ``ENGLISH``, with the same parameters.

>>> str(Reason.of("solo-hand", kind="solo-queens", losers=2.26))
'a solo-queens hand: about 2.3 losing tricks'
"""

from __future__ import annotations

from dataclasses import dataclass

# One sentence per key. Parameters: kind (a solo kind such as "solo-clubs"), losers, points and
# the like (floats: expected score-sheet points), win and met (whole percentages), trumps, high and
# eyes (counts), party ("re" or "kontra"), call (a call such as "no90"), other (a card code).
ENGLISH = {
    # card play
    "only-card": "the only card I may play",
    "draw-trumps": "drawing trumps with the highest one",
    "fresh-ace": "an ace of a suit nobody has led yet",
    "top-card": "the highest card left in this suit",
    "pull-trumps": "a low trump to pull the opponents' trumps",
    "re-plays-trumps": "a strong trump: Re plays trumps",
    "low-side-card": "a low card in a side suit",
    "low-trump": "a low trump",
    "schmieren": "schmieren: my partner takes this trick",
    "catch-fox": "catching the fox",
    "fox-home": "bringing my fox home",
    "cheapest-winner": "taking the trick with the cheapest card that holds",
    "give-little": "nothing to win here: giving as little as I can",
    "find-partner": "a low card of the kind that finds my Hochzeit partner: whoever wins this trick",
    "sure-trick": "the trick is surely my side's: {eyes} eyes onto it",
    "expected-card": "I expect {points:+.1f} points with it (won in {win}% of the worlds), with {other} {other_points:+.1f}",
    "expected-card-only": "I expect {points:+.1f} points with it (won in {win}% of the worlds)",
    # reservations
    "solo-hand": "a {kind} hand: about {losers:.1f} losing tricks",
    "silent-wedding": "both Kreuz-Damen and a strong hand: a silent wedding",
    "wedding": "both Kreuz-Damen: announcing a Hochzeit to find a partner",
    "healthy": "no reservation: gesund",
    "throw": "five nines or five kings: I throw the cards in (Schmeißen)",
    "poverty": "at most three trumps: Armut, a partner gets my trumps",
    "solo-expected": "a {kind}: I expect {points:+.1f} points (won in {win}% of the worlds), gesund {normal:+.1f}",
    "gesund-expected": "gesund: I expect {normal:+.1f} points, the best solo {solo:+.1f}",
    # the Armut exchange and the Hochzeit partner rule (house rules)
    "armut-pass": "Armut: passing my {trumps} trumps and keeping my {aces} fail aces",
    "armut-take": "{trumps} trumps, hand worth {score}: strong enough to carry an Armut",
    "armut-decline": "{trumps} trumps, hand worth {score}: too weak to carry an Armut; declining costs nothing",
    "armut-return": "giving back {trumps} trumps; {voids} fail suits empty, so I can ruff them",
    "wedding-fail-trick": "both Kreuz-Damen: a Hochzeit, my partner is whoever wins the first fail trick; I lead a low fail card",
    # announcements
    "strong-solo-re": "a solo this strong wins: Re",
    "announce-strength": "{trumps} trumps, {high} of them queens or Dullen: {party}",
    "expected-call": "met in {met}% of the worlds: I expect {points:+.1f} points with it, {without:+.1f} without",
    "expected-call-table": "met in {met}% of the worlds, at the table in about {chance}% of such cases: it adds {gain:+.1f} points",
}


@dataclass(frozen=True, slots=True)
class Reason:
    key: str
    params: tuple[tuple[str, str | int | float], ...] = ()    # (name, value) pairs: hashable, unlike a dict

    def __post_init__(self):
        if self.key not in ENGLISH:
            raise ValueError(f"unknown reason {self.key!r}")

    @classmethod
    def of(cls, key: str, **params: str | int | float) -> Reason:
        return cls(key, tuple(params.items()))

    @property
    def values(self) -> dict[str, str | int | float]:
        return dict(self.params)

    def __str__(self) -> str:
        params = self.values
        if "party" in params:
            params["party"] = params["party"].capitalize()   # announced as "Re" / "Kontra"
        return ENGLISH[self.key].format(**params)


# The reasons without parameters, made once: choose_card also runs inside the search's inference.
ONLY_CARD = Reason("only-card")
DRAW_TRUMPS = Reason("draw-trumps")
FRESH_ACE = Reason("fresh-ace")
TOP_CARD = Reason("top-card")
PULL_TRUMPS = Reason("pull-trumps")
RE_PLAYS_TRUMPS = Reason("re-plays-trumps")
LOW_SIDE_CARD = Reason("low-side-card")
LOW_TRUMP = Reason("low-trump")
SCHMIEREN = Reason("schmieren")
CATCH_FOX = Reason("catch-fox")
FOX_HOME = Reason("fox-home")
CHEAPEST_WINNER = Reason("cheapest-winner")
GIVE_LITTLE = Reason("give-little")
FIND_PARTNER = Reason("find-partner")
SILENT_WEDDING = Reason("silent-wedding")
WEDDING = Reason("wedding")
HEALTHY = Reason("healthy")
THROW = Reason("throw")
POVERTY = Reason("poverty")
STRONG_SOLO_RE = Reason("strong-solo-re")
