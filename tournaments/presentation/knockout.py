"""A knockout pair's name shortened for the big screen: each player's given names as initials before the
surname ("Kathleen Wolstenholme & Christopher Wolstenholme" -> "K. Wolstenholme & C. Wolstenholme"), so the
bracket's boxes hold larger type; the printed chart and every other page keep the names in full."""

from collections import Counter
from collections.abc import Iterable

from tournaments.rules.initials import shortened_given

# Words that belong to the surname that follows them ("von Hohe", "van der Berg", "de la Tour").
PARTICLES = {"von", "van", "der", "den", "de", "du", "la", "le", "di", "da", "del", "della", "dos", "das", "ter",
             "ten", "zu", "af", "av", "st.", "saint", "sainte", "mac", "bin", "ibn", "al"}  # fmt: skip


NBSP = "\u00a0"


def short_player(name: str) -> str:
    """ "Maximiliana Theodora Wilhelmina von Hohe" -> "M. T. W. von Hohe"; "Jean-Pierre Roux" -> "J.-P. Roux";
    a name of one word as it is; "سعيد أحمد" as it is (Arabic has no initials: tournaments/rules/initials.py).
    Its words joined by no-break spaces: a line may break between the two players, never between an initial and
    its surname."""
    words = name.split()
    if len(words) < 2:
        return name.strip()
    cut = len(words) - 1
    while cut > 1 and words[cut - 1].casefold() in PARTICLES:
        cut -= 1
    initials = ["-".join(shortened_given(part) for part in word.split("-") if part) for word in words[:cut]]
    return NBSP.join(initials + words[cut:])


def short_pair(player_a: str, player_b: str) -> str:
    return " & ".join(short_player(name) for name in (player_a, player_b) if name.strip())


def short_names(pairs: Iterable) -> dict[int, str]:
    """Each pair's short name by its id; a pair whose short name another pair shares keeps its full name."""
    pairs = {pair.pk: pair for pair in pairs}
    short = {pk: short_pair(pair.player_a, pair.player_b) or pair.name for pk, pair in pairs.items()}
    taken = Counter(short.values())
    return {pk: name if taken[name] == 1 else pairs[pk].name for pk, name in short.items()}
