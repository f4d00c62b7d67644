"""A guest or members file's header row, in any of the site's languages.

One table of the words a hostess puts over each column, per language; read as the kinds are (tournaments/rules/
kinds.py: no case, no accents, no final full stop), so "PRÉNOM", "prenom" and "Prénom" are one word. Every
language's words count whatever the club's language: a Dutch file at a German club still reads.

The columns, in the order the lists use them (a file without a header row is read in this order):

    name      the whole name ("Ada Brown"), or else
    first     the first name and
    surname   the surname, joined "first surname" (the way the app writes a name)
    kind      lady or gentleman
    number    member number (licence)
    email, phone, active, initials   the members file's other columns
"""

from dataclasses import dataclass

from tournaments.rules.kinds import folded, kind_from_word

NAME, FIRST, SURNAME, KIND = "name", "first", "surname", "kind"
NUMBER, EMAIL, PHONE, ACTIVE, INITIALS = "number", "email", "phone", "active", "initials"
# The order of a file's columns when it has no header row (and of the rows handed on once it has).
ORDER = (NAME, KIND, NUMBER, EMAIL, PHONE, ACTIVE, INITIALS)

WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    NAME: {
        "en": ("name", "names", "full name", "guest", "guests", "player", "players", "pair", "pairs", "member",
               "members"),
        "fr": ("nom complet", "nom et prenom", "prenom et nom", "invite", "invites", "joueur", "joueurs",
               "joueuse", "membre", "membres", "nom du joueur", "nom de l'invite"),
        "de": ("name", "vollstandiger name", "gast", "gaste", "spieler", "spielerin", "mitglied", "mitglieder"),
        "nl": ("naam", "namen", "volledige naam", "gast", "gasten", "speler", "spelers", "lid", "leden"),
    },
    FIRST: {
        "en": ("first name", "firstname", "first names", "given name", "forename", "christian name"),
        "fr": ("prenom", "prenoms"),
        "de": ("vorname", "vornamen"),
        "nl": ("voornaam", "voornamen", "roepnaam"),
    },
    SURNAME: {
        "en": ("surname", "last name", "lastname", "family name"),
        "fr": ("nom", "nom de famille"),
        "de": ("nachname", "familienname", "zuname"),
        "nl": ("achternaam", "familienaam"),
    },
    KIND: {
        "en": ("lady or gentleman", "lady/gentleman", "gentleman or lady", "sex", "gender", "l/g", "kind"),
        "fr": (
            "sexe", "genre", "dame/monsieur", "dame ou monsieur", "madame/monsieur", "m/mme", "civilite", "categorie",
            "type",
        ),  # fmt: skip
        "de": ("geschlecht", "dame/herr", "dame oder herr", "herr/dame", "frau/herr", "herr/frau", "anrede", "art"),
        "nl": ("geslacht", "heer/dame", "dame/heer", "dame of heer", "heer of dame", "aanhef", "m/v", "soort"),
    },
    NUMBER: {
        "en": ("member number", "membership number", "number", "licence", "license", "licence number"),
        "fr": ("numero de licence", "licence", "numero", "n° de licence", "no de licence", "numero de membre"),
        "de": ("mitgliedsnummer", "mitgliednummer", "nummer", "lizenz", "lizenznummer", "dbv-nummer"),
        "nl": ("lidnummer", "lidmaatschapsnummer", "nummer", "bondsnummer", "nbb-nummer", "licentie"),
    },
    EMAIL: {
        "en": ("email", "e-mail", "email address", "e-mail address", "mail"),
        "fr": ("courriel", "adresse e-mail", "adresse electronique", "mel"),
        "de": ("e-mail-adresse", "e-mail adresse", "emailadresse"),
        "nl": ("e-mailadres", "emailadres", "mailadres"),
    },
    PHONE: {
        "en": ("phone", "telephone", "phone number", "mobile", "tel"),
        "fr": ("telephone", "portable", "numero de telephone", "tel"),
        "de": ("telefon", "telefonnummer", "handy", "mobil", "tel"),
        "nl": ("telefoon", "telefoonnummer", "mobiel", "tel"),
    },
    ACTIVE: {
        "en": ("active",),
        "fr": ("actif", "active"),
        "de": ("aktiv",),
        "nl": ("actief",),
    },
    INITIALS: {
        "en": ("initials only",),
        "fr": ("initiales seulement", "initiales"),
        "de": ("nur initialen", "initialen"),
        "nl": ("alleen initialen", "initialen"),
    },
}  # fmt: skip

COLUMN_OF: dict[str, str] = {
    word: column for column, languages in WORDS.items() for words in languages.values() for word in words
}
NAME_COLUMNS = (NAME, FIRST, SURNAME)


def column_of(cell: str) -> str | None:
    """ "Prénom " -> "first", "E-Mail" -> "email"; a cell that is no header word -> None."""
    return COLUMN_OF.get(folded(cell))


@dataclass(frozen=True)
class Heads:
    """Where each column is in the file: column -> its index (a column the file has not is left out)."""

    where: dict[str, int]

    def arranged(self, cells: list[str]) -> list[str]:
        """One row's cells in ORDER: the name whole (a first name and surname joined), then the others."""
        got = {column: cells[index].strip() if index < len(cells) else "" for column, index in self.where.items()}
        name = got.get(NAME) or " ".join(part for part in (got.get(FIRST), got.get(SURNAME)) if part)
        row = [name, *(got.get(column, "") for column in ORDER[1:])]
        while len(row) > 1 and not row[-1]:  # as wide as its last cell, as a row without a header is
            row.pop()
        return row


def heads(cells: list[str]) -> Heads | None:
    """The header row's columns, or None when `cells` is no header row.

    A header row starts with a header word, or names the name's column somewhere: a leading column of
    numbers or notes ("#", "Table") does not hide it. The first cell of each column counts (a second
    "Name" is ignored); a cell that is no header word is a column the lists do not read.
    """
    where: dict[str, int] = {}
    for index, cell in enumerate(cells):
        column = column_of(cell)
        if column is not None and column not in where:
            where[column] = index
    if not where or (column_of(cells[0]) is None and not set(where) & set(NAME_COLUMNS)):
        return None
    if not set(where) & set(NAME_COLUMNS):  # "Sexe;…" over the names' column: the first column left
        where[NAME] = next(i for i in range(len(cells) + 1) if i not in where.values())
    for index, column in enumerate(ORDER):  # a column under a blank heading keeps its place ("Name", "", …)
        blank = index >= len(cells) or not cells[index].strip()
        if column not in where and blank and index not in where.values():
            where[column] = index
    return Heads(where)


def looks_like_a_header(cells: list[str], second_cells: list[str]) -> bool:
    """A first row that is not read as a header, yet is not a guest either: some header word stands in it
    (other than a lady or gentleman word, which a guest's row has), or its second cell is no kind where the
    rows below have a kind there ("Nome, Sesso" above "Ada Brown, lady")."""
    if any(column_of(cell) and kind_from_word(cell) is None for cell in cells):
        return True
    second = cells[1] if len(cells) > 1 else ""
    below = [kind_from_word(cell) for cell in second_cells if cell]
    return bool(second) and kind_from_word(second) is None and bool(below) and all(below)
