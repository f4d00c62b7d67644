from django.contrib import admin

from tournaments import models


class GuestInline(admin.TabularInline):
    model = models.Guest
    extra = 0


@admin.register(models.Party)
class PartyAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "tables", "mixed", "keep_partners", "rules"]
    search_fields = ["name"]
    inlines = [GuestInline]


@admin.register(models.Guest)
class GuestAdmin(admin.ModelAdmin):
    list_display = ["name", "party", "kind", "plays_as", "reserve"]
    list_filter = ["kind", "reserve"]
    search_fields = ["name"]
    list_select_related = ["party"]


@admin.register(models.Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["party", "number", "status"]
    list_select_related = ["party"]


@admin.register(models.Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ["round", "table", "seat", "guest"]
    list_select_related = ["round__party", "guest"]
    raw_id_fields = ["round", "guest"]


@admin.register(models.SeatOverride)
class SeatOverrideAdmin(admin.ModelAdmin):
    list_display = ["round", "table", "seat", "old_guest", "new_guest", "by", "at"]
    list_select_related = ["round__party", "old_guest", "new_guest", "by"]
    raw_id_fields = ["round", "old_guest", "new_guest"]


class DealEntryInline(admin.TabularInline):
    model = models.DealEntry
    extra = 0


@admin.register(models.TableResult)
class TableResultAdmin(admin.ModelAdmin):
    list_display = ["round", "table", "ns", "ew", "winner", "status", "locked"]
    list_select_related = ["round__party"]
    inlines = [DealEntryInline]


@admin.register(models.DealEntry)
class DealEntryAdmin(admin.ModelAdmin):
    list_display = ["result", "number", "contract", "declarer", "tricks", "ns", "ew"]
    list_select_related = ["result__round__party"]
    raw_id_fields = ["result"]


@admin.register(models.ResultChange)
class ResultChangeAdmin(admin.ModelAdmin):
    list_display = ["result", "action", "at", "by_user", "by_token"]
    list_select_related = ["result__round__party", "by_user", "by_token"]
    raw_id_fields = ["result"]


@admin.register(models.TableToken)
class TableTokenAdmin(admin.ModelAdmin):
    list_display = ["party", "table", "created_at", "revoked_at"]
    list_select_related = ["party"]
    readonly_fields = ["token"]
