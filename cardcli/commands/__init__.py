"""The bodies of the command-line commands, imported only when a command runs."""
