"""The party, at /parties/: its guests, seats, rounds and tables' results, standings, printed matter and exports."""

from django.urls import path

from tournaments.views import entries, interchange, members, money, party, prints, privacy, rounds, standings

P = "parties/<int:party_id>/"
R = P + "rounds/<int:number>/"

urlpatterns = [
    path("parties/new/", party.party_create, name="party_create"),
    path(P, party.party_dashboard, name="party_dashboard"),
    path(P + "edit/", party.party_edit, name="party_edit"),
    path(P + "delete/", party.party_delete, name="party_delete"),
    path(P + "export.json", party.party_export, name="party_export"),
    path(P + "guests/", party.party_guests, name="party_guests"),
    path(P + "guests/add/", party.guest_add, name="guest_add"),
    path(P + "guests/paste/", party.guests_paste, name="guests_paste"),
    path(P + "guests/upload/", party.guests_upload, name="guests_upload"),
    path(P + "guests/<int:guest_id>/", party.guest_edit, name="guest_edit"),
    path(P + "guests/<int:guest_id>/remove/", party.guest_remove, name="guest_remove"),
    path(P + "guests/<int:guest_id>/membership/", members.guest_membership, name="guest_membership"),
    path(P + "guests/<int:guest_id>/member/", members.guest_link, name="guest_link"),
    path(P + "guests/<int:guest_id>/erase/", privacy.guest_erase, name="guest_erase"),
    path(P + "money/", money.party_money, name="party_money"),
    path(P + "money/fee/", money.party_money_fee, name="party_money_fee"),
    path(P + "money/pay/", money.party_money_pay, name="party_money_pay"),
    path(P + "money/all-cash/", money.party_money_all_cash, name="party_money_all_cash"),
    path(P + "money/free/", money.party_money_free, name="party_money_free"),
    path(P + "entries/", entries.party_entries, name="party_entries"),
    path(P + "entries/guests/", entries.entries_to_guests, name="entries_to_guests"),
    path(P + "entries/<int:entry_id>/move-up/", entries.entry_move_up, name="entry_move_up"),
    path(P + "entries/<int:entry_id>/remove/", entries.entry_remove, name="entry_remove"),
    path(P + "seats/", rounds.party_seats, name="party_seats"),
    path(P + "rounds/", rounds.round_current, name="round_current"),
    path(P + "rounds/another/", rounds.round_extend, name="round_extend"),
    path(R, rounds.round_detail, name="round_detail"),
    path(R + "close/", rounds.round_close, name="round_close"),
    path(R + "start/", rounds.round_start, name="round_start"),
    path(R + "clock/", rounds.round_clock_set, name="round_clock"),
    path(R + "movement/", rounds.round_movement, name="round_movement"),
    path(R + "swap/", rounds.seat_swap, name="seat_swap"),
    path(R + "replace/", rounds.seat_replace, name="seat_replace"),
    path(R + "tables/<int:table>/", rounds.table_enter, name="table_enter"),
    path(R + "tables/<int:table>/cut/", rounds.result_cut, name="result_cut"),
    path(R + "tables/<int:table>/lock/", rounds.result_lock, name="result_lock"),
    path(R + "tables/<int:table>/undo/<int:change_id>/", rounds.result_undo, name="result_undo"),
    path(P + "tables/<int:table>/new-link/", prints.token_reissue, name="token_reissue"),
    path(P + "standings/", standings.party_standings, name="party_standings"),
    path(P + "print/", prints.party_print, name="party_print"),
    path(P + "print/tallies.pdf", prints.tallies_pdf, name="tallies_pdf"),
    path(P + "print/table-cards.pdf", prints.table_cards_pdf, name="table_cards_pdf"),
    path(R + "score-cards.pdf", prints.score_cards_pdf, name="score_cards_pdf"),
    path(R + "movement.pdf", prints.movement_pdf, name="movement_pdf"),
    path(P + "results.pdf", prints.results_pdf, name="results_pdf"),
    path(P + "results.xlsx", prints.results_xlsx, name="results_xlsx"),
    path(P + "export/<slug:fmt>/", interchange.results_export, name="results_export"),
]
