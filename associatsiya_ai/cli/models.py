"""Commands: models (registered on import)."""
