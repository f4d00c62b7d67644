"""At login, the director's own language and the club's words go into the session (a read each, then
none per poll)."""

from typing import Any

from django.contrib.auth.models import User
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest

from tournaments.models import DirectorSettings
from tournaments.selectors.clubs import LANGUAGE_KEY, keep_club_words


@receiver(user_logged_in)
def remember_language(sender: type[User], request: HttpRequest | None, user: User, **kwargs: Any) -> None:
    if request is None or not hasattr(request, "session"):
        return
    chosen = DirectorSettings.objects.filter(user=user).values_list("language", flat=True).first()
    if chosen:
        request.session[LANGUAGE_KEY] = chosen
    else:
        request.session.pop(LANGUAGE_KEY, None)
    keep_club_words(request.session, user)
