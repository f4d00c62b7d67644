"""The rubber-bridge knockout pages, included at "knockouts/" (every name starts with knockout_)."""

from django.urls import path

from tournaments.views import entries, interchange, members
from tournaments.views import knockout as views
from tournaments.views import knockout_withdrawals as withdrawals

K = "<int:knockout_id>/"
R = K + "<slug:bracket>/<int:number>/"
M = R + "tables/<int:table>/"

urlpatterns = [
    path("", views.knockout_list, name="knockout_list"),
    path("new/", views.knockout_create, name="knockout_create"),
    path(K, views.knockout_detail, name="knockout_detail"),
    path(K + "edit/", views.knockout_edit, name="knockout_edit"),
    path(K + "pairs/", views.knockout_pairs_add, name="knockout_pairs_add"),
    path(K + "pairs/<int:pair_id>/remove/", views.knockout_pair_remove, name="knockout_pair_remove"),
    path(K + "deals.pbn", interchange.knockout_pbn, name="knockout_pbn"),
    path(K + "pairs/<int:pair_id>/membership/", members.knockout_pair_membership, name="knockout_pair_membership"),
    path(K + "entries/", entries.knockout_entries, name="knockout_entries"),
    path(K + "entries/pairs/", entries.knockout_entries_to_pairs, name="knockout_entries_to_pairs"),
    path(K + "entries/<int:entry_id>/move-up/", entries.knockout_entry_move_up, name="knockout_entry_move_up"),
    path(K + "entries/<int:entry_id>/remove/", entries.knockout_entry_remove, name="knockout_entry_remove"),
    path(K + "draw/", views.knockout_draw, name="knockout_draw"),
    path(K + "bracket/", views.knockout_bracket, name="knockout_bracket"),
    path(K + "bracket.pdf", views.knockout_bracket_pdf, name="knockout_bracket_pdf"),
    path(K + "bracket-wall.pdf", views.knockout_bracket_wall_pdf, name="knockout_bracket_wall_pdf"),
    path(K + "results.xlsx", views.knockout_results_xlsx, name="knockout_results_xlsx"),
    path(K + "export.json", views.knockout_export, name="knockout_export"),
    path(R, views.knockout_round, name="knockout_round"),
    path(R + "redraw/", views.knockout_round_redraw, name="knockout_round_redraw"),
    path(R + "arrange/", views.knockout_round_arrange, name="knockout_round_arrange"),
    path(R + "close/", views.knockout_round_close, name="knockout_round_close"),
    path(R + "reopen/", views.knockout_round_reopen, name="knockout_round_reopen"),
    path(R + "draw.pdf", views.knockout_round_pdf, name="knockout_round_pdf"),
    path(M, views.knockout_match, name="knockout_match"),
    path(M + "walkover/undo/", withdrawals.knockout_walkover_undo, name="knockout_walkover_undo"),
    path(K + "pairs/<int:pair_id>/withdraw/", withdrawals.knockout_pair_withdraw, name="knockout_pair_withdraw"),
]
