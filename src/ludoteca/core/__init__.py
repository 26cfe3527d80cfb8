"""Game-independent pieces shared by every rules core: seeded randomness, errors, the game protocol,
the event log and game records. Nothing here does I/O or reads a clock."""
