"""The network table (issue #27, its core): friends at one table, each on their own computer.

No pygame here (``tests/test_architecture.py``: engine <- ai <- session <- table <- net <- ui).

- ``wire``, ``codec``, ``views``: the messages, versioned JSON lines of at most 64 KiB, read
  strictly (anything else is a ``WireError`` with a reason); what crosses is a seat's view, the
  events redacted for it, actions, refusals, seats and the rules without the seed.
- ``joincode``: the code read aloud (the host's IPv4 address, port and secret; a check character).
- ``host.NetHost``: serves a ``Session`` on one interface while the table is open; the game
  thread calls ``pump()`` to take in joiners' arrivals, intents (checked like any action) and
  departures; every step goes to each joiner as its own view and events.
- ``client.RemoteGame``: the ``GamePort`` a joiner's ``Table`` plays through; ``pump()`` applies
  what the host sent.
- ``keep``: what is kept in the data folder (the joiner's seat token per table, the host's open
  tables by game id for a resume); whatever else is found there is set aside and said.
- ``wake``: a thread that tells the screen's loop when the network has news (no polling).
- ``internet``: the internet table (#33), magic-wormhole as one more transport: a code per seat
  (``7-indigo-tiger``), Dilation's connection piped to the host's socket and from the joiner's
  ``RemoteGame``; ``twist``: Twisted's reactor on its own thread.
- ``bench``: ``python -m wizard.bench net``.

How the screens plug in (``wizard/ui/scenes/net_host.py``, ``net_table.py``, ``net_join.py``):

- **New game** gains a seat kind "a person on another computer": those seats are
  ``Seat.human("Seat 3")`` (a placeholder name) in the ``Session``; the scene makes
  ``NetHost(session, those_seats, bind=address)`` and calls ``open()`` (``OSError``: say the
  address cannot be used).
- **The host's waiting scene** shows ``host.join_code(address)`` and each open seat's
  ``host.status(seat)`` (open, playing, away) and the names as they come (``session.seats``),
  calling ``host.pump()`` every frame (``host.wake`` is set when there is news). "Start" makes
  the table scene's ``Table(session, remote=host.remote, ...)``: the table then neither plays
  nor raises the curtain for those seats, and the host's own people and computer seats play as
  today. The table scene keeps calling ``host.pump()`` each frame and setting
  ``table.remote = host.remote``, shows "waiting for Núria (reconnecting…)" when
  ``host.status(seat) is SeatStatus.AWAY``, offers ``host.lend(seat, level)`` (a computer player
  plays the seat until its joiner is back: ``SeatStatus.LENT``) and calls ``host.close()`` when
  the game is left (the table stops listening). Take-back is off: with joiners the game
  has more than one person.
- **The join scene** reads a code (``joincode.decode``: ``JoinCodeError`` says what to fix) or an
  address typed by hand (``joincode.parse_address``) and a name, makes ``RemoteGame(address,
  port, secret, name, token=<the token kept for that table, if any>)`` and calls ``connect()``;
  it pumps the ``RemoteGame`` each frame until ``ready`` (or ``refused``: a ``wire.Code`` the
  screen translates, e.g. ``SECRET``, ``SEAT_TAKEN``), keeps ``remote.token`` on disk for that
  table, then opens the table scene with ``Table(remote, remote=remote.remote, ...)``, which
  pumps the ``RemoteGame`` each frame. ``remote.lost`` means the connection is over: the
  reconnect overlay makes a new ``RemoteGame`` with the kept token (the host gives the same seat
  back) and a new ``Table``. ``remote.away`` names the seats whose joiner is reconnecting.
"""
