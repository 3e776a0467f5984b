"""Painting what speaks to the player: prompt line, bid buttons, dialogs, last trick, curtain."""

from __future__ import annotations

import pygame

from wizard import messages
from wizard.i18n import _
from wizard.table.picture import BidButton, Picture

from .. import text, theme
from ..fonts import font
from ..layout import bid_buttons, choice_buttons, choice_panel, choice_title_height
from ..widgets import Button, dim, panel
from . import trick
from .common import R, TableView, felt

# ---- prompt, bidding ---------------------------------------------------------------------------

def prompt(sc: TableView, surf: pygame.Surface, picture: Picture) -> None:
    """The picture's prompt line (whose turn, reasons) and, when bidding, the bid buttons."""
    lay, u = sc.lay, sc.lay.unit
    if picture.choice is not None and picture.my_turn:
        if sc.message is not None:   # a refused answer (a lesson's wrong choice): said above it
            _above_question(sc, surf, picture, sc.message[0],
                            theme.BAD if sc.message[2] else theme.ACCENT)
        return                       # the question takes the prompt's place, with its own title
    box = R(lay.prompt)
    msg, tone = picture.prompt, picture.tone
    colour = theme.ACCENT if tone == "accent" else theme.INK
    why = picture.trick_line
    if why:                          # the finished trick's line, and the prompt below it
        if sc.message is not None:
            msg = sc.message[0]
            colour = theme.BAD if sc.message[2] else theme.ACCENT
        trick.caption(sc, surf, why, msg, theme.ACCENT if picture.trick_mine else theme.INK,
                      colour)
        return
    options = picture.bids
    if options:
        _bid_bar(sc, surf, options)
        mouse = pygame.mouse.get_pos() if pygame.mouse.get_focused() else (-1, -1)
        for b, button in zip(options, bid_buttons(lay, len(options)), strict=True):
            if not b.allowed and button.contains(mouse):
                msg, colour = b.reason, theme.BAD
    if sc.message is not None:
        msg = sc.message[0]
        colour = theme.BAD if sc.message[2] else theme.ACCENT
    if msg:
        size, lines = prompt_lines(msg, box.w - 30 * u, u)
        imgs = [text.render(line, size, colour, "bold") for line in lines]
        gap = round(2 * u)
        height = sum(i.get_height() for i in imgs) + gap * (len(imgs) - 1)
        width = max(i.get_width() for i in imgs)
        # one line sits in the prompt box; a second grows upwards, over the free felt above it
        block = pygame.Rect(0, 0, width, height)
        block.midbottom = (box.centerx, max(box.bottom, box.centery + height / 2))
        panel(surf, block.inflate(26 * u, 8 * u), u, alpha=200, edge=None, radius=10)
        y = block.y
        for img in imgs:
            surf.blit(img, img.get_rect(midtop=(block.centerx, y)))
            y += img.get_height() + gap


def _above_question(sc: TableView, surf: pygame.Surface, picture: Picture, msg: str,
                    colour: tuple[int, int, int]) -> None:
    """``msg`` on its own panel just above the open question's panel."""
    lay, u = sc.lay, sc.lay.unit
    count = 4 if picture.choice == "trump" else 2
    box = R(choice_panel(lay, count))
    clear = [R(b) for b in sc.keep_clear()]          # a lesson's words: the message goes beside
    right = min([b.x - 16 * u for b in clear if b.bottom > box.y - 120 * u and b.right > box.x]
                + [box.right])
    width = max(200 * u, right - box.x - 30 * u)
    size, lines = prompt_lines(msg, width, u)
    imgs = [text.render(line, size, colour, "bold") for line in lines]
    height = sum(i.get_height() for i in imgs)
    block = pygame.Rect(0, 0, max(i.get_width() for i in imgs), height)
    block.midbottom = (box.centerx, box.y - 20 * u)
    if block.right > right - 13 * u:
        block.right = round(right - 13 * u)
    panel(surf, block.inflate(26 * u, 8 * u), u, alpha=240, edge=None, radius=10)
    y = block.y
    for img in imgs:
        surf.blit(img, img.get_rect(midtop=(block.centerx, y)))
        y += img.get_height()


def prompt_lines(msg: str, width: float, u: float) -> tuple[int, list[str]]:
    """Size and lines of the prompt: one line shrunk down to 15 px-units, else wrapped on two lines."""
    for size in range(int(19 * u), max(text.TEXT_FLOOR, int(15 * u)) - 1, -1):
        if font(size, "bold").size(msg)[0] <= width:    # one line, a little smaller
            return size, [msg]
    lines = [msg]
    for size in range(int(17 * u), text.TEXT_FLOOR - 1, -1):
        lines = text.wrap(msg, size, width, "bold")
        if len(lines) <= 2 and all(font(size, "bold").size(line)[0] <= width for line in lines):
            return size, lines
    size = text.TEXT_FLOOR            # never smaller: a third line rather than smaller text
    return size, text.wrap(msg, size, width, "bold")


def _bid_bar(sc: TableView, surf: pygame.Surface, states: tuple[BidButton, ...]) -> None:
    lay, u = sc.lay, sc.lay.unit
    boxes = bid_buttons(lay, len(states))
    mouse = pygame.mouse.get_pos() if pygame.mouse.get_focused() else (-1, -1)
    for state, box in zip(states, boxes, strict=True):
        r = R(box)
        b = Button(r, str(state.n), lambda: None, enabled=state.allowed)
        b.hover = r.collidepoint(mouse)
        b.draw(surf, u)
        if not state.allowed:   # crossed out: hover or click says why
            pygame.draw.line(surf, theme.BAD, (r.x + r.w * 0.22, r.bottom - r.h * 0.22),
                             (r.right - r.w * 0.22, r.y + r.h * 0.22), max(2, round(2 * u)))


# ---- dialogs ------------------------------------------------------------------------------------

def dialog(sc: TableView, surf: pygame.Surface, picture: Picture) -> None:
    """The trump-suit or Merlin dialog (the picture's open question)."""
    from wizard.engine import ChooseTrump, Play, card

    lay, u = sc.lay, sc.lay.unit
    choices: list[tuple[str, str | None, ChooseTrump | Play]]
    if picture.choice == "trump":
        title = _("Choose the trump suit")
        choices = [(messages.suit_name(s, sc.look), s, ChooseTrump(s)) for s in "BGRY"]
    else:
        title = _("Play Merlin as…")
        choices = [(_("a Wizard"), None, Play(card("MERLIN:W"))),
                   (_("a Jester"), None, Play(card("MERLIN:J")))]
    box = R(choice_panel(lay, len(choices)))
    # the panel reaches above its title, which the brass edge and a focus ring never touch
    panel(surf, pygame.Rect(box.x - 8 * u, box.y - 12 * u, box.w + 16 * u, box.h + 16 * u), u,
          alpha=250)
    title_h = choice_title_height(lay)
    text.draw(surf, title, (box.centerx, box.y + title_h / 2 - 4 * u),
              int(max(14, min(22 * u, title_h * 0.9))), theme.ACCENT, "title", anchor="center",
              max_w=box.w - 20 * u)
    for (label, suit, action), button in zip(choices, choice_buttons(lay, len(choices)), strict=True):
        r = R(button)
        b = Button(r, "", lambda: None)
        b.hover = r.collidepoint(pygame.mouse.get_pos())
        b.draw(surf, u)
        icon_h = r.h * 0.78
        x = r.x + 8 * u
        if suit is not None and sc.app.painter.art is not None:
            em = sc.app.painter.emblem(suit, icon_h * 0.85)
            if em is not None:
                surf.blit(em, em.get_rect(midleft=(x, r.centery)))
                x += em.get_width() + 6 * u
        elif suit is None:
            code = str(action)   # MERLIN:W / MERLIN:J
            fw = int(icon_h / 1.5)
            face = pygame.Rect(0, 0, fw, int(fw * 1.5))
            face.midleft = (int(x), r.centery)
            sc.app.painter.blit_face(surf, code, face, "dialog")
            x += fw + 6 * u
        room = r.right - 10 * u - x
        text.draw(surf, label, (x + room / 2, r.centery), int(min(15 * u, r.h * 0.4)), theme.INK,
                  "bold", anchor="center", max_w=room)


def review(sc: TableView, surf: pygame.Surface, picture: Picture) -> None:
    """The last trick of the round, over the table."""
    lay, u = sc.lay, sc.lay.unit
    last = picture.last_trick
    area = R(lay.trick_area)
    dim(surf, 90)
    n = len(last.cards) if last else 0
    cw = min(lay.trick_spots[0].w, area.w / max(1, n + 1))
    w = max(300 * u, n * (cw + 10 * u) + 30 * u)
    why = last.line if last is not None else ""
    why_size = int(15 * u)
    if why:
        w = max(w, min(area.w, 560 * u))
        why_lines = text.wrap(why, why_size, w - 30 * u, "bold")
    else:
        why_lines = []
    line_h = font(why_size, "bold").get_linesize()
    box = pygame.Rect(0, 0, w, cw * 1.5 + 110 * u + len(why_lines) * line_h)
    box.center = area.center
    panel(surf, box, u, alpha=255)       # opaque: the table must not show through
    for k, line in enumerate(why_lines):
        text.draw(surf, line, (box.centerx, box.bottom - 14 * u - (len(why_lines) - k) * line_h),
                  why_size, theme.ACCENT, "bold", anchor="midtop")
    text.draw(surf, _("Last trick (L to close)"), (box.centerx, box.y + 10 * u), int(20 * u),
              theme.ACCENT, "title", anchor="midtop")
    if last is None:
        text.draw(surf, _("No trick played yet in this round."), box.center, int(16 * u),
                  theme.INK, anchor="center", max_w=box.w - 24 * u)
        return
    x = box.centerx - (n * (cw + 10 * u) - 10 * u) / 2
    magic = last.magic
    for (seat, c), v in zip(last.cards, last.looks, strict=True):
        r = pygame.Rect(x, box.y + 44 * u, cw, cw * 1.5)
        if seat == magic:
            trick.magic_glow(surf, r, u, 1.0)
        sc.app.painter.blit_face(surf, c.text, r, "trick", variant=v)
        if seat == last.winner and not last.void:
            pygame.draw.rect(surf, theme.ACCENT, r.inflate(6, 6), width=max(2, round(3 * u)),
                             border_radius=round(8 * u))
        text.draw(surf, picture.names[seat], (r.centerx, r.bottom + 6 * u), int(14 * u), theme.INK,
                  anchor="midtop", max_w=cw + 8 * u)
        x += cw + 10 * u


def curtain(sc: TableView, surf: pygame.Surface, picture: Picture) -> None:
    """Hot-seat curtain: hides everything private until the next person is ready."""
    u = sc.lay.unit
    veil = pygame.Surface(surf.get_size())
    veil.blit(felt(surf.get_size()), (0, 0))
    veil.set_alpha(235)
    surf.blit(veil, (0, 0))
    seat = picture.curtain
    assert seat is not None
    w, h = surf.get_size()
    box = pygame.Rect(0, 0, min(w * 0.7, 640 * u), 200 * u)
    box.center = (w // 2, h // 2)
    panel(surf, box, u)
    text.draw(surf, _("Pass to {name}").format(name=picture.names[seat]), (box.centerx, box.y + 30 * u),
              int(40 * u), theme.ACCENT, "title", anchor="midtop", max_w=box.w - 40 * u)
    text.draw_wrapped(surf, _("{name}: click or press Enter when ready — the others look away.").format(
        name=picture.names[seat]), pygame.Rect(box.x + 30 * u, box.y + 100 * u, box.w - 60 * u, 0),
        int(18 * u), theme.INK, align="center")
