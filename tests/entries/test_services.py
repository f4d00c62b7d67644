"""The entries' writes, with figures worked out by hand: places, the waiting list, cancelling, the balance,
the guest list made from the entries; and every refusal writing nothing."""

import datetime
import logging

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from tests.conftest import make_party
from tournaments.models import Entry, Member
from tournaments.selectors import entries as selectors
from tournaments.services import entries as services
from tournaments.services import seating

pytestmark = pytest.mark.django_db


def opened(director, *, tables=4, mixed=True, keep_partners=False, **settings):
    party = make_party(tables=tables, mixed=mixed, keep_partners=keep_partners, user=director, draw=False)
    party.guests.all().delete()
    return party, services.entry_list_save(event=party, open=True, **settings)


def enter(entry_list, name, kind="", **more):
    more.setdefault("email", f"{name.replace(' ', '.').lower()}@example.org")
    return services.entry_add(entry_list=entry_list, name=name, kind=kind, **more)


def states(entry_list):
    return list(entry_list.entries.order_by("pk").values_list("name", "state"))


def test_seventeen_entrants_at_four_mixed_tables_the_seventeenth_waits_and_moves_up(
    director, caplog, django_capture_on_commit_callbacks
):
    party, entry_list = opened(director)
    assert entry_list.tables == 4  # the party's own tables when the hostess gives none
    for i in range(1, 9):
        enter(entry_list, f"Lady {i}", "lady")
        enter(entry_list, f"Gent {i}", "gentleman")
    caplog.set_level(logging.INFO, "tournaments.entries")
    with django_capture_on_commit_callbacks(execute=True):
        late = enter(entry_list, "Lady 9", "lady")
    # 4 tables: 8 ladies' and 8 gentlemen's places, all taken; the ninth lady is first on the waiting list.
    assert late.state == "waiting" and selectors.place_of(late) == 1
    assert "entry notice: waiting at place 1" in caplog.text
    board = selectors.board(entry_list)
    assert (len(board.confirmed), len(board.waiting), board.ladies, board.gentlemen, board.problems) == (
        16,
        1,
        8,
        8,
        [],
    )

    with django_capture_on_commit_callbacks(execute=True):
        moved = services.entry_cancel(entry=Entry.objects.get(name="Lady 3"))
    assert [e.name for e in moved] == ["Lady 9"]
    late.refresh_from_db()
    assert late.state == "confirmed" and "entry notice: moved up" in caplog.text
    board = selectors.board(entry_list)
    assert (len(board.confirmed), len(board.waiting), len(board.cancelled), board.problems) == (16, 0, 1, [])

    assert services.guests_from_entries(entry_list=entry_list) == 16
    assert services.guests_from_entries(entry_list=entry_list) == 0  # pressed again: nothing twice
    guests = party.guests.all()
    assert guests.count() == 16 and guests.filter(kind="lady").count() == 8 and "Lady 3" not in {g.name for g in guests}
    assert "Lady 9" in {g.name for g in guests}
    assert seating.seats_draw(party=party, seed=3).seats.count() == 16


def test_each_kind_fills_its_own_half_and_the_balance_says_what_is_missing(director):
    party, entry_list = opened(director, tables=2)  # 4 ladies' places, 4 gentlemen's
    for i in range(1, 6):
        enter(entry_list, f"Lady {i}", "lady")
    enter(entry_list, "Gent 1", "gentleman")
    assert states(entry_list)[4] == ("Lady 5", "waiting")  # a fifth lady waits though gentlemen are short
    board = selectors.board(entry_list)
    assert (board.ladies, board.gentlemen) == (4, 1)
    assert [str(p) for p in board.problems] == ["3 more gentlemen needed"]
    # A gentleman who cancels frees a gentleman's place: the waiting lady stays where she is.
    assert services.entry_cancel(entry=Entry.objects.get(name="Gent 1")) == []
    assert [str(p) for p in selectors.board(entry_list).problems] == ["4 more gentlemen needed"]


def test_the_waiting_list_moves_up_in_order_and_a_cancel_link_twice_does_nothing(director):
    party, entry_list = opened(director, tables=1, mixed=False)  # 4 places
    for name in ("Ann", "Ben", "Cid", "Dot", "Eve", "Fay", "Gus"):
        enter(entry_list, name)
    assert [selectors.place_of(e) for e in entry_list.entries.filter(state="waiting").order_by("pk")] == [1, 2, 3]
    ben = Entry.objects.get(name="Ben")
    assert [e.name for e in services.entry_cancel(entry=ben)] == ["Eve"]
    assert services.entry_cancel(entry=ben) == []
    assert [selectors.place_of(e) for e in entry_list.entries.filter(state="waiting").order_by("pk")] == [1, 2]
    assert selectors.place_of(Entry.objects.get(name="Gus")) == 2
    # The hostess gives Gus a place past the four: five confirmed, one over.
    services.entry_move_up(entry=Entry.objects.get(name="Gus"))
    assert [str(p) for p in selectors.board(entry_list).problems] == ["1 player over"]
    # One more table takes the first waiting in (Fay), with room for three more.
    entry_list = services.entry_list_save(event=party, open=True, tables=2)
    assert Entry.objects.get(name="Fay").state == "confirmed"
    assert [str(p) for p in selectors.board(entry_list).problems] == ["2 more players needed"]


def test_a_full_waiting_list_refuses_plainly(director):
    party, entry_list = opened(director, tables=1, mixed=False)  # 4 places, 4 on the waiting list
    for i in range(8):
        enter(entry_list, f"Player {i}")
    before = states(entry_list)
    with pytest.raises(ValidationError) as refused:
        enter(entry_list, "Player 9")
    assert refused.value.messages == ["The list is full, and so is its waiting list."]
    assert states(entry_list) == before


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"name": "  "}, "Give your name."),
        ({"kind": ""}, "Say whether you play as a lady or a gentleman: the party is mixed."),
        ({"email": "", "phone": ""}, "Give an e-mail address or a phone number, so that the hostess can reach you."),
        ({"email": "", "phone": "call me"}, "A phone number has 6 to 30 digits, spaces and + ( ) - . /"),
        ({"email": "ANN@example.org"}, "An entry with this e-mail address is already on the list."),
        ({"name": "ann  smith", "email": "other@example.org"}, "ann smith is already on the list."),
        (
            {"member_number": "EBU 9"},
            "No member of the club has the number EBU 9: leave it empty if you are not a member.",
        ),
        ({"member_number": "ebu 1", "email": "x@example.org"}, "Ann Smith has already entered."),
    ],
)
def test_bad_entries_are_refused_plainly_and_write_nothing(director, fields, message):
    party, entry_list = opened(director)
    ann = Member.objects.create(club=party.club, name="Ann Smith", number="EBU 1", email="ann@example.org")
    first = enter(entry_list, "Ann Smith", "lady", email="Ann@Example.org")
    assert (first.email, first.member) == ("ann@example.org", ann)  # recognised by her e-mail address
    data = {"name": "Bea Jones", "kind": "lady", "email": "bea@example.org"} | fields
    with pytest.raises(ValidationError) as refused:
        services.entry_add(entry_list=entry_list, **data)
    assert refused.value.messages == [message]
    assert states(entry_list) == [("Ann Smith", "confirmed")]


def test_closed_entries_refuse_by_hand_or_by_the_clock(director):
    party, entry_list = opened(director, closes_at=timezone.now() - datetime.timedelta(minutes=1))
    with pytest.raises(ValidationError, match="Entries are closed."):
        enter(entry_list, "Ann", "lady")
    services.entry_list_save(event=party, open=False, closes_at=None)
    with pytest.raises(ValidationError, match="Entries are closed."):
        enter(entry_list, "Ann", "lady")
    assert states(entry_list) == []


def test_a_member_number_links_the_member_and_a_cancelled_entrant_may_enter_again(director):
    party, entry_list = opened(director, mixed=False)
    member = Member.objects.create(club=party.club, name="Cid Moss", number="F123")
    entry = enter(entry_list, "Cid Moss", member_number="f123", email="", phone="+44 7700 900123")
    assert entry.member == member and entry.phone == "+44 7700 900123"
    services.entry_cancel(entry=entry)
    assert enter(entry_list, "Cid Moss", member_number="F123").state == "confirmed"
    services.guests_from_entries(entry_list=entry_list)
    assert party.guests.get(name="Cid Moss").member == member


def test_keep_partners_an_entry_is_a_pair_and_partners_are_seated_together(director):
    party, entry_list = opened(director, tables=2, keep_partners=True)  # 4 pairs' places
    partner = Member.objects.create(club=party.club, name="Partner 3", kind="gentleman")
    with pytest.raises(ValidationError, match="Give your partner's name"):
        enter(entry_list, "Ann", "lady")
    for i in range(1, 6):
        enter(entry_list, f"Lady {i}", "lady" if i != 2 else "gentleman", partner=f"Partner {i}")
    assert states(entry_list)[4] == ("Lady 5", "waiting")
    with pytest.raises(ValidationError, match="Partner 1 is already on the list."):
        enter(entry_list, "Partner 1", "gentleman", partner="Someone")
    board = selectors.board(entry_list)
    assert (len(board.confirmed), board.ladies, board.gentlemen, board.players, board.problems) == (4, 4, 4, 8, [])
    assert services.guests_from_entries(entry_list=entry_list) == 8
    party.refresh_from_db()
    # Pair by pair, table by table: North–South then East–West; the lady North or East at a mixed party.
    assert party.pins == [
        [1, "N", "Lady 1"], [1, "S", "Partner 1"], [1, "W", "Lady 2"], [1, "E", "Partner 2"],
        [2, "N", "Lady 3"], [2, "S", "Partner 3"], [2, "E", "Lady 4"], [2, "W", "Partner 4"],
    ]  # fmt: skip
    assert party.guests.get(name="Partner 2").kind == "lady"
    assert party.guests.get(name="Partner 3").member == partner  # the only member of that name
    first = seating.seats_draw(party=party, seed=1)
    seated = {(s.table, s.seat): s.guest.name for s in first.seats.select_related("guest")}
    assert seated[(1, "N")] == "Lady 1" and seated[(1, "S")] == "Partner 1"


def test_a_cancel_after_the_guest_list_takes_the_guest_off_until_the_seats_are_drawn(director):
    party, entry_list = opened(director, tables=1, mixed=False)
    for name in ("Ann", "Ben", "Cid", "Dot", "Eve"):
        enter(entry_list, name)
    services.guests_from_entries(entry_list=entry_list)
    services.entry_cancel(entry=Entry.objects.get(name="Ann"))
    assert sorted(party.guests.values_list("name", flat=True)) == ["Ben", "Cid", "Dot"]
    assert services.guests_from_entries(entry_list=entry_list) == 1  # Eve, moved up
    seating.seats_draw(party=party, seed=1)
    ben = Entry.objects.get(name="Ben")
    with pytest.raises(ValidationError, match="The seats are drawn"):
        services.entry_cancel(entry=ben)
    ben.refresh_from_db()
    assert ben.state == "confirmed" and party.guests.count() == 4
    assert services.guests_from_entries(entry_list=entry_list) == 0  # pressed again after the draw: nobody new


def test_an_entrant_taken_after_the_draw_is_a_reserve(director):
    """Issue 46: after the draw the guest list still takes entries, as reserves; the drawn tables stay."""
    party, entry_list = opened(director, tables=1, mixed=False)
    for name in ("Ann", "Ben", "Cid", "Dot"):
        enter(entry_list, name)
    services.guests_from_entries(entry_list=entry_list)
    seating.seats_draw(party=party, seed=1)
    enter(entry_list, "Eve")  # the one table is full: Eve waits, until the hostess takes her on
    Entry.objects.filter(name="Eve").update(state=Entry.State.CONFIRMED)
    assert services.guests_from_entries(entry_list=entry_list) == 1
    assert list(party.guests.filter(reserve=True).values_list("name", flat=True)) == ["Eve"]
    assert party.rounds.get(number=1).seats.count() == 4


def test_a_name_already_on_the_guest_list_refuses_the_whole_step(director):
    party, entry_list = opened(director, tables=1, mixed=False)
    enter(entry_list, "Ann")
    enter(entry_list, "Ben")
    party.guests.create(name="ben")
    with pytest.raises(ValidationError, match="Already on the guest list: Ben."):
        services.guests_from_entries(entry_list=entry_list)
    assert list(party.guests.values_list("name", flat=True)) == ["ben"]
    assert not Entry.objects.filter(guest__isnull=False).exists()


def test_a_newcomer_made_a_member_from_the_guest_list_keeps_the_contact_given_at_entry(director):
    from tournaments.services import members

    party, entry_list = opened(director, tables=1, mixed=False)
    enter(entry_list, "Nia Newcomer", email="Nia@Example.org", phone="01632 960001")
    services.guests_from_entries(entry_list=entry_list)
    member = members.guest_make_member(guest=party.guests.get(name="Nia Newcomer"))
    assert (member.name, member.email, member.phone) == ("Nia Newcomer", "nia@example.org", "01632 960001")
    assert Entry.objects.get(name="Nia Newcomer").member == member
