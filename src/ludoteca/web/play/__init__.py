"""One game being played, without transport, storage or clock: the match (record, live state, checks) and
who holds each seat."""
