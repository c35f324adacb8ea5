"""Shared tables over SSH (`cardcli serve`): a lobby, tables with join codes, one session per table."""
