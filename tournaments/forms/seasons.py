"""The season form: its name, how it is scored, and which of the club's events it holds."""

import re
from collections.abc import Iterable
from typing import Any, NoReturn

from django import forms
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from tournaments import l10n
from tournaments.forms.common import model_choice_field
from tournaments.models import Club, Knockout, Party, Scoring
from tournaments.models.memory import DEFAULT_PLACE_POINTS
from tournaments.services.seasons import parse_points

MOST_POINTS = 1000  # a place's points: 10-8-6-... at most clubs, 100-90-... at a few; never more
POINTS_RULE = gettext_noop(
    "Points by place are whole numbers from 0 to %(most)s, such as 10-8-6-5-4-3-2-1: %(value)s is not one."
)
# A minus sign at the start or after a space or comma, before a figure: "10, -5" is minus five, not a dash.
NEGATIVE = re.compile(r"(?:^|[\s,])[-\u2212](?=\d)")
DIGITS = re.compile(r"[0-9]+")


# The services' own sentence (tournaments/services/seasons.py), for what is no whole number at all.
NOT_WHOLE = gettext_noop("Write the points by place as whole numbers, such as 10-8-6-5-4-3-2-1.")


def _refuse_points(value: str) -> NoReturn:
    raise ValidationError(gettext(POINTS_RULE) % {"most": l10n.number(MOST_POINTS), "value": value[:20]})


class ClubEventsField(forms.ModelMultipleChoiceField):
    """The club's events ticked. A value that is no id at all (text, or a figure beyond what the database
    holds, which SQLite answered with an OverflowError: a 500) is refused as an event not on the list is,
    in Django's sentence naming it."""

    def _check_values(self, value: Iterable[Any]) -> QuerySet[Any]:
        for pk in value:
            text = str(pk).strip()
            if not (DIGITS.fullmatch(text) and len(text) <= 19 and int(text) < 2**63):
                raise ValidationError(
                    self.error_messages["invalid_choice"], code="invalid_choice", params={"value": text[:20]}
                )
        return super()._check_values(value)  # type: ignore[misc]  # Django's own check, not in the stubs  # type: ignore[misc]  # Django's own check, not in the stubs

    def label_from_instance(self, obj: Party | Knockout) -> str:
        """ "Spring party (28 Nov 2026)": the date in the club's style, as the event pages show it (the model's
        own text has the ISO date, "2026-11-28")."""
        return f"{obj.name} ({l10n.day(obj.date, long=True)})"


class SeriesForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    scoring = forms.ChoiceField(label=_("Scored by"), choices=Scoring.choices, widget=forms.RadioSelect)
    place_points = forms.CharField(
        label=_("Points by place"),
        required=False,
        initial="-".join(str(p) for p in DEFAULT_PLACE_POINTS),
        help_text=_("First place first, e.g. 10-8-6-5-4-3-2-1; places beyond score nothing."),
    )
    best_of = forms.IntegerField(
        label=_("Best nights counted"),
        required=False,
        min_value=1,
        max_value=100,
        help_text=_("Empty: every night counts. 6: each player's 6 best nights."),
    )
    parties = ClubEventsField(
        label=_("Party nights"), queryset=Party.objects.none(), required=False, widget=forms.CheckboxSelectMultiple
    )
    knockouts = ClubEventsField(
        label=_("Knockouts"), queryset=Knockout.objects.none(), required=False, widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Only the club's own events are offered; the service refuses any other all the same.
        model_choice_field(self, "parties").queryset = Party.objects.filter(club=club).order_by("-date", "name")
        model_choice_field(self, "knockouts").queryset = Knockout.objects.filter(club=club).order_by("-date", "name")

    def clean_place_points(self) -> list[int]:
        text = self.cleaned_data.get("place_points") or ""
        if not text.strip():
            return list(DEFAULT_PLACE_POINTS)
        negative = NEGATIVE.search(text)
        if negative:
            _refuse_points(text[negative.start() :].lstrip(" ,").split()[0].rstrip(","))
        for part in text.replace(",", " ").replace("-", " ").split():
            if not DIGITS.fullmatch(part):  # "8.5", "eight", and "²", which int() refuses: it was a 500
                raise ValidationError(gettext(NOT_WHOLE))
            if len(part) > 4 or int(part) > MOST_POINTS:
                _refuse_points(part)
        try:
            return parse_points(text)
        except ValidationError as error:
            raise ValidationError(error.messages) from error
