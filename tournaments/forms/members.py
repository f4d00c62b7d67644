"""Forms of the members pages: a member's details, the import file, a merge."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.forms.common import MemberIdField, model_choice_field
from tournaments.models import Club, Member


class MemberForm(forms.ModelForm):
    class Meta:
        model = Member
        fields = ["name", "kind", "number", "email", "phone", "initials_only", "never_email", "language"]
        help_texts = {
            "number": _("The national body's number, if the member has one: never two members with one number."),
            "initials_only": _(
                "Public results pages and the results exported for other bridge software (USEBIO, ranking CSV, "
                "PBN) show this member as “J. S.”."
            ),
            "never_email": _(
                "No e-mail from the club at all. Ticked too when the member follows a mail's unsubscribe link."
            ),
            "language": _("Empty: the club's language."),
        }


class MembersFileForm(forms.Form):
    file = forms.FileField(
        label=_("Members file (CSV or XLSX)"),
        help_text=_(
            "Columns: name, lady or gentleman, member number, email, phone, active, initials only; as the export "
            "writes them."
        ),
    )


class MergeForm(forms.Form):
    other = forms.ModelChoiceField(
        label=_("The other record of this person"),
        queryset=Member.objects.none(),
        help_text=_("Its nights move to this record; it is then deleted."),
    )

    def __init__(self, *args: Any, club: Club, member: Member, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        model_choice_field(self, "other").queryset = Member.objects.filter(club=club).exclude(pk=member.pk)


class GuestLinkForm(forms.Form):
    """The member the hostess picks for a guest, among those offered (the service checks it is the club's)."""

    member = MemberIdField()
