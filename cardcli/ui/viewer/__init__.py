"""`cardcli replay view` in a terminal: a key-driven, full-screen viewer.

``model`` holds the positions and what each shows (shared with the line viewer),
``layout`` fits a position to the terminal, ``keys`` binds the keys, ``app`` runs the
prompt-toolkit application and ``playon`` turns a position into a new game. Only
``model`` and ``playon`` are imported without a terminal.
"""
