"""What reads and writes files, one module per kind of file: plain data in, bytes out, and back.

transfer/: the whole-event JSON (a party's or a knockout's export and import, `export_party`,
`export_knockout`, `import_event`); uploads.py: a guest or pair list uploaded as XLSX or CSV, bounded
before it is read; members.py: the club's members file (CSV or XLSX, out and back in);
interchange/: the results in USEBIO, BridgeWebs CSV and PBN (`export_results`).
"""
