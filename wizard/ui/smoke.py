"""``wizard --smoke-test``: draw every screen in every language, headless; PNGs on request."""

from __future__ import annotations

import os
import random
import sys
import tempfile
import traceback
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from wizard import messages
from wizard.engine import (
    BidVisibility,
    BonusKind,
    Edition,
    GameConfig,
    GameState,
    Options,
    Phase,
    deck,
)
from wizard.i18n import LANGUAGES, translated_languages
from wizard.persistence import Settings
from wizard.table import Seat, Session, step_ai

from .smoke_hint import HINT_SCREENS, make_hint_screen
from .smoke_net import NET_SCREENS, close_net, make_net_screen
from .smoke_newcomer import NEWCOMER_SCREENS, make_newcomer_screen
from .smoke_review import REVIEW_SCREENS, make_review_screen, review_session
from .smoke_stats import (
    BIG_SCREENS,
    IMPORT_SCREENS,
    STATS_SCREENS,
    fill_big_history,
    make_import_screen,
    make_stats_screen,
)
from .smoke_tricks import LAST_TRICK_HELD, TRICK_SCREENS, make_last_trick_held, make_trick_screen
from .smoke_tutorial import TUTORIAL_SCREENS, make_tutorial_screen

if TYPE_CHECKING:
    from wizard.service import Prefs

    from .app import App

SCREENS = ("menu", "setup", "setup-name", "setup-variant-help", "table-bidding", "table-trump", "table-play", "table-clairvoyance",
           "curtain", "scorepad", "round-end", "game-end", "history", "history-game", "replay",
           "settings", "rules", "game-menu", "table-clairvoyance-3p", "card-legend",
           "card-legend-camelot", "table-tooltip", "continue-list", "continue-delete",
           "table-save-failed", "round-end-last", "round-end-camelot", "table-hotseat-round-end",
           "settings-scale-130", "setup-scale-130", "table-play-scale-130", "game-menu-scale-130",
           "history-scale-130", "replay-scale-130", *TRICK_SCREENS, *HINT_SCREENS,
           "table-hint-card-scale-130", *STATS_SCREENS, *REVIEW_SCREENS, *TUTORIAL_SCREENS,
           LAST_TRICK_HELD, *IMPORT_SCREENS, *NET_SCREENS, *NEWCOMER_SCREENS)
SCALED = "-scale-130"      # a screen drawn with the interface size at 130 %
# Table states also drawn at 1024x640 (file names with "1024x640").
SMALL_SCREENS = ("setup-variant-help", "table-clairvoyance-3p", "table-tooltip", "table-save-failed", "round-end-last",
                 "round-end-camelot", "table-hotseat-round-end", *TRICK_SCREENS, *HINT_SCREENS,
                 *STATS_SCREENS, *REVIEW_SCREENS, *TUTORIAL_SCREENS, LAST_TRICK_HELD,
                 *IMPORT_SCREENS, *NET_SCREENS, *NEWCOMER_SCREENS)
HISTORY_SCREENS = ("history", "history-game", "replay", "continue-list", "continue-delete",
                   *REVIEW_SCREENS)
# Games in progress for the Continue list: (players, edition, seed, rounds played).
GAMES_IN_PROGRESS = ((4, "classic", 41, 5), (3, "magic", 42, 2), (6, "camelot", 43, 7))
# Finished games for the history screens: (players, edition, seed, options).
HISTORY_GAMES = ((3, "classic", 31, Options()), (4, "magic", 32, Options(no_equal_sum=True)),
                 (5, "camelot", 33, Options()), (4, "classic", 34, Options(bids=BidVisibility.HIDDEN)))


def _seats(humans: int, n: int = 4) -> list[Seat]:
    names = ["Anna", "Bruno", "Carme", "Didier", "Elena", "Ferran"]
    return [Seat.human(names[i]) if i < humans else Seat.ai(names[i], "easy") for i in range(n)]


def play_until(session: Session, stop: Callable[[Session], bool], limit: int = 5000) -> Session:
    """Step a session (humans play their first legal action) until ``stop`` holds."""
    session.start()
    for _ in range(limit):
        if stop(session) or session.finished:
            return session
        if session.needs_advance:
            session.advance()
        elif session.is_ai_turn():
            step_ai(session)
        else:
            session.act(session.legal_actions()[0])
    return session


def trump_session() -> Session:
    """A human dealer who turned up a Wizard and must name the trump."""
    cfg = GameConfig(players=4, seed=3)
    pack = [c for c in deck("classic") if c.text != "W"]
    hands = [pack[i * 3:(i + 1) * 3] for i in range(4)]
    from wizard.engine import card
    state = GameState.at_deal(cfg, 3, 0, hands, card("W"))
    return Session(state, _seats(1), rng=random.Random(3))


def camelot_bonus_session() -> Session:
    """A seeded camelot game stopped at a round's end (not the last) where one player earned the
    Grail bonus and another (or the same) a zero bid's 25 points: the first such seed."""
    def both(s: Session) -> bool:
        if s.phase is not Phase.ROUND_END or not s.results:
            return False
        kinds = {b.kind for bonuses in s.results[-1].bonuses for b in bonuses}
        return {BonusKind.GRAIL, BonusKind.ZERO_BID} <= kinds

    for seed in range(1, 200):
        session = play_until(Session.new(GameConfig(4, edition=Edition.CAMELOT, seed=seed),
                                         _seats(1)), both)
        if both(session):
            return session
    raise RuntimeError("no seeded camelot round with a Grail bonus and a zero-bid bonus")


def you_seats(n: int) -> list[Seat]:
    """A solo table whose person keeps the default name (spoken to as "you")."""
    from wizard import messages
    from wizard.i18n import _
    return [Seat.human(_(messages.YOU))] + _seats(0, n)[1:]


def hint_session(name: str) -> Session:
    """Round 4 of a seeded solo game: the person's bid, or their card with a trick begun and at
    least four cards they may play (so the hint weighs the best three)."""
    seats = you_seats(4)
    if name == "table-hint-bid":
        return play_until(Session.new(GameConfig(4, seed=23), seats),
                          lambda s: s.is_human_turn() and s.phase is Phase.BID and s.round >= 4)

    def card_turn(s: Session) -> bool:
        return (s.is_human_turn() and s.phase is Phase.PLAY and s.round >= 4
                and len(s.view(s.current).trick) >= 1 and len(s.legal_actions()) >= 4)
    return play_until(Session.new(GameConfig(4, seed=24), seats), card_turn)


def close_last_round(a: App) -> None:
    """Close the last round's result, which the game's result follows."""
    from .scenes.round_end import RoundEndScene
    top = a.top
    if isinstance(top, RoundEndScene) and top.summary.last:
        top.close()
        a.frame(0.0)


def fill_history(prefs: Prefs) -> None:
    """Play a few seeded quick games (Anna the human plays her first legal move) into the history,
    after the game the review screens review (the oldest)."""
    prefs.finish_game(review_session(play_until, you_seats(4)))
    for players, edition, seed, options in HISTORY_GAMES:
        cfg = GameConfig(players, edition=Edition(edition), seed=seed, options=options)
        session = play_until(Session.new(cfg, _seats(1, players)), lambda s: False)
        if not session.finished:
            raise RuntimeError(f"history game {seed} did not finish")
        prefs.finish_game(session)
    prefs.flush()


def _past_round(rounds: int, session: Session) -> bool:
    return session.round > rounds and session.is_human_turn()


def fill_games(prefs: Prefs) -> None:
    """Leave three seeded games in progress (saved after every move) for the Continue list."""
    for players, edition, seed, rounds in GAMES_IN_PROGRESS:
        cfg = GameConfig(players, edition=Edition(edition), seed=seed)
        session = Session.new(cfg, _seats(1, players), on_save=prefs.save_game)
        play_until(session, partial(_past_round, rounds))
    prefs.flush()


def _make(a: App, name: str) -> None:
    """Put the app in the state of screen ``name``."""
    import pygame

    from .scenes.history import HistoryScene
    from .scenes.table import TableScene

    def table(session: Session) -> TableScene:
        t = a.go("table", session=session)
        assert isinstance(t, TableScene)
        a.frame(0.0)
        return t

    def human_turn(phase: Phase) -> Callable[[Session], bool]:
        return lambda s: s.is_human_turn() and s.phase is phase and s.round >= 3

    close_net()                             # a network screen before this one: its table closes
    a.settings.ui_scale = 1.3 if name.endswith(SCALED) else 1.0
    name = name.removesuffix(SCALED)
    if name == "menu":
        a.go("menu")
    elif name == "setup":
        a.go("setup")
    elif name == "setup-name":              # a name being edited: typed over, its end selected
        from .textbox import TextBox
        setup = a.go("setup")
        box = next(w for w in setup.widgets if isinstance(w, TextBox))   # type: ignore[attr-defined]
        key = pygame.KEYDOWN
        a.frame(0.0, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=box.rect.center),
                      pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=box.rect.center),
                      pygame.event.Event(key, key=pygame.K_a, mod=pygame.KMOD_LCTRL, unicode=""),
                      pygame.event.Event(pygame.TEXTINPUT, text="Anaïs Ferran")]
                + [pygame.event.Event(key, key=pygame.K_LEFT, mod=pygame.KMOD_LSHIFT, unicode="")] * 6)
    elif name == "setup-variant-help":      # the pointer rests on the Canadian rule: explained
        setup = a.go("setup")
        row = next(r for r, _w, title, _l in setup.rule_help  # type: ignore[attr-defined]
                   if title == messages.option_name("canadian"))
        a.frame(0.0, [pygame.event.Event(pygame.MOUSEMOTION, pos=(row.x + 6, row.centery),
                                         rel=(0, 0), buttons=(0, 0, 0))])
        if setup.help_target() is None:  # type: ignore[attr-defined]
            raise RuntimeError("the Canadian rule is not explained")
    elif name == "table-bidding":
        table(play_until(Session.new(GameConfig(4, seed=11), _seats(1)), human_turn(Phase.BID)))
    elif name == "table-trump":
        table(trump_session())
    elif name == "table-play":
        table(play_until(Session.new(GameConfig(4, seed=12), _seats(1)),
                         lambda s: human_turn(Phase.PLAY)(s) and len(s.view(s.current).trick) >= 2))
    elif name == "table-clairvoyance":
        cfg = GameConfig(4, seed=13, options=Options(clairvoyance=True))
        table(play_until(Session.new(cfg, _seats(1)), human_turn(Phase.BID)))
    elif name == "table-clairvoyance-3p":        # round 12: twelve cards in each other hand
        cfg = GameConfig(3, seed=13, options=Options(clairvoyance=True))
        table(play_until(Session.new(cfg, _seats(1, 3)),
                         lambda s: s.is_human_turn() and s.phase is Phase.BID and s.round >= 12))
    elif name == "table-save-failed":              # the disk is full: the table says so at once
        import time

        from wizard.service import SaveStatus
        saved = a.prefs.save_status
        a.prefs.save_status = SaveStatus(failed=True, reason="full", folder=Path("/home/anna/.local"
                                         "/share/wizard/games"), failed_since=time.monotonic())
        try:
            table(play_until(Session.new(GameConfig(4, seed=12), _seats(1)), human_turn(Phase.PLAY)))
            a.frame(0.0)
        finally:
            a.prefs.save_status = saved
        return
    elif name == "table-tooltip":                # Camelot: the pointer on the Holy Grail in hand
        cfg = GameConfig(4, seed=35, edition=Edition.CAMELOT, options=Options(no_equal_sum=True))
        t = table(play_until(Session.new(cfg, _seats(1)),
                             lambda s: human_turn(Phase.PLAY)(s) and len(s.view(s.current).trick) >= 2))
        hand = t.sorted_hand()
        special = [i for i, c in enumerate(hand) if c.suit is None]
        if special:                              # a special card of the hand names itself
            r = t.hand_rects()[special[0]]
            at = (r.x + 4, r.bottom - 10)
        else:
            seat, _card = t.shown.trick[0]
            cx, cy = t.lay.trick_spots[t.pos_of(seat)].center
            at = (round(cx), round(cy))
        a.frame(0.0, [pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))])
    elif name in ("card-legend", "card-legend-camelot"):
        a.go("menu")
        a.open("rules")
        a.open("card_legend", edition="camelot" if name.endswith("camelot") else "classic")
    elif name == "curtain":
        t = table(play_until(Session.new(GameConfig(4, seed=14), _seats(2)),
                             lambda s: s.is_human_turn() and s.round >= 2))
        if t.table.curtain_for is None:
            raise RuntimeError("no curtain between two people")
    elif name == "scorepad":
        t = table(play_until(Session.new(GameConfig(4, seed=15), _seats(1)), human_turn(Phase.PLAY)))
        t.open_score_pad()
    elif name == "game-menu":
        t = table(play_until(Session.new(GameConfig(4, seed=15), _seats(1)), human_turn(Phase.PLAY)))
        t.open_menu()
    elif name == "round-end":
        s = play_until(Session.new(GameConfig(4, seed=16), _seats(1)),
                       lambda s: s.phase is Phase.ROUND_END and s.round >= 4)
        table(s)       # the table tells the round's result: the round-end screen opens
    elif name == "game-end":
        s = play_until(Session.new(GameConfig(5, seed=17), _seats(1, 5)), lambda s: False)
        a.go("table", session=s, keep_history=False)   # the table tells the last round's result,
        a.frame(0.0)
        close_last_round(a)                            # then the game's
    elif name == "round-end-last":
        s = play_until(Session.new(GameConfig(5, seed=18), you_seats(5)), lambda s: False)
        a.go("table", session=s, keep_history=False)
    elif name == "round-end-camelot":
        table(camelot_bonus_session())
    elif name == "table-hotseat-round-end":
        table(play_until(Session.new(GameConfig(4, seed=19), _seats(3)),
                         lambda s: s.phase is Phase.ROUND_END and s.round >= 3))
    elif name in ("history", "history-game", "replay"):
        a.go("menu")
        history = a.open("history")
        assert isinstance(history, HistoryScene)
        if not history.entries:
            raise RuntimeError("the history has no game to show")
        if name == "history-game":
            history.select(0)
        elif name == "replay":
            a.open("replay", entry=history.entries.whole(0))
            a.frame(0.0)
            keys = [pygame.K_PAGEDOWN] * 5 + [pygame.K_RIGHT] * 7    # round 6, a trick half played
            for k in keys:
                a.frame(0.0, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")])
    elif name in TRICK_SCREENS:
        make_trick_screen(a, name)
    elif name == LAST_TRICK_HELD:
        make_last_trick_held(a)
    elif name in TUTORIAL_SCREENS:
        make_tutorial_screen(a, name)
    elif name in REVIEW_SCREENS:
        make_review_screen(a, name)
    elif name in HINT_SCREENS:
        make_hint_screen(a, name, hint_session(name))
    elif name in NEWCOMER_SCREENS:
        make_newcomer_screen(a, name, play_until, you_seats)
    elif name in STATS_SCREENS:
        make_stats_screen(a, name)
    elif name in IMPORT_SCREENS:
        make_import_screen(a, name)
    elif name in NET_SCREENS:
        make_net_screen(a, name)
    elif name in ("continue-list", "continue-delete"):
        a.go("menu")
        listed = a.go("continue_list")
        if len(getattr(listed, "games", [])) != len(GAMES_IN_PROGRESS):
            raise RuntimeError("the Continue list does not show the games in progress")
        if name == "continue-delete":
            listed.ask_delete(listed.games[0])    # type: ignore[attr-defined]
    elif name == "settings":
        a.go("settings")
    elif name == "rules":
        a.go("rules")
    else:
        raise ValueError(name)
    a.frame(0.0)


def check_assets() -> list[str]:
    """Load every font, every card face and back in both looks, the sounds and the catalogs."""
    import gettext

    from wizard.engine import ALL_CARDS
    from wizard.resources import locales_dir

    from .fonts import FONT_FILES, font
    failures: list[str] = []
    for role in FONT_FILES:
        try:
            font(18, role).render("Wizard", True, (0, 0, 0))
        except Exception as e:
            failures.append(f"font {role}: {e}")
    try:
        from wizard.ui.art import CardArt
        for look in ("classic", "standard"):
            art = CardArt(look=look)
            art.back(60)
            for c in ALL_CARDS:
                art.face(c.text, 60)
    except Exception as e:
        failures.append(f"card art: {type(e).__name__}: {e}")
    try:
        from wizard.ui.sound import SOUND_NAMES, Sounds
        sounds = Sounds(True, 0.0)
        for name in SOUND_NAMES:
            sounds.play(name)
    except Exception as e:
        failures.append(f"sounds: {type(e).__name__}: {e}")
    for lang in translated_languages():
        mo = locales_dir() / lang / "LC_MESSAGES" / "wizard.mo"
        try:
            with mo.open("rb") as fp:
                gettext.GNUTranslations(fp)
        except Exception as e:
            failures.append(f"catalog {lang}: {e}")
    return failures


def _shoot(app: App, name: str, screenshot_dir: Path | None, file: str, label: str) -> list[str]:
    """Put the app in state ``name`` and save it as ``file``.png; the failure, if any."""
    try:
        _make(app, name)
        if screenshot_dir is not None:
            app.screenshot(screenshot_dir / f"{file}.png")
    except Exception as e:
        traceback.print_exc()
        return [f"{label}: {type(e).__name__}: {e}"]
    return []


def below_floor(seen: list[tuple[int, str]]) -> list[str]:
    """The lines drawn smaller than the text floor (``text.TEXT_FLOOR``), once each."""
    from . import text
    return sorted({f"{s!r} at {size}px" for size, s in seen if size < text.TEXT_FLOOR})


def _small(app: App, lang: str, screenshot_dir: Path | None,
           prefs_for: Callable[[str], Prefs]) -> list[str]:
    """The screens of ``SMALL_SCREENS`` again in a 1024x640 window; a line of text drawn smaller
    than the floor (``text.TEXT_FLOOR``) fails the screen (#35)."""
    from . import text
    failures: list[str] = []
    size = app.screen.get_size()
    app.resize(1024, 640)
    default = app.prefs
    try:
        for name in SMALL_SCREENS:
            app.prefs = prefs_for(name)
            text.sizes_seen = []
            try:
                failures += _shoot(app, name, screenshot_dir, f"{name}-1024x640-{lang}",
                                   f"{name} 1024x640 ({lang})")
                small = below_floor(text.sizes_seen)
                if small:
                    failures.append(f"{name} 1024x640 ({lang}): text below {text.TEXT_FLOOR}px: "
                                    + ", ".join(small[:5]))
            finally:
                text.sizes_seen = None
                app.prefs = default
    finally:
        app.resize(*size)
    return failures


def smoke_settings() -> Settings:
    """The settings every smoke state is drawn with: the defaults, animations off."""
    return Settings(animation_speed="off")


def run_smoke(screenshot_dir: Path | None = None, data_dir: Path | None = None,
              languages: tuple[str, ...] = tuple(LANGUAGES),
              size: tuple[int, int] = (1280, 800)) -> int:
    """Draw every screen in every language; 0 if all worked, else 1 with the failures listed."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from wizard.i18n import set_language
    from wizard.service import Prefs

    from .routes import make_app

    failures: list[str] = []
    tmp = None
    if data_dir is None:
        tmp = tempfile.TemporaryDirectory(prefix="wizard-smoke-")
        data_dir = Path(tmp.name)
    # The history screens read finished games from their own temporary folder (never the player's).
    games_tmp = tempfile.TemporaryDirectory(prefix="wizard-smoke-history-")
    stats_tmp = tempfile.TemporaryDirectory(prefix="wizard-smoke-long-history-")
    try:
        prefs = Prefs(data_dir)
        # The smoke test draws its states with its own settings, whatever the data folder's say
        # (a finished trick held 0 ms, a large interface size...), and never saves them there.
        prefs.settings = smoke_settings()
        app = make_app(prefs, size=size, headless=True, threaded=False, speed="off", lang="en")
        failures += check_assets()
        games = Prefs(Path(games_tmp.name))
        games.settings = prefs.settings
        progress = Prefs(Path(stats_tmp.name))
        progress.settings = prefs.settings
        try:
            fill_history(games)
            fill_games(games)
            fill_big_history(progress)
        except Exception as e:
            failures.append(f"history games: {type(e).__name__}: {e}")
            traceback.print_exc()

        def prefs_for(name: str) -> Prefs:
            base = name.removesuffix(SCALED)
            return progress if base in BIG_SCREENS else games if base in HISTORY_SCREENS \
                else prefs
        if screenshot_dir is not None:
            screenshot_dir.mkdir(parents=True, exist_ok=True)
            try:
                from wizard.ui.art import write_card_sheets
                write_card_sheets(screenshot_dir)
            except Exception as e:
                failures.append(f"card sheets: {type(e).__name__}: {e}")
                traceback.print_exc()
        for lang in languages:
            try:
                set_language(lang)
            except Exception as e:
                failures.append(f"{lang}: catalog: {e}")
                continue
            for name in SCREENS:
                app.prefs = prefs_for(name)
                try:
                    failures += _shoot(app, name, screenshot_dir, f"{name}-{lang}", f"{name} ({lang})")
                finally:
                    app.prefs = prefs
            if size != (1024, 640):
                failures += _small(app, lang, screenshot_dir, prefs_for)
        set_language("en")
    finally:
        close_net()
        games_tmp.cleanup()
        stats_tmp.cleanup()
        if tmp is not None:
            tmp.cleanup()
    if failures:
        print("smoke test FAILED:", file=sys.stderr)
        for f in failures:
            print("  " + f, file=sys.stderr)
        return 1
    print(f"smoke test ok: {len(SCREENS)} screens x {len(languages)} languages, "
          f"{len(SMALL_SCREENS)} of them also at 1024x640")
    return 0
