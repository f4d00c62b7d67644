"""Words the rules give a person, in English, with what it takes to translate them later.

The rules engine knows nothing of Django. A sentence it gives (an error, or a problem found in
plain words) keeps its English text and its figures apart, so the app can show it in the page's
language (`tournaments.l10n.say`). `makemessages` (our own, in management/commands) extracts
the first argument of `RuleError(...)` and `words(...)`, and both of `plural_words(...)`.

A figure may itself be such a sentence (`joined`, "hand 2: …"): `say` translates it too. A whole
sentence is one message: never glue English pieces together, and write "%(x)r" for a repr.
"""

from collections.abc import Sequence
from typing import Any


def _fill(message: str, figures: dict[str, Any]) -> str:
    return message % figures if figures else message


class RuleError(ValueError):
    """A ValueError whose English text is `message % figures`."""

    def __init__(self, message: str, /, **figures: Any) -> None:
        self.message = message
        self.plural: str | None = None
        self.count: int | None = None
        self.figures = figures
        super().__init__(_fill(message, figures))

    @classmethod
    def of(cls, said: "Words") -> "RuleError":
        """A sentence given in words (one of `numbers_problems`, say), raised as an error."""
        error = cls(said.message)
        error.plural, error.count, error.figures = said.plural, said.count, said.figures
        error.args = (str(said),)
        return error


class Words(str):
    """A sentence in English (it is a str) that also keeps its message and figures apart."""

    message: str
    plural: str | None
    # The count of a plural sentence. It hides str.count on these objects (nobody counts in them).
    count: int | None  # type: ignore[assignment]  # hides str.count, as said above
    figures: dict[str, Any]


def words(message: str, /, **figures: Any) -> Words:
    said = Words(_fill(message, figures))
    said.message, said.plural, said.count, said.figures = message, None, None, figures
    return said


def plural_words(singular: str, plural: str, count: int, /, **figures: Any) -> Words:
    """One of two sentences by a count (English has two forms; other languages may have more)."""
    figures = {"count": count, **figures}
    said = Words(_fill(singular if count == 1 else plural, figures))
    said.message, said.plural, said.count, said.figures = singular, plural, count, figures
    return said


def joined(sentences: Sequence[Words]) -> Words:
    """Several sentences as one, "first; second; third", each still translated on its own.

    A figure may itself be a sentence (Words or RuleError): `say` translates it before filling it in.
    """
    if not sentences:
        raise ValueError("joined() needs at least one sentence")
    said = sentences[0]
    for then in sentences[1:]:
        said = words("%(first)s; %(then)s", first=said, then=then)
    return said
