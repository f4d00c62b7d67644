"""What other bridge software reads: USEBIO XML, a BridgeWebs-style CSV ranking, PBN deal records.

Each writer takes the plain data of `data.py` (built by selectors/interchange.py) and returns bytes;
none touches the database. These are machine formats: their tags and headings stay in English
whatever the club's language; names are written exactly as entered (UTF-8).
"""
