"""What a joiner's table does with its ``RemoteGame``: the rules' refusals as the host would say
them, the hint from its own view, no take-back, and no hidden bid of another seat on the wire."""

from __future__ import annotations

import json

from netplay import JOINERS, NetGame
from test_table_hint import small_expert

from wizard.engine import BidVisibility, GameConfig, Options, Phase, Play, bid
from wizard.table import Accepted, AskHint, HintReady, Refused, Table, TakeBackIntent


def _open(config: GameConfig) -> NetGame:
    game = NetGame.open(config)
    for seat, name in JOINERS.items():
        game.join(seat, name)
    game.start()
    return game


def test_a_joiner_is_told_each_refusal_the_host_would_give() -> None:
    game = _open(GameConfig(4, options=Options(no_equal_sum=True), seed=12))
    s = game.session
    compared = {"bid": 0, "play": 0, "forbidden": 0}

    def compare() -> None:
        for seat, j in game.joiners.items():
            r = j.remote
            if r.moves != s.moves or s.current != seat or not r.legal_actions(seat):
                continue
            if s.phase is Phase.BID:
                for n in range(s.round + 3):
                    mine, host = r.check(bid(n), seat), s.check(bid(n), seat)
                    assert (mine is None) == (host is None), (n, mine, host)
                    if host is not None:
                        assert mine is not None and mine.rule is host.rule
                        assert mine.details == host.details
                        compared["forbidden"] += n <= s.round
                compared["bid"] += 1
            elif s.phase is Phase.PLAY:
                for c in s.view(seat).hand or ():
                    mine, host = r.check(Play(c), seat), s.check(Play(c), seat)
                    assert (mine is None) == (host is None)
                    assert mine is None or host is None or mine.rule is host.rule
                compared["play"] += 1

    game.watch = compare
    try:
        game.until(lambda: s.round >= 6)
    finally:
        game.close()
    assert compared["bid"] >= 8 and compared["play"] >= 20 and compared["forbidden"] >= 1, compared


def test_a_joiners_hint_comes_from_its_own_view_and_take_back_is_off() -> None:
    game = _open(GameConfig(4, seed=5))
    try:
        ann = game.joiners[2]
        assert ann.table is not None
        ann.table.close()
        ann.table = table = Table(ann.remote, threaded=False, speed=0.0, ai_pause=0.0,
                                  advisor=small_expert, auto_forced=False,  # type: ignore[arg-type]
                                  remote=ann.remote.remote)
        s = game.session
        game.until(lambda: s.round == 2)
        ann.acts = False
        game.until(lambda: s.current == 2 and table.my_turn()
                   and bool(ann.remote.legal_actions(2)))
        out = table.submit(TakeBackIntent())
        assert isinstance(out, Refused) and out.text
        assert isinstance(table.submit(AskHint()), Accepted)
        hints = [o for o in table.take_outcomes() if isinstance(o, HintReady)]
        assert len(hints) == 1 and hints[0].action in ann.remote.view(2).legal
        assert s.current == 2                       # asking changed nothing at the host
    finally:
        game.close()


def test_no_hidden_bid_of_another_seat_crosses_before_the_rules_show_it() -> None:
    game = _open(GameConfig(4, options=Options(bids=BidVisibility.SECRET), seed=9))
    try:
        game.until(lambda: game.session.round >= 4)
    finally:
        game.close()
    hidden = 0
    for seat, j in game.joiners.items():
        for line in j.lines:
            m = json.loads(line)
            if m["type"] != "state" or m["view"]["phase"] not in ("bid", "play", "trump"):
                continue
            for other, b in enumerate(m["view"]["bids"]):
                if other != seat:
                    assert b is None
                    hidden += 1
            for e in m["events"]:
                assert e["e"] != "bid" or e["seat"] == seat or e["bid"] is None
    assert hidden > 150
