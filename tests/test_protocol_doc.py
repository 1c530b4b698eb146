"""Every message docs/protocol.md shows is one the protocol reads: the page cannot fall
behind the code (a client written from the page speaks the server's language)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from carcassonne.net.protocol import read_message, read_server_message

PAGE = Path(__file__).resolve().parent.parent / "docs" / "protocol.md"


def examples(section: str) -> list[str]:
    """The JSON messages shown under ``## section`` (a block holds one message per line, or
    one message over several lines)."""
    text = PAGE.read_text(encoding="utf-8")
    part = text.split(f"\n## {section}\n", 1)[1].split("\n## ", 1)[0]
    found = []
    decoder = json.JSONDecoder()
    for block in re.findall(r"```json\n(.*?)```", part, re.S):
        at = 0
        while block[at:].strip():
            at += len(block[at:]) - len(block[at:].lstrip())
            _message, end = decoder.raw_decode(block, at)
            found.append(block[at:end])
            at = end
    return found


CLIENT = examples("Client → server")
SERVER = examples("Server → client")


def test_the_page_shows_messages() -> None:
    assert len(CLIENT) >= 15 and len(SERVER) >= 10


@pytest.mark.parametrize("text", CLIENT)
def test_each_client_message_shown_is_read(text: str) -> None:
    assert read_message(text)["type"] == json.loads(text)["type"]


@pytest.mark.parametrize("text", SERVER)
def test_each_server_message_shown_is_read(text: str) -> None:
    assert read_server_message(text)["type"] == json.loads(text)["type"]
