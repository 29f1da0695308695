"""The one error every parser in ``rocmdesk.formats`` raises for input it cannot read."""

from __future__ import annotations


class FormatError(ValueError):
    """The input is not (readable) output of the tool a parser expects.

    The message is one line, fit to show a user as is.
    """

    def __init__(self, message: str) -> None:
        # Keep the promise of a one-line message even if a caller passes more.
        super().__init__(" ".join(message.split()))
