"""The web app: `ludoteca serve` — lobby, tables over WebSockets, storage, in the browser."""
