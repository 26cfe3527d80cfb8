"""What lives around a table: chat, rematch, the cluster's catch-up, slow turns, reviews, replays, creating games.

Each feature hooks into the live table's events (:mod:`ludoteca.web.live.events`) when the app is wired; the
live table never imports a feature."""
