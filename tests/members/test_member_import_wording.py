"""A members file that cannot be read is refused in words about members, never "a guest list"; a party's guest
upload keeps its own words."""

import pytest
from django.contrib.messages import get_messages
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournaments.files import members as member_files
from tournaments.files import uploads as imports
from tournaments.models import Club, Member

pytestmark = pytest.mark.django_db

NOT_MEMBERS = (
    "This file is not a members list: upload an XLSX or CSV file with a member's name in the first column, as the "
    "members export writes it."
)
REFUSED = {
    "not a spreadsheet": ("members.pdf", b"%PDF-1.4 ...", NOT_MEMBERS),
    "a damaged XLSX": ("members.xlsx", b"PK\x03\x04 not really a zip", NOT_MEMBERS),
    "binary posing as CSV": ("members.csv", b"Name\x00\x00\x01", NOT_MEMBERS),
    "too large": (
        "members.csv",
        b"Name\n" + b"x" * (imports.MAX_BYTES + 1),
        "The file is larger than 2 MB: that is no members list.",
    ),
    "too many rows": (
        "members.csv",
        "".join(f"Member {n}\n" for n in range(1002)).encode(),
        "This file has more than 1,000 rows: that is no members list.",
    ),
    "only the headings": ("members.csv", b"Name,Lady or gentleman\n", "The file has no members in it."),
}


@pytest.mark.parametrize("filename, data, message", REFUSED.values(), ids=REFUSED.keys())
def test_a_members_file_is_refused_in_words_about_members(filename, data, message):
    with pytest.raises(ValidationError) as refused:
        member_files.member_rows(filename, data)
    assert refused.value.messages == [message]
    assert "guest" not in message


@pytest.mark.parametrize("filename, data, message", REFUSED.values(), ids=REFUSED.keys())
def test_the_members_upload_says_so_and_adds_nobody(client_in, director, filename, data, message):
    response = client_in.post(reverse("members_import"), {"file": SimpleUploadedFile(filename, data)})
    assert response.status_code == 302
    assert [str(m) for m in get_messages(response.wsgi_request)] == [f"Nothing was imported: {message}"]
    assert not Member.objects.filter(club=Club.objects.get(memberships__user=director)).exists()


def test_a_guest_list_keeps_its_own_words():
    with pytest.raises(ValidationError) as refused:
        imports.read_rows("guests.pdf", b"%PDF-1.4 ...")
    assert refused.value.messages == [
        "This file is not a guest list: upload an XLSX or CSV file with a name in the first column."
    ]
    with pytest.raises(ValidationError) as empty:
        imports.read_rows("guests.csv", b"Name\n")
    assert empty.value.messages == ["The file has no names in it."]
