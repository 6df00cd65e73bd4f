"""The exact endgame: the value of an open-card position when everyone plays perfectly.

``solve_value(sim, seat)`` is the reward of ``seat`` (``Sim.reward``: score-sheet points and the eye
tie-break) after perfect play by both parties from ``sim`` on, like :func:`engine.bots.sim.solve`,
but fast enough for four or five tricks: alpha-beta over the cards with a transposition table at
every trick boundary and the two copies of a card searched once.

The real scoring, without approximations: the kernel carries what the score depends on (Re's eyes,
whether a party is still without a trick, Re's net special points: Doppelkopf, Fuchs, Karlchen and
the house rules' last-trick points) and reads the value of a finished deal from a table that the
engine's own scoring filled (``_value_table``, cached per contract, announcements and rule set).
The transposition table's key includes those accumulated figures, so a stored value is exact.

The kernel (``_alphabeta``) is plain Python on small ints and numpy arrays; with numba installed it
runs compiled (``COMPILED``), else as it is: the same source, which the tests compare with the
engine's reference solver. An announced Hochzeit not yet clarified is left to ``sim.solve``.
"""

from __future__ import annotations

import os
import threading

import numpy as np

from ..cards import EYES, FOX, KARLCHEN
from ..contracts import is_solo_scored
from .sim import EYE_WEIGHT, Sim, _re_net

SPECIAL_MAX = 14          # Re's net special points are kept within ±SPECIAL_MAX (12 Doppelköpfe, 2 Füchse: never more)
PLAIN_CARDS = 8           # with this many cards left or fewer the plain solver is the faster
TABLE_BITS = 18           # transposition table entries: 2 ** TABLE_BITS, replaced when a key collides
EXACT, LOWER, UPPER = 0, 1, 2
INF = 1e9

# Flags of the special points a deal scores (context array ``rules``).
DK, FOX_CAUGHT, KARL, KARL_CAUGHT, FOX_LAST = range(5)

try:   # numba compiles the kernel where it installs (a wheel on every common platform); else plain Python
    if os.environ.get("DOPPELKOPF_NO_NUMBA"):
        raise ImportError
    from numba import njit as _njit
    COMPILED = True

    def njit(function):
        # Compiled once into numba's cache (next to this file, else the user's cache directory): a
        # later start loads it in about a second, and without the compiler's passes a process holds
        # about 50 MB less (tools/bench_memory.py: a hard player 329 MB with the cache, 430 MB without).
        return _njit(cache=True)(function)
except ImportError:   # pragma: no cover - exercised with DOPPELKOPF_NO_NUMBA=1
    COMPILED = False

    def njit(*args, **kwargs):
        return (lambda f: f) if not args or not callable(args[0]) else args[0]


_ZOBRIST = np.random.default_rng(20261203).integers(1, 2 ** 62, size=(4, 24, 3), dtype=np.int64)
# Keys of the accumulated figures, XORed into the position's key: leader, Re's eyes, Re's net special
# (+ 64), which parties have a trick, the seats of Re (a bit each), the party of the solving seat.
_STATE_KEYS = np.random.default_rng(3).integers(1, 2 ** 62, size=(6, 241), dtype=np.int64)


@njit
def _finish_trick(trick, leader, last, beats, beats_last, eyes, is_re, flags):
    """Winner, eyes and Re's net special points of a full trick."""
    table = beats_last if last else beats
    best = 0
    for i in range(1, 4):
        if table[trick[best], trick[i]]:
            best = i
    winner = (leader + best) % 4
    total = eyes[trick[0]] + eyes[trick[1]] + eyes[trick[2]] + eyes[trick[3]]
    sign = 1 if is_re[winner] else -1
    special = 0
    if flags[DK] and total >= 40:
        special += sign
    if flags[FOX_CAUGHT]:
        for i in range(4):
            if trick[i] == FOX and is_re[(leader + i) % 4] != is_re[winner]:
                special += sign
    if last:
        top = trick[best]
        if flags[KARL] and top == KARLCHEN:
            special += sign
        if flags[KARL_CAUGHT]:
            for i in range(4):
                if trick[i] == KARLCHEN and is_re[(leader + i) % 4] != is_re[winner]:
                    special += sign
                    break
        if flags[FOX_LAST] and top == FOX:
            special += sign
    return winner, total, special


@njit
def _alphabeta(hands, trick, played, leader, done, total_tricks, re_eyes, re_tricks, kontra_tricks, special,
               alpha, beta, me_re, suit, strength, beats, beats_last, eyes, is_re, flags, values, zobrist, state_keys,
               tt_keys, tt_values, tt_kinds, tt_moves, hand_key, counter):
    """The value (for the party ``me_re``) of the position; ``played`` cards of the trick lie on it."""
    counter[0] += 1
    tt_key = 0
    slot = 0
    if played == 0:
        if done == total_tricks:
            category = 0 if re_tricks == 0 else (1 if kontra_tricks == 0 else 2)
            s = min(max(special, -SPECIAL_MAX), SPECIAL_MAX)
            return values[re_eyes, category, s + SPECIAL_MAX]
        tt_key = hand_key ^ state_keys[0, leader] ^ state_keys[1, re_eyes] ^ state_keys[2, special + 64] \
            ^ state_keys[3, min(re_tricks, 1) + 2 * min(kontra_tricks, 1)]
        slot = tt_key & (tt_keys.shape[0] - 1)
        if tt_keys[slot] == tt_key:
            stored, kind = tt_values[slot], tt_kinds[slot]
            if kind == EXACT or (kind == LOWER and stored >= beta) or (kind == UPPER and stored <= alpha):
                return stored
    turn = (leader + played) % 4
    maximise = is_re[turn] == me_re
    # The legal kinds: the led suit if the hand has it, else everything; strongest first.
    led = suit[trick[0]] if played > 0 else -1
    options = np.empty(12, np.int64)
    count = 0
    if led >= 0:
        for card in range(24):
            if hands[turn, card] > 0 and suit[card] == led:
                options[count] = card
                count += 1
    if count == 0:
        for card in range(24):
            if hands[turn, card] > 0:
                options[count] = card
                count += 1
    # Move ordering: the transposition table's best card first, then what a player would try first
    # (lead high; schmier on a partner's trick; the cheapest winner, else the cheapest card).
    scores = np.empty(12, np.int64)
    best_at = -1
    if played > 0:
        best_at = 0
        for i in range(1, played):
            if beats[trick[best_at], trick[i]]:
                best_at = i
    hint = tt_moves[slot] if played == 0 and tt_keys[slot] == tt_key else -1
    for i in range(count):
        card = options[i]
        if card == hint:
            score = 1 << 40
        elif best_at < 0:
            score = strength[card]
        elif is_re[(leader + best_at) % 4] == is_re[turn]:
            score = eyes[card] * 1000 - strength[card]
        elif beats[trick[best_at], card]:
            score = (1 << 20) - strength[card]
        else:
            score = -eyes[card] * 1000 - strength[card]
        scores[i] = score
    for i in range(1, count):   # insertion sort, best first
        card, score = options[i], scores[i]
        j = i - 1
        while j >= 0 and scores[j] < score:
            options[j + 1], scores[j + 1] = options[j], scores[j]
            j -= 1
        options[j + 1], scores[j + 1] = card, score
    start_alpha, start_beta = alpha, beta
    best = -INF if maximise else INF
    best_card = options[0]
    for i in range(count):
        card = options[i]
        if _same_as_neighbour(card, options, count, hands, turn, trick, played, suit, strength, eyes):
            continue
        copies = hands[turn, card]
        hands[turn, card] = copies - 1
        child_key = hand_key ^ zobrist[turn, card, copies] ^ zobrist[turn, card, copies - 1]
        trick[played] = card
        if played < 3:
            value = _alphabeta(hands, trick, played + 1, leader, done, total_tricks, re_eyes, re_tricks,
                               kontra_tricks, special, alpha, beta, me_re, suit, strength, beats, beats_last,
                               eyes, is_re, flags, values, zobrist, state_keys, tt_keys, tt_values, tt_kinds, tt_moves, child_key,
                               counter)
        else:
            winner, points, extra = _finish_trick(trick, leader, done + 1 == total_tricks, beats, beats_last,
                                                  eyes, is_re, flags)
            saved = trick.copy()
            first = played - 3   # 0, typed like ``played`` (a literal 0 would make numba compile a second kernel)
            if is_re[winner]:
                value = _alphabeta(hands, trick, first, winner, done + 1, total_tricks, re_eyes + points, re_tricks + 1,
                                   kontra_tricks, special + extra, alpha, beta, me_re, suit, strength, beats,
                                   beats_last, eyes, is_re, flags, values, zobrist, state_keys, tt_keys, tt_values,
                                   tt_kinds, tt_moves, child_key, counter)
            else:
                value = _alphabeta(hands, trick, first, winner, done + 1, total_tricks, re_eyes, re_tricks,
                                   kontra_tricks + 1, special + extra, alpha, beta, me_re, suit, strength, beats,
                                   beats_last, eyes, is_re, flags, values, zobrist, state_keys, tt_keys, tt_values,
                                   tt_kinds, tt_moves, child_key, counter)
            trick[:] = saved
        hands[turn, card] = copies
        if maximise:
            if value > best:
                best, best_card = value, card
            if best > alpha:
                alpha = best
        else:
            if value < best:
                best, best_card = value, card
            if best < beta:
                beta = best
        if alpha >= beta:
            break
    if played == 0:
        kind = EXACT
        if best <= start_alpha:
            kind = UPPER
        elif best >= start_beta:
            kind = LOWER
        tt_keys[slot] = tt_key
        tt_values[slot] = best
        tt_kinds[slot] = kind
        tt_moves[slot] = best_card
    return best


@njit
def _same_as_neighbour(card, options, count, hands, turn, trick, played, suit, strength, eyes):
    """Whether ``card`` plays exactly like a higher option of the hand: the same suit and eyes, and no
    card from the one to the other is still out elsewhere (in another hand or on the trick; of two
    equal cards the first played wins, so the other copies count too). Füchse and Karlchen score
    points of their own and are never merged."""
    if card == FOX or card == KARLCHEN:
        return False
    for i in range(count):
        other = options[i]
        if other == FOX or other == KARLCHEN or suit[other] != suit[card] or eyes[other] != eyes[card] \
                or strength[other] <= strength[card]:
            continue
        apart = False
        for k in range(24):
            if suit[k] != suit[card] or not strength[card] <= strength[k] <= strength[other]:
                continue
            out = hands[0, k] + hands[1, k] + hands[2, k] + hands[3, k] - hands[turn, k]
            if k != card and k != other:
                out += hands[turn, k]
            for j in range(played):
                if trick[j] == k:
                    out += 1
            if out > 0:
                apart = True
                break
        if not apart:
            return True
    return False


# ----- from a Sim to the kernel's arrays -------------------------------------------------------

_TABLES: dict = {}
_LOCK = threading.Lock()


def _scoring_key(sim: Sim) -> tuple:
    """What the value of a finished deal depends on besides its figures (HouseScoring: one per rule set and Bock)."""
    re_calls, kontra_calls = sim.calls
    return (id(sim.house), sim.contract, re_calls.announced, re_calls.level, kontra_calls.announced,
            kontra_calls.level, sim.tricks_total)


def _value_table(sim: Sim, me_re: bool, eyes: range, categories, specials: range) -> np.ndarray:
    """``[Re's eyes, trick category (Re none, Kontra none, both some), Re's net special + SPECIAL_MAX]``
    -> the reward of a seat of the party ``me_re``, exactly as ``Sim.reward`` scores a finished deal.
    Cached per scoring; the cells a solve can reach (``eyes`` x ``categories`` x ``specials``) are
    filled when first needed (each is one call of the engine's scoring, memoised there too)."""
    key = (_scoring_key(sim), me_re)
    table = _TABLES.get(key)
    if table is None:
        with _LOCK:
            if len(_TABLES) > 256:   # announcements and rule sets seen by a long-running server: start afresh
                _TABLES.clear()
            table = _TABLES[key] = np.full((241, 3, 2 * SPECIAL_MAX + 1), np.nan)
    solo = is_solo_scored(sim.contract)
    if solo:
        specials = range(0, 1)
    low, high = specials.start + SPECIAL_MAX, specials.stop + SPECIAL_MAX
    for category in categories:
        block = table[eyes.start:eyes.stop, category, low:high]
        if not np.isnan(block).any():
            continue
        tricks = (0, sim.tricks_total, 1)[category]
        for e, s in zip(*np.nonzero(np.isnan(block))):
            e, s = int(e) + eyes.start, int(s) + specials.start
            if sim.house is not None:
                net = sim.house.re_net(solo, sim.contract, e, tricks, s, sim.calls)
            else:
                net = _re_net(solo, sim.contract, e, tricks, s, sim.calls)
            table[e, category, s + SPECIAL_MAX] = \
                (3 * net if solo else net) + EYE_WEIGHT * e if me_re else -net + EYE_WEIGHT * (240 - e)
        if solo:   # a solo scores no special points: every column is the one without
            table[:, category, :] = table[:, category, SPECIAL_MAX:SPECIAL_MAX + 1]
    return table


def _flags(sim: Sim) -> np.ndarray:
    """Which special points the deal scores (none in a solo)."""
    flags = np.zeros(5, np.int64)
    if is_solo_scored(sim.contract):
        return flags
    house = sim.house
    if house is None:   # TSR: Doppelkopf, Fuchs gefangen, Karlchen
        flags[DK] = flags[FOX_CAUGHT] = flags[KARL] = 1
        return flags
    rules = house.rules
    flags[DK], flags[FOX_CAUGHT] = house.doppelkopf, house.fox
    flags[KARL] = rules.sp_karlchen
    flags[KARL_CAUGHT] = rules.sp_karlchen and rules.sp_karlchen_gefangen
    flags[FOX_LAST] = rules.sp_fuchs_am_ende and not house.swine
    return flags


def _special_so_far(sim: Sim, flags) -> int:
    """Re's net special points of the tricks already taken (the last trick's come in the kernel)."""
    re = sim.re
    special = 0
    if flags[DK]:
        special += sum(1 if winner in re else -1 for winner in sim.dk)
    if flags[FOX_CAUGHT]:
        special += sum(1 if winner in re else -1 for player, winner in sim.foxes if (player in re) != (winner in re))
    return special


_ORDER_ARRAYS: dict = {}


def _order_arrays(sim: Sim):
    key = id(sim.beats), id(sim.beats_last)
    found = _ORDER_ARRAYS.get(key)
    if found is None:
        found = (np.array(sim.suit, np.int64), np.array(sim.strength, np.int64),
                 np.array(sim.beats, np.bool_), np.array(sim.beats_last, np.bool_), (sim.beats, sim.beats_last))
        _ORDER_ARRAYS[key] = found   # the tuples are kept alive with their arrays: their ids stay theirs
    return found[:4]


_EYES = np.array(EYES, np.int64)


class Solver:
    """A transposition table kept across solves while the scoring and the card order stay the same
    (a stored value is the position's exact value: the key holds the parties and the solving side)."""

    def __init__(self, bits: int = TABLE_BITS):
        size = 1 << bits
        self.keys = np.zeros(size, np.int64)
        self.values = np.zeros(size)
        self.kinds = np.zeros(size, np.int8)
        self.moves = np.zeros(size, np.int64)
        self.nodes = np.zeros(1, np.int64)
        self.context: tuple = ()

    def value(self, sim: Sim, seat: int) -> float:
        """The reward of ``seat`` after perfect play from ``sim`` (a Sim whose parties are known)."""
        if sim.done == sim.tricks_total:
            return sim.reward(seat)
        re = sim.re
        is_re = np.array([s in re for s in range(4)], np.bool_)
        me_re = bool(is_re[seat])
        flags = _flags(sim)
        hands = np.zeros((4, 24), np.int64)
        for s, hand in enumerate(sim.hands):
            for card in hand:
                hands[s, card] += 1
        hand_key = int(_STATE_KEYS[4, sum(1 << s for s in re)] ^ _STATE_KEYS[5, int(me_re)])
        for s in range(4):
            for card in range(24):
                hand_key ^= int(_ZOBRIST[s, card, hands[s, card]])
        trick = np.zeros(4, np.int64)
        trick[:len(sim.trick)] = sim.trick
        re_eyes = sum(sim.seat_eyes[s] for s in re)
        re_tricks = sum(sim.seat_tricks[s] for s in re)
        suit, strength, beats, beats_last = _order_arrays(sim)
        special = _special_so_far(sim, flags)
        left = sim.tricks_total - sim.done
        eyes_out = sum(EYES[card] for hand in sim.hands for card in hand) + sum(EYES[card] for card in sim.trick)
        # Reachable: Re's eyes up to all that is out; per trick a Doppelkopf, two Füchse, three last-trick points.
        reach = min(SPECIAL_MAX, abs(special) + left + 5)
        categories = [c for c, possible in enumerate((re_tricks == 0, sim.done == re_tricks, True)) if possible]
        values = _value_table(sim, me_re, range(re_eyes, re_eyes + eyes_out + 1), categories,
                              range(-reach, reach + 1))
        context = (_scoring_key(sim), id(beats), id(beats_last), tuple(flags))
        if context != self.context:   # other announcements, contract or order: the stored values are void
            self.keys[:] = 0
            self.context = context
        return float(_alphabeta(hands, trick, len(sim.trick), sim.leader, sim.done, sim.tricks_total, re_eyes,
                                re_tricks, sim.done - re_tricks, special, -INF, INF, me_re,
                                suit, strength, beats, beats_last, _EYES, is_re, flags, values,
                                _ZOBRIST, _STATE_KEYS, self.keys, self.values, self.kinds, self.moves,
                                np.int64(hand_key), self.nodes))


_LOCAL = threading.local()
_READY = threading.Event()          # the kernel is compiled (always, without numba)
_WARMING = threading.Lock()


def solve_value(sim: Sim, seat: int) -> float:
    """The reward of ``seat`` after perfect play from ``sim``: the kernel, or the sim's plain solver
    (the same value) for an announced Hochzeit whose partner is not found yet (the parties may
    still change), for the last two tricks (cheaper than setting up the kernel's arrays: 0.15 ms
    against 1.1 ms, tools/bench_solver.py) and while the kernel is being compiled (the table does
    not wait for it)."""
    if sim.re is None or sum(map(len, sim.hands)) <= PLAIN_CARDS or not _ready():
        from .sim import solve
        return solve(sim, seat)
    return _solver().value(sim, seat)


def _solver() -> Solver:
    solver = getattr(_LOCAL, "solver", None)
    if solver is None:
        solver = _LOCAL.solver = Solver()
    return solver


def _ready() -> bool:
    if not COMPILED or _READY.is_set():
        return True
    if not _WARMING.locked():
        threading.Thread(target=warm_up, name="solver-warm-up", daemon=True).start()
    return False


def warm_up() -> None:
    """Compile the kernel (a few seconds with numba) now, so that no decision waits for it; returns
    when it is ready (at once if it is). Every program that plays calls it at its start."""
    with _WARMING:
        if not _READY.is_set():
            sim = Sim.start([[0, 1], [2, 3], [6, 7], [8, 9]], 0, "normal", frozenset((0, 1)))
            Solver(bits=4).value(sim, 0)
            _READY.set()
