"""The season form: its name, how it is scored, and which of the club's events it holds."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from tournaments.models import Knockout, Party, Scoring
from tournaments.models.memory import DEFAULT_PLACE_POINTS
from tournaments.services.seasons import parse_points


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
    parties = forms.ModelMultipleChoiceField(
        label=_("Party nights"), queryset=Party.objects.none(), required=False, widget=forms.CheckboxSelectMultiple
    )
    knockouts = forms.ModelMultipleChoiceField(
        label=_("Knockouts"), queryset=Knockout.objects.none(), required=False, widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        # Only the club's own events are offered; the service refuses any other all the same.
        self.fields["parties"].queryset = Party.objects.filter(club=club).order_by("-date", "name")
        self.fields["knockouts"].queryset = Knockout.objects.filter(club=club).order_by("-date", "name")

    def clean_place_points(self):
        text = self.cleaned_data.get("place_points") or ""
        if not text.strip():
            return list(DEFAULT_PLACE_POINTS)
        try:
            return parse_points(text)
        except ValidationError as error:
            raise ValidationError(error.messages) from error
