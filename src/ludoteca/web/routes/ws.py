"""The table's WebSocket route; the protocol itself is :mod:`.table_session`, its messages :mod:`.incoming`."""

from __future__ import annotations

from fastapi import APIRouter, WebSocket

from . import table_session
from .deps import AddressesDep, InflowDep, SettingsDep, TablesDep

router = APIRouter()


@router.websocket("/ws/{game_id}")
async def table_socket(
    websocket: WebSocket,
    game_id: str,
    tables: TablesDep,
    settings: SettingsDep,
    addresses: AddressesDep,
    inflow: InflowDep,
) -> None:
    await table_session.serve(websocket, game_id, tables, settings, addresses, inflow)
