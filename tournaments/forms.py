"""Forms parse and check the shape of input; the rules are checked by the services."""

from django import forms

from tournaments.models import Guest, Party
from tournaments.models.party import DEFAULT_ROUND_MINUTES, MAX_ROUNDS, MAX_TABLES, Kind


class DateInput(forms.DateInput):
    input_type = "date"


class PartyForm(forms.ModelForm):
    class Meta:
        model = Party
        fields = [
            "name", "date", "tables", "mixed", "keep_partners", "rounds_planned", "round_minutes", "rules",
            "tally_mode",
        ]  # fmt: skip
        widgets = {"date": DateInput(format="%Y-%m-%d"), "name": forms.TextInput(attrs={"autofocus": True})}
        labels = {
            "name": "Party name",
            "tables": "Number of tables",
            "mixed": "Mixed party (ladies and gentlemen)",
            "keep_partners": "Keep partners all evening",
            "rounds_planned": "Rounds planned",
            "round_minutes": "Minutes per round (the round clock)",
            "rules": "Scoring rules",
            "tally_mode": "What goes on the tally",
        }
        # Our own sentence for a number out of range, whichever check (form or model) finds it first.
        error_messages = {
            "tables": {code: f"A party has 1 to {MAX_TABLES} tables." for code in ("min_value", "max_value")},
            "rounds_planned": {code: f"A party has 1 to {MAX_ROUNDS} rounds." for code in ("min_value", "max_value")},
            "round_minutes": {code: "A round lasts 4 to 120 minutes." for code in ("min_value", "max_value")},
        }
        help_texts = {
            "tables": f"1 to {MAX_TABLES}. Four players a table.",
            "rounds_planned": f"1 to {MAX_ROUNDS}. Six to eight four-deal rounds make an evening.",
            "round_minutes": "Four deals and the move: about half an hour at most clubs.",
            "keep_partners": "Leave unticked for the usual way: partners change every round.",
            "tally_mode": "Net per round is the Four Aces' way; actual points invite free doubling.",
        }

    # The number boxes stop where the rules do (Django would let them go down to 0).
    BOUNDS = {"tables": (1, MAX_TABLES), "rounds_planned": (1, MAX_ROUNDS), "round_minutes": (4, 120)}
    REQUIRED = {
        "name": "Give the party a name.",
        "date": "Give the party's date.",
        "tables": f"Give the number of tables (1 to {MAX_TABLES}).",
        "rounds_planned": f"Give the number of rounds planned (1 to {MAX_ROUNDS}).",
    }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["round_minutes"].required = False  # left empty: the usual half hour
        for name, (least, most) in self.BOUNDS.items():
            self.fields[name].widget.attrs.update(min=least, max=most)
        for name, message in self.REQUIRED.items():
            self.fields[name].error_messages["required"] = message
        self.fields["date"].error_messages["invalid"] = "Give the date as a day, month and year."

    def clean_round_minutes(self):
        return self.cleaned_data.get("round_minutes") or DEFAULT_ROUND_MINUTES

    def clean_rounds_planned(self):
        rounds = self.cleaned_data["rounds_planned"]
        if not 1 <= rounds <= MAX_ROUNDS:
            raise forms.ValidationError(f"A party has 1 to {MAX_ROUNDS} rounds.")
        return rounds

    def clean_tables(self):
        tables = self.cleaned_data["tables"]
        if not 1 <= tables <= MAX_TABLES:
            raise forms.ValidationError(f"A party has 1 to {MAX_TABLES} tables.")
        return tables


class GuestForm(forms.Form):
    name = forms.CharField(max_length=80, label="Name", widget=forms.TextInput(attrs={"autofocus": True}))
    kind = forms.ChoiceField(choices=[("", "—")] + list(Kind.choices), required=False, label="Lady or gentleman")

    def clean_name(self):
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError("Give the guest's name.")
        return name


class PasteGuestsForm(forms.Form):
    names = forms.CharField(
        widget=forms.Textarea,
        label="Paste names, one a line",
        help_text="At a mixed party add the kind after a comma: “Mary Smith, lady”.",
    )


class UploadGuestsForm(forms.Form):
    file = forms.FileField(
        label="Guest list (XLSX or CSV)", help_text="Columns: name, and lady/gentleman at a mixed party."
    )


class GuestEditForm(forms.ModelForm):
    class Meta:
        model = Guest
        fields = ["name", "kind", "plays_as", "reserve"]
        labels = {"kind": "Lady or gentleman", "plays_as": "Plays as", "reserve": "Reserve (not seated)"}
        help_texts = {
            "plays_as": "To even the numbers at a mixed party a guest may take the other kind's seat.",
            "reserve": "A reserve is not seated; the director can bring a reserve in later.",
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = [("", "—")] + list(Kind.choices)
        self.fields["plays_as"].choices = [("", "Their own kind")] + list(Kind.choices)


LEVELS = [("", "—"), ("P", "Pass")] + [(str(n), str(n)) for n in range(1, 8)]
STRAINS = [("", "—"), ("C", "♣ Clubs"), ("D", "♦ Diamonds"), ("H", "♥ Hearts"), ("S", "♠ Spades"), ("N", "NT")]
DOUBLES = [("", "—"), ("X", "Doubled"), ("XX", "Redoubled")]
TRICK_CHOICES = [("", "—")] + [(str(n), str(n)) for n in range(14)]


PASSED_OUT_EMPTY = (("strain", "suit"), ("doubled", "double"), ("declarer", "declarer"), ("tricks", "tricks"))


class DealForm(forms.Form):
    """One deal of a round: level (or pass), strain, double, declarer, tricks taken."""

    level = forms.ChoiceField(
        choices=LEVELS,
        required=False,
        label="Contract",
        error_messages={"invalid_choice": "The level is 1 to 7, or Pass."},
    )
    strain = forms.ChoiceField(
        choices=STRAINS,
        required=False,
        label="Suit",
        error_messages={"invalid_choice": "The suit is C, D, H, S or NT."},
    )
    doubled = forms.ChoiceField(
        choices=DOUBLES, required=False, label="Double", error_messages={"invalid_choice": "Doubled or redoubled only."}
    )
    declarer = forms.ChoiceField(
        choices=[("", "—"), ("N", "N"), ("E", "E"), ("S", "S"), ("W", "W")],
        required=False,
        error_messages={"invalid_choice": "The declarer is one of the four players at the table."},
    )
    tricks = forms.TypedChoiceField(
        choices=TRICK_CHOICES,
        coerce=int,
        empty_value=None,
        required=False,
        error_messages={"invalid_choice": "Tricks taken are 0 to 13."},
    )

    def __init__(self, *args, names: dict[str, str] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        if names:
            self.fields["declarer"].choices = [("", "—")] + [(s, f"{names.get(s, s)} ({s})") for s in "NESW"]

    @property
    def entered(self) -> bool:
        return bool(self.is_valid() and self.cleaned_data.get("level"))

    def clean(self):
        data = super().clean()
        level = data.get("level")
        if not level:
            if any(data.get(f) not in ("", None) for f in ("strain", "doubled", "declarer", "tricks")):
                raise forms.ValidationError("Choose the contract's level, or Pass.")
            return data
        if level == "P":
            given = [label for f, label in PASSED_OUT_EMPTY if data.get(f) not in ("", None)]
            if given:
                raise forms.ValidationError(f"A passed-out deal has no {' or '.join(given)}: leave them empty.")
            data["deal"] = ("PASS", "", 0)
            return data
        # One message per wrong field: a field already refused (tricks 14) is not "missing" as well.
        missing = [
            label
            for f, label in (("strain", "the suit"), ("declarer", "the declarer"), ("tricks", "the tricks"))
            if data.get(f) in ("", None) and f not in self.errors
        ]
        if missing:
            raise forms.ValidationError(f"Give {', '.join(missing)}.")
        if self.errors:
            return data
        data["deal"] = (f"{level}{data['strain']}{data.get('doubled') or ''}", data["declarer"], data["tricks"])
        return data


def deal_forms(data=None, *, names=None, initial=None) -> list[DealForm]:
    initial = initial or {}
    return [DealForm(data, prefix=f"d{n}", names=names, initial=initial.get(n)) for n in range(1, 5)]


def extra_deals(posted) -> list[str]:
    """Fields for a fifth (or later) deal: a round has four, and such an entry is refused whole."""
    prefixes = {key.split("-")[0] for key in posted if key[:1] == "d" and "-" in key}
    return sorted(prefixes - {"d1", "d2", "d3", "d4"})


def deals_from_forms(forms_: list[DealForm]) -> tuple[list, list[str]]:
    """The deals entered, in order, and the errors (named by deal); a gap is an error."""
    deals, errors, gap = [], [], None
    for number, form in enumerate(forms_, start=1):
        if not form.is_valid():
            errors += [f"Deal {number}: {e}" for e in form.non_field_errors()]
            errors += [f"Deal {number}: {e}" for f, es in form.errors.items() if f != "__all__" for e in es]
            continue
        deal = form.cleaned_data.get("deal")
        if deal is None:
            gap = gap or number
            continue
        if gap:
            errors.append(f"Deal {gap} is missing: enter the deals in order.")
            gap = None
        deals.append(deal)
    return deals, errors


class NetForm(forms.Form):
    # The bounds four deals can produce are checked by the service, which says what they are.
    ns = forms.IntegerField(label="North–South")
    ew = forms.IntegerField(label="East–West")


class PinsForm(forms.Form):
    pins = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4}),
        required=False,
        label="Fixed seats (optional)",
        help_text="One a line: table, seat and name, like “3 N Mary Smith”. The draw fills the other seats.",
    )


class SwapForm(forms.Form):
    table = forms.IntegerField(min_value=1)
    seat = forms.ChoiceField(choices=[(s, s) for s in "NESW"])
    other_table = forms.IntegerField(min_value=1)
    other_seat = forms.ChoiceField(choices=[(s, s) for s in "NESW"])
