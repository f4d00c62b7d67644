"""The admin, for whoever runs the server (staff). Results, deals and their history are shown but
never edited here: they change only through the app's pages, which keep the history, the version
numbers and the scores right."""

from django.contrib import admin

from tournaments import models


class ViewOnly:
    """Seen, never added, changed or deleted from the admin."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


# ---- Clubs ---------------------------------------------------------------------------------------


class MembershipInline(admin.TabularInline):
    model = models.Membership
    extra = 0
    raw_id_fields = ["user"]


@admin.register(models.Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "created_at"]
    search_fields = ["name"]
    inlines = [MembershipInline]


@admin.register(models.Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ["user", "club", "role", "created_at"]
    list_filter = ["role", "club"]
    list_select_related = ["user", "club"]
    raw_id_fields = ["user"]


@admin.register(models.DirectorSettings)
class DirectorSettingsAdmin(admin.ModelAdmin):
    list_display = ["user", "language"]
    list_select_related = ["user"]
    raw_id_fields = ["user"]


@admin.register(models.DirectorInvite)
class DirectorInviteAdmin(ViewOnly, admin.ModelAdmin):
    list_display = ["club", "role", "created_by", "created_at", "expires_at", "used_at"]
    list_select_related = ["club", "created_by"]
    exclude = ["token"]


class GuestInline(admin.TabularInline):
    model = models.Guest
    extra = 0


@admin.register(models.Party)
class PartyAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "date", "tables", "mixed", "keep_partners", "rules"]
    list_filter = ["club"]
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
class SeatOverrideAdmin(ViewOnly, admin.ModelAdmin):
    list_display = ["round", "table", "seat", "old_guest", "new_guest", "by", "at"]
    list_select_related = ["round__party", "old_guest", "new_guest", "by"]
    raw_id_fields = ["round", "old_guest", "new_guest"]


class DealEntryInline(ViewOnly, admin.TabularInline):
    model = models.DealEntry
    extra = 0


@admin.register(models.TableResult)
class TableResultAdmin(ViewOnly, admin.ModelAdmin):
    list_display = ["round", "table", "ns", "ew", "winner", "status", "locked"]
    list_select_related = ["round__party"]
    inlines = [DealEntryInline]


@admin.register(models.DealEntry)
class DealEntryAdmin(ViewOnly, admin.ModelAdmin):
    list_display = ["result", "number", "contract", "declarer", "tricks", "ns", "ew"]
    list_select_related = ["result__round__party"]
    raw_id_fields = ["result"]


@admin.register(models.ResultChange)
class ResultChangeAdmin(ViewOnly, admin.ModelAdmin):
    list_display = ["result", "action", "at", "by_user", "by_token"]
    list_select_related = ["result__round__party", "by_user", "by_token"]
    raw_id_fields = ["result"]


@admin.register(models.PhoneSend)
class PhoneSendAdmin(ViewOnly, admin.ModelAdmin):
    list_display = ["token", "client_id", "at"]
    list_select_related = ["token__party"]


@admin.register(models.TableToken)
class TableTokenAdmin(admin.ModelAdmin):
    list_display = ["party", "table", "created_at", "revoked_at"]
    list_select_related = ["party"]
    readonly_fields = ["token"]


# ---- Boston tables (issue 8) --------------------------------------------------------------------


class BostonDealInline(ViewOnly, admin.TabularInline):
    model = models.BostonDeal
    extra = 0
    fields = ["number", "kind", "caller", "bid", "suit", "tricks", "honours", "partner", "i_pay", "turned"]


@admin.register(models.BostonTable)
class BostonTableAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "date", "variant", "party", "finished_at"]
    list_filter = ["club", "variant"]
    search_fields = ["name", "player_1", "player_2", "player_3", "player_4"]
    list_select_related = ["party"]
    raw_id_fields = ["party"]
    inlines = [BostonDealInline]


@admin.register(models.BostonDeal)
class BostonDealAdmin(ViewOnly, admin.ModelAdmin):
    list_display = ["table", "number", "kind", "caller", "bid", "suit", "tricks"]
    list_select_related = ["table"]
    raw_id_fields = ["table"]


# ---- Rubber bridge knockout (issue 5) -----------------------------------------------------------


class KnockoutPairInline(admin.TabularInline):
    model = models.KnockoutPair
    extra = 0
    fields = ["player_a", "player_b", "name"]


@admin.register(models.Knockout)
class KnockoutAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "date", "rules", "created_by"]
    list_filter = ["club"]
    search_fields = ["name"]
    list_select_related = ["created_by"]
    inlines = [KnockoutPairInline]


@admin.register(models.KnockoutRound)
class KnockoutRoundAdmin(admin.ModelAdmin):
    list_display = ["knockout", "bracket", "number", "tables", "status", "arranged", "draw_seed"]
    list_filter = ["bracket", "status"]
    list_select_related = ["knockout"]
    raw_id_fields = ["knockout"]


class KnockoutDealInline(ViewOnly, admin.TabularInline):
    model = models.KnockoutDeal
    extra = 0
    fields = ["number", "contract", "declarer", "tricks", "honours"]


@admin.register(models.KnockoutMatch)
class KnockoutMatchAdmin(ViewOnly, admin.ModelAdmin):
    list_display = ["round", "table", "ns", "ew", "ns_total", "ew_total", "winner", "decision", "best_loser"]
    list_select_related = ["round__knockout", "ns", "ew", "winner"]
    raw_id_fields = ["round", "ns", "ew", "winner"]
    inlines = [KnockoutDealInline]


@admin.register(models.KnockoutPair)
class KnockoutPairAdmin(admin.ModelAdmin):
    list_display = ["name", "knockout", "player_a", "player_b"]
    search_fields = ["name"]
    list_select_related = ["knockout"]
    raw_id_fields = ["knockout"]


@admin.register(models.KnockoutDeal)
class KnockoutDealAdmin(ViewOnly, admin.ModelAdmin):
    list_display = ["match", "number", "contract", "declarer", "tricks", "honours"]
    list_select_related = ["match__round__knockout", "match__ns", "match__ew"]
    raw_id_fields = ["match"]


# --- Towie tables (issue 6) ---------------------------------------------------------------------


class TowiePlayerInline(admin.TabularInline):
    model = models.TowiePlayer
    extra = 0
    fields = ["order", "name", "card", "guest"]
    raw_id_fields = ["guest"]


class TowieDealInline(ViewOnly, admin.TabularInline):
    model = models.TowieDeal
    extra = 0
    fields = ["position", "kind", "seat_1", "seat_2", "seat_3", "dealer", "declarer", "contract", "tricks"]
    fields += ["honours_holder", "honours"]
    raw_id_fields = ["seat_1", "seat_2", "seat_3", "dealer", "declarer", "honours_holder"]


@admin.register(models.TowieTable)
class TowieTableAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "date", "party", "stake", "drawn_at"]
    list_filter = ["club"]
    search_fields = ["name"]
    list_select_related = ["party"]
    raw_id_fields = ["party"]
    readonly_fields = ["token"]
    inlines = [TowiePlayerInline, TowieDealInline]


@admin.register(models.TowiePlayer)
class TowiePlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "table", "order", "card", "guest"]
    search_fields = ["name"]
    list_select_related = ["table", "guest"]
    raw_id_fields = ["table", "guest"]


@admin.register(models.TowieDeal)
class TowieDealAdmin(ViewOnly, admin.ModelAdmin):
    list_display = ["table", "position", "kind", "contract", "declarer", "tricks", "honours"]
    list_filter = ["kind"]
    list_select_related = ["table", "declarer"]
    raw_id_fields = ["table", "seat_1", "seat_2", "seat_3", "dealer", "declarer", "honours_holder"]


@admin.register(models.Member)
class MemberAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "kind", "number", "active"]
    list_filter = ["club", "active"]
    search_fields = ["name", "number", "email"]


@admin.register(models.Series)
class SeriesAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "scoring", "best_of"]
    list_filter = ["club"]


@admin.register(models.PublicLink)
class PublicLinkAdmin(admin.ModelAdmin):
    list_display = ["club", "party", "knockout", "series", "created_at"]
    list_filter = ["club"]


# ---- E-mail ----------------------------------------------------------------------------------------


@admin.register(models.OutgoingMail)
class OutgoingMailAdmin(ViewOnly, admin.ModelAdmin):
    """The queue as `send_mail` sees it: what waits, what was sent, what failed and why."""

    list_display = ["created_at", "club", "kind", "to", "status", "attempts", "send_after", "sent_at"]
    list_filter = ["status", "kind", "club"]
    search_fields = ["to", "subject", "about"]
    readonly_fields = ["last_error"]


@admin.register(models.MailRecipient)
class MailRecipientAdmin(ViewOnly, admin.ModelAdmin):
    list_display = ["email", "club", "unsubscribed_at", "created_at"]
    list_filter = ["club"]
    search_fields = ["email"]
    exclude = ["token"]  # the unsubscribe link is the recipient's own


@admin.register(models.CardEvening)
class CardEveningAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "date", "game", "tables", "tables_made_at"]
    list_filter = ["club", "game"]


@admin.register(models.EntryList)
class EntryListAdmin(admin.ModelAdmin):
    list_display = ["club", "party", "knockout", "evening", "open", "closes_at", "tables"]
    list_filter = ["club"]
    raw_id_fields = ["party", "knockout", "evening"]


@admin.register(models.Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["name", "entry_list", "state", "created_at"]
    list_filter = ["state"]
    raw_id_fields = ["entry_list", "member", "guest", "partner_guest", "pair"]


# The night's changes of plan and a seat taken mid-round: history, undone from the party's pages only.
@admin.register(models.PlanChange)
class PlanChangeAdmin(ViewOnly, admin.ModelAdmin):
    list_display = ["party", "round", "action", "at", "by_user", "undone_at"]
    list_select_related = ["party", "round", "by_user"]


@admin.register(models.MidRoundSeat)
class MidRoundSeatAdmin(ViewOnly, admin.ModelAdmin):
    list_display = ["round", "table", "seat", "from_deal", "left", "came", "at"]
    list_select_related = ["round__party", "left", "came"]


# Table money (docs/money.md): rows are never edited or deleted, a balance is their sum, and fees and free
# places change through the Table money pages, which say what was already paid.
@admin.register(models.MoneyRow)
class MoneyRowAdmin(ViewOnly, admin.ModelAdmin):
    list_display = ["club", "created_at", "kind", "method", "amount", "currency", "member", "guest_id"]
    list_select_related = ["club", "member"]


@admin.register(models.MoneyAccount)
class MoneyAccountAdmin(ViewOnly, admin.ModelAdmin):
    list_display = ["club", "member", "balance"]
    list_select_related = ["club", "member"]


@admin.register(models.EventFee)
class EventFeeAdmin(ViewOnly, admin.ModelAdmin):
    list_display = ["club", "event_kind", "event_id", "member_rate", "visitor_rate"]
    list_select_related = ["club"]


@admin.register(models.FreePlace)
class FreePlaceAdmin(ViewOnly, admin.ModelAdmin):
    list_display = ["club", "event_kind", "event_id", "guest_id", "created_at"]
    list_select_related = ["club"]
