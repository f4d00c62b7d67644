"""Forms that take money: every amount read by the one reader (rules/money.py) in the club's currency."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models import Club
from tournaments.models.money import Method
from tournaments.rules.money import is_currency, to_main
from tournaments.services.ledger import PAID_METHODS, amount_from


class _MoneyForm(forms.Form):
    """A form whose `amounts` fields are read in the club's minor units (empty: None where not required)."""

    amounts: tuple[str, ...] = ()

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        for name in self.amounts:
            text = (data.get(name) or "").strip()
            if not text:
                data[name] = None
                continue
            try:
                data[name] = amount_from(text, self.club)
            except forms.ValidationError as error:
                self.add_error(name, error)
        return data


def _amount(label: Any, *, required: bool = False, help_text: Any = "") -> forms.CharField:
    return forms.CharField(label=label, required=required, max_length=20, help_text=help_text)


class RatesForm(_MoneyForm):
    """The club's currency, its usual table money and how far below zero a balance may go."""

    amounts = ("member_rate", "visitor_rate", "balance_floor")
    currency = forms.CharField(
        label=_("Currency"), max_length=3, help_text=_("Its code: EUR, GBP, CHF… Fixed once money is recorded.")
    )
    member_rate = _amount(_("A member's table money"))
    visitor_rate = _amount(_("A visitor's table money"))
    balance_floor = _amount(_("Overdraft allowed"), help_text=_("How far below zero a member's balance may go."))
    results_mail_balance = forms.BooleanField(
        label=_("Tell each member their balance in the results mail"), required=False
    )

    def clean(self) -> dict[str, Any]:
        # Amounts are read in the currency being chosen (a club can still change it while its books are empty);
        # a code that is no currency is named by the service.
        chosen = (self.data.get("currency") or "").strip().upper()
        if chosen != self.club.currency and is_currency(chosen):
            self.club = Club(currency=chosen)
        return super().clean()

    @staticmethod
    def initial_for(club: Club) -> dict[str, str | bool]:
        return {
            "currency": club.currency,
            "member_rate": to_main(club.member_rate, club.currency),
            "visitor_rate": to_main(club.visitor_rate, club.currency),
            "balance_floor": to_main(club.balance_floor, club.currency),
            "results_mail_balance": club.results_mail_balance,
        }


class EventFeeForm(_MoneyForm):
    amounts = ("member_rate", "visitor_rate")
    member_rate = _amount(_("A member's table money"), help_text=_("Empty: the club's rate."))
    visitor_rate = _amount(_("A visitor's table money"), help_text=_("Empty: the club's rate."))


class PayForm(forms.Form):
    """One tap: this guest paid what they owe, by this method."""

    guest = forms.IntegerField(min_value=1)
    method = forms.ChoiceField(choices=[(m, m) for m in (*PAID_METHODS, Method.BALANCE)])


class FreeForm(forms.Form):
    guest = forms.IntegerField(min_value=1)
    free = forms.BooleanField(required=False)


class TopUpForm(_MoneyForm):
    """Money a member hands in for their balance: amount, method, a reference (a transfer's, an envelope's)."""

    amounts = ("amount",)
    amount = _amount(_("Amount"), required=True)
    method = forms.ChoiceField(label=_("Paid by"), choices=[(m.value, m.label) for m in PAID_METHODS])
    reference = forms.CharField(label=_("Reference"), max_length=80, required=False)


class CorrectForm(forms.Form):
    """The treasurer's correction of one row: which, and why (kept with the reversing row)."""

    row = forms.IntegerField(min_value=1)
    reason = forms.CharField(label=_("Why"), max_length=200)


class RefundForm(_MoneyForm):
    """Money given back for a night: to whom (the player's number at the event), how much, how, and why."""

    amounts = ("amount",)
    guest = forms.IntegerField(min_value=0)
    amount = _amount(_("Amount"), required=True)
    method = forms.ChoiceField(label=_("Given back by"), choices=[(m, m) for m in (*PAID_METHODS, Method.BALANCE)])
    reason = forms.CharField(label=_("Why"), max_length=200, required=False)  # the service says why it is needed
