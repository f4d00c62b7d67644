"""The bridge rules engine: plain Python, no Django.

Plain values in and out; every bad input raises ValueError with a message a director can read:
a RuleError (errors.py), whose English text and figures stay apart so that `tournaments.l10n.say`
can give it in the reader's language; sentences it returns are `words(...)` for the same reason.
The ORM, views and printers call this package; it calls none of them.
"""
