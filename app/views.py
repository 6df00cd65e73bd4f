"""The player's view of the table, built from the engine: only what seat 0 may know.

Templates render this and know nothing of rules; the API returns it as JSON.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from engine.actions import Accept, Action, Call, Declare, Pass, Play, Reservation, Return
from engine.cards import CLUB_QUEEN, card_from_code, code
from engine.claim import claim_order, claimed_at
from engine.contracts import DECLARATIONS, SOLO_KINDS, TRUMP, build_order, is_solo_scored, swine_cards
from engine.deal import DECLARE, DONE, PLAY, POVERTY, RE, RESERVATIONS, Deal
from engine.driver import seats_to_act
from engine.observation import Observation, Public, known_parties, observe, shown_swine
from engine.round import Round
from engine.rules import OPTIONS

from .i18n import decimal, translator
from .game_settings import PersonalSettings
from .view_models import (BockRoundView, RulesView, ExchangeChoice, ActionView, CardView, HintView, IdeaView, Declaration,
                          EventView, EyeCount, Frame, GameType, LogEntry, Options, PlacedCard,
                          ResultView, ScoreLine, ScoreRowView, SeatView, TableView, TrickView)
from . import service
from .service import HUMAN, Game, Hint, can_take_back, computers_to_act, finished_round

POSITIONS = ("bottom", "left", "top", "right")     # seats clockwise from the player
SUIT_CLASS = ("C", "S", "H", "D", "trump")


def table_view(game: Game, events: list[Action] = ()) -> TableView:
    deal = game.deal
    round_now = finished_round(game)
    seen = observe(deal, HUMAN)      # what the player may know: the parties, the frames' parties
    parties = parties_shown(deal, seen)
    eyes = eye_count(deal, parties) if game.settings.eye_counter and deal.phase in (PLAY, DONE) else None
    game_type = public_game_type(deal)
    hand = hand_view(deal, game.settings)
    turn = turn_of(deal)
    thinking = computers_to_act(game)     # the page streams their decisions (POST /step)
    swine = shown_swine(deal)        # as the rules say: at the start of play, or once a card is played
    log, shown = story(deal, len(events), eyes is not None, game.settings.anyone_may_claim(), seen)
    last_trick = trick_view(deal.tricks[-1]) if deal.tricks else None
    return TableView(
        game_id=game.game_id,
        seq=game.seq,
        settings=game.settings,
        deal_number=game.deal_number,
        games_left=round_now.games_left(),
        phase=deal.phase,
        waiting_for="computers" if thinking else waiting_for(deal, round_now.is_over()),
        thinking=thinking,
        seats=[seat_view(deal, seat, parties, round_now.compulsory_open(), turn, swine) for seat in range(4)],
        hand=hand,
        must_follow=next((c.follow for c in hand if c.problem == "must-follow"), None),
        both_club_queens=deal.holds_both_club_queens(HUMAN),
        trick=current_trick(deal),
        trick_number=len(deal.tricks) + (deal.phase == PLAY),
        tricks_total=len(deal.dealt[HUMAN]),
        turn=turn,
        last_trick=last_trick,
        recent_tricks=recent_tricks(deal, shown),
        trump=game_type.contract if game_type and game_type.contract in SOLO_KINDS else None,
        overruled=game_type if overruled(deal) else None,
        forced=deal.forced,
        game=game_type,
        options=in_hand_order(options_view(deal, game.settings.anyone_may_claim(), service.exchange_suggestion(game)), hand),
        result=result_view(deal) if deal.is_done() else None,
        thrown_hand=thrown_hand(deal),
        bock_rounds=bock_rounds_view(game) if deal.bock > 1 else [],
        score_sheet=[ScoreRowView(**vars(row), took_back=row.number in game.took_back) for row in round_now.rows],
        rules=rules_view(round_now),
        bock=deal.bock,
        bock_to_come=[2 ** level for level in round_now.bock_levels[1 if not deal.is_done() else 0:]],
        totals=round_now.totals,
        round_over=deal.is_done() and round_now.is_over(),
        can_take_back=can_take_back(game),
        took_back=game.took_back_now,
        thought_less=game.thought_less,
        ranking=ranking(round_now.totals) if deal.is_done() and round_now.is_over() else [],
        places=places(round_now.totals) if deal.is_done() and round_now.is_over() else [],
        events=[event_view(action) for action in events],
        frames=shown,
        log=log,
        eyes=eyes,
    )


def ranking(totals: list[int]) -> list[tuple[int, int]]:
    """(total, seat), the best first; equal totals in seat order."""
    return sorted(((total, seat) for seat, total in enumerate(totals)), key=lambda entry: (-entry[0], entry[1]))


def places(totals: list[int]) -> list[int]:
    """The place of each entry of ``ranking(totals)``: equal totals share a place (1, 1, 3, 4)."""
    ordered = [total for total, _ in ranking(totals)]
    return [1 + sum(other > total for other in ordered) for total in ordered]


def thrown_hand(deal: Deal) -> list[CardView]:
    """A deal thrown in with a hand (Schmeißen): the thrower laid the cards open, so the table shows them."""
    if deal.thrown is None or deal.thrown["reason"] == "poverty":
        return []
    return [card_view(card) for card in deal.order.sorted(deal.dealt[deal.thrown["seat"]])]


def bock_rounds_view(game: Game) -> list[BockRoundView]:
    """The Bock rounds the deal on the table belongs to: which of its deals this is, and why it came."""
    return [BockRoundView(place=place, deals=len(r["deals"]), after=r["after"], why=r["why"])
            for r, place in game.round.bock_rounds_of(game.deal_number)]


def waiting_for(deal: Deal, round_over: bool) -> str:
    if deal.phase == DONE:
        return "round-over" if round_over else "next-deal"
    if deal.phase == RESERVATIONS:
        return "reservation"
    if deal.phase == DECLARE:
        return "declare"
    if deal.phase == POVERTY:
        return "exchange"
    return "play"


def rules_view(round_: Round) -> RulesView:
    """The round's rule set: its preset and every option's value (the table shows the name, the rest on demand)."""
    rules = round_.rules
    return RulesView(preset=rules.preset, options={name: getattr(rules, name) for name in OPTIONS},
                     changed=sorted(set(rules.to_dict()) - {"preset"}))


# ----- cards and tricks ----------------------------------------------------------------------

def action_view(action: Action) -> ActionView:
    if isinstance(action, Play):
        return ActionView(kind="play", card=card_view(action.card))
    if isinstance(action, Call):
        return ActionView(kind="call", call=action.call)
    if isinstance(action, Reservation):
        return ActionView(kind="reservation", reservation=action.has_reservation)
    if isinstance(action, Accept):
        return ActionView(kind="accept", accept=action.accepted)
    if isinstance(action, (Pass, Return)):
        return ActionView(kind=action.KEY, cards=[card_view(card) for card in action.cards])
    return ActionView(kind="declare", declare=action.kind)


def hint_view(hint: Hint, language: str) -> HintView:
    """The hint (``service.hint``): the ideas in words first; the strong player's own reason (its figures)
    second, and not at all where the table teaches in words only (the Einsteiger table)."""
    hard, reason, ideas, words_only = hint.action, hint.reason, hint.ideas, hint.words_only
    worded = [IdeaView(key=idea.key, params=idea.values, text=reason_text(idea, language, "hint.idea."))
              for idea in ideas]
    hint = HintView(hard=action_view(hard), reason=" ".join(idea.text for idea in worded), ideas=worded)
    if not words_only:
        hint.reason_key, hint.reason_params = reason.key, reason.values
        if reason.key in FIGURE_REASONS:
            hint.figures = reason_text(reason, language)
    return hint


# The bot reasons that are figures (expected points, chances, estimates); the others say in words what the
# ideas say already.
FIGURE_REASONS = frozenset({"expected-card", "expected-card-only", "expected-call", "expected-call-table",
                            "solo-expected",
                            "gesund-expected", "solo-hand", "armut-take", "armut-decline"})


# Reason parameters that are names (a solo kind, a party, a call, a suit class): the catalogs word them as
# everywhere else.
NAMED_PARAMS = {"kind": "contract.", "party": "party.", "call": "call.", "suit": "suit_class."}


def reason_text(reason, language: str, prefix: str = "hint.reason.") -> str:
    """A bot's reason (or an idea, with ``prefix`` ``hint.idea.``) worded in ``language`` (catalog key
    ``<prefix><key>``)."""
    t = translator(language)
    params = {}
    for name, value in reason.params:
        if name in NAMED_PARAMS:
            params[name] = t(NAMED_PARAMS[name] + value)
        elif name == "other":   # a card code
            view = card_view(card_from_code(value))
            params[name] = t("card.name", rank=t("rank_name." + view.rank), suit=t("suit_name." + view.suit))
        elif isinstance(value, float):
            params[name] = decimal(value, language)
        else:
            params[name] = value
    return t(f"{prefix}{reason.key}", **params)


def card_view(card: int) -> CardView:
    text = code(card)
    return CardView(code=text, suit=text[0], rank=text[1:])


def hand_sorter(order, settings: PersonalSettings):
    """``sort(cards)``: a hand as the player likes it: trumps on the left or the right, the fail
    suits in the chosen order, each group high to low by the contract's order."""
    place = {suit: i for i, suit in enumerate(settings.suit_order)}
    place["trump"] = -1 if settings.trumps == "left" else 4

    def sort(cards) -> list[int]:
        return sorted(cards, key=lambda card: (place[SUIT_CLASS[order.suit[card]]], -order.strength[card]))

    return sort


def hand_view(deal: Deal, settings: PersonalSettings) -> list[CardView]:
    """The player's cards in the order they like (``hand_sorter``), each with why it cannot be played."""
    views = []
    for card in hand_sorter(order_before_play(deal), settings)(deal.hands[HUMAN]):
        view = card_view(card)
        view.group = SUIT_CLASS[deal.order.suit[card]]
        view.problem_text = deal.play_problem(HUMAN, card)
        view.playable = view.problem_text is None
        if not view.playable:
            view.problem, view.follow = _problem_reason(deal)
        views.append(view)
    return views


def order_before_play(deal: Deal):
    """The order the player's hand sorts by. Before play (reservations, naming, Armut exchange) the engine
    keeps the plain normal order, but a player holding both swine cards plays them as Schweine, the
    highest trumps (house rules §4.1: automatic, from the start of play), so the hand shows them on top."""
    if deal.phase == PLAY or deal.phase == DONE or not deal.rules.schweine:
        return deal.order
    swine = swine_cards("normal", deal.rules)[0]
    if swine is None or deal.hands[HUMAN].count(swine) < 2:
        return deal.order
    return build_order("normal", deal.rules, True)


def _problem_reason(deal: Deal) -> tuple[str, str | None]:
    """The reason code behind the engine's ``play_problem`` (the catalogs word it per language)."""
    if deal.phase != PLAY:
        return "not-playing", None
    if deal.turn != HUMAN:
        return "not-your-turn", None
    return "must-follow", SUIT_CLASS[deal.order.suit[deal.trick[0]]]


@cache      # 96 possible values, read-only once made: each answer places some 20 cards (frames, tricks)
def placed(seat: int, card: int) -> PlacedCard:
    return PlacedCard(seat=seat, position=POSITIONS[seat], card=card_view(card))


def trick_view(trick) -> TrickView:
    cards = [placed(trick.seat_of(i), card) for i, card in enumerate(trick.cards)]
    return TrickView(number=trick.number, leader=trick.leader, cards=cards, winner=trick.winner)


def current_trick(deal: Deal) -> TrickView | None:
    if deal.phase != PLAY:
        return None
    cards = [placed((deal.leader + i) % 4, card) for i, card in enumerate(deal.trick)]
    return TrickView(number=len(deal.tricks) + 1, leader=deal.leader, cards=cards)


def story(deal: Deal, new_actions: int, count_eyes: bool = False,
          claim_anyone: bool = False, seen: Observation | None = None) -> tuple[list[LogEntry], list[Frame]]:
    """The deal's log, and the table after each of its last ``new_actions`` actions (the frames).

    One walk over the record: every action knows how many cards were played before it, so each
    frame can say which trick lies on the table, whose turn it is and what the counters say then. The
    parties of a frame are what the player's observation (``seen``) held then: the walk follows its
    actions with the public facts they make.
    """
    actions = deal.actions
    seen = seen or observe(deal, HUMAN)
    public = Public(seen.dealer, seen.rules, seen.shown)
    first_new = len(actions) - new_actions
    # Parties become public once the naming is over, with its last action (the record starts with
    # the reservations and the game named), not before.
    named = deal.phase not in (RESERVATIONS, DECLARE)
    naming_over = sum(said is not None for said in deal.reservations) + (deal.declaration is not None) - 1
    log: list[LogEntry] = []
    frames: list[Frame] = []
    plays: list[tuple[int, int]] = []
    # A claim (TSR 5.4) is told once and its played-out cards are not shown one by one: the table jumps to
    # the end, as when the cards are laid down.
    claim = claimed_at(deal, claim_anyone)
    left = [len(hand) for hand in deal.dealt]
    for step, action in enumerate(actions):
        public.apply(seen.actions[step])
        if step == claim:
            log.append(LogEntry(step=step, kind="claim", seat=action.seat))
        if isinstance(action, Play):
            plays.append((action.seat, action.card))
            left[action.seat] -= 1
            if len(plays) % 4 == 0:
                trick = deal.tricks[len(plays) // 4 - 1]
                log.append(LogEntry(step=step, kind="trick", seat=trick.winner, value=None, trick=trick.number,
                                 eyes=trick.eyes))
                if trick.number == deal.clarified_in:
                    partner = public_partner(deal)
                    log.append(LogEntry(step=step, kind="clarified", trick=trick.number, value=None, eyes=None,
                                     seat=deal.hochzeiter if partner is None else partner))
        else:
            moved = exchange_moves(deal, action)
            for seat, count in moved.items():
                left[seat] += count
            kind, value = event_parts(action)
            log.append(LogEntry(step=step, kind=kind, seat=action.seat, value=value, trick=None, eyes=None))
        if step >= first_new and not (claim is not None and claim <= step < len(actions) - 1):
            parties = parties_shown(deal, seen, public) if named and step >= naming_over else [None] * 4
            frames.append(frame(deal, step, action, plays, left, parties))
            if count_eyes and plays:      # the eye counter as it stood then, from what was public then
                frames[-1].eyes = eye_count(deal, parties, frames[-1].last_trick or 0)
    return log, frames


def exchange_moves(deal: Deal, action: Action) -> dict[int, int]:
    """How an Armut action changes the seats' card counts."""
    ex = deal.exchange
    if isinstance(action, Pass):
        return {action.seat: -len(action.cards)}
    if isinstance(action, Accept) and action.accepted:
        return {action.seat: len(ex.passed)}
    if isinstance(action, Return):
        return {action.seat: -len(action.cards), ex.poor: len(action.cards)}
    return {}


def frame(deal: Deal, step: int, action: Action, plays: list, left: list[int], parties: list[str | None]) -> Frame:
    played = len(plays)
    is_play = isinstance(action, Play)
    in_play = is_play or isinstance(action, Call)
    # A complete trick stays on the table (not yet collected) in the frame of its last card.
    complete = is_play and played % 4 == 0
    collected = (played - 1) // 4 if complete else played // 4
    on_table = plays[collected * 4:]
    number = collected + 1
    leader = trick_leader(deal, collected)
    winner = deal.tricks[collected].winner if complete else None
    tricks = [0] * 4
    for trick in deal.tricks[:collected]:
        tricks[trick.winner] += 1
    kind, value = event_parts(action)
    return Frame(
        step=step, kind=kind, seat=action.seat, value=value,
        cards=[placed(seat, card) for seat, card in on_table], winner=winner,
        trick=number if in_play else None, leader=leader if in_play else None,
        turn=None if complete or not in_play else (leader + len(on_table)) % 4,
        tricks=tricks, cards_left=list(left), last_trick=collected or None, parties=parties,
    )


def trick_leader(deal: Deal, index: int) -> int:
    return deal.tricks[index].leader if index < len(deal.tricks) else deal.leader


def recent_tricks(deal: Deal, frames: list[Frame]) -> list[TrickView]:
    """The tricks the last-trick panel shows while the frames play, the final one last."""
    numbers = [f.last_trick for f in frames if f.last_trick] + [len(deal.tricks)]
    return [trick_view(trick) for trick in deal.tricks[min(numbers) - 1:]] if deal.tricks else []


def turn_of(deal: Deal) -> int | None:
    """The one seat the table marks as to act (in the naming, the player first if asked)."""
    if deal.phase in (RESERVATIONS, PLAY, POVERTY):
        return deal.turn
    if deal.phase == DECLARE:
        asked = seats_to_act(deal)
        return HUMAN if HUMAN in asked else next(iter(asked), None)
    return None


def overruled(deal: Deal) -> bool:
    """The player said Vorbehalt, and another seat's game was named instead."""
    declaration = deal.declaration
    return bool(deal.reservations[HUMAN] and declaration is not None and declaration.seat != HUMAN)


# ----- seats, parties and the game type ------------------------------------------------------

def seat_view(deal: Deal, seat: int, parties: list[str | None], solos_open: frozenset[int], turn: int | None,
              swine: dict | None = None) -> SeatView:
    partner = public_partner(deal)
    return SeatView(
        shows=[kind for kind, holder in (swine or {}).items() if holder == seat],
        seat=seat,
        position=POSITIONS[seat],
        is_human=seat == HUMAN,
        is_dealer=seat == deal.dealer,
        is_vorhand=seat == deal.vorhand,
        is_turn=seat == turn,
        cards_in_hand=len(deal.hands[seat]),
        tricks=sum(trick.winner == seat for trick in deal.tricks),
        reservation=deal.reservations[seat],
        party=parties[seat],
        calls=[made.call for made in deal.calls_made if made.seat == seat],
        is_hochzeiter=seat == deal.hochzeiter,
        is_partner=seat == partner,
        owes_compulsory_solo=seat in solos_open,
    )


def parties_shown(deal: Deal, seen: Observation, public: Public | None = None) -> list[str | None]:
    """Each seat's party as the table shows it: what the player's observation ``seen`` holds for certain
    (``engine.observation.known_parties``), after an earlier action with its ``public`` facts (the frames) or
    now; none while the deal is named or when it is thrown in; the finished deal shows them all."""
    if deal.phase in (RESERVATIONS, DECLARE) or deal.thrown is not None:
        return [None] * 4
    public = public or seen.public
    if deal.is_done() and public.cards_played == deal.cards_played:
        return [deal.party_of(seat) for seat in range(4)]
    return known_parties(public, HUMAN, seen.dealt.count(CLUB_QUEEN), certain=True)


def eye_count(deal: Deal, parties: list[str | None], collected: int | None = None) -> EyeCount:
    """The eyes of the first ``collected`` tricks (default: all) by the party of their winner as
    far as the player knows it (``parties_shown``); the tricks of seats not yet known count apart."""
    count = EyeCount()
    for trick in deal.tricks[:collected]:
        party = parties[trick.winner] or "unknown"
        setattr(count, party, getattr(count, party) + trick.eyes)
    return count


def public_partner(deal: Deal) -> int | None:
    if deal.hochzeiter is None or deal.re_seats is None:
        return None
    return next((s for s in deal.re_seats if s != deal.hochzeiter), None)


def public_game_type(deal: Deal) -> GameType | None:
    if deal.contract is None:
        return None
    contract = deal.contract
    silent = contract == "silent-wedding"
    if silent and deal.soloist != HUMAN and not deal.is_done():
        contract = "normal"          # a stille Hochzeit stays secret (only its player knows)
    declaration = deal.declaration
    return GameType(
        contract=contract,
        declarer=declaration.seat if declaration else (deal.soloist if contract == "silent-wedding" else None),
        compulsory=bool(declaration and declaration.compulsory),
        forced=deal.forced is not None,
        leader=deal.tricks[0].leader if deal.tricks else deal.leader,
        partner=public_partner(deal),
    )


def options_view(deal: Deal, claim_anyone: bool = False, suggested=()) -> Options:
    """What the player may do now; ``suggested``: the Armut cards to preselect (``service.exchange_suggestion``)."""
    options = Options()
    if deal.phase == RESERVATIONS and deal.turn == HUMAN:
        options.reservation = True
        # Without solos, Vorbehalt needs a reservation to declare and both Kreuz-Damen must say it.
        options.reservations = [r for r in (False, True) if deal.reservation_problem(HUMAN, r) is None]
    elif deal.phase == DECLARE and HUMAN in seats_to_act(deal):
        seen = set()
        # From the player's hand and public facts only, never from another holder's hand; a Hochzeit
        # once per partner rule, when it is chosen.
        for declare in deal.legal_declarations(HUMAN, own_knowledge=True):
            if (declare.kind, declare.partner) not in seen:
                seen.add((declare.kind, declare.partner))
                options.declarations.append(Declaration(kind=declare.kind, compulsory=declare.compulsory,
                                                        partner=declare.partner))
        options.declarations.sort(key=lambda d: DECLARATIONS.index(d.kind))
    elif deal.phase == POVERTY and deal.turn == HUMAN:
        exchange_options(deal, options, suggested)
    elif deal.phase == PLAY and deal.turn == HUMAN:
        options.play = True
        options.calls = deal.legal_calls(HUMAN)
        options.claim = claim_order(deal, HUMAN, claim_anyone) is not None
        options.forced = forced_card(deal)
    return options


def forced_card(deal: Deal) -> str | None:
    """The player's card when nothing is left to decide for the rest of the deal: one card in hand, or two
    of which only one may be played now (the other follows in the last trick), and no announcement
    possible. The page plays it after a short pause."""
    legal = set(deal.legal_cards())
    if len(deal.hands[HUMAN]) <= 2 and len(legal) == 1 and not deal.legal_calls(HUMAN):
        return code(legal.pop())
    return None


def in_hand_order(options: Options, hand: list[CardView]) -> Options:
    """The Armut's choices in the order of the hand on show: the hand's card i is choice i (hand.html)."""
    if options.exchange_choices:
        left = list(options.exchange_choices)
        options.exchange_choices = [left.pop(next(i for i, c in enumerate(left) if c.card.code == card.code))
                                    for card in hand]
    return options


def exchange_options(deal: Deal, options: Options, suggested=()) -> None:
    """The player's step in the Armut exchange: pass (the trumps go in any case), accept, or return."""
    ex = deal.exchange
    options.exchange = "pass" if not ex.passed else ("accept" if ex.taker is None else "return")
    options.exchange_cards = deal.poverty_cards()
    if options.exchange == "accept":
        return
    suggested = Counter(suggested)   # preselected: what the computer players give in the player's place
    for card in deal.order.sorted(deal.hands[HUMAN]):
        fixed = options.exchange == "pass" and deal.order.suit[card] == TRUMP
        chosen = suggested[card] > 0
        suggested[card] -= 1
        options.exchange_choices.append(ExchangeChoice(card=card_view(card), fixed=fixed, chosen=chosen or fixed))


def result_view(deal: Deal) -> ResultView:
    result = deal.result().to_dict()
    value = [ScoreLine(**line) for line in result["value"]]
    if deal.rules.re_kontra_value == "double" and result["winner"]:
        # Each announcement doubles the value (house rules §10.3): shown as "×2" after the lines it doubles.
        for line in value:
            line.doubles = line.item in ("announced-re", "announced-kontra")
        value.sort(key=lambda line: line.doubles)
    return ResultView(
        **{key: result[key] for key in ("contract", "re", "kontra", "eyes", "tricks", "winner", "scores")},
        value=value,
        special=[ScoreLine(**line) for line in result["special"]],
        re_net=sum(line["points"] if line["party"] == RE else -line["points"]
                   for line in result["value"] + result["special"]),
        tripled=is_solo_scored(result["contract"]),
        bock=result.get("bock", 1),
        thrown=result.get("thrown"),
        poverty=result.get("poverty"),
        clarified=deal.clarified_in,
    )


def event_view(action: Action) -> EventView:
    kind, value = event_parts(action)
    return EventView(seat=action.seat, kind=kind, value=value)


def event_parts(action: Action) -> tuple[str, str | bool]:
    """What an action says, as (kind, value): the log and the frames need no view object for it."""
    if isinstance(action, Play):
        return "play", code(action.card)
    if isinstance(action, Reservation):
        return "reservation", action.has_reservation
    if isinstance(action, Declare):
        return "declare", action.kind
    if isinstance(action, Call):
        return "call", action.call
    if isinstance(action, Accept):
        return "accept", action.accepted
    if isinstance(action, (Pass, Return)):    # how many cards (which ones only the two seats involved see)
        return action.KEY, str(len(action.cards))
    raise TypeError(f"an action the table does not know: {action!r}")
