"""A table server in a process of its own, for the load benchmark: the clients' work is then not
counted in the server's figures (and does not compete with it for the interpreter's lock).

Run as ``python -m tests.serve.server_process FOLDER`` from the project's root: it prints the port,
then answers lines on its standard input: ``usage`` prints the process's CPU seconds and resident
memory (KiB) as JSON, ``stop`` stops the server and exits.
"""

from __future__ import annotations

import asyncio
import json
import os
import resource
import sys
from pathlib import Path


def usage() -> dict[str, float]:
    """This process's CPU seconds (user + system) and resident memory in KiB."""
    ru = resource.getrusage(resource.RUSAGE_SELF)
    rss = 0.0
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                rss = float(line.split()[1])
    except OSError:
        pass
    return {"cpu": ru.ru_utime + ru.ru_stime, "rss_kib": rss}


async def main(folder: Path) -> None:
    from cardcli.serve.server import TableServer

    server = TableServer("127.0.0.1", 0, key_folder=folder / "key")
    port = await server.start()
    print(port, flush=True)
    loop = asyncio.get_running_loop()
    while True:
        line = await loop.run_in_executor(None, sys.stdin.readline)
        word = line.strip()
        if word == "usage":
            print(json.dumps(usage()), flush=True)
        elif word in ("stop", ""):
            break
    await server.stop()


if __name__ == "__main__":
    home = Path(sys.argv[1])
    os.environ["CARDCLI_HOME"] = str(home)
    asyncio.run(main(home))
