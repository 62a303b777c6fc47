"""Commands: bots (registered on import)."""
