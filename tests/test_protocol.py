"""The bot protocol: requests carry the whole view; answers are checked; bots speak it."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from wizard.ai import make_ai
from wizard.engine import BidVisibility, Edition, GameConfig, GameState, Options, Phase
from wizard.protocol import answer_action, request_of, view_of

ROOT = Path(__file__).resolve().parent.parent


def some_views(cfg: GameConfig, rounds: int) -> list:
    st = GameState.new(cfg)
    deal = random.Random(cfg.seed)
    move = random.Random(1)
    out = []
    while not st.is_terminal:
        if st.is_chance:
            if st.round >= rounds:
                break
            st.advance(deal)
            continue
        seat = st.current_player
        assert seat is not None
        out.append(st.view_for(seat))
        st.apply(move.choice(st.legal_actions()))
    return out


CFGS = [GameConfig(players=4, seed=3),
        GameConfig(players=3, edition=Edition.CAMELOT, seed=4,
                   options=Options(clairvoyance=True, bids=BidVisibility.HIDDEN)),
        GameConfig(players=6, edition=Edition.MAGIC, seed=5, options=Options(no_equal_sum=True))]


def test_request_round_trip_keeps_what_players_use() -> None:
    for cfg in CFGS:
        for view in some_views(cfg, 5):
            req = json.loads(json.dumps(request_of(view)))
            assert req["type"] == "decide" and req["kind"] in ("bid", "play", "trump")
            back = view_of(req)
            for field in ("seat", "phase", "round", "rounds", "dealer", "leader", "hand",
                          "hand_size", "visible_hands", "turned", "trump", "bids", "bids_made",
                          "tricks", "totals", "trick", "tricks_played", "legal"):
                assert getattr(back, field) == getattr(view, field), field
            assert back.config.options == view.config.options
            assert back.config.edition == view.config.edition


def test_view_phase_is_the_enum_and_the_request_kind_its_lower_case_name() -> None:
    seen = set()
    for cfg in CFGS:
        for view in some_views(cfg, 5):
            assert type(view.phase) is Phase
            kind = request_of(view)["kind"]
            assert kind == view.phase.value and kind in ("bid", "play", "trump")
            assert view_of(json.loads(json.dumps(request_of(view)))).phase is view.phase
            seen.add(view.phase)
    assert seen == {Phase.BID, Phase.PLAY, Phase.TRUMP}


def test_our_players_decide_the_same_through_the_protocol() -> None:
    for level in ("normal", "hard"):
        ai = make_ai(level)
        ai.budget, ai.min_worlds, ai.max_worlds, ai.cap_s = 100, 2, 2, 30.0  # type: ignore[attr-defined]
        for view in some_views(CFGS[0], 4)[::5]:
            back = view_of(request_of(view))
            assert ai.decide(view, random.Random(3)) == ai.decide(back, random.Random(3))


def test_answers_are_checked() -> None:
    view = some_views(CFGS[0], 2)[0]
    first = str(view.legal[0])
    assert answer_action(view, json.dumps(first) + "\n") == (view.legal[0], "")
    assert answer_action(view, "banana")[0] is None
    assert "not JSON" in answer_action(view, "{oops")[1]
    assert "not a JSON string" in answer_action(view, "3")[1]
    assert "not a legal answer" in answer_action(view, '"99"')[1]
    # nesting deep enough to exhaust the JSON parser's recursion is refused like any other
    assert answer_action(view, "[" * 1000)[0] is None
    assert answer_action(view, "[" * 100000 + "]" * 100000)[0] is None


def _talk(cmd: list[str], views: list) -> list[str]:
    lines = "".join(json.dumps(request_of(v)) + "\n" for v in views)
    lines += json.dumps({"type": "end", "totals": [0, 0, 0, 0]}) + "\n"
    out = subprocess.run(cmd, input=lines, capture_output=True, text=True, timeout=60, cwd=ROOT,
                         check=True)
    return out.stdout.splitlines()


def test_wizard_bot_and_example_bot_speak_the_protocol() -> None:
    views = some_views(CFGS[0], 3)[:12]
    for cmd in ([sys.executable, "-m", "wizard.bot", "normal"],
                [sys.executable, "wizard/ai/example_bot.py"]):
        answers = _talk(cmd, views)
        assert len(answers) == len(views)
        for view, line in zip(views, answers, strict=True):
            assert answer_action(view, line)[0] is not None, (cmd, line)


def test_example_bot_has_no_project_imports() -> None:
    text = (ROOT / "wizard/ai/example_bot.py").read_text(encoding="utf-8")
    assert "wizard" not in "".join(line for line in text.splitlines() if "import" in line)


def test_the_protocol_document_names_every_request_field() -> None:
    """The protocol summary (docs/bot-protocol.md) is what a bot author reads: it must not miss a field."""
    section = (ROOT / "docs" / "bot-protocol.md").read_text(encoding="utf-8")
    view = some_views(CFGS[1], 2)[0]
    req = request_of(view)
    for key in list(req) + list(req["options"]):
        assert f"`{key}`" in section or f'"{key}"' in section, key
    for kind in ("bid", "play", "trump"):
        assert f"`{kind}`" in section, kind
