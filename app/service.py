"""The one service layer under the pages and the API.

A request unseals the token into a :class:`Game`, applies the player's action, lets the computer
players act until the player must act again, and seals the new state. Nothing is kept between
requests: the state is the round (score sheet), the current deal record and the settings.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import random
import secrets
from dataclasses import dataclass

from engine.actions import Accept, Action, Call, Declare, Pass, Play, Reservation, Return
from engine.bots import LEVELS, make_bot
from engine.bots.bidding import RoundState
from engine.bots.ideas import Idea, ideas_for
from engine.bots.reasons import Reason
from engine.bots.teacher import Teacher
from engine.bots.helpers import ThoughtLess
from engine.cards import CardError, card_from_code, cards_from_codes
from engine.claim import claim_order, play_out_claim
from engine.contracts import SOLO_KINDS
from engine.deal import DECLARE, POVERTY, RESERVATIONS, Deal
from engine.driver import advance, house_default, is_legal, seats_to_act
from engine.errors import DoppelkopfError
from engine.observation import Observation, observe
from engine.record import export, replay
from engine.round import CASUAL, RECENT_ROWS, Round
from engine.rules import Rules

from .api_models import PlayerAction, SettingsChange
from .game_settings import GameSettings, default_level
from .sealing import TokenError
from .state import check_state

log = logging.getLogger("doppelkopf.app")

HUMAN = 0
COMPUTER_SEATS = (1, 2, 3)


class ServiceError(Exception):
    """A request the game refuses; ``status`` is the HTTP status, the message a readable reason."""

    status = 400

    def __init__(self, detail: str, code: str = "illegal-action"):
        super().__init__(detail)
        self.detail = detail
        self.code = code


class StaleSequence(ServiceError):
    status = 409

    def __init__(self, seen: int, current: int):
        super().__init__(f"the game has moved on (you saw step {seen}, it is at step {current}); "
                         "probably another tab acted — reload to see the current table", "stale")


class DealOver(ServiceError):
    status = 409

    def __init__(self, detail: str):
        super().__init__(detail, "deal-over")


class DealRunning(ServiceError):
    status = 409

    def __init__(self, detail: str):
        super().__init__(detail, "deal-not-over")


class OtherGame(ServiceError):
    status = 409

    def __init__(self):
        super().__init__("this action was meant for another game (probably another tab started a new one); "
                         "reload to see the current table", "other-game")


class Game:
    """One game at the table: settings, the round with its score sheet, the current deal."""

    def __init__(self, game_id: str, seq: int, settings: GameSettings, round_: Round, deal: Deal,
                 took_back: list[int] | None = None, deal_key: str | None = None, dealt: int = 0):
        self.game_id = game_id
        self.seq = seq          # counts every change: never lower in a later state of the game (issue 21.11)
        # The cards of every deal come from this secret and the number of deals dealt before it, so an
        # older token asked for the next deal again deals the same cards (issue 21.11). A token of a
        # version without it derives one from the game id (those games were dealt at random anyway).
        self.deal_key = deal_key or hashlib.sha256(f"deal-key:{game_id}".encode()).hexdigest()[:32]
        self.dealt = dealt      # deals dealt in this game before the current one (thrown ones too)
        self.settings = settings
        self.round = round_
        self.deal = deal
        self.took_back = took_back or []     # numbers of recent deals in which the player took back
        # This request only (not sealed): a computer's search or the hint's ran without its helper
        # process because the server was busy, so it thought less; the answer tells the player.
        self.thought_less = False

    @property
    def deal_number(self) -> int:
        return self.round.played + 1

    def to_state(self) -> dict:
        return {"game_id": self.game_id, "seq": self.seq, "settings": self.settings.model_dump(),
                "round": self.round.to_dict(), "deal": export(self.deal), "took_back": self.took_back,
                "deal_key": self.deal_key, "dealt": self.dealt}

    @classmethod
    def from_state(cls, state: dict) -> "Game":
        """Rebuild a game from an unsealed token; anything that does not fit counts as outdated."""
        check_state(state)
        try:
            settings = dict(state["settings"])
            if settings.get("level") not in LEVELS:      # a strength that no longer exists
                settings["level"] = default_level()
            round_ = Round.from_dict(state["round"])
            deal = rebuild_deal(round_, state["deal"])
            return cls(str(state["game_id"]), int(state["seq"]), GameSettings(**settings), round_, deal,
                       list(state.get("took_back", [])), state.get("deal_key"), int(state.get("dealt", 0)))
        except (KeyError, TypeError, ValueError) as exc:   # DoppelkopfError and ValidationError are ValueErrors
            raise TokenError("outdated", f"the saved game cannot be continued ({exc})") from None

    @property
    def took_back_now(self) -> bool:
        """The player took back a decision in the deal on the table."""
        return self.deal_number in self.took_back

    def check_seq(self, seen: int, game_id: str | None = None) -> None:
        """The client acts on what it saw: this game (if it says which) at this step."""
        if game_id is not None and game_id != self.game_id:
            raise OtherGame()
        if seen != self.seq:
            raise StaleSequence(seen, self.seq)

    def changed(self) -> None:
        self.seq += 1


def rebuild_deal(round_: Round, record: dict) -> Deal:
    """The deal of ``record`` within ``round_``.

    ``replay`` recognises a Vorführung only by its first action (the forced declare); before that
    action the forced seat has to come from the round, so an empty record starts from the round.
    """
    if record.get("dealer") != round_.dealer:
        raise DoppelkopfError("the deal record does not belong to this round")
    if Rules.from_dict(record.get("rules")) != round_.rules:     # the round scores it by its own rules
        raise DoppelkopfError("the deal record's rules are not its round's")
    if not record.get("actions"):
        try:
            hands = [cards_from_codes(hand) for hand in record["hands"]]
        except (CardError, TypeError) as exc:
            raise DoppelkopfError(f"bad hands: {exc}") from None
        return round_.start_deal(hands)
    return replay(record, compulsory_open=round_.compulsory_open())


# ----- what the service offers ---------------------------------------------------------------

def new_game(settings: GameSettings, *, computers: bool = True) -> tuple[Game, list[Action]]:
    """A new game. ``computers``: let them act until it is the player's turn; False (the page): not
    yet, the page asks for their decisions one at a time (:func:`step`)."""
    round_ = Round(mode=settings.mode, rules=settings.rule_set())
    deal_key = secrets.token_hex(16)
    game = Game(secrets.token_hex(8), 1, settings, round_, keyed_deal(round_, deal_key, 0), deal_key=deal_key)
    return game, let_computers_act(game) if computers else []


def act(game: Game, action: PlayerAction, *, computers: bool = True) -> list[Action]:
    """Apply the player's action and let the computer players answer; returns the actions applied.

    With ``computers=False`` the computers do not answer yet (the page asks for each of their decisions
    with :func:`step`), except that a naming is resolved at once: the player's intent is no action of
    the record, so no token could carry it to a later request."""
    game.check_seq(action.seq, action.game_id)
    deal = game.deal
    if action.claim:
        return claim_rest(game)
    own = engine_action(deal, action)
    intents = {}
    try:
        if isinstance(own, Declare):
            # A naming is an intent: the driver applies the one that wins once every holder's is known.
            # Judged by what the player knows: a refusal must not tell what another holder holds.
            problem = deal.declare_problem(HUMAN, own.kind, own.compulsory, own.partner, own_knowledge=True)
            if problem:
                raise ServiceError(problem)
            intents[HUMAN] = own
        elif isinstance(own, Play) and deal.play_problem(HUMAN, own.card):
            # Deal.play, the simulations' hot path, checks only what it needs (not the phase).
            raise ServiceError(deal.play_problem(HUMAN, own.card))
        else:
            deal.apply(own)
    except DoppelkopfError as exc:
        raise ServiceError(str(exc)) from None
    game.changed()
    applied = [] if isinstance(own, Declare) else [own]
    if not computers:
        return applied + (computer_step(game, intents) if intents else [])
    return applied + let_computers_act(game, intents)


def claim_rest(game: Game) -> list[Action]:
    """The player shows the cards and takes every remaining trick (TSR 5.4), played out for the record."""
    line = claim_order(game.deal, HUMAN, game.settings.anyone_may_claim())
    if line is None:
        who = "a player" if game.settings.anyone_may_claim() else "only a soloist"
        raise ServiceError(f"you cannot claim now: {who} at its turn whose cards surely take every "
                           "remaining trick may (TSR 5.4)", "no-claim")
    applied = play_out_claim(game.deal, HUMAN, line)
    game.changed()
    return applied


def engine_action(deal: Deal, action: PlayerAction) -> Action:
    """The player's request as the engine's action for seat 0 (the one place that converts)."""
    if action.reservation is not None:
        return Reservation(HUMAN, action.reservation)
    if action.declare is not None:
        return Declare(HUMAN, action.declare, deal.is_compulsory(HUMAN, action.declare), action.partner)
    if action.call is not None:
        return Call(HUMAN, action.call)
    if action.accept is not None:
        return Accept(HUMAN, action.accept)
    if action.give is not None:
        cards = tuple(_card(text) for text in action.give.split())
        # The exchange's step says which: the poor seat passes first, the taker returns later.
        taken = deal.exchange is not None and deal.exchange.taker is not None
        return Return(HUMAN, cards) if taken else Pass(HUMAN, cards)
    return Play(HUMAN, _card(action.play))


def next_deal(game: Game, seen: int, game_id: str | None = None, *, computers: bool = True) -> list[Action]:
    game.check_seq(seen, game_id)
    if not game.deal.is_done():
        raise ServiceError("the deal is not over yet", "wrong-phase")
    if finished_round(game).is_over():
        raise ServiceError("the tournament round is over: start a new game", "round-over")
    game.round.finish_deal(game.deal)
    game.dealt += 1
    game.deal = keyed_deal(game.round, game.deal_key, game.dealt)
    game.changed()
    return let_computers_act(game) if computers else []


def last_own_decision(deal: Deal) -> int | None:
    """Index (in the deal's actions) of the player's last reservation, naming, call or card."""
    actions = deal.actions
    return next((index for index in range(len(actions) - 1, -1, -1) if actions[index].seat == HUMAN), None)


def can_take_back(game: Game) -> bool:
    """Casual play only (the DDV rules know no take-back), and only within the current deal while it
    runs: once it is over the review shows every hand, and a replay knowing them is no deal at all."""
    return (game.settings.mode == CASUAL and not game.deal.is_done()
            and last_own_decision(game.deal) is not None)


def take_back(game: Game, seen: int, game_id: str | None = None, *, computers: bool = True) -> list[Action]:
    """Undo the player's last decision and the computers' actions after it; they answer anew."""
    game.check_seq(seen, game_id)
    if game.settings.mode != CASUAL:
        raise ServiceError("the tournament round has no take-back (as the DDV rules)", "no-take-back")
    if game.deal.is_done():
        raise DealOver("the deal is over: its result stands (take-back ends with the deal)")
    index = last_own_decision(game.deal)
    if index is None:
        raise ServiceError("nothing of yours to take back in this deal", "nothing-to-take-back")
    record = export(game.deal)
    record["actions"] = record["actions"][:index]
    game.deal = rebuild_deal(game.round, record)
    if game.deal_number not in game.took_back:
        game.took_back = (game.took_back + [game.deal_number])[-RECENT_ROWS:]   # as many as the sheet shows
    game.changed()
    return let_computers_act(game) if computers else []


def step(game: Game, seen: int, game_id: str | None = None) -> list[Action]:
    """One computer decision (the page streams the computers' turns: one request, one decision, a token
    for the state after it). In the naming, every holder's intent at once and the winning one applied."""
    game.check_seq(seen, game_id)
    if not computers_to_act(game):
        raise ServiceError("no computer player is to act now", "not-computers-turn")
    applied = computer_step(game)
    game.changed()
    return applied


def change_settings(game: Game, change: SettingsChange) -> None:
    game.check_seq(change.seq, change.game_id)
    updates = change.model_dump(exclude={"seq", "game_id"}, exclude_none=True)
    game.settings = GameSettings(**(game.settings.model_dump() | updates))
    game.changed()


@dataclass(frozen=True)
class Hint:
    """What ``hard`` would do for the player now: the action, its reason, the ideas behind it in a club player's
    words, and whether the table teaches in words only (the Einsteiger table shows no figures)."""
    action: Action
    reason: Reason
    ideas: tuple[Idea, ...]
    words_only: bool


def hint(game: Game) -> Hint:
    """What the Teacher (``hard``'s decisions on paired worlds that believe the bidding) would do for the player
    now, and why: the Analyse later judges this moment on the same worlds (engine/bots/teacher.py).

    The worlds follow from the position alone, searched in this process: asked twice for the same position the
    hint says the same, whatever else the server is doing."""
    if HUMAN not in seats_to_act(game.deal):
        raise ServiceError("there is nothing for you to decide now", "not-your-turn")
    seen = observe(game.deal, HUMAN)
    action, reason = with_round(game, Teacher()).explain(HUMAN, seen)
    return Hint(action, reason, hint_ideas(seen, action, reason), words_only(game))


def hint_ideas(seen: Observation, action: Action, reason: Reason) -> tuple[Idea, ...]:
    """The ideas behind the hinted action in a club player's words, read from the player's own
    observation (``engine/bots/ideas.py``): the hint says them first, the search's figures second. A bug there
    costs the hint its words (logged), never the hint itself (tests/bots/test_ideas.py tries every legal action
    of random deals under each preset)."""
    try:
        return ideas_for(action, seen, HUMAN, reason)
    except Exception:
        log.exception("no idea for the hint %r", action)
        return ()


def words_only(game: Game) -> bool:
    """The Einsteiger table teaches in words: its hints show no figures."""
    return game.round.rules.preset == "einsteiger"


def exchange_suggestion(game: Game) -> tuple[int, ...]:
    """The cards the computer players would give in the player's place in the Armut exchange (the page
    preselects them; engine/bots/partners.py); none where the player passes or returns nothing now."""
    deal = game.deal
    if deal.phase != POVERTY or deal.turn != HUMAN:
        return ()
    return getattr(make_bot("rules").choose(HUMAN, observe(deal, HUMAN)), "cards", ())


def round_bot(game: Game, level: str, seed: int):
    """A computer player that knows the tournament round's state (it plans its Pflichtsolo by it)."""
    return with_round(game, make_bot(level, seed))


def with_round(game: Game, bot):
    """``bot`` told the tournament round's state, where it plans by it."""
    if game.round.is_tournament and hasattr(bot, "round_state"):
        bot.round_state = RoundState(game.round.games_left(), game.round.compulsory_open())
    return bot


def export_deal(game: Game) -> dict:
    """The finished deal as a ``doppelkopf-deal/1`` record. It holds all four hands, so not before the
    deal is over: while it runs the player sees only what the table shows."""
    if not game.deal.is_done():
        raise DealRunning("the deal record (with every hand) is there once the deal is over")
    return export(game.deal)


def finished_round(game: Game) -> Round:
    """The round as it stands, with the current deal entered if it is complete.

    The stored round only takes a deal in when the next one starts, so that the finished deal can
    still be replayed with the Pflichtsoli that were open while it was played.
    """
    if not game.deal.is_done():
        return game.round
    copy = Round.from_dict(game.round.to_dict())
    copy.finish_deal(game.deal)
    return copy


# ----- the computer players ----------------------------------------------------------------

def let_computers_act(game: Game, intents: dict[int, str] | None = None) -> list[Action]:
    """Let seats 1-3 act until the player (seat 0) must act or the deal is over: :func:`computer_step`
    until none is to act, so the page's stream and the API's one answer play the same."""
    applied: list[Action] = []
    while intents or computers_to_act(game):
        done = computer_step(game, intents)
        intents = None
        if not done:        # nothing could be applied (cannot happen while computers_to_act): no loop
            break
        applied += done
    return applied


def computers_to_act(game: Game) -> list[int]:
    """The computer seats whose decision comes next; empty when the player must act or the deal is over."""
    seats = seats_to_act(game.deal)
    if HUMAN in seats and not _player_cannot_name(game.deal):
        return []
    return [seat for seat in seats if seat != HUMAN]


def computer_step(game: Game, intents: dict[int, str] | None = None) -> list[Action]:
    """Apply the next computer decision (in the naming, all holders' intents and the winning naming).

    Each decision's players are made for it, so their seeds come from the state they decide in
    (``bot_seed``), whether the decisions come in one request or one each."""
    deal = game.deal
    intents = dict(intents or {})
    if _player_cannot_name(deal):
        # The player said Vorbehalt, but the player's own hand shows that another reservation wins
        # whatever the player names (TSR 4.1.5), so there is nothing to ask: any naming the hand
        # allows stands in as the losing intent.
        intents[HUMAN] = house_default(deal, HUMAN)
    players = {seat: SafePlayer(game, seat) for seat in COMPUTER_SEATS}
    with ThoughtLess() as noted:
        applied = advance(deal, players, intents, limit=1, claim_anyone=game.settings.anyone_may_claim())
    game.thought_less |= noted.count > 0
    return applied


class SafePlayer:
    """A computer player whose failure (an exception, an illegal action) becomes a random legal action.

    A bot's bug must not stop the game (or answer the page with an error): the deal goes on and
    the log says what happened.
    """

    def __init__(self, game: Game, seat: int):
        self.deal = game.deal
        self.seed = bot_seed(game, seat)
        self.bot = round_bot(game, game.settings.level, self.seed)

    def choose(self, seat: int, record: dict) -> Action:
        try:
            action = self.bot.choose(seat, record)
            if _is_legal(self.deal, action, seat):
                return action
            log.warning("bot %s chose an illegal action %r; playing a random one", self.bot, action)
        except Exception:   # noqa: BLE001 - any bot failure, logged with its traceback
            log.exception("bot %s failed; playing a random legal action", self.bot)
        return _random_legal_action(self.deal, seat, random.Random(self.seed))


def _is_legal(deal: Deal, action: Action, seat: int) -> bool:
    if isinstance(action, Declare):     # a naming is an intent: its kind must fit the hand and the rules
        return action.seat == seat and deal.kind_problem(seat, action.kind) is None
    return is_legal(deal, action, seat)


def _random_legal_action(deal: Deal, seat: int, rng: random.Random) -> Action:
    if deal.phase == DECLARE:
        kind = rng.choice(SOLO_KINDS)
        return Declare(seat, kind, deal.is_compulsory(seat, kind))
    if deal.phase == RESERVATIONS:
        return Reservation(seat, False)
    return Play(seat, rng.choice(deal.legal_cards()))


def _player_cannot_name(deal: Deal) -> bool:
    return (deal.phase == DECLARE and HUMAN in seats_to_act(deal)
            and not deal.legal_declarations(HUMAN, own_knowledge=True))


def bot_seed(game: Game, seat: int) -> int:
    """Reproducible: the same game, deal and point in the deal give the bots the same dice."""
    text = f"{game.game_id}:{game.deal_number}:{game.deal.action_count}:{seat}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def keyed_deal(round_: Round, deal_key: str, dealt: int) -> Deal:
    """The deal after ``dealt`` earlier ones of the game with the secret ``deal_key``: the same cards
    however often it is dealt, so asking an older token for the next deal again changes nothing.
    The key is sealed in the token and never shown: the cards stay unknown until they are dealt."""
    seed = hmac.new(deal_key.encode(), f"deal:{dealt}".encode(), hashlib.sha256).digest()
    return round_.new_deal(random.Random(int.from_bytes(seed, "big")))


def _card(text: str) -> int:
    try:
        return card_from_code(text)
    except CardError as exc:
        raise ServiceError(str(exc)) from None

