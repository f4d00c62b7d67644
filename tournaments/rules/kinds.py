"""Lady or gentleman, as a hostess types it in any of the site's languages.

One reader for the pasted guest list, the uploaded guest list and the members file. Every language's words are
understood whatever the club's language (a German word at a French club still counts), in any case, with or
without accents, with or without a final full stop ("Mme.", "M.").

Single letters: each letter below means the same in every language that uses it, so none is ambiguous.

    letter  lady or gentleman   from
    L       lady                lady
    G       gentleman           gentleman
    D       lady                dame (French, German, Dutch)
    F       lady                female, femme, Frau
    W       lady                woman, weiblich
    V       lady                vrouw
    H       gentleman           homme, Herr, heer
    M       gentleman           male, man, monsieur ("M."), Mann, man

Letters left out because they would clash: none of the above is also another language's letter for the other
kind (an "M" is never a lady: "Mme", "Mrs", "Mevr." are words of their own).
"""

import unicodedata

LADY, GENTLEMAN = "lady", "gentleman"

WORDS = {
    LADY: (
        # English
        "lady", "woman", "female", "mrs", "miss", "ms",
        # French
        "dame", "femme", "madame", "mademoiselle", "mme", "mlle", "feminin",
        # German (and "dame")
        "frau", "fr", "weiblich",
        # Dutch (and "dame")
        "vrouw", "mevrouw", "mevr", "mw", "vrouwelijk",
    ),
    GENTLEMAN: (
        # English
        "gentleman", "gent", "man", "male", "mr",
        # French
        "monsieur", "homme", "masculin",
        # German
        "herr", "hr", "mann", "mannlich",
        # Dutch (and "man")
        "heer", "meneer", "mijnheer", "dhr", "mannelijk",
    ),
}  # fmt: skip
LETTERS = {"l": LADY, "d": LADY, "f": LADY, "w": LADY, "v": LADY, "g": GENTLEMAN, "h": GENTLEMAN, "m": GENTLEMAN}
KIND_WORDS: dict[str, str] = {word: kind for kind, words in WORDS.items() for word in words} | LETTERS


def folded(word: str) -> str:
    """ "  Männlich. " -> "mannlich": no case, no accents, no final full stop, spaces squeezed."""
    decomposed = unicodedata.normalize("NFKD", " ".join(word.split()).casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).rstrip(".").strip()


def kind_from_word(word: str | None) -> str | None:
    """'lady', 'Gentleman', 'dame', 'Herr', 'M.', 'L' ... -> "lady" / "gentleman"; '' -> ''; anything else -> None."""
    cleaned = folded(word or "")
    if not cleaned:
        return ""
    return KIND_WORDS.get(cleaned)
