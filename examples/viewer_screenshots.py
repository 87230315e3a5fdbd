"""Screenshots of the hand viewer and of ``mjsim play`` for the documentation.

Plays one hand of each variant below with the greedy bot, writes it with the viewer and photographs
the page in headless Chromium (Playwright driving the Chromium of the system; no download):

    pip install playwright        # apt-get install -y chromium, if /usr/bin/chromium is missing
    python examples/viewer_screenshots.py [OUT_DIR]   # default docs/img

The images of docs/viewing.md, the variant pages and the README come from it.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from mjsim.agents import make_agent, play_hand
from playwright.sync_api import sync_playwright

from mjsim import variants
from mjsim.engine import Game
from mjsim.view.html import page_html
from mjsim.view.play import PlaySession, serve

CHROMIUM = "/usr/bin/chromium"
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
#: (variant, seed, image name): hands whose end shows what the variant is about
HANDS = [
    ("sichuan", 2, "view-sichuan.png"),  # void suits, a self-drawn win after three pungs
    ("sichuan_xuezhan", 5, "view-sichuan_xuezhan.png"),  # blood battle: three winners
    ("guobiao", 2, "view-guobiao.png"),  # flowers, fan in Chinese and English
    ("riichi", 12, "view-riichi.png"),  # a riichi win: the dora and ura-dora indicators
]


def played(variant: str, seed: int) -> Game:
    g = Game(variant, seed=seed)
    play_hand(g, [make_agent("greedy") for _ in range(g.n_players)])
    return g


def shoot(page, out: Path) -> None:
    """Photograph the viewer; saved with a 256-colour palette (a third of the size)."""
    from PIL import Image

    page.locator(".mjv").screenshot(path=str(out))
    Image.open(out).convert("RGB").quantize(256, dither=Image.Dither.NONE).save(out, optimize=True)
    print(f"wrote {out} ({out.stat().st_size // 1024} KB)")


def main(out_dir: str = "docs/img") -> None:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p, tempfile.TemporaryDirectory() as tmp:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        for variant, seed, name in HANDS:
            g = played(variant, seed)
            html = Path(tmp) / f"{variant}.html"
            html.write_text(page_html([g.record], at="end"), encoding="utf-8")
            page.goto(html.as_uri())
            page.evaluate("document.querySelector('.mjv-log').style.display='none'")
            shoot(page, out / name)
        # mjsim play: a Chinese Official hand a few decisions in, as the person sees it
        session = PlaySession(variants.get("guobiao"), seat=0, agents=["greedy"], seed=3)
        for _ in range(6):
            st = session.state()
            if st["done"]:
                break
            legal = [a["id"] for a in st["legal"]]
            session.act(legal[-1] if st["picture"]["phase"] == "react" else legal[0])
        server = serve(session)
        host, port = server.server_address[:2]
        page.goto(f"http://{host}:{port}/")
        page.wait_for_selector(".mjv-actions button")
        shoot(page, out / "play-guobiao.png")
        server.shutdown()
        browser.close()


if __name__ == "__main__":
    main(*sys.argv[1:])
