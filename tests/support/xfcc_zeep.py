"""A WSDL-driven Xfcc client: zeep reads ccgate's /xfcc?wsdl and calls
every operation it describes. Prints one JSON object per call, a line each.

usage: xfcc_zeep.py URL USERNAME PASSWORD GAME MOVECOUNT MOVE
"""
import json
import sys

import zeep
from zeep.exceptions import Fault

url, username, password, game, movecount, move = sys.argv[1:7]
client = zeep.Client(url + "?wsdl")


def show(what, **fields):
    print(json.dumps({"call": what, **fields}), flush=True)


def games(pw):
    try:
        result = client.service.GetMyGames(username=username, password=pw)
    except Fault as f:
        return show("GetMyGames", fault=f.message)
    rows = result or []
    show("GetMyGames", games=[
        {"id": g.id, "white": g.white, "black": g.black, "myTurn": g.myTurn,
         "hasWhite": g.hasWhite, "moves": g.moves, "result": g.result,
         "timeControl": g.timeControl, "drawOffered": g.drawOffered}
        for g in rows])


def make_a_move(pw, **kw):
    args = dict(username=username, password=pw, gameId=int(game), resign=False,
                acceptDraw=False, movecount=int(movecount), myMove="",
                offerDraw=False, claimDraw=False, myMessage="")
    args.update(kw)
    show("MakeAMove", result=client.service.MakeAMove(**args))


games("not the password")
games(password)
make_a_move("not the password", myMove=move)
make_a_move(password, myMove=move, offerDraw=True)
games(password)
