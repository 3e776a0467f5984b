"""Game length, the house rule added through the registry: full, half, or a number of rounds."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from enginehelp import random_game
from test_persistence_support import SEATS6, play
from test_simulator import replay_in_engine

from wizard.ai import make_ai, simulator
from wizard.ai.base import play_through
from wizard.engine import (
    Action,
    BonusKind,
    ConfigError,
    Edition,
    GameConfig,
    GameOver,
    GameState,
    Options,
    PlayerView,
)
from wizard.engine.bidding import legal_bids
from wizard.engine.scoring import score_round
from wizard.net.codec import config_json, config_of
from wizard.persistence import HistoryEntry, Store
from wizard.persistence.history.stats import progress_of, stats_of
from wizard.review.progress import progress
from wizard.review.stats import compute_stats


@pytest.mark.parametrize(("players", "length", "rounds"), [
    (4, "full", 15), (4, "half", 8), (3, "half", 10), (6, "half", 5), (5, 3, 3), (3, 20, 20)])
def test_the_engine_stops_after_the_rounds_chosen(players: int, length: Any, rounds: int) -> None:
    cfg = GameConfig(players, seed=5, options=Options(length=length))
    assert cfg.rounds == rounds and cfg.game_rules.short == (rounds < 60 // players)
    state, events = random_game(cfg, 5)
    assert state.is_terminal and state.round == rounds and len(state.history) == rounds
    assert isinstance(events[-1], GameOver)
    if cfg.game_rules.short:       # cards are left: the short game's last round has a trump card
        assert state.turned is not None


def test_a_length_the_deck_cannot_deal_is_refused() -> None:
    with pytest.raises(ConfigError, match="has 15 rounds, not 16"):
        GameConfig(4, options=Options(length=16))
    with pytest.raises(ConfigError, match="option length"):
        Options.from_dict({"length": "long"})
    assert "length" not in GameConfig(4).options.to_dict()   # full games' files are unchanged


def test_the_canadian_rule_binds_in_the_short_games_last_round() -> None:
    rules = GameConfig(4, options=Options(length=6, canadian=True)).game_rules
    # last round of this game is 6: the sole leader bidding last may not make the bids add up
    assert legal_bids(6, [1, 2, 1], rules, [10, 20, 30, 90]) == [0, 1, 3, 4, 5, 6]
    assert legal_bids(5, [1, 2, 1], rules, [10, 20, 30, 90]) == [0, 1, 2, 3, 4, 5]


def test_camelots_last_round_bonus_goes_to_the_short_games_last_round() -> None:
    game = GameConfig(4, edition=Edition.CAMELOT, options=Options(length="half")).game_rules
    points, bonuses = score_round([0, 1, 0, 2], [0, 1, 3, 2], game, 8, None, False)
    assert points[0] == 20 + 8 and bonuses[0][0].kind is BonusKind.ZERO_BID_LAST
    points, bonuses = score_round([0, 1, 0, 2], [0, 1, 3, 2], game, 7, None, False)
    assert bonuses[0][0].kind is BonusKind.ZERO_BID


@pytest.mark.parametrize("length", ["half", 4])
def test_the_simulator_plays_the_same_short_game(length: Any) -> None:
    cfg = GameConfig(4, options=Options(length=length, canadian=True), seed=2, first_dealer=0)
    log: list[dict[str, Any]] = []
    simulator.random_game(random.Random(7), cfg.game_rules, log=log)
    assert len(log) == cfg.rounds
    assert replay_in_engine(cfg, log) > 0


def test_the_computer_plays_a_short_game_and_sees_its_count() -> None:
    cfg = GameConfig(4, options=Options(length=3), seed=11)
    state = GameState.new(cfg)
    players = [make_ai("normal") for _ in range(4)]
    seen: set[int] = set()

    def decide(seat: int, view: PlayerView) -> Action:
        seen.add(view.rounds)
        return players[seat].decide(view, random.Random(seat))

    play_through(state, random.Random(11), decide)
    assert state.is_terminal and state.round == 3 and seen == {3}


def test_the_network_carries_the_length() -> None:
    cfg = GameConfig(5, options=Options(length="half"), seed=1)
    public = config_of(config_json(cfg))
    assert public.rounds == 6 and public.options == cfg.options


def test_a_short_games_figures_are_kept_apart(tmp_path: Path) -> None:
    full = HistoryEntry.from_game(play(GameConfig(players=6, seed=1)), SEATS6)
    short = HistoryEntry.from_game(play(GameConfig(players=6, seed=2, options=Options(length=2))),
                                   SEATS6)
    assert len(short.rounds) == 2 and short.config.game_rules.short
    again = HistoryEntry.from_dict(short.to_dict())          # the history line reads back
    assert again.config.rounds == 2 and again.options == short.options
    name = SEATS6[0].name
    assert compute_stats([full, short]) == compute_stats([full])
    assert progress([full, short], name) == progress([full], name)
    store = Store(tmp_path)
    assert store.finish_game(full) and store.finish_game(short)
    with store.history_db().reader() as conn:
        assert stats_of(conn) == compute_stats([full])
        assert progress_of(conn, name) == progress([full], name)
    assert store.history_db().count() == 2                  # both are in the history
    store.close()
    import sqlite3
    for table in ("stat_lines", "tally"):    # a derived table lost: rebuilt from the games,
        conn = sqlite3.connect(tmp_path / "history.sqlite3")     # the short one still apart
        conn.execute(f"DROP TABLE {table}")
        conn.commit()
        conn.close()
        store = Store(tmp_path)
        with store.history_db().reader() as conn:
            assert stats_of(conn) == compute_stats([full])
            assert progress_of(conn, name) == progress([full], name)
        assert store.history_db().count() == 2
        store.close()
