"""Commands: play (registered on import)."""
