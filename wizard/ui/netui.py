"""What the network table's screens share: the address the host listens on, the translated
reasons of the host's refusals, and a waker that turns the network's news into a pygame event
(so an idle table waits on events and costs no CPU, yet shows a joiner's card at once)."""

from __future__ import annotations

import ipaddress
import logging
import os
import socket
import weakref
from typing import Any

import pygame

from wizard.i18n import _
from wizard.net.internet import PUBLIC_MAILBOX, PUBLIC_RELAY, InternetJoin, InternetTable, Servers
from wizard.net.joincode import DEFAULT_PORT
from wizard.net.wake import Waker
from wizard.net.wire import Code

log = logging.getLogger(__name__)

BIND_ENV = "WIZARD_NET_BIND"     # the address to listen on (tests and play-tests: 127.0.0.1)
MAILBOX_ENV = "WIZARD_MAILBOX"   # the mailbox server (``--mailbox``; "off": no internet codes)
RELAY_ENV = "WIZARD_RELAY"       # the transit relay (``--relay``)
OFF = "off"
NET_EVENT = pygame.event.custom_type()
HOST_GONE_S = 15.0               # seconds without a sign of the host over the internet: say it
                                 # cannot be reached (Dilation's keep-alive sees a dead link in 10-15)
JOINER_GONE_S = 15.0             # the same on the host for a joiner: "Waiting for Núria"


def lan_address() -> str:
    """This computer's private IPv4 address as its names resolve (no packet is sent), else the
    loopback address (then only this computer can join, and the waiting screen says so)."""
    for name in dict.fromkeys((socket.gethostname(), socket.getfqdn())):
        try:
            infos = socket.getaddrinfo(name, None, socket.AF_INET)
        except OSError:
            continue
        for info in infos:
            address = ipaddress.IPv4Address(info[4][0])
            if address.is_private and not address.is_loopback and not address.is_link_local:
                return str(address)
    return "127.0.0.1"


def chosen_bind(app: object) -> bool:
    """Whether the address to listen on was chosen (``--net-bind``, the environment)."""
    return bool(getattr(app, "net_bind", None) or os.environ.get(BIND_ENV))


def bind_address(app: object) -> str:
    """Where a host listens: ``--net-bind`` (``app.net_bind``), else ``WIZARD_NET_BIND``, else the
    private network address."""
    return getattr(app, "net_bind", None) or os.environ.get(BIND_ENV) or lan_address()


def host_port(app: object) -> int:
    """The port a new table tries first (``app.net_port``; tests: 0, any free port)."""
    port = getattr(app, "net_port", None)
    return DEFAULT_PORT if port is None else int(port)


def refusal_text(code: Code | None) -> str:
    """What a player reads when the host refused them (or the connection ended)."""
    texts = {
        Code.VERSION: _("The host runs another version of Wizard: both computers need the same "
                        "version."),
        Code.MALFORMED: _("The host could not understand this computer (another version of "
                          "Wizard?)."),
        Code.TOO_LONG: _("The host could not understand this computer (another version of "
                         "Wizard?)."),
        Code.HELLO_FIRST: _("The host could not understand this computer (another version of "
                            "Wizard?)."),
        Code.SECRET: _("Wrong code: this is not the code of the table at that address. Check it "
                       "on the host's screen."),
        Code.SEAT_TAKEN: _("That seat is taken."),
        Code.NO_SEAT: _("Every seat at this table is taken."),
        Code.TOKEN: _("This table does not know this computer's seat any more: join with the "
                      "code as a new player."),
        Code.OTHER_SEAT: _("The host refused a move for another seat."),
        Code.RULES: _("The host refused that move."),
        Code.WAIT: _("Your last move is still on its way."),
        Code.FULL: _("The host has too many connections right now: try again in a moment."),
        Code.TIMEOUT: _("The host waited too long for this computer."),
        Code.REPLACED: _("Your seat was taken up from another window or computer."),
        Code.CLOSED: _("The host closed the table."),
    }
    if code is None:
        return _("No answer from the host: check the code, and that both computers are on the "
                 "same network.")
    return texts.get(code, _("The host refused."))


def _post() -> None:
    pygame.event.post(pygame.event.Event(NET_EVENT))


def waker_for(app: object, event: Any) -> Waker | None:
    """A waker posting ``NET_EVENT`` when the app runs a real loop (headless apps are driven
    frame by frame)."""
    return None if getattr(app, "headless", False) else Waker(event, _post)


# ---- the internet table (#33) --------------------------------------------------------------

def servers(app: object) -> Servers | None:
    """The mailbox server and transit relay to use: ``--mailbox``/``--relay`` (``app.net_mailbox``,
    ``app.net_relay``), else ``WIZARD_MAILBOX``/``WIZARD_RELAY``, else the settings, else
    magic-wormhole's public ones; None when the mailbox is "off" (no internet codes)."""
    settings = getattr(app, "settings", None)
    mailbox = (getattr(app, "net_mailbox", None) or os.environ.get(MAILBOX_ENV)
               or getattr(settings, "net_mailbox", None) or PUBLIC_MAILBOX)
    relay = (getattr(app, "net_relay", None) or os.environ.get(RELAY_ENV)
             or getattr(settings, "net_relay", None) or PUBLIC_RELAY)
    if mailbox.strip().lower() == OFF:
        return None
    return Servers(mailbox.strip(), relay.strip())


_tables: weakref.WeakKeyDictionary[Any, InternetTable] = weakref.WeakKeyDictionary()  # NetHost ->
# the joiner's bridge (address, port) -> its wormhole and the joiner's table screen that uses it
_joins: dict[tuple[str, int], tuple[InternetJoin, object]] = {}


def internet_table(app: object, host: Any) -> InternetTable | None:
    """The internet invitations of ``host``'s seats (made and opened on the first call; None
    when the internet codes are off)."""
    table = _tables.get(host)
    if table is None:
        chosen = servers(app)
        if chosen is None:
            return None
        table = _tables[host] = InternetTable(host, chosen)
        table.open()
    return table


def table_of(host: Any) -> InternetTable | None:
    """``host``'s internet invitations if it has them (none is made here)."""
    return _tables.get(host)


def silent_for(host: Any, seat: int) -> float:
    """Seconds since the internet joiner of ``host``'s ``seat`` was last heard of, once its link
    counts as lost (0 while reached, or without internet codes)."""
    table = _tables.get(host)
    return 0.0 if table is None else table.unreachable_for(seat)


def close_internet(host: Any) -> None:
    """The host's wormholes close with its table."""
    table = _tables.pop(host, None)
    if table is not None:
        table.close()


def keep_join(join: InternetJoin) -> None:
    """Remember the joiner's wormhole by its bridge (the reconnect overlay reaches the table
    through the same one)."""
    assert join.port is not None
    _joins[(LOOPBACK, join.port)] = (join, None)


def internet_join(address: str, port: int) -> InternetJoin | None:
    """The wormhole a joiner's table at (address, port) plays through, if it is one."""
    kept = _joins.get((address, port))
    return None if kept is None else kept[0]


def claim_join(address: str, port: int, owner: object) -> None:
    """The joiner's table screen ``owner`` plays through the wormhole at (address, port), if
    any (a new screen after a reconnection takes it over before the old one closes)."""
    kept = _joins.get((address, port))
    if kept is not None:
        _joins[(address, port)] = (kept[0], owner)


def close_join(address: str, port: int, owner: object = None) -> None:
    """The joiner's wormhole closes when the table screen that uses it is left (or, without an
    owner, at once: the join screen gave up)."""
    kept = _joins.get((address, port))
    if kept is not None and (owner is None or kept[1] is owner):
        del _joins[(address, port)]
        kept[0].close()


LOOPBACK = "127.0.0.1"

