"""A view never carries the seed (docs/RULES.md §7): not in a PlayerView, not in a bot request.

The seed decides every deal still to come, so a seat (or a bot) that saw it could know the other
hands. The game record keeps it; the views and the requests built from them must not.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import random
from collections.abc import Mapping
from typing import Any

from helpers import play_to_end

from wizard.engine import BidVisibility, Edition, GameConfig, GameState, Options, PlayerView
from wizard.protocol import request_of, view_of

SEED = 987_654_321  # no count, score or code in a game comes near it


def seeds_in(obj: Any, path: str = "view") -> list[str]:
    """Paths (sorted, once each) to every place below ``obj`` that holds the seed: a field or key named ``seed``
    that is set, or the seed's value itself (as a number or inside a text). Walks dataclasses,
    slotted objects, tuples, lists, sets and dicts (keys too), each object once."""
    found: list[str] = []
    seen: set[int] = set()
    stack: list[tuple[Any, str]] = [(obj, path)]
    while stack:
        x, where = stack.pop()
        if x is None or isinstance(x, (bool, float, enum.Enum)):
            continue
        if isinstance(x, str):
            if str(SEED) in x:
                found.append(where)
            continue
        if isinstance(x, int):
            if x == SEED:
                found.append(where)
            continue
        if id(x) in seen or (callable(x) and not dataclasses.is_dataclass(x)):
            continue                  # (a function, e.g. GameState's trick rule, holds no data)
        seen.add(id(x))
        if isinstance(x, Mapping):
            for k, v in x.items():
                if k == "seed" and v is not None:
                    found.append(f"{where}[seed]")
                stack.append((k, f"{where}.keys()"))
                stack.append((v, f"{where}[{k!r}]"))
        elif isinstance(x, (list, tuple, set, frozenset, range)):
            stack.extend((v, f"{where}[{i}]") for i, v in enumerate(x))
        else:
            if dataclasses.is_dataclass(x):
                names = [f.name for f in dataclasses.fields(x)]
            else:
                names = [n for c in type(x).__mro__ for n in getattr(c, "__slots__", ())
                         if not n.startswith("__")]
            names += list(getattr(x, "__dict__", {}))
            assert names, f"{where}: no idea how to look inside a {type(x).__name__}"
            for name in names:
                value = getattr(x, name)
                if name == "seed" and value is not None:
                    found.append(f"{where}.{name}")
                stack.append((value, f"{where}.{name}"))
    return sorted(set(found))


def test_the_walker_finds_a_seed_wherever_it_is() -> None:
    cfg = GameConfig(players=4, seed=SEED)
    assert seeds_in(cfg) == ["view.seed"]
    assert seeds_in({"a": [({"seed": 3},)]}) == ["view['a'][0][0][seed]"]
    assert seeds_in({"n": (1, 2, SEED)}) == ["view['n'][2]"]
    assert seeds_in([f"seed {SEED}"]) == ["view[0]"]
    assert seeds_in({SEED: 1}) == ["view.keys()"]
    assert seeds_in({"seed": None, "x": GameConfig(players=3).public()}) == []
    state = GameState.new(cfg)
    state.advance(random.Random(SEED))
    assert "view.config.seed" in seeds_in(state)  # the state keeps it; only views must not


CONFIGS = [
    GameConfig(players=4, seed=SEED),
    GameConfig(players=3, edition=Edition.CAMELOT, seed=SEED,
               options=Options(clairvoyance=True, bids=BidVisibility.HIDDEN)),
    GameConfig(players=6, edition=Edition.MAGIC, seed=SEED, first_dealer=2,
               options=Options(bids=BidVisibility.SECRET, scroll=True)),
    GameConfig(players=5, seed=SEED, options=Options(no_equal_sum=True, scroll=True)),
]


def views_of_a_game(cfg: GameConfig, rounds: int) -> list[PlayerView]:
    """Every seat's view after every step of the first ``rounds`` rounds (and at the game's end)."""
    state = GameState.new(cfg)
    deal = random.Random(cfg.seed)
    move = random.Random(1)
    out: list[PlayerView] = []
    while not state.is_terminal and state.round <= rounds:
        out += [state.view_for(s) for s in range(cfg.players)]
        if state.is_chance:
            state.advance(deal)
        else:
            state.apply(move.choice(state.legal_actions()))
    out += [state.view_for(s) for s in range(cfg.players)]
    return out


def test_no_view_carries_the_seed() -> None:
    for cfg in CONFIGS:
        views = views_of_a_game(cfg, 3)
        assert len({v.phase for v in views}) >= 4
        for view in views:
            assert view.config.seed is None
            assert seeds_in(view) == [], f"{cfg}: seat {view.seat} sees the seed"


def test_no_bot_request_carries_the_seed() -> None:
    asked = 0
    for cfg in CONFIGS:
        for view in views_of_a_game(cfg, 3):
            if not view.legal:
                continue
            request = request_of(view)
            assert seeds_in(request, "request") == []
            assert "seed" not in json.dumps(request)
            assert seeds_in(view_of(json.loads(json.dumps(request)))) == []
            asked += 1
    assert asked > 50


def test_a_finished_game_still_keeps_its_seed_in_the_state() -> None:
    state = play_to_end(GameState.new(CONFIGS[0]), random.Random(SEED),
                        choose=lambda s: s.legal_actions()[0])
    assert state.config.seed == SEED and state.view_for(0).config.seed is None
    assert state.view_for(0).config.rounds == state.config.rounds
