"""The viewer and ``mjsim play`` as a person sees them: headless Chromium driven by Playwright
clicks through a written page and plays a hand against the bots.

Needs Playwright (the test extra) and Chromium at ``/usr/bin/chromium`` (Debian's package,
which .ci/run installs; another binary with ``MJSIM_CHROMIUM``). Playwright's own browser
download is not used.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from mjsim.agents import make_agent, play_hand

from mjsim import variants
from mjsim.engine import Game
from mjsim.engine.records import to_jsonl

CHROMIUM = os.environ.get("MJSIM_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

sync_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright (test extra)")
if not Path(CHROMIUM).exists():
    pytest.skip(
        f"no Chromium at {CHROMIUM}: apt-get install -y chromium (or set MJSIM_CHROMIUM)",
        allow_module_level=True,
    )


# steps Games and calls the greedy bot from Python (KernelAgent): compiled once per run
pytestmark = pytest.mark.usefixtures("kernel_agent_compiled")


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    pg = browser.new_page(viewport={"width": 1400, "height": 1000})
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield pg
    assert not errors, errors
    pg.close()


def played(variant, seed):
    g = Game(variant, seed=seed)
    play_hand(g, [make_agent("greedy") for _ in range(g.n_players)])
    return g


def test_view_page_steps_toggles_and_scores(tmp_path, page):
    from mjsim.cli import main

    g = played("sichuan_xuezhan", seed=5)
    rec = tmp_path / "hand.jsonl"
    rec.write_text(to_jsonl(g.record))
    assert main(["view", str(rec), "-o", str(tmp_path / "hand.html")]) == 0
    urls = []
    page.on("request", lambda r: urls.append(r.url))
    page.goto((tmp_path / "hand.html").as_uri())
    assert all(u.startswith("file://") for u in urls), urls  # nothing from the network
    n = len(g.record.events)
    assert page.inner_text(".mjv-pos") == f"0 / {n}"
    assert "is the dealer" in page.inner_text(".mjv-caption")
    # the deal: four hands of 13 (the dealer 14), every tile face up
    hands = [page.locator(f'.seat[data-seat="{p}"] .hand .tile').count() for p in range(4)]
    assert sorted(hands) == [13, 13, 13, 14]
    assert page.locator('.hand .tile[data-tile="hidden"]').count() == 0
    # step: the deal, the four void suits (定缺), then seat 0's first discard
    for _ in range(6):
        page.click('button[data-go="next"]')
    assert page.inner_text(".mjv-pos") == f"6 / {n}"
    assert re.search(r"6\. seat 0 discards \d[mps]", page.inner_text(".mjv-caption"))
    assert page.locator('.seat[data-seat="0"] .river .tile').count() == 1
    page.keyboard.press("ArrowLeft")  # keyboard: back one event (focus is in the viewer)
    assert page.inner_text(".mjv-pos") in (f"4 / {n}", f"5 / {n}")
    # one seat's view: the other hands become backs, the log hides their secrets
    page.select_option(".mjv-view", "1")
    assert page.locator('.seat[data-seat="1"] .hand .tile[data-tile="hidden"]').count() == 0
    for p in (0, 2, 3):
        hid = page.locator(f'.seat[data-seat="{p}"] .hand .tile[data-tile="hidden"]').count()
        assert hid in (13, 14)
    assert "chooses a suit to void" in page.inner_text(".mjv-log")
    # the end: the slider's last position, every hand laid open, the scoring breakdown
    page.click('button[data-go="last"]')
    assert page.inner_text(".mjv-pos") == f"{n} / {n}"
    assert page.locator(".mjv-result").count() == 1
    result = page.inner_text(".mjv-result")
    assert "score before" in result and "payment" in result
    for p in g.winners:
        assert page.locator(f'.mjv-items[data-seat="{p}"]').count() == 1
        assert page.locator(f'.seat[data-seat="{p}"] .badge.won').count() == 1
    pays = page.locator(".mjv-pay tr").nth(2).inner_text().split()[1:]
    assert [int(x) for x in pays] == [int(x) for x in g.payments]
    # the slider
    page.locator(".mjv-slider").fill("20")
    assert page.inner_text(".mjv-pos") == f"20 / {n}"


def test_guobiao_page_shows_flowers_and_chinese_items(tmp_path, page):
    from mjsim.view.html import page_html

    for seed in range(1, 60):
        g = played("guobiao", seed=seed)
        if g.winners and int(g.hands[:, 34:].sum()):
            break
    (tmp_path / "g.html").write_text(page_html([g.record], at="end"))
    page.goto((tmp_path / "g.html").as_uri())
    assert page.locator(".flowers .tile").count() == int(g.hands[:, 34:].sum())
    w = g.winners[0]
    items = page.inner_text(f'.mjv-items[data-seat="{w}"]')
    assert f"hand value {int(g.values[w])}" in items
    assert re.search(r"[\u4e00-\u9fff]", items)  # items named in Chinese, beside English


def test_play_a_hand_in_the_browser(tmp_path, page):
    from mjsim.view import model
    from mjsim.view.play import PlaySession, serve

    out = tmp_path / "play.jsonl"
    # seed 11: the person (passing every claim, discarding the drawn tile) is asked twice
    session = PlaySession(variants.get("hebei"), seat=0, agents=["greedy"], seed=11, out=out)
    server = serve(session)
    host, port = server.server_address[:2]
    try:
        page.goto(f"http://{host}:{port}/")
        page.wait_for_selector(".mjv-actions button")
        reactions = 0
        for _ in range(200):
            prompt = page.inner_text(".mjv-prompt")
            if prompt == "the hand is over":
                break
            buttons = page.locator(".mjv-actions button[data-action]")
            assert buttons.count() > 0, prompt
            # the person sees its own tiles and only the backs of the others'
            assert page.locator('.seat[data-seat="0"] .hand .tile[data-tile="hidden"]').count() == 0
            other = '.seat[data-seat="2"] .hand .tile'
            assert page.locator(other + '[data-tile="hidden"]').count() > 0
            assert page.locator(other + ':not([data-tile="hidden"])').count() == 0
            before = page.inner_text(".mjv-log")
            if "claim it?" in prompt:
                reactions += 1
                assert page.locator(".mjv-center .tile").count() >= 1  # the tile in question
                page.click('.mjv-actions button:text-is("pass")')
            elif page.locator(".hand .tile.act").count():
                page.locator(".hand .tile.act").last.click()  # discard by clicking the tile
            else:
                buttons.first.click()
            page.wait_for_function(
                "b => document.querySelector('.mjv-log').innerText !== b", arg=before
            )
        else:
            pytest.fail("the hand did not end in 200 decisions")
        assert page.locator(".mjv-result").count() == 1
        assert "record saved" in page.inner_text(".mjv-actions")
        # the other seats' hands are shown at the end, the record replays
        recs = model.read_records(out.read_text())
        assert len(recs) == 1 and len(recs[0].events) > 20
        page.goto(f"http://{host}:{port}/view")
        assert page.inner_text(".mjv-pos").endswith(f"/ {len(recs[0].events)}")
        assert reactions >= 1  # the reaction window was shown when the choice was the person's
    finally:
        server.shutdown()
