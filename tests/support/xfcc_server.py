#!/usr/bin/env python3
"""A stand-in Xfcc server, not ccgate's code: written from the protocol
(protocols/xfcc.md, the XfccBasic WSDL), keeping its own game state, so the
bridge is tested against a server that shares nothing with ccgate.

Usage: xfcc_server.py PORT STATE.json [CERT.pem KEY.pem]
(with a certificate and key it serves HTTPS).
STATE.json: {"accounts": {"name": "password"}, "games": [{"id": 7,
"white": "a", "black": "b", "moves": ["e4", "e5"]}]}. The state is written
back to the file after every accepted move, so a test reads what the server
holds. Every MakeAMove received is appended to STATE.json.log, one JSON
line each: the test counts what was sent. Legality is the server's only as
far as a stand-in needs: a move must look like SAN.

It can be unkind, as the state says: "drop": {"user": [n, ...]} applies
the user's n-th MakeAMove (counted from 1) and closes the connection
without an answer; "late": {"user": [n, ...]} applies it and answers only
after "late_seconds" (default 3); "late_polls": [n, ...] answers the n-th
GetMyGames late; "refuse": {"SAN": "Code"} refuses that
move with that result code (once: it is then forgotten).
"""
import json
import os
import re
import sys
import time
import xml.etree.ElementTree as ET
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from threading import Lock

NS = "http://www.bennedik.com/webservices/XfccBasic"
SAN = re.compile(r"^([KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](=[QRBN])?|O-O(-O)?)[+#]?$")
LOCK = Lock()
COUNTS = {"polls": 0}


def local(tag):
    return tag.rsplit("}", 1)[-1]


def envelope(inner):
    return ('<?xml version="1.0" encoding="utf-8"?>'
            '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">'
            f"<soap:Body>{inner}</soap:Body></soap:Envelope>").encode()


def esc(text):
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"))


def movetext(moves):
    out = []
    for i, m in enumerate(moves):
        out.append(f"{i // 2 + 1}. {m}" if i % 2 == 0 else m)
    return " ".join(out)


class Handler(BaseHTTPRequestHandler):
    state_path = None

    def log_message(self, *args):
        pass

    def load(self):
        with open(self.state_path) as f:
            return json.load(f)

    def save(self, state):
        # Whole or not at all: the test reads the file while we serve.
        with open(self.state_path + ".tmp", "w") as f:
            json.dump(state, f)
        os.replace(self.state_path + ".tmp", self.state_path)

    def reply(self, body, status=200):
        self.send_response(status)
        self.send_header("Content-Type", "text/xml; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        raw = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        try:
            body = next(e for e in ET.fromstring(raw) if local(e.tag) == "Body")
            op = body[0]
        except Exception as e:  # a request we cannot read: a client fault
            return self.reply(envelope(
                f"<soap:Fault><faultcode>soap:Client</faultcode><faultstring>{esc(e)}</faultstring></soap:Fault>"), 500)
        fields = {local(c.tag): (c.text or "") for c in op}
        with LOCK:
            state = self.load()
            name = local(op.tag)
            late = drop = False
            if name == "GetMyGames":
                COUNTS["polls"] += 1
                late = COUNTS["polls"] in state.get("late_polls", [])
                body, status = self.get_my_games(state, fields), 200
            elif name == "MakeAMove":
                user = fields.get("username", "")
                COUNTS[user] = n = COUNTS.get(user, 0) + 1
                drop = n in state.get("drop", {}).get(user, [])
                late = n in state.get("late", {}).get(user, [])
                body, code = self.make_a_move(state, fields)
                status = 200
                with open(self.state_path + ".log", "a") as log:
                    log.write(json.dumps(dict(fields, result=code, dropped=drop, late=late)) + "\n")
            else:
                body, status = envelope(
                    "<soap:Fault><faultcode>soap:Client</faultcode><faultstring>unknown operation</faultstring></soap:Fault>"), 500
        if late:
            time.sleep(state.get("late_seconds", 3))
        if drop:
            # Applied, and no answer: the connection just closes.
            self.close_connection = True
            return
        self.reply(body, status)

    def authenticated(self, state, fields):
        return state["accounts"].get(fields.get("username")) == fields.get("password")

    def get_my_games(self, state, fields):
        if not self.authenticated(state, fields):
            return envelope("<soap:Fault><faultcode>soap:Client</faultcode>"
                            "<faultstring>AuthenticationFailed</faultstring></soap:Fault>")
        user = fields["username"]
        games = []
        for g in state["games"]:
            if user not in (g["white"], g["black"]):
                continue
            has_white = g["white"] == user
            my_turn = (len(g["moves"]) % 2 == 0) == has_white
            parts = {
                "id": g["id"], "white": g["white"], "black": g["black"], "event": "Stand-in Cup",
                "site": "stand-in", "myTurn": str(my_turn).lower(), "hasWhite": str(has_white).lower(),
                "daysPlayer": 30, "hoursPlayer": 0, "minutesPlayer": 0,
                "daysOpponent": 30, "hoursOpponent": 0, "minutesOpponent": 0,
                "moves": movetext(g["moves"]), "drawOffered": "false", "result": "Ongoing",
                "timeControl": "10/4320000", "setup": "false", "fen": "",
            }
            games.append("<XfccGame>" + "".join(
                f"<{k}>{esc(v)}</{k}>" for k, v in parts.items()) + "</XfccGame>")
        return envelope(f'<GetMyGamesResponse xmlns="{NS}"><GetMyGamesResult>'
                        + "".join(games) + "</GetMyGamesResult></GetMyGamesResponse>")

    def make_a_move(self, state, fields):
        def result(code):
            return envelope(f'<MakeAMoveResponse xmlns="{NS}"><MakeAMoveResult>{code}'
                            "</MakeAMoveResult></MakeAMoveResponse>"), code
        if not self.authenticated(state, fields):
            return result("AuthenticationFailed")
        game = next((g for g in state["games"] if str(g["id"]) == fields.get("gameId", "").strip()), None)
        if game is None:
            return result("InvalidGameID")
        user = fields["username"]
        if user not in (game["white"], game["black"]):
            return result("NotYourGame")
        ply = len(game["moves"])
        if (ply % 2 == 0) != (game["white"] == user):
            return result("NotYourTurn")
        if fields.get("movecount", "").strip() != str(ply // 2 + 1):
            return result("InvalidMoveNumber")
        move = fields.get("myMove", "").strip()
        if not SAN.match(move):
            return result("InvalidMove")
        refused = state.get("refuse", {}).pop(move, None)
        if refused:
            self.save(state)
            return result(refused)
        game["moves"].append(move)
        self.save(state)
        return result("Success")


def main():
    port, Handler.state_path = int(sys.argv[1]), sys.argv[2]
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    if len(sys.argv) > 4:
        import ssl
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[3], sys.argv[4])
        server.socket = context.wrap_socket(server.socket, server_side=True)
    print("ready", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
