"""The treasurer's forms: the period of the treasurer's view, and a refund of a night's table money."""

import datetime
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.forms.money import _amount, _MoneyForm
from tournaments.models.money import Method
from tournaments.services.ledger import PAID_METHODS


class PeriodForm(forms.Form):
    start = forms.DateField(label=_("From"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    end = forms.DateField(label=_("To"), required=False, widget=forms.DateInput(attrs={"type": "date"}))

    def period(self, default: tuple[datetime.date, datetime.date]) -> tuple[datetime.date, datetime.date]:
        """The dates asked for, each else the default's; a period given backwards is put the right way."""
        data = self.cleaned_data if self.is_valid() else {}
        start, end = data.get("start") or default[0], data.get("end") or default[1]
        return (start, end) if start <= end else (end, start)


class RefundForm(_MoneyForm):
    """Table money given back to a guest who paid for the night: how much, how, and why."""

    amounts = ("amount",)
    guest = forms.TypedChoiceField(label=_("Guest"), coerce=int)
    amount = _amount(_("Amount"), required=True)
    method = forms.ChoiceField(
        label=_("Given back by"), choices=[(m.value, m.label) for m in (*PAID_METHODS, Method.BALANCE)]
    )
    reason = forms.CharField(label=_("Why"), max_length=200)

    def __init__(self, *args: Any, guests: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["guest"].choices = guests  # type: ignore[attr-defined]  # a ChoiceField's own attribute
