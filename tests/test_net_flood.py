"""Strangers cannot keep the joiners out, and joiners that never read cannot grow the host
(issue #33, N1 and N2; the bench's figures: ``python -m wizard.bench net --flood 200000`` and
``--nonreaders 75``). 127.0.0.1 only, bounded in count and time."""

from __future__ import annotations

from wizard.net import hostile


def test_a_joiner_rejoins_within_two_seconds_while_connections_are_thrown_at_the_host() -> None:
    f = hostile.flood(40_000, hold=500, rejoin_every=0.3)
    print(f)
    assert f.thrown == 40_000 and f.rejoins and f.failed == 0, f
    assert max(f.rejoins) < 2.0 and f.newcomer is not None and f.newcomer < 2.0, f
    assert f.strangers > 0                       # what the host's screen says


def test_a_flood_that_talks_does_not_keep_a_joiner_out_either() -> None:
    f = hostile.flood(6_000, hold=500, rejoin_every=0.3, junk_every=1)
    print(f)
    assert f.rejoins and f.failed == 0 and max(f.rejoins) < 2.0, f


def test_joiners_that_never_read_leave_nothing_behind() -> None:
    r = hostile.nonreaders(12, intents=15_000)
    print(r)
    assert r.host_connections <= 1, r
    assert r.files_after - r.files_before <= 2, r          # each used to keep its socket
    assert r.rss_after - r.rss_before < 10 * 2 ** 20, r
