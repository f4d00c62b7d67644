"""The bridge rules engine: plain Python, no Django.

Plain values in and out; every bad input raises ValueError with a message a director can read.
The ORM, views and printers call this package; it calls none of them.
"""
