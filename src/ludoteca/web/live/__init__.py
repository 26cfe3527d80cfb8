"""The live table: connections, rooms and their registry, the check → store → apply pipeline, bots, turn
timers, the worker pool, and the events the table emits for the features around it."""
