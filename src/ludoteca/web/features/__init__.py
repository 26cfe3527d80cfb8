"""What lives around a table: chat, rematch, the cluster's catch-up, slow turns, reviews, replays, creating games.

The live table never imports a feature: what it has to tell them goes through its events
(:mod:`ludoteca.web.live.events`), to which the app subscribes them when it is wired; the routes and the
features themselves call the table."""
