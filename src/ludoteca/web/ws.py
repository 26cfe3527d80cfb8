"""The table's WebSocket route; the protocol itself is :mod:`.socket`, its messages :mod:`.messages`."""

from __future__ import annotations

from fastapi import APIRouter, WebSocket

from . import socket
from .deps import AddressesDep, SettingsDep, TablesDep

router = APIRouter()


@router.websocket("/ws/{game_id}")
async def table_socket(
    websocket: WebSocket, game_id: str, tables: TablesDep, settings: SettingsDep, addresses: AddressesDep
) -> None:
    await socket.serve(websocket, game_id, tables, settings, addresses)
