"""The doors of the web app: the HTTP routes (pages, the JSON API, the open lobby, reviews) and the table's
WebSocket, with what they depend on (:mod:`.deps`) and how they refuse (:mod:`.errors`). Nothing below imports this."""
