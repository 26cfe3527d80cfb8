"""The live table: its parts (the registry of rooms, the write path, the follower of other processes, the
games' ownership, timers, bots) built in one place (:mod:`.front`), rooms and connections, the worker pool,
and the events the table emits for the features around it."""
