"""What the pages and the printed matter say, one module per format.

The selectors read and work out the figures and return data (numbers, codes, names, dataclasses);
a presentation module turns that data into sentences in the reader's language (gettext with
named placeholders), with numbers and money in the club's style (tournaments.l10n).
"""
