"""The party's forms: the party itself (name, date, tables, rounds), and its guests added, pasted, uploaded, edited."""

from typing import Any

from django import forms
from django.utils.translation import gettext, gettext_lazy, gettext_noop
from django_stubs_ext import StrOrPromise

from tournaments.forms.common import (
    DateInput,
    MemberIdField,
    TimingMixin,
    choice_field,
    filled_lazy,
    keep_in_window,
    length_field,
    start_time_field,
)
from tournaments.models import Guest, Party
from tournaments.models.party import MAX_ROUNDS, MAX_TABLES, Kind
from tournaments.rules.names import clean_name

TABLES_RANGE = gettext_noop("A party has 1 to %(most)s tables.")
ROUNDS_RANGE = gettext_noop("A party has 1 to %(most)s rounds.")
MINUTES_RANGE = gettext_noop("A round lasts %(least)s to %(most)s minutes.")


class PartyForm(TimingMixin, forms.ModelForm):
    start_time = start_time_field()
    length_minutes = length_field()

    class Meta:
        model = Party
        fields = [
            "name", "date", "tables", "mixed", "keep_partners", "rounds_planned", "round_minutes", "rules",
            "tally_mode", "start_time", "length_minutes",
        ]  # fmt: skip
        widgets = {"date": DateInput(format="%Y-%m-%d"), "name": forms.TextInput(attrs={"autofocus": True})}
        labels = {
            "name": gettext_lazy("Party name"),
            "date": gettext_lazy("Date"),
            "tables": gettext_lazy("Number of tables"),
            "mixed": gettext_lazy("Mixed party (ladies and gentlemen)"),
            "keep_partners": gettext_lazy("Keep partners all evening"),
            "rounds_planned": gettext_lazy("Rounds planned"),
            "round_minutes": gettext_lazy("Minutes per round (the round clock)"),
            "rules": gettext_lazy("Scoring rules"),
            "tally_mode": gettext_lazy("What goes on the tally"),
        }
        # Our own sentence for a number out of range, whichever check (form or model) finds it first.
        error_messages = {
            "tables": {code: filled_lazy(TABLES_RANGE, most=MAX_TABLES) for code in ("min_value", "max_value")},
            "rounds_planned": {code: filled_lazy(ROUNDS_RANGE, most=MAX_ROUNDS) for code in ("min_value", "max_value")},
            "round_minutes": {
                code: filled_lazy(MINUTES_RANGE, least=4, most=120) for code in ("min_value", "max_value")
            },
        }
        help_texts = {
            "tables": filled_lazy(gettext_noop("1 to %(most)s. Four players a table."), most=MAX_TABLES),
            "rounds_planned": filled_lazy(
                gettext_noop("1 to %(most)s. Six to eight four-deal rounds make an evening."), most=MAX_ROUNDS
            ),
            "round_minutes": gettext_lazy("Four deals and the move: about half an hour at most clubs."),
            "keep_partners": gettext_lazy("Leave unticked for the usual way: partners change every round."),
            "tally_mode": gettext_lazy("Net per round is the Four Aces' way; actual points invite free doubling."),
        }

    # The number boxes stop where the rules do (Django would let them go down to 0).
    BOUNDS = {"tables": (1, MAX_TABLES), "rounds_planned": (1, MAX_ROUNDS), "round_minutes": (4, 120)}
    REQUIRED: dict[str, StrOrPromise] = {
        "name": gettext_lazy("Give the party a name."),
        "date": gettext_lazy("Give the party's date."),
        "tables": filled_lazy(gettext_noop("Give the number of tables (1 to %(most)s)."), most=MAX_TABLES),
        "rounds_planned": filled_lazy(
            gettext_noop("Give the number of rounds planned (1 to %(most)s)."), most=MAX_ROUNDS
        ),
        # Left empty (or 0) it was once taken as the usual half hour, unsaid: now the director says so.
        "round_minutes": filled_lazy(
            gettext_noop("Give the minutes per round (%(least)s to %(most)s)."), least=4, most=120
        ),
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name, (least, most) in self.BOUNDS.items():
            self.fields[name].widget.attrs.update(min=least, max=most)
        for name, message in self.REQUIRED.items():
            self.fields[name].error_messages["required"] = message
        self.fields["date"].error_messages["invalid"] = gettext_lazy("Give the date as a day, month and year.")
        keep_in_window(self.fields["date"])

    def clean_rounds_planned(self) -> int:
        rounds = self.cleaned_data["rounds_planned"]
        if not 1 <= rounds <= MAX_ROUNDS:
            raise forms.ValidationError(gettext(ROUNDS_RANGE) % {"most": MAX_ROUNDS})
        return rounds

    def clean_tables(self) -> int:
        tables = self.cleaned_data["tables"]
        if not 1 <= tables <= MAX_TABLES:
            raise forms.ValidationError(gettext(TABLES_RANGE) % {"most": MAX_TABLES})
        return tables


class GuestForm(forms.Form):
    # Typing a few letters offers the club's members (static/js/members.js fills the list, and the
    # hidden member field with the one picked).
    name = forms.CharField(
        max_length=80,
        label=gettext_lazy("Name"),
        widget=forms.TextInput(attrs={"autofocus": True, "list": "member-names", "autocomplete": "off"}),
    )
    kind = forms.ChoiceField(
        choices=[("", "—")] + list(Kind.choices), required=False, label=gettext_lazy("Lady or gentleman")
    )
    member = MemberIdField()

    def clean_name(self) -> str:
        name = clean_name(self.cleaned_data["name"])
        if not name:
            raise forms.ValidationError(gettext("Give the guest's name."))
        return name


class PasteGuestsForm(forms.Form):
    names = forms.CharField(
        widget=forms.Textarea,
        label=gettext_lazy("Paste names, one a line"),
        help_text=gettext_lazy("At a mixed party add the kind after a comma: “Mary Smith, lady”."),
    )


class UploadGuestsForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Guest list (XLSX or CSV)"),
        help_text=gettext_lazy("Columns: name, and lady/gentleman at a mixed party."),
    )


class GuestEditForm(forms.ModelForm):
    class Meta:
        model = Guest
        fields = ["name", "kind", "plays_as", "reserve"]
        labels = {
            "name": gettext_lazy("Name"),
            "kind": gettext_lazy("Lady or gentleman"),
            "plays_as": gettext_lazy("Plays as"),
            "reserve": gettext_lazy("Reserve (not seated)"),
        }
        help_texts = {
            "plays_as": gettext_lazy("To even the numbers at a mixed party a guest may take the other kind's seat."),
            "reserve": gettext_lazy("A reserve is not seated; the director can bring a reserve in later."),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choice_field(self, "kind").choices = [("", "—")] + list(Kind.choices)
        choice_field(self, "plays_as").choices = [("", gettext_lazy("Their own kind"))] + list(Kind.choices)
