"""Forms of the club pages: the first run's setup, a new director, a one-time link opened, the club's name."""

from django import forms
from django.core.exceptions import ValidationError

from tournaments.models import Role


class PasswordTwiceForm(forms.Form):
    username = forms.CharField(label="Your login (user name)", max_length=150)
    password1 = forms.CharField(label="Password", widget=forms.PasswordInput, strip=False)
    password2 = forms.CharField(label="The password again", widget=forms.PasswordInput, strip=False)

    def clean(self):
        data = super().clean()
        if data.get("password1") and data.get("password2") and data["password1"] != data["password2"]:
            raise ValidationError({"password2": "The two passwords differ: type the same one twice."})
        return data


class SetupForm(PasswordTwiceForm):
    club_name = forms.CharField(
        label="Your club's name", max_length=80, widget=forms.TextInput(attrs={"autofocus": True})
    )
    field_order = ["club_name", "username", "password1", "password2"]


class DirectorForm(PasswordTwiceForm):
    username = forms.CharField(label="Their login (user name)", max_length=150)
    password1 = forms.CharField(
        label="Their password", widget=forms.PasswordInput, strip=False, help_text="Hand it to them yourself."
    )
    role = forms.ChoiceField(label="Role", choices=Role.choices, initial=Role.DIRECTOR)


class InviteForm(forms.Form):
    role = forms.ChoiceField(label="Role", choices=Role.choices, initial=Role.DIRECTOR)


class ClubForm(forms.Form):
    club_name = forms.CharField(label="The club's name", max_length=80)
