"""The game in words, without pygame: why-not sentences, hints, scores, the move log, the command line."""
