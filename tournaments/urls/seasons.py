"""A club's seasons: the list, a season's page, its PDF and workbook."""

from django.urls import path

from tournaments.views import seasons

urlpatterns = [
    path("", seasons.series_list, name="series_list"),
    path("new/", seasons.series_create, name="series_create"),
    path("<int:series_id>/", seasons.series_detail, name="series_detail"),
    path("<int:series_id>/edit/", seasons.series_edit, name="series_edit"),
    path("<int:series_id>/delete/", seasons.series_delete, name="series_delete"),
    path("<int:series_id>/season.pdf", seasons.series_pdf, name="series_pdf"),
    path("<int:series_id>/season.xlsx", seasons.series_xlsx, name="series_xlsx"),
]
