"""Commands: check (registered on import)."""
