"""The player's files: settings, saves and their list, locks, the error log, replays, analyses."""
