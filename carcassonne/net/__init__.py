"""Network play: a server that owns each game and its bag, and clients that see what a
player at the table sees.

Pure Python over ``websockets`` (asyncio) and the rules engine: no pygame here. The
play screen reaches a game through :mod:`.table` and :mod:`.client`; ``carcassonne
server`` runs :mod:`.server`; ``docs/protocol.md`` lists every message.
"""
