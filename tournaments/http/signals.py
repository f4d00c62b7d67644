"""At login, the director's own language and the club's words go into the session (a read each, then
none per poll)."""

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from tournaments.models import DirectorSettings
from tournaments.selectors.clubs import LANGUAGE_KEY, keep_club_words


@receiver(user_logged_in)
def remember_language(sender, request, user, **kwargs) -> None:
    if request is None or not hasattr(request, "session"):
        return
    chosen = DirectorSettings.objects.filter(user=user).values_list("language", flat=True).first()
    if chosen:
        request.session[LANGUAGE_KEY] = chosen
    else:
        request.session.pop(LANGUAGE_KEY, None)
    keep_club_words(request.session, user)
