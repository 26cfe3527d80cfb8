"""What a seat sees: the ``state`` message from that seat's view, its light updates (patches), the words the
server says about a game, the guided game's lessons and the rules pages."""
