"""The house rules are declared once (engine/house.py) and everything else is generated from it."""

from __future__ import annotations

import argparse
import ast
import pickle
from pathlib import Path

import pytest

from wizard import messages
from wizard.engine import HOUSE_RULES, BidVisibility, ConfigError, Edition, GameConfig, Options
from wizard.engine.house import SHOWN, add_flags, options_from_flags, resolve

WIZARD = Path(__file__).resolve().parent.parent / "wizard"


def test_the_file_form_is_the_one_written_before_the_registry() -> None:
    # the keys and their order of the options object saves, history lines and the network carry
    assert Options().to_dict() == {"no_equal_sum": False, "canadian": False, "bids": "open",
                                   "clairvoyance": False, "scroll": False}
    assert list(Options(bids=BidVisibility.SECRET).to_dict()) == ["no_equal_sum", "canadian",
                                                                  "bids", "clairvoyance", "scroll"]
    opts = Options(canadian=True, bids="hidden", scroll=True)
    assert Options.from_dict(opts.to_dict()) == opts
    assert pickle.loads(pickle.dumps(opts)) == opts and hash(opts) == hash(Options.from_dict(
        opts.to_dict()))


@pytest.mark.parametrize(("data", "message"), [
    ({"canadian": 1}, "option canadian must be true or false"),
    ({"bids": "loud"}, "option bids must be open, hidden or secret, not 'loud'"),
    ({"jokers": True}, "unknown options: ['jokers']"),
])
def test_a_wrong_option_is_refused_with_its_name(data: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=message.replace("[", r"\[").replace("]", r"\]")):
        Options.from_dict(data)


def test_resolve_turns_lapsed_options_off_and_says_why() -> None:
    r = resolve(4, Edition.MAGIC, Options(scroll=True, no_equal_sum=True, bids="secret"))
    assert (r.scroll, r.no_equal_sum, r.bids, r.sum_rules) == (False, False,
                                                                BidVisibility.SECRET, False)
    assert dict(r.lapsed) == {"no_equal_sum": "Needs open bids.", "scroll": "Classic edition only."}
    cfg = GameConfig(4, edition=Edition.CAMELOT)
    assert cfg.game_rules.sum_rules and cfg.game_rules.rounds == 15 == cfg.rounds


def test_every_rule_has_a_flag_and_the_flags_give_the_options_back() -> None:
    ap = argparse.ArgumentParser()
    add_flags(ap)
    a = ap.parse_args(["--canadian", "--bids", "hidden", "--scroll"])
    assert options_from_flags(a) == Options(canadian=True, bids=BidVisibility.HIDDEN, scroll=True)
    assert options_from_flags(ap.parse_args([])) == Options()


def test_every_rule_has_words_on_new_game_and_in_the_badge() -> None:
    assert set(SHOWN) == set(HOUSE_RULES)
    for name, rule in HOUSE_RULES.items():
        assert messages.option_name(name) and messages.option_description(name)
        assert [messages.option_value_text(name, v) for v in rule.values(4)]
    titles = [t for t, _ in messages.rules_in_play(Options(bids="hidden", canadian=True))]
    assert titles == ["Hidden bids", "Canadian rule"]


def _string_constants(path: Path) -> list[str]:
    return [n.value for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def test_no_second_code_file_lists_the_house_rules_by_hand() -> None:
    names = set(HOUSE_RULES) - {"bids", "scroll"}      # words used for other things too
    listing = {}
    for path in WIZARD.rglob("*.py"):
        if path.name == "house.py":
            continue
        found = names & set(_string_constants(path))
        if len(found) > 1:
            listing[str(path.relative_to(WIZARD))] = sorted(found)
    assert listing == {}
