"""A table's square, drawn in one place (presentation/square.py) for every page that shows one: each name in
its box and escaped, an empty seat empty, the seat letters in the page's language."""

from types import SimpleNamespace

from django.utils import translation

from tournaments.presentation import phone
from tournaments.presentation.square import square_html
from tournaments.templatetags.names_tags import table_square

VIEW = SimpleNamespace(north="Ann <Lee> & co", east="Éloïse Dupré", south="", west=None, number=12)


def test_a_square_by_hand():
    assert square_html(VIEW) == (
        '<div class="square">\n  <span class="n"><small>N</small> <bdi class="person">Ann &lt;Lee&gt; &amp; co</bdi>'
        '</span><span class="w"><small>W</small> </span><span class="mid">12</span><span class="e"><small>E</small>'
        ' <bdi class="person">Éloïse Dupré</bdi></span><span class="s"><small>S</small> </span>\n</div>'
    )


def test_the_phone_and_the_pages_draw_the_same_square_in_each_language():
    for language, west in (("en", "W"), ("fr", "O"), ("de", "W"), ("nl", "W")):
        with translation.override(language):
            drawn = square_html(VIEW)
            assert f'<span class="w"><small>{west}</small>' in drawn
            assert phone.square_html(VIEW) == table_square(VIEW) == drawn + "\n"
