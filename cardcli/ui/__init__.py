"""User interfaces over the session: the console, meta-commands and the two drivers."""
