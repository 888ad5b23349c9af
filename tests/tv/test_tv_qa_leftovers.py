"""Four TV defects QA found, read from the display: the room bar with three 16-letter
latecomers (whole, or the rest counted: never cut), the host keys (the overlay and the claim's
keys line) at one size in every language, the Mole end table's names at one size, and the
current lock's "NOW" clear of the lock's border; en/es/pt at 1080p and 720p."""

from __future__ import annotations

import copy

import pygame
import pytest
from tv_fit import misfits
from tv_scripts import find_game, play, room

from engine.registry import get_game
from engine.rng import Rng
from host.i18n import LANGUAGES
from host.tv import help_overlay, roombar, theme
from host.tv.window import TvWindow

SIZES = [(1920, 1080), (1280, 720)]
LATE = ["Maximiliano Ruiz", "Hannah-Charlotte", "Guadalupe Ximena"]  # 16 letters each
CLOCK = {"preset": "relaxed", "length": 90, "left": 28.0, "running": False, "seats": [1]}
TABLE_NAMES = [
    "Zoë",
    "Maximiliano Ruiz",
    "Ana",
    "Hannah-Charlotte",
    "Guadalupe Ximena",
    "Bo",
    "Wilhelmina Grace",
    "Konstantinopolis",
    "Li",
    "Evangelina Sofia",
]
INK = 60  # how far from a fill colour a pixel must be to count as drawn on it


def inked(window: TvWindow, area: pygame.Rect, ground: tuple[int, int, int]) -> bool:
    area = area.clip(window.screen.get_rect())
    for x in range(area.left, area.right):
        for y in range(area.top, area.bottom):
            colour = window.screen.get_at((x, y))[:3]
            if sum(abs(a - b) for a, b in zip(colour, ground, strict=True)) > INK:
                return True
    return False


def drawn_at(window: TvWindow, size: float) -> float:
    """The design size a text of ``size`` is drawn at on this screen (whole pixels)."""
    scale = window.screen.get_height() / 1080
    return max(6, round(size * scale)) / scale


def shown(window: TvWindow, message: dict):
    window.post(message)
    window.drain()
    window.director.skip()
    return window.draw()


def texts(canvas, labels) -> list:
    return [d for d in canvas.drawn if d.kind == "text" and not d.sentence and d.label in labels]


@pytest.fixture(scope="module")
def game() -> list[dict]:
    return play(7, seed=3)


@pytest.mark.parametrize("size", SIZES, ids=["1080p", "720p"])
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("clock", [False, True], ids=["bar", "bar+clock"])
def test_three_long_latecomers_read_whole_or_counted(game, lang, size, clock):
    window = TvWindow(lang, size=size, sound=False)
    try:
        frame = window.director.frame
        for message in (game[len(game) // 2], game[-1]):
            room = dict(message["room"], next_game=LATE, clock=CLOCK if clock else None)
            canvas = shown(window, dict(message, room=room))
            box = next(d.rect for d in canvas.drawn if d.label == "room_bar")
            words = [d for d in canvas.drawn if d.kind == "text" and box.contains(d.rect)]
            start = frame().t("tv.room.next_game", names="")
            bar = [d for d in words if d.label.startswith(start)]
            assert len(bar) == 1, [d.label for d in words]
            text = bar[0]
            assert not text.cut, text.label
            assert text.size == drawn_at(window, roombar.BAR_SIZE), (text.label, text.size)
            named = [name for name in LATE if name in text.label]
            assert named == LATE[: len(named)] and named, text.label
            if len(named) < len(LATE):
                more = frame().t("tv.audience.more", count=len(LATE) - len(named))
                assert text.label.endswith(more), text.label
            # Its last letters are on the screen, inside the bar's box.
            end = pygame.Rect(text.rect.right - 10, text.rect.top, 10, text.rect.height)
            assert inked(window, end, theme.PANEL_LIGHT), text.label
            assert text.rect.left - box.left >= 8 and box.right - text.rect.right >= 8
    finally:
        window.close()


@pytest.mark.parametrize("size", SIZES, ids=["1080p", "720p"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_host_keys_read_at_one_size_in_every_language(game, lang, size):
    window = TvWindow(lang, size=size, sound=False)
    try:
        shown(window, game[1])
        window.press(pygame.K_h)
        canvas = window.draw()
        frame = window.director.frame()
        rows = texts(canvas, {frame.t(key) for _, key in help_overlay.ROWS})
        assert len(rows) == len(help_overlay.ROWS)
        panel = next(d.rect for d in canvas.drawn if d.label == "help")
        for row in rows:
            assert row.size == drawn_at(window, help_overlay.TEXT_SIZE) and not row.cut, (
                row.label,
                row.size,
            )
            assert panel.contains(row.rect), row.label
            end = pygame.Rect(row.rect.right - 10, row.rect.top, 10, row.rect.height)
            assert inked(window, end, theme.PANEL_LIGHT), row.label
        assert len({row.rect.height for row in rows}) == 1
        # The space bar's cap is a word of the language (a keyboard prints no name on it).
        space = frame.t("tv.help.key_space")
        assert texts(canvas, {space}), space
        assert lang == "en" or space != "Space"
    finally:
        window.close()


def named(message: dict, names: list[str]) -> dict:
    message = copy.deepcopy(message)
    for seat in message["room"]["seats"]:
        seat["name"] = names[seat["seat"]]
    return message


@pytest.fixture(scope="module")
def getaway_end() -> dict:
    _, messages = find_game(10, lambda m: bool(m[-1]["view"]["result"].get("marks")))
    return named(messages[-1], TABLE_NAMES)


@pytest.mark.parametrize("size", SIZES, ids=["1080p", "720p"])
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("getaway", [True, False], ids=["tagged", "untagged"])
def test_the_mole_end_table_sets_its_names_at_one_size(getaway_end, lang, size, getaway):
    end = copy.deepcopy(getaway_end)
    if not getaway:  # no tags under the names
        end["view"]["result"]["accused"] = end["view"]["result"]["protected"] = None
    window = TvWindow(lang, size=size, sound=False)
    try:
        canvas = shown(window, end)
        assert window.director.current == "mole.reveal"
        names = texts(canvas, set(TABLE_NAMES))
        assert sorted(d.label for d in names) == sorted(TABLE_NAMES)
        assert len({d.size for d in names}) == 1, sorted((d.size, d.label) for d in names)
        assert len({d.rect.height for d in names}) == 1
        assert not [d.label for d in names if d.cut]
        # The longest names' last letters are drawn, left of the role column.
        roles = [d.rect for d in canvas.drawn if d.label.startswith("role:")]
        for name in names:
            assert name.rect.right < min(r.left for r in roles), name.label
            end_strip = pygame.Rect(name.rect.right - 8, name.rect.top, 8, name.rect.height)
            row = window.screen.get_at((name.rect.right + 4, name.rect.centery))[:3]
            assert inked(window, end_strip, row), name.label
        assert not misfits(canvas)
    finally:
        window.close()


@pytest.mark.parametrize("size", SIZES, ids=["1080p", "720p"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_now_keeps_clear_of_the_current_locks_border(game, lang, size):
    window = TvWindow(lang, size=size, sound=False)
    try:
        canvas = shown(window, game[1])
        scale = window.screen.get_height() / 1080
        now = texts(canvas, {window.director.frame().t("tv.board.now")})
        lock = [
            d.rect for d in canvas.drawn if d.kind == "element" and d.label.endswith(":current")
        ]
        assert len(now) == 1 and len(lock) == 1
        text, box = now[0].rect, lock[0]
        border = round(6 * scale)  # the current lock's border, drawn inside its box
        inner = box.bottom - border
        # Rows between the border's inner edge and the word's lowest ink: blank.
        bottom = max(
            y
            for y in range(text.top, inner)
            if inked(window, pygame.Rect(text.left, y, text.width, 1), theme.PANEL_LIGHT)
        )
        assert inner - 1 - bottom >= 10 * scale, (lang, size, text, box, bottom)
        assert not misfits(canvas)
    finally:
        window.close()


@pytest.mark.parametrize("size", SIZES, ids=["1080p", "720p"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_claims_keys_line_reads_at_one_size_with_others_waiting(game, lang, size):
    claims = [{"name": "Hannah-Charlotte", "seat": 2}, {"name": "Bo", "seat": 4}]
    window = TvWindow(lang, size=size, sound=False)
    try:
        message = game[1]
        canvas = shown(window, dict(message, room=dict(message["room"], claims=claims)))
        frame = window.director.frame()
        keys = f"{frame.t('tv.room.claim_keys')}  ·  {frame.t('tv.room.claims_more', count=1)}"
        line = texts(canvas, {keys})
        assert len(line) == 1
        assert line[0].size == drawn_at(window, roombar.CLAIM_KEYS_SIZE) and not line[0].cut
        panel = next(d.rect for d in canvas.drawn if d.label == "claim:2")
        assert panel.contains(line[0].rect)
        for end in (line[0].rect.left, line[0].rect.right - 10):
            strip = pygame.Rect(end, line[0].rect.top, 10, line[0].rect.height)
            assert inked(window, strip, theme.PANEL_LIGHT), keys
    finally:
        window.close()


def long_history_message() -> dict:
    """A ten-player board whose Boss is about to propose the fifteenth team: at locks 1 and 3
    two teams rejected, then one approved (all Clean: open); at locks 2 and 4 three rejected
    (the Patrol blows it); at lock 5 two rejected."""
    game = get_game("mole")
    state = game.new_game(game.make_config(players=10, variants=[]), 5)
    rng = Rng(5)
    plan = {0: 2, 1: 3, 2: 2, 3: 3, 4: 2}  # rejections before each lock's approved team

    def view() -> dict:
        return copy.deepcopy(game.view(state, None))

    while True:
        current = view()
        rejected = sum(1 for p in current["proposals"] if p["lock"] == current["lock"])
        if current["lock"] == 4 and rejected == plan[4] and current["phase"] == "propose":
            return {"type": "public", "room": room(10, "playing"), "view": current}
        seat = min(game.expected_seats(state))
        if current["phase"] == "vote":
            action = {"type": "vote", "approve": rejected >= plan[current["lock"]]}
        elif current["phase"] == "cards":
            action = {"type": "play", "card": "clean"}
        else:
            action = game.bots["smart"](state, seat, rng)
        game.apply(state, seat, action)


@pytest.fixture(scope="module")
def long_history() -> dict:
    return long_history_message()


@pytest.mark.parametrize("size", SIZES, ids=["1080p", "720p"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_history_counts_the_teams_older_than_its_columns(long_history, lang, size):
    window = TvWindow(lang, size=size, sound=False)
    try:
        canvas = shown(window, long_history)
        frame = window.director.frame()
        proposals = len(long_history["view"]["proposals"])
        columns = [e for e in canvas.elements() if e.startswith("history:")]
        assert f"history:{proposals - 1}" in columns, "the latest team is shown"
        hidden = proposals - len(columns)
        assert hidden > 0, "fourteen teams do not fit the grid's columns"
        key = "tv.board.history_earlier_one" if hidden == 1 else "tv.board.history_earlier"
        words = frame.t(key, count=hidden)
        (earlier,) = texts(canvas, {words})
        assert not earlier.cut, words
        (title,) = texts(canvas, {frame.t("tv.board.history")})
        first = next(d.rect for d in canvas.drawn if d.label == f"history:{hidden}")
        assert earlier.rect.bottom <= first.top, "the count is above the grid"
        assert earlier.rect.left > title.rect.right, "on the title's line, after the title"
        assert abs(earlier.rect.centery - title.rect.centery) < title.rect.height / 2
        assert misfits(canvas) == []
    finally:
        window.close()


@pytest.mark.parametrize("size", SIZES, ids=["1080p", "720p"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_header_row_of_the_history_says_what_it_is(long_history, lang, size):
    """Beside the locks' numbers "Lock", beside the teams' ✓ and ✗ "Team approved?": unnamed,
    that row read as one more player's votes (QA). Both whole, left of the first column."""
    window = TvWindow(lang, size=size, sound=False)
    try:
        canvas = shown(window, long_history)
        frame = window.director.frame()
        first = min(
            (d.rect for d in canvas.drawn if d.label.startswith("history:")), key=lambda r: r.left
        )
        for key in ("tv.board.history_lock", "tv.board.history_verdict"):
            (label,) = texts(canvas, {frame.t(key)})
            assert not label.cut and label.size >= drawn_at(window, theme.MIN_TEXT), key
            assert label.rect.right <= first.left and label.rect.bottom <= first.top, key
        assert misfits(canvas) == []
    finally:
        window.close()


@pytest.mark.parametrize("size", SIZES, ids=["1080p", "720p"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_lock_to_come_says_its_team_size_once(long_history, lang, size):
    """The catalog's "team of {size}" with the number drawn large in its place: a large 3 over
    "team of 3" said it twice (QA)."""
    window = TvWindow(lang, size=size, sound=False)
    try:
        canvas = shown(window, long_history)
        frame = window.director.frame()
        lock = long_history["view"]["locks"][4]
        size_said = str(lock["team_size"])
        words = frame.t("tv.board.team_of", size=size_said)
        before, _, after = words.partition(size_said)
        assert texts(canvas, {words}) == []
        (number,) = [d for d in texts(canvas, {size_said}) if d.size >= 48]
        for part in filter(None, (before.strip(), after.strip())):
            (line,) = texts(canvas, {part})
            assert (line.rect.bottom <= number.rect.top) == (part == before.strip())
        assert misfits(canvas) == []
    finally:
        window.close()
