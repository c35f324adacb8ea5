"""The prompt-toolkit driver, split litecli-style into small modules.

Nothing here is imported until a game starts in a real terminal: prompt-toolkit
costs about a tenth of a second to import.
"""
