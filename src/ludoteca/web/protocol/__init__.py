"""The wire protocol, in and out: the lobby's requests and the WebSocket's messages as strict Pydantic
models, rule options and seat names from the network."""
