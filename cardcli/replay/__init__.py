"""Replay files: the model (msgspec Structs), reading and writing, and verification."""
