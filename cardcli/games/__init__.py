"""One package per game; each knows the engine core and nothing beside it."""
