"""Forms parse and check the shape of input; the rules are checked by the services.

One module per format, named as `tournaments/views/` names them (party, rounds, boston, towie, knockout,
clubs, members, seasons); `common` holds what several share, `render` the one field template.
"""
