"""Request dependencies shared by the pages and the API: the sealer, the game from the token.

Both are ``async def`` although they do not wait for anything: FastAPI runs a plain ``def``
dependency in its thread pool, and each such trip costs about 0.1 ms of CPU (measured: a trip with
nothing to do, ``run_in_threadpool``, 90-130 µs), more than reading an attribute or, for the game,
a good part of unsealing it. The pages' async routes load the game on the event loop the same way.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header, Request

from .sealing import Sealer, TokenError
from .service import Game

TOKEN_HEADER = "X-Game-Token"
# Replayed tokens (issue 21.11): the server keeps no state, so the page says which step of each recent
# game is the newest it has stored (``X-Game-Newest``: ``<game id>:<seq>`` pairs, comma-separated),
# and every answer says which step its token is (``X-Game-Step``: ``<game id>:<seq>``). A token of such
# a game at an earlier step is refused: an older copy put back would undo moves without the take-back
# mark, or deal a deal again after its cards were seen.
NEWEST_HEADER = "X-Game-Newest"
STEP_HEADER = "X-Game-Step"
MAX_NEWEST_CHARS = 2000          # the page keeps the newest step of its last 20 games


def game_step(game: Game) -> str:
    return f"{game.game_id}:{game.seq}"


def newest_step(newest: str | None, game_id: str) -> int | None:
    """The newest step of ``game_id`` the page says it has stored (anything malformed says nothing)."""
    for pair in (newest or "")[:MAX_NEWEST_CHARS].split(","):
        named, _, seq = pair.strip().partition(":")
        if named == game_id and seq.isascii() and seq.isdigit() and len(seq) <= 12:
            return int(seq)
    return None


def game_from_token(sealer: Sealer, token: str | None, newest: str | None) -> Game:
    """The game in ``token``; TokenError("older") if the page has stored a later step of the same game."""
    game = Game.from_state(sealer.unseal(token))
    stored = newest_step(newest, game.game_id)
    if stored is not None and stored > game.seq:
        raise TokenError("older", f"this token is step {game.seq} of its game, but step {stored} was stored: "
                                  "an older state of a game cannot be continued")
    return game


async def get_sealer(request: Request) -> Sealer:
    return request.app.state.sealer


SealerDep = Annotated[Sealer, Depends(get_sealer)]


async def load_game(sealer: SealerDep,
                    x_game_token: Annotated[str | None, Header(description="the sealed game token")] = None,
                    x_game_newest: Annotated[str | None, Header(
                        description="the newest step of each game the client has stored, `<game id>:<seq>` "
                                    "(as `X-Game-Step` answers it), comma-separated; an older token of such a "
                                    "game is refused (token-older)", max_length=MAX_NEWEST_CHARS)] = None) -> Game:
    """The game in the request's token; raises TokenError (answered as 400) when there is none to use."""
    return game_from_token(sealer, x_game_token, x_game_newest)


GameDep = Annotated[Game, Depends(load_game)]
