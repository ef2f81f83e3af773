#!/usr/bin/env python3
"""Independent KISS/AX.25 peer for tests/it/kiss_crosscheck.rs.

Uses kiss3 8.0.0 (KISS framing: kiss.KISSDecode, kiss.KISSProtocol.write,
kiss.util escaping) and ax253 0.1.5.post1 (AX.25 frames: ax253.Frame,
ax253.Address), both from PyPI.

Reads JSON lines on stdin, writes one JSON line per request on stdout, in
order. Modes (argv[1]):

  decode  {"id", "stream": hex, "chunk": n}
          feeds the hex byte stream to kiss.KISSDecode(strip_df_start=False)
          in chunks of n bytes, then decodes each KISS payload: the type byte,
          and for data frames the AX.25 frame with ax253.Frame.from_bytes.
          -> {"id", "frames": [{"payload": hex, "type": int,
                                "ax25": {dest, source, digis, control, pid,
                                         info} | null, "error": str | null}]}
  encode  {"id", "port", "command", "data": hex}            (raw KISS)
          {"id", "port", "dest", "source", "digis", "info": hex} (UI frame)
          builds the AX.25 frame with ax253.Frame.ui and writes it (or the raw
          data) through kiss.KISSProtocol.write into a fake transport.
          -> {"id", "kiss": hex, "ax25": hex | null}
"""

import json
import sys

import ax253
import kiss
from kiss.kiss import KISSProtocol


class Sink:
    """A stand-in asyncio transport that keeps what is written."""

    def __init__(self):
        self.out = bytearray()

    def write(self, data):
        self.out += data


class TypeByte:
    """kiss3's Command enum has no port: KISSProtocol.write only uses
    `command.value`, the type byte, so we give it port << 4 | command."""

    def __init__(self, value):
        self.value = bytes([value])


def address(a):
    return {"call": a.callsign.decode("ascii"), "ssid": a.ssid}


def decode(req):
    stream = bytes.fromhex(req["stream"])
    n = max(1, req.get("chunk", len(stream) or 1))
    dec = kiss.KISSDecode(strip_df_start=False)
    payloads = []
    for i in range(0, len(stream), n):
        payloads.extend(dec.update(stream[i : i + n]))
    payloads.extend(dec.flush())
    frames = []
    for p in payloads:
        f = {"payload": p.hex(), "type": p[0] if p else None, "ax25": None, "error": None}
        if p and p[0] & 0x0F == 0:
            try:
                fr = ax253.Frame.from_bytes(p[1:])
                f["ax25"] = {
                    "dest": address(fr.destination),
                    "source": address(fr.source),
                    "digis": [address(d) for d in fr.path],
                    "control": fr.control.v[0],
                    "pid": fr.pid[0] if fr.pid else None,
                    "info": bytes(fr.info).hex(),
                }
            except Exception as e:  # noqa: BLE001 - reported to the test
                f["error"] = "%s: %s" % (type(e).__name__, e)
        frames.append(f)
    return {"frames": frames}


def encode(req):
    sink = Sink()
    proto = KISSProtocol(transport=sink)
    port = req["port"]
    if "dest" in req:
        def spec(a):
            return "%s-%d" % (a["call"], a["ssid"]) if a["ssid"] else a["call"]

        frame = ax253.Frame.ui(
            destination=spec(req["dest"]),
            source=spec(req["source"]),
            path=[spec(d) for d in req["digis"]],
            info=bytes.fromhex(req["info"]),
        )
        ax = bytes(frame)
        proto.write(ax, command=TypeByte(port << 4))
        return {"kiss": bytes(sink.out).hex(), "ax25": ax.hex()}
    cmd = req["command"]
    type_byte = 0xFF if cmd == 0xFF else (port << 4 | cmd)
    proto.write(bytes.fromhex(req["data"]), command=TypeByte(type_byte))
    return {"kiss": bytes(sink.out).hex(), "ax25": None}


def main():
    mode = sys.argv[1]
    handler = {"decode": decode, "encode": encode}[mode]
    out = sys.stdout
    for line in sys.stdin:
        if not line.strip():
            continue
        req = json.loads(line)
        ans = handler(req)
        ans["id"] = req["id"]
        out.write(json.dumps(ans) + "\n")
    out.flush()


if __name__ == "__main__":
    main()
