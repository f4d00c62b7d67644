"""Models for the towie pages (filled in with its issue)."""

__all__: list[str] = []
