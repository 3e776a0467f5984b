"""Two homes behind their own routers, and an "internet" between them, made with network
namespaces on this machine (``ip netns``, veth pairs, NAT by nftables): for the internet table's
test across routers (#33). Only addresses inside these namespaces are used.

    home1 (10.1.0.2) -- router1 [NAT] (100.64.1.2) --+
                                                      internet (100.64.1.1, 100.64.2.1)
    home2 (10.2.0.2) -- router2 [NAT] (100.64.2.2) --+

The internet knows no route to 10.x: a home is reached only through what it opened (masquerade),
so two homes cannot connect to each other directly and the game goes through the relay.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass, field

INTERNET_MAILBOX = "100.64.1.1"


def why_not() -> str | None:
    """Why namespaces cannot be made here (None: they can)."""
    if os.name != "posix" or not os.path.exists("/proc/self/ns/net"):
        return "no Linux network namespaces on this system"
    for tool in ("ip", "nft"):
        if shutil.which(tool) is None:
            return f"'{tool}' is not installed (apt-get install -y iproute2 nftables)"
    if os.geteuid() != 0:
        return "making network namespaces needs root"
    probe = f"wzprobe{os.getpid()}"
    made = subprocess.run(["ip", "netns", "add", probe], capture_output=True, text=True)
    if made.returncode != 0:
        return f"ip netns add failed: {made.stderr.strip()}"
    subprocess.run(["ip", "netns", "del", probe], capture_output=True)
    return None


def _run(*args: str) -> None:
    done = subprocess.run(list(args), capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(args)}: {done.stderr.strip()}")


@dataclass
class Homes:
    """The namespaces' names (``home1``, ``router1``, ``internet``, ``router2``, ``home2``)."""

    # the whole process id: unique among the processes running now (two pytest-xdist workers, or
    # two checkouts' suites, never share one); at most 7 digits (pid_max <= 2**22), so an
    # interface name (tag + "l1a") stays within Linux's 15 characters
    tag: str = field(default_factory=lambda: f"wz{os.getpid()}")
    made: list[str] = field(default_factory=list)

    def ns(self, role: str) -> str:
        return f"{self.tag}-{role}"

    def run(self, role: str, *args: str) -> None:
        _run("ip", "netns", "exec", self.ns(role), *args)

    def command(self, role: str, args: list[str]) -> list[str]:
        """``args`` run inside namespace ``role``."""
        return ["ip", "netns", "exec", self.ns(role), *args]

    def _link(self, a: str, a_addr: str, b: str, b_addr: str, name: str) -> tuple[str, str]:
        ea, eb = f"{self.tag}{name}a", f"{self.tag}{name}b"
        _run("ip", "link", "add", ea, "netns", self.ns(a), "type", "veth", "peer", "name", eb,
             "netns", self.ns(b))
        self.run(a, "ip", "addr", "add", a_addr, "dev", ea)
        self.run(b, "ip", "addr", "add", b_addr, "dev", eb)
        self.run(a, "ip", "link", "set", ea, "up")
        self.run(b, "ip", "link", "set", eb, "up")
        return ea, eb

    def make(self) -> Homes:
        try:
            return self._make()
        except BaseException:
            self.remove()
            raise

    def _make(self) -> Homes:
        for role in ("home1", "router1", "internet", "router2", "home2"):
            _run("ip", "netns", "add", self.ns(role))
            self.made.append(role)
            self.run(role, "ip", "link", "set", "lo", "up")
        for n, (home, router) in enumerate((("home1", "router1"), ("home2", "router2")), 1):
            self._link(home, f"10.{n}.0.2/24", router, f"10.{n}.0.1/24", f"l{n}")
            _wan, inet = self._link(router, f"100.64.{n}.2/24", "internet", f"100.64.{n}.1/24",
                                    f"w{n}")
            self.run(home, "ip", "route", "add", "default", "via", f"10.{n}.0.1")
            self.run(router, "ip", "route", "add", "default", "via", f"100.64.{n}.1")
            self.run(router, "sysctl", "-qw", "net.ipv4.ip_forward=1")
            rules = (f"table ip nat {{ chain post {{ type nat hook postrouting priority 100; "
                     f"oifname \"{_wan}\" ip saddr 10.{n}.0.0/24 masquerade; }}; }}\n"
                     f"table ip filter {{ chain guard {{ type filter hook forward priority 0; "
                     f"policy drop; ct state established,related accept; "
                     f"iifname \"{self.tag}l{n}b\" accept; }}; }}\n")
            subprocess.run(self.command(router, ["nft", "-f", "-"]), input=rules, text=True,
                           check=True, capture_output=True)
        self.run("internet", "sysctl", "-qw", "net.ipv4.ip_forward=1")
        return self

    def wan(self, n: int) -> str:
        """Router ``n``'s link to the internet (its own end)."""
        return f"{self.tag}w{n}a"

    def link(self, n: int, up: bool, address: int | None = None) -> None:
        """Bring home ``n``'s router's internet link down or up (with ``address``: a new public
        address, 100.64.n.<address>, as a home router gets after an outage)."""
        wan, router = self.wan(n), f"router{n}"
        if up and address is not None:
            self.run(router, "ip", "addr", "flush", "dev", wan)
            self.run(router, "ip", "addr", "add", f"100.64.{n}.{address}/24", "dev", wan)
        self.run(router, "ip", "link", "set", wan, "up" if up else "down")
        if up:   # a link brought up again has lost its route
            self.run(router, "ip", "route", "replace", "default", "via", f"100.64.{n}.1")

    def remove(self) -> None:
        for role in reversed(self.made):
            subprocess.run(["ip", "netns", "del", self.ns(role)], capture_output=True)
        self.made.clear()
