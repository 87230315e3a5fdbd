"""A tiny mjai bot for the tests: discards the tile it drew (tsumogiri) and passes every call.

Speaks both protocols on standard input / output: a line holding a JSON array of events (the
mjai.app style) or one event a line; answers every line with one JSON object. Its seat is the
first argument or the ``id`` of ``start_game``.

Modes (second argument) for the error tests: ``tsumogiri`` (the default), ``garbage`` (answers
its first draw with text that is no JSON), ``illegal`` (answers its first draw with a pon),
``sleep`` (never answers a draw), ``exit`` (exits at its first draw), ``script`` (answers each
line with the next line of the third argument, a JSON list of answers). With
``MJAI_BOT_LOG`` set, every line received is appended to that file.
"""

import json
import os
import sys
import time

seat = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else None
mode = sys.argv[2] if len(sys.argv) > 2 else "tsumogiri"
script = json.loads(sys.argv[3]) if mode == "script" else []
NONE = {"type": "none"}

log = os.environ.get("MJAI_BOT_LOG")
for line in sys.stdin:
    if log:
        with open(log, "a") as f:
            f.write(line)
    msg = json.loads(line)
    events = msg if isinstance(msg, list) else [msg]
    answer = NONE
    for e in events:
        if e["type"] == "start_game" and "id" in e:
            seat = e["id"]
    last = events[-1]
    if mode == "script":
        answer = script.pop(0) if script else NONE
    elif last["type"] == "tsumo" and last["actor"] == seat:
        if mode == "garbage":
            print("I discard the red dragon", flush=True)
            continue
        if mode == "illegal":
            answer = {"type": "pon", "actor": seat, "target": seat, "pai": last["pai"]}
        elif mode == "sleep":
            time.sleep(60)
        elif mode == "exit":
            sys.exit(3)
        else:
            answer = {"type": "dahai", "actor": seat, "pai": last["pai"], "tsumogiri": True}
    print(json.dumps(answer), flush=True)
