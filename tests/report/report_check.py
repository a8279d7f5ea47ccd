#!/usr/bin/env python3
"""Checks of `tengen report` as a user meets it (run by CTest, label `report`).

  report_check.py page TENGEN OUTDIR      the pages parse as XML (the whole
      XHTML page, and each <svg> on its own), carry titles, axis labels and
      board cells, fetch nothing; bad input and existing files are refused.
  report_check.py chromium TENGEN OUTDIR  Chromium renders the page headless:
      the screenshot is not blank and the board heat maps' colours appear
      inside the board areas. Exit 77 (skipped) if Chromium is not installed
      (scripts/setup.sh installs it).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
XHTML = "{http://www.w3.org/1999/xhtml}"
BOARD_COLOUR = (0xDC, 0xB3, 0x5C)  # report/svg.h kBoardColour
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message)


def run(args, ok=True):
    p = subprocess.run(args, capture_output=True, text=True, timeout=300)
    if ok and p.returncode != 0:
        sys.exit(f"command failed ({p.returncode}): {' '.join(args)}\n{p.stderr}")
    return p


def make_pages(tengen, out):
    """Two runs (9x9 and 13x13, different rules and komi) and their pages."""
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    a, b = os.path.join(out, "a.json"), os.path.join(out, "b.json")
    single = os.path.join(out, "selfplay.html")
    run([tengen, "selfplay", "--board", "9", "--rules", "chinese", "--games", "3000", "--seed",
         "4", "--threads", "2", "--no-progress", "--json", a, "--html", single])
    run([tengen, "selfplay", "--board", "13", "--rules", "tromp-taylor", "--komi", "6.5",
         "--games", "400", "--seed", "5", "--threads", "2", "--no-progress", "--json", b])
    both = os.path.join(out, "report.html")
    run([tengen, "report", a, b, "-o", both])
    return a, b, single, both


def check_page(path, boards):
    """boards: [(width, height)] of the results, in order."""
    text = open(path, encoding="utf-8").read()
    root = ET.fromstring(text)  # the whole page is well-formed XML
    check(root.tag == XHTML + "html", f"{path}: the root is not an XHTML <html>")
    check(not list(root.iter(XHTML + "script")), f"{path}: has a <script>")
    for element in root.iter():
        for name, value in element.attrib.items():
            check(not re.match(r"\s*(https?:|//)", value) and "url(http" not in value,
                  f"{path}: {name}={value!r} fetches something")
    svgs = list(root.iter(SVG + "svg"))
    raw = re.findall(r"<svg\b.*?</svg>", text, flags=re.S)
    check(len(raw) == len(svgs), f"{path}: {len(raw)} <svg> in the text, {len(svgs)} parsed")
    for part in raw:
        ET.fromstring(part)  # each SVG stands alone too
    charts = [s for s in svgs if s.get("class") == "chart"]
    maps = [s for s in svgs if s.get("class") == "board"]
    check(len(charts) >= 6, f"{path}: {len(charts)} charts, expected at least 6")
    check(len(maps) == 2 * len(boards), f"{path}: {len(maps)} board maps for {len(boards)} results")
    for s in svgs:
        title = s.find(SVG + "title")
        check(title is not None and title.text, f"{path}: an <svg> without a <title>")
    for s in charts:
        labels = [t.text for t in s.iter(SVG + "text") if t.get("class") == "axis-label"]
        check(len(labels) == 2 and all(labels), f"{path}: a chart without two axis labels")
        hovers = [e for e in s.iter() if e.find(SVG + "title") is not None and e is not s]
        check(len(hovers) > 0, f"{path}: chart '{s.find(SVG + 'title').text}' has no hover numbers")
    for i, (w, h) in enumerate(boards):
        own = [r for r in maps[2 * i].iter(SVG + "rect") if r.get("class") == "heat"]
        check(len(own) == w * h, f"{path}: ownership map {i} has {len(own)} cells, not {w * h}")
        for r in own:
            t = r.find(SVG + "title")
            check(t is not None and re.match(r"[A-HJ-Z]\d+: Black ", t.text or ""),
                  f"{path}: a heat cell without its numbers")
            break
        coords = {t.text for t in maps[2 * i].iter(SVG + "text") if t.get("class") == "coord"}
        check({"A", "1", str(h)} <= coords and "I" not in coords,
              f"{path}: board {i} coordinates {sorted(coords)[:5]}...")
    for needle in ("fair komi", "95%", "komi (points)", "game length (turns"):
        check(needle in text, f"{path}: no '{needle}'")
    return root


def page_mode(tengen, out):
    a, b, single, both = make_pages(tengen, out)
    check_page(single, [(9, 9)])
    check_page(both, [(9, 9), (13, 13)])
    # Existing files are kept unless --force.
    before = open(both, "rb").read()
    p = run([tengen, "report", a, "-o", both], ok=False)
    check(p.returncode != 0 and "exists; use --force" in p.stderr,
          f"report overwrote an existing file: {p.returncode} {p.stderr!r}")
    check(open(both, "rb").read() == before, "the existing page changed")
    p = run([tengen, "report", a, "-o", both, "--force"], ok=False)
    check(p.returncode == 0 and open(both, "rb").read() != before, "--force did not overwrite")
    p = run([tengen, "selfplay", "--games", "5", "--no-progress", "--html", single], ok=False)
    check(p.returncode != 0 and "exists; use --force" in p.stderr,
          "selfplay --html overwrote an existing file")
    # Bad input names the file and the problem.
    junk = os.path.join(out, "junk.json")
    with open(junk, "w") as f:
        f.write('{"hello": 1}')
    target = os.path.join(out, "never.html")
    p = run([tengen, "report", a, junk, "-o", target], ok=False)
    check(p.returncode != 0 and f"{junk}: not a Tengen result" in p.stderr,
          f"junk input: {p.returncode} {p.stderr!r}")
    check(not os.path.exists(target), "a page was written from bad input")
    old = os.path.join(out, "old.json")
    with open(a) as f, open(old, "w") as g:
        g.write(f.read().replace('"version": "', '"version": "99.', 1))
    p = run([tengen, "report", old, "-o", target], ok=False)
    check(p.returncode != 0 and f"{old}: written by tengen 99." in p.stderr,
          f"wrong version: {p.returncode} {p.stderr!r}")


def colour_mask(image, colour, tolerance=2):
    from PIL import ImageChops
    channels = image.split()
    mask = None
    for channel, value in zip(channels, colour):
        m = channel.point(lambda v, c=value: 255 if abs(v - c) <= tolerance else 0)
        mask = m if mask is None else ImageChops.multiply(mask, m)
    return mask


def chromium_mode(tengen, out):
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if not browser:
        print("chromium is not installed (scripts/setup.sh installs it): skipped")
        return 77
    from PIL import Image, ImageChops
    _, _, _, page = make_pages(tengen, out)
    png = os.path.join(out, "report.png")
    with tempfile.TemporaryDirectory() as profile:
        p = run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                 f"--user-data-dir={profile}", f"--screenshot={png}", "--window-size=1200,4200",
                 "file://" + os.path.abspath(page)], ok=False)
    check(os.path.exists(png), f"chromium wrote no screenshot: {p.returncode} {p.stderr[-2000:]}")
    if failures:
        return 1
    image = Image.open(png).convert("RGB")
    w, h = image.size
    colours = image.getcolors(w * h)
    white = sum(n for n, c in colours if min(c) >= 250)
    check(len(colours) > 100, f"the screenshot has only {len(colours)} colours")
    check(white < 0.97 * w * h, f"the screenshot is {white / (w * h):.1%} white")
    # The heat-map colours, as the page says they are.
    root = ET.parse(page).getroot()
    heat = set()
    for r in root.iter(SVG + "rect"):
        if r.get("class") == "heat":
            heat.add(tuple(int(r.get("fill")[i:i + 2], 16) for i in (1, 3, 5)))
    board = colour_mask(image, BOARD_COLOUR)
    board_box = board.getbbox()
    check(board_box is not None, "no board colour in the screenshot")
    if failures:
        return 1
    cells = Image.new("L", image.size, 0)
    seen = 0
    for colour in sorted(heat):
        m = colour_mask(image, colour)
        if m.histogram()[255] >= 20:
            seen += 1
            cells = ImageChops.lighter(cells, m)
    count = cells.histogram()[255]
    check(seen >= 20, f"only {seen} of {len(heat)} heat-map colours appear in the screenshot")
    check(count >= 50000, f"only {count} heat-map pixels in the screenshot")
    # The colour bars beside the boards use the same maps: a few per cent.
    inside = cells.crop(board_box).histogram()[255]
    check(inside >= 0.95 * count,
          f"{count - inside} of {count} heat-map pixels outside the board area {board_box}")
    print(f"screenshot {w}x{h}: {len(colours)} colours, {seen} heat colours over {count} px "
          f"inside the boards {board_box}")
    return 1 if failures else 0


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ("page", "chromium"):
        sys.exit(__doc__)
    mode, tengen, out = sys.argv[1:]
    code = page_mode(tengen, out) if mode == "page" else chromium_mode(tengen, out)
    if code == 77:
        return 77
    print("FAILED" if failures else "OK", f"({len(failures)} failures)")
    return 1 if failures else (code or 0)


if __name__ == "__main__":
    sys.exit(main())
