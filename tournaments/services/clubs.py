"""Writes about clubs: the first run's setup, directors added and removed, one-time links, the demo, the club's
language, paper and number style, its national club number, and a director's own language."""

import datetime
from collections.abc import Iterable

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import (
    BostonTable,
    Club,
    DirectorInvite,
    DirectorSettings,
    Knockout,
    Membership,
    Paper,
    Party,
    Role,
    TowieTable,
)
from tournaments.models.club import FORMAT_STYLES, LANGUAGES
from tournaments.models.timing import validate_time_zone

INVITE_DAYS = 7
INVITE_LABEL_MAX = 80  # DirectorInvite.label
EVENT_MODELS = (Party, Knockout, TowieTable, BostonTable)


def _club_name(name: str) -> str:
    name = " ".join((name or "").split())
    if not name:
        raise ValidationError({"club_name": _("Give the club a name.")})
    max_length = Club._meta.get_field("name").max_length
    assert max_length is not None  # Club.name is a CharField: it always has a max_length
    if len(name) > max_length:
        raise ValidationError({"club_name": _("A club's name has at most 80 characters.")})
    return name


def _new_account(username: str, password: str) -> User:
    """A director's account (never staff): the user name free and valid, the password strong enough."""
    User = get_user_model()
    username = (username or "").strip()
    if not username:
        raise ValidationError({"username": _("Choose a user name.")})
    try:
        UnicodeUsernameValidator()(username)
    except ValidationError as error:
        raise ValidationError({"username": error.messages}) from None
    if len(username) > 150:
        raise ValidationError({"username": _("A user name has at most 150 characters.")})
    if User.objects.filter(username__iexact=username).exists():
        raise ValidationError(
            {"username": _("The user name “%(name)s” is taken: choose another.") % {"name": username}}
        )
    try:
        validate_password(password, user=User(username=username))
    except ValidationError as error:
        raise ValidationError({"password": error.messages}) from None
    return User.objects.create_user(username, password=password)


@transaction.atomic
def account_create(*, username: str, password: str) -> User:
    return _new_account(username, password)


@transaction.atomic
def club_setup(*, club_name: str, username: str, password: str) -> tuple[User, Club]:
    """The first run: the club, its owner and their login. Refused once any club exists."""
    if Club.objects.exists():
        raise ValidationError(_("This Club Director is already set up: log in instead."))
    name = _club_name(club_name)
    user = _new_account(username, password)
    club = Club.objects.create(name=name)
    Membership.objects.create(club=club, user=user, role=Role.OWNER)
    return user, club


@transaction.atomic
def club_get_or_create(*, name: str) -> tuple[Club, bool]:
    return Club.objects.get_or_create(name=_club_name(name))


@transaction.atomic
def club_rename(*, club: Club, name: str, by: User) -> Club:
    _require_owner(club, by)
    name = _club_name(name)
    if Club.objects.filter(name=name).exclude(pk=club.pk).exists():
        raise ValidationError(
            {"club_name": _("Another club is called “%(name)s”: choose another name.") % {"name": name}}
        )
    club.name = name
    club.save(update_fields=["name"])
    return club


def _require_owner(club: Club, user: User) -> None:
    if not Membership.objects.filter(club=club, user=user, role=Role.OWNER).exists():
        raise ValidationError(_("Only an owner of the club can do that."))


@transaction.atomic
def membership_add(*, club: Club, user: User, role: str = Role.DIRECTOR) -> tuple[Membership, bool]:
    """Add an existing account to a club; an existing membership takes the new role only upwards."""
    membership, created = Membership.objects.get_or_create(club=club, user=user, defaults={"role": role})
    if not created and role == Role.OWNER and membership.role != Role.OWNER:
        membership.role = Role.OWNER
        membership.save(update_fields=["role"])
    return membership, created


@transaction.atomic
def director_create(*, club: Club, username: str, password: str, role: str = Role.DIRECTOR, by: User) -> Membership:
    """An owner makes a new director's account, with a password the owner hands over."""
    _require_owner(club, by)
    user = _new_account(username, password)
    return Membership.objects.create(club=club, user=user, role=role)


@transaction.atomic
def director_remove(*, club: Club, user_id: int, by: User) -> None:
    """An owner takes a director off the club. The account stays (it may run other clubs' events)."""
    _require_owner(club, by)
    membership = Membership.objects.filter(club=club, user_id=user_id).first()
    if membership is None:
        raise ValidationError(_("That director is not in this club."))
    if membership.is_owner and club.memberships.filter(role=Role.OWNER).count() == 1:
        raise ValidationError(_("A club needs an owner: make someone else an owner before removing the last one."))
    membership.delete()
    # Links they made and nobody used go too: a removed owner must not let himself back in.
    club.invites.filter(created_by_id=user_id, used_at=None).delete()


@transaction.atomic
def invite_create(*, club: Club, role: str = Role.DIRECTOR, by: User, label: str = "") -> DirectorInvite:
    """A one-time link; `label` (whom it is for) tells it apart from the others waiting."""
    _require_owner(club, by)
    label = " ".join(label.split())  # no line breaks or runs of spaces on the Club page
    if len(label) > INVITE_LABEL_MAX:
        raise ValidationError(
            _("Say whom the link is for in at most %(count)s characters: no link was made.")
            % {"count": INVITE_LABEL_MAX}
        )
    expires = timezone.now() + datetime.timedelta(days=INVITE_DAYS)
    return DirectorInvite.objects.create(club=club, role=role, label=label, created_by=by, expires_at=expires)


@transaction.atomic
def invite_revoke(*, club: Club, invite_id: int, by: User) -> None:
    _require_owner(club, by)
    deleted, _by_model = club.invites.filter(pk=invite_id, used_at=None).delete()
    if not deleted:
        raise ValidationError(_("There is no such link waiting in this club (it may have been used already)."))


def invite_check(invite: DirectorInvite | None) -> DirectorInvite:
    if invite is None or not invite.usable:
        raise ValidationError(_("This link has been used or has expired: ask the club's owner for a new one."))
    return invite


@transaction.atomic
def invite_accept(*, token: str, username: str, password: str) -> tuple[User, Club]:
    """The one-time link opened: a new account in the club; the link cannot be used again."""
    invite = invite_check(DirectorInvite.objects.select_for_update().filter(token=token).first())
    user = _new_account(username, password)
    Membership.objects.create(club=invite.club, user=user, role=invite.role)
    invite.used_at = timezone.now()
    invite.used_by = user
    invite.save(update_fields=["used_at", "used_by"])
    return user, invite.club


def club_for(user: User | None, club: Club | None = None) -> Club:
    """The club a new event belongs to: the one given, else the director's only (or first) club."""
    if club is not None:
        return club
    membership = Membership.objects.filter(user=user).select_related("club").order_by("club__name").first()
    if user is None or membership is None:
        raise ValidationError(_("An event belongs to a club: join a club first."))
    return membership.club


@transaction.atomic
def demo_remove(*, club: Club) -> int:
    """Delete the club's demo events; says how many went."""
    removed = 0
    for model in EVENT_MODELS:
        for event in model.objects.filter(club=club, demo=True):
            event.delete()
            removed += 1
    return removed


def event_club(user: User | None, club: Club | None, party: Party | None) -> Club:
    """A table set up at a party belongs to the party's club; a party of another club is refused."""
    if party is None:
        return club_for(user, club)
    if club is not None and party.club_id != club.pk:
        raise ValidationError(_("That party belongs to another club."))
    return party.club


def _one_of(value: str, choices: Iterable[tuple[str, object]], field: str) -> str:
    """A value of the list (blank allowed where the list offers none of its own)."""
    if value not in [code for code, _label in choices]:
        raise ValidationError({field: _("Choose one of the list: “%(value)s” is not one of them.") % {"value": value}})
    return value


@transaction.atomic
def club_settings_save(
    *,
    club: Club,
    language: str,
    paper: str,
    format_style: str,
    by: User,
    time_zone: str = "",
    usual_start: datetime.time | None = None,
) -> Club:
    """The owner's choice of the club's language (blank: each browser's), paper and number and date style, and
    its time zone and usual start (blank: unchanged)."""
    _require_owner(club, by)
    club.language = _one_of(language or "", [("", ""), *LANGUAGES], "language")
    club.paper = _one_of(paper or "", Paper.choices, "paper")
    club.format_style = _one_of(format_style or "", [("", ""), *FORMAT_STYLES], "format_style")
    if time_zone:
        validate_time_zone(time_zone)  # the model's own rule and message
        club.time_zone = time_zone
    if usual_start is not None:
        club.usual_start = usual_start
    club.save(update_fields=["language", "paper", "format_style", "time_zone", "usual_start"])
    return club


@transaction.atomic
def club_national_save(*, club: Club, national_number: str, federation: str, by: User) -> Club:
    """The owner's record of the club's number at its national federation (blank: none), which the results files
    carry as USEBIO's CLUB_ID_NUMBER."""
    _require_owner(club, by)
    club.national_number = _plain(national_number, 20, "national_number")
    club.federation = _plain(federation, 40, "federation")
    club.save(update_fields=["national_number", "federation"])
    return club


def _plain(value: str, longest: int, field: str) -> str:
    value = " ".join((value or "").split())
    if len(value) > longest:
        raise ValidationError(
            {field: _("At most %(count)d characters: this has %(length)d.") % {"count": longest, "length": len(value)}}
        )
    return value


@transaction.atomic
def director_language_save(*, user: User, language: str) -> DirectorSettings:
    """A director's own language for their pages (blank: the club's, else the browser's)."""
    language = _one_of(language or "", [("", ""), *LANGUAGES], "language")
    settings, _created = DirectorSettings.objects.update_or_create(user=user, defaults={"language": language})
    return settings
