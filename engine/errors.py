"""The engine's own exception types: every bad input surfaces as one of these."""


class DoppelkopfError(ValueError):
    """Base class of everything the engine rejects."""


class CardError(DoppelkopfError):
    """An unknown card code or an impossible set of hands."""


class RulesError(DoppelkopfError):
    """An unknown rule preset or option."""


class IllegalActionError(DoppelkopfError):
    """An action that is not legal at this point of the deal."""

    def __init__(self, reason: str, seat: int | None = None):
        super().__init__(reason)
        self.reason = reason
        self.seat = seat


class RecordError(DoppelkopfError):
    """A deal record that cannot be read or replayed.

    ``index`` and ``seat`` name the first illegal action; ``index`` is ``None`` when the
    problem is not in ``actions``, and then ``seat`` names the hand at fault, if any.
    """

    def __init__(self, reason: str, index: int | None = None, seat: int | None = None):
        where = f"action {index} (seat {seat}): " if index is not None else ""
        super().__init__(where + reason)
        self.reason = reason
        self.index = index
        self.seat = seat

    def to_dict(self) -> dict:
        return {"error": str(self), "index": self.index, "seat": self.seat}
