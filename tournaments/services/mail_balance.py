"""A member's table money balance as a mail shows it: in the club's money style, else the mail's language's
(the entry confirmation's reminder below zero, the results mail's balance after the night; issue 44 item 8)."""

from tournaments.models import Club, Member
from tournaments.rules.money import format_money
from tournaments.selectors.ledger import balance_of
from tournaments.services.mail import mail_language


def balance_words(*, club: Club, member: Member, language: str = "") -> tuple[int, str]:
    """The balance in minor units and as the mail writes it."""
    balance = balance_of(member)
    style = club.format_style or language or mail_language(club=club, member=member)
    return balance, format_money(balance, club.currency, style)


def results_balance(*, club: Club, member: Member | None, language: str = "") -> str:
    """The balance after the night for the results mail, when the club chose to tell it; else empty."""
    if member is None or not club.results_mail_balance:
        return ""
    return balance_words(club=club, member=member, language=language)[1]
