"""The card evening's form: its name, date, game and tables, and Boston's settings for the tables it makes."""

from typing import Any

from django import forms
from django.utils.translation import gettext, gettext_lazy

from tournaments.forms.common import DateInput, TimingMixin, keep_in_window, length_field, start_time_field
from tournaments.models import BostonVariant, CardGame
from tournaments.models.party import MAX_TABLES


class CardEveningForm(TimingMixin, forms.Form):
    name = forms.CharField(max_length=100, label=gettext_lazy("Name of the evening"))
    date = forms.DateField(widget=DateInput(format="%Y-%m-%d"), label=gettext_lazy("Date"))
    start_time = start_time_field()
    length_minutes = length_field()
    game = forms.ChoiceField(choices=CardGame.choices, widget=forms.RadioSelect, label=gettext_lazy("The game"))
    tables = forms.IntegerField(
        min_value=1,
        max_value=MAX_TABLES,
        label=gettext_lazy("Tables"),
        help_text=gettext_lazy("Four players a table: the entries take as many."),
    )
    variant = forms.ChoiceField(
        choices=[("", "—"), *BostonVariant.choices], required=False, label=gettext_lazy("Boston's rules")
    )
    pool_feed = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=100000,
        label=gettext_lazy("Counters the dealer puts in the pool each deal"),
    )
    pool_limit = forms.IntegerField(
        required=False, min_value=1, max_value=100000, label=gettext_lazy("The most one pool holds")
    )
    pool_unlimited = forms.BooleanField(required=False, label=gettext_lazy("No limit"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        keep_in_window(self.fields["date"])
        message = gettext("Entries are taken for 1 to 500 tables.")
        for code in ("min_value", "max_value", "required", "invalid"):
            self.fields["tables"].error_messages[code] = message

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if data.get("pool_unlimited") and data.get("pool_limit") is not None:
            self.add_error("pool_limit", gettext("Give a limit or tick “no limit”, not both."))
        return data
