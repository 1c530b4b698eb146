"""The screen's furniture: widgets, text, pictures, sounds, keys and the pointer's intents."""
