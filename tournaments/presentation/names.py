"""One rule for a person's name (docs/names.md): in full where the director works, at the table itself and in
the person's own mail; everywhere else as the member chose ("initials only on public pages": Member.initials_only).

Every output names people through `name_for` (or a `Namer` built for it): each output is a `Where`, and the
table `FORMS` says which form of the name it prints. The rule is here alone, so that a page, a print or a file
added later is one line of that table, and the test walking docs/names.md checks each of them.
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from enum import StrEnum

from django.utils.translation import gettext

from tournaments.rules.initials import private_initial
from tournaments.rules.standings import Placed


class Form(StrEnum):
    FULL = "full"  # the name as the director typed it
    CHOSEN = "chosen"  # the member's own choice: initials when they asked for them


class Where(StrEnum):
    """Every output that names a player, by the name docs/names.md gives it."""

    # Where the director works, at the table, the person's own mail: the name in full.
    DIRECTOR_PAGES = "director's pages"
    TABLE_PHONE = "table phone"
    TALLY_CARDS = "tally cards"
    SCORE_CARDS = "score cards"
    KNOCKOUT_SCORE_PADS = "knockout score pads"
    TOWIE_CARD = "towie card"
    BOSTON_SHEET = "boston sheet"
    OWN_MAIL = "own mail"
    MEMBERS_FILE = "members file"
    EVENT_TRANSFER = "event transfer file"
    # Everywhere else: the member's choice.
    PUBLIC_PAGE = "public page"
    RESULTS_PDF = "results pdf"
    RESULTS_XLSX = "results xlsx"
    MOVEMENT_PDF = "movement pdf"
    STANDINGS_BIG_SCREEN = "standings big screen"
    ROUND_BIG_SCREEN = "round big screen"
    KNOCKOUT_BRACKET_BIG_SCREEN = "knockout bracket big screen"
    KNOCKOUT_BRACKET_PDF = "knockout bracket pdf"
    KNOCKOUT_WALL_PDF = "knockout wall bracket pdf"
    KNOCKOUT_DRAW_PDF = "knockout draw pdf"
    KNOCKOUT_XLSX = "knockout results xlsx"
    SEASON_PDF = "season pdf"
    SEASON_XLSX = "season xlsx"
    SEASON_BIG_SCREEN = "season big screen"
    RESULTS_MAIL = "results mail"
    KNOCKOUT_RESULTS_MAIL = "knockout results mail"
    USEBIO = "usebio"
    BRIDGEWEBS = "bridgewebs"
    PBN = "pbn"
    LEDGER_FILE = "ledger file"

    @property
    def form(self) -> Form:
        return FORMS[self]


_FULL = {
    Where.DIRECTOR_PAGES, Where.TABLE_PHONE, Where.TALLY_CARDS, Where.SCORE_CARDS, Where.KNOCKOUT_SCORE_PADS,
    Where.TOWIE_CARD, Where.BOSTON_SHEET, Where.OWN_MAIL, Where.MEMBERS_FILE, Where.EVENT_TRANSFER,
    Where.LEDGER_FILE,  # the club's own books (issue 44: full names, as the treasurer's exports)
}  # fmt: skip
FORMS: dict[Where, Form] = {where: Form.FULL if where in _FULL else Form.CHOSEN for where in Where}


def initials(name: str) -> str:
    """ "Jane Mary Austen" -> "J. M. A."; "Jean-Pierre Roux" -> "J. R."; each in its script's own way
    (tournaments/rules/initials.py: "سعيد أحمد" -> "س أ", never a Latin full stop after an Arabic letter)."""
    return " ".join(private_initial(part) for part in name.split() if part)


def shown_name(name: str, initials_only: bool) -> str:
    """The member's choice: their initials when they asked for them, else the name as it is."""
    return initials(name) if initials_only else name


def name_for(where: Where, name: str, initials_only: bool | None) -> str:
    """The name as `where` prints it: the member's choice there, else in full."""
    return shown_name(name, bool(initials_only) and where.form is Form.CHOSEN)


def pair_name_for(
    where: Where, name: str, player_a: str, player_b: str, a_initials: bool | None, b_initials: bool | None
) -> str:
    """A knockout pair's name as `where` prints it: the pair's own name, unless a player who is a member asked
    for initials there ("M. J. W. & Bob Carter")."""
    if where.form is Form.FULL or not (a_initials or b_initials):
        return name
    return f"{shown_name(player_a, bool(a_initials))} & {shown_name(player_b, bool(b_initials))}"


class Namer:
    """Names for one output of one event: `hidden` holds the full names of the players asking for initials (the
    selector reads them, selectors/names.py); calling it gives the name that output prints."""

    def __init__(self, where: Where, hidden: Iterable[str] = ()) -> None:
        self.where = where
        self.hidden = frozenset(hidden) if where.form is Form.CHOSEN else frozenset()

    def __call__(self, name: str) -> str:
        return initials(name) if name in self.hidden else name


def seat_sitters(first: str, reserves: Iterable[tuple[str, int]], shown: Callable[[str], str]) -> str:
    """A seat a reserve took during a round (issue 46), each sitter named by `shown`: "Ann → Zoe from deal 3",
    and on to the next reserve when she went home too. `reserves`: (name, the deal she sat from), in order."""
    text = shown(first)
    for name, deal in reserves:
        text = gettext("%(name)s → %(reserve)s from deal %(deal)s") % {
            "name": text,
            "reserve": shown(name),
            "deal": deal,
        }
    return text


def pair_of_players(name: str, shown: Callable[[str], str]) -> str:
    """A keep-partners pair's name ("Ann Lee & Bob Carter"), each player named by `shown`."""
    return " & ".join(shown(player) for player in name.split(" & "))


@dataclass(frozen=True)
class NamedStandings:
    """What the standings page prints besides its table (pairs, best ladies and gentlemen, booby prize), named by
    `shown`: the director's page in full, the big screen as each member chose."""

    pairs: list[Placed]
    best_ladies: list[Placed]
    best_gentlemen: list[Placed]
    booby: list[str]


def named_standings(standings, shown: Callable[[str], str]) -> NamedStandings:
    def placed(lines: list[Placed], name: Callable[[str], str] = shown) -> list[Placed]:
        return [replace(p, name=name(p.name)) for p in lines]

    return NamedStandings(
        pairs=placed(standings.pairs, lambda name: pair_of_players(name, shown)),
        best_ladies=placed(standings.best_ladies),
        best_gentlemen=placed(standings.best_gentlemen),
        booby=[shown(name) for name in standings.booby],
    )
