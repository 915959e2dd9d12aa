"""Drives Cyrene's /mcp with the official Python MCP SDK (`mcp`, pinned in scripts/clients/requirements.txt)
and prints one JSON line: each check → "ok" or what went wrong.

Usage: python python_mcp_client.py <cyrene /mcp url>

Cyrene runs with the test tools (add, sleep, refuse) and a 1 s hand-off, so `sleep` 3 s goes on in the
background and job_result collects it.
"""

import json
import sys
import traceback

import anyio
from mcp.client.session import ClientSession
from mcp.client.sse import sse_client
from mcp.client.streamable_http import streamablehttp_client


def expect(condition, message):
    if not condition:
        raise AssertionError(message)


def text_of(result):
    return "".join(c.text for c in result.content)


async def checks(url):
    results = {}

    async def check(name, fn, session):
        try:
            await fn(session)
            results[name] = "ok"
        except Exception as error:  # noqa: BLE001 - every failure is a result
            results[name] = f"{type(error).__name__}: {error}"[:400]
            traceback.print_exc(file=sys.stderr)

    async def initialize(session):
        info = await session.initialize()
        expect(info.serverInfo.name == "cyrene", f"server {info.serverInfo.name}")
        expect(info.capabilities.tools is not None, "no tools capability")

    async def list_tools(session):
        tools = {t.name: t for t in (await session.list_tools()).tools}
        expect({"add", "sleep", "calculator", "job_result"} <= set(tools), f"tools {sorted(tools)}")
        expect("file" not in tools and "http" not in tools, "file or http offered")
        expect(tools["calculator"].annotations.readOnlyHint is True, "calculator not read-only")

    async def call(session):
        result = await session.call_tool("add", {"a": 40, "b": 2})
        expect(not result.isError, text_of(result))
        expect(json.loads(text_of(result))["data"] == {"sum": 42}, text_of(result))

    async def error(session):
        result = await session.call_tool("refuse", {})
        expect(result.isError and text_of(result) == "The device is offline.", text_of(result))
        bad = await session.call_tool("add", {"a": "forty"})
        expect(bad.isError and "Invalid arguments for add" in text_of(bad), text_of(bad))

    async def background(session):
        first = json.loads(text_of(await session.call_tool("sleep", {"ms": 3000, "label": "py"})))
        expect(first.get("status") == "running_in_background", str(first))
        while True:
            result = json.loads(text_of(await session.call_tool("job_result", {"job_id": first["job_id"]})))
            if result.get("status") != "running_in_background":
                break
        expect(result["data"] == {"label": "py", "slept_ms": 3000}, str(result))

    async with streamablehttp_client(url) as (read, write, _):
        async with ClientSession(read, write) as session:
            for name, fn in [
                ("initialize", initialize),
                ("list", list_tools),
                ("call", call),
                ("error", error),
                ("background", background),
            ]:
                await check(name, fn, session)

    async def over_sse(session):
        await session.initialize()
        result = await session.call_tool("add", {"a": 1, "b": 1})
        expect(json.loads(text_of(result))["data"] == {"sum": 2}, text_of(result))

    async with sse_client(url) as (read, write):
        async with ClientSession(read, write) as session:
            await check("sse", over_sse, session)
    return results


if __name__ == "__main__":
    print(json.dumps(anyio.run(checks, sys.argv[1])))
