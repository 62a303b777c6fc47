"""Commands: research (registered on import)."""
