"""A card evening's pages, under evenings/: the list, a new one, its page, its entries and its tables."""

from django.urls import path

from tournaments.views import entries, evening

E = "<int:evening_id>/"

urlpatterns = [
    path("", evening.evening_list, name="evening_list"),
    path("new/", evening.evening_create, name="evening_create"),
    path(E, evening.evening_detail, name="evening_detail"),
    path(E + "tables/", evening.evening_tables_make, name="evening_tables_make"),
    path(E + "entries/", entries.evening_entries, name="evening_entries"),
    path(E + "entries/<int:entry_id>/move-up/", entries.evening_entry_move_up, name="evening_entry_move_up"),
    path(E + "entries/<int:entry_id>/remove/", entries.evening_entry_remove, name="evening_entry_remove"),
]
