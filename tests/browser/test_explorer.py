"""The explorer page in a real browser: Debian's chromium, headless, driven by selenium through
Debian's chromium-driver (nothing downloaded at run time). Run by scripts/browser-test.sh, which
installs what is missing and sets GRIDREDUCE_BIN to the debug binary.

Each puzzle's page is written by `gridreduce explore` into a temp dir and opened from disk
(file://). The checks: the counts shown equal `gridreduce stats`; clicking a cell lights exactly
its gadget; stepping the cycle to the end fills the grid with the solution; a screenshot is not
blank. With GRIDREDUCE_SCREENSHOTS=DIR the docs' screenshots are written there too.
"""

import csv
import json
import os
import struct
import subprocess
import zlib
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

ROOT = Path(__file__).resolve().parents[2]
BIN = os.environ.get("GRIDREDUCE_BIN", str(ROOT / "target" / "debug" / "gridreduce"))

# (puzzle file, index, docs screenshot name)
PUZZLES = [
    ("data/sudoku/sudoku4_vu_kr_100.txt", 1, "explorer-sudoku4"),
    ("data/suguru/backtrack-180.txt", 1, "explorer-suguru6"),
]

# The stats columns of each stage (the canonical variant has none in `stats`).
STATS = {
    "directed": ("directed_vertices", "directed_edges"),
    "undirected": ("undirected_vertices", "undirected_edges"),
    "trimmed": ("trimmed_vertices", "trimmed_edges"),
    "contracted": ("contracted_vertices", "contracted_edges"),
    "reduced": ("reduced_vertices", "reduced_edges"),
}


@pytest.fixture(scope="module")
def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,800",
                "--disable-dev-shm-usage", "--hide-scrollbars"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    # The page must read at 1280×800: make that the viewport, not the window with its frame.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False})
    yield driver
    driver.quit()


@pytest.fixture(scope="module", params=PUZZLES, ids=[p[2] for p in PUZZLES])
def site(request, tmp_path_factory):
    rel, index, shot = request.param
    out = tmp_path_factory.mktemp(shot)
    subprocess.run([BIN, "explore", str(ROOT / rel), "--index", str(index), "-o", str(out / "site")],
                   check=True, capture_output=True)
    subprocess.run([BIN, "stats", str(ROOT / rel), "--index", str(index), "--csv", str(out / "s.csv")],
                   check=True, capture_output=True)
    with open(out / "s.csv", newline="") as f:
        stats = next(csv.DictReader(f))
    model = json.loads((out / "site" / "model.json").read_text())
    return {"dir": out / "site", "stats": stats, "model": model, "shot": shot}


def open_page(browser, site):
    browser.get((site["dir"] / "index.html").as_uri())
    assert browser.find_element(By.ID, "count-vertices").text != "0"


def set_stage(browser, i):
    browser.execute_script(
        "const s = document.getElementById('stage'); s.value = arguments[0];"
        "s.dispatchEvent(new Event('input'));", i)


def grid_texts(browser):
    return [b.text for b in browser.find_elements(By.CSS_SELECTOR, "#grid .cell")]


def test_counts_equal_stats(browser, site):
    open_page(browser, site)
    names = [s["name"] for s in site["model"]["stages"]]
    assert names == ["directed", "undirected", "trimmed", "contracted", "reduced", "canonical"]
    for i, name in enumerate(names):
        set_stage(browser, i)
        assert browser.find_element(By.ID, "stage-name").text == name
        shown = (int(browser.find_element(By.ID, "count-vertices").text),
                 int(browser.find_element(By.ID, "count-edges").text))
        if name in STATS:
            v, e = STATS[name]
            assert shown == (int(site["stats"][v]), int(site["stats"][e])), name
        else:
            row = next(r for r in site["model"]["sizes"] if r["stage"] == name)
            assert shown == (row["vertices"], row["edges"])
        assert len(browser.find_elements(By.CSS_SELECTOR, "#layer-nodes circle")) == shown[0]


def test_clicking_a_cell_lights_its_gadget(browser, site):
    open_page(browser, site)
    model = site["model"]
    cell = next(c for c, g in enumerate(model["givens"]) if g == 0)
    button = browser.find_elements(By.CSS_SELECTOR, "#grid .cell")[cell]
    button.click()
    assert "pinned" in button.get_attribute("class")
    lit = browser.find_elements(By.CSS_SELECTOR, "#layer-nodes circle.lit")
    expected = [i for i, n in enumerate(model["stages"][0]["nodes"]) if cell in n["cells"]]
    assert expected and sorted(int(c.get_attribute("data-v")) for c in lit) == expected
    assert "lit" in browser.find_elements(By.CSS_SELECTOR, "#layer-boxes rect")[cell].get_attribute("class")
    button.click()  # unpin
    browser.find_element(By.ID, "step").click()  # move the pointer off the grid
    assert not browser.find_elements(By.CSS_SELECTOR, "#layer-nodes circle.lit")


def test_stepping_the_cycle_fills_the_solution(browser, site):
    open_page(browser, site)
    model = site["model"]
    as_text = lambda cells: [str(v) if v else "" for v in cells]
    for i, stage in enumerate(model["stages"]):
        set_stage(browser, i)
        browser.find_element(By.ID, "btn-start").click()
        assert grid_texts(browser) == as_text(model["givens"])
        # The keyboard: Right steps once, End goes to the end of the cycle.
        body = browser.find_element(By.TAG_NAME, "body")
        body.send_keys(Keys.ARROW_RIGHT)
        assert browser.find_element(By.ID, "step").get_attribute("value") == "1"
        body.send_keys(Keys.END)
        assert browser.find_element(By.ID, "step-text").text == f"{len(stage['cycle'])} / {len(stage['cycle'])}"
        assert grid_texts(browser) == as_text(model["solution"]), stage["name"]


def test_hovering_a_vertex_shows_its_label_cell_and_value(browser, site):
    open_page(browser, site)
    nodes = site["model"]["stages"][0]["nodes"]
    cols = site["model"]["cols"]
    i = next(i for i, n in enumerate(nodes) if n["role"] == "triplet" and n["value"])
    node = nodes[i]
    circle = browser.find_element(By.CSS_SELECTOR, f'#layer-nodes circle[data-v="{i}"]')
    ActionChains(browser).move_to_element(circle).perform()
    tip = browser.find_element(By.ID, "tooltip")
    assert tip.is_displayed()
    cell = node["cells"][0]
    expected = f"{node['label']} · r{cell // cols + 1}c{cell % cols + 1} · value {node['value']}"
    assert tip.text == expected
    assert expected in browser.find_element(By.ID, "vertex-info").text


def test_keyboard_reaches_the_grid_with_a_visible_focus(browser, site):
    open_page(browser, site)
    body = browser.find_element(By.TAG_NAME, "body")
    body.click()
    for _ in range(40):
        active = browser.switch_to.active_element
        if "cell" in (active.get_attribute("class") or "").split():
            break
        active.send_keys(Keys.TAB)
    else:
        pytest.fail("Tab never reached a grid cell")
    assert active.value_of_css_property("outline-style") != "none"
    assert browser.find_elements(By.CSS_SELECTOR, "#layer-nodes circle.lit")


def png_pixels(data):
    """The RGB(A) bytes of an 8-bit non-interlaced PNG (what chromium writes), unfiltered."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width, height, channels = 8, b"", 0, 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and color in (2, 6)
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride = zlib.decompress(idat), width * channels
    out, prev = bytearray(), bytearray(stride)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b, c = prev[x], prev[x - channels] if x >= channels else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out += line
        prev = line
    return width, height, channels, bytes(out)


def test_screenshot_is_not_blank(browser, site):
    open_page(browser, site)
    # A state that shows everything at once: a lit cell, the cycle walked until half the cells are
    # decoded, the grid half filled.
    model = site["model"]
    cell = next(c for c, g in enumerate(model["givens"]) if g == 0)
    browser.find_elements(By.CSS_SELECTOR, "#grid .cell")[cell].click()
    decode = model["stages"][0]["decode"]
    browser.execute_script(
        "const s = document.getElementById('step'); s.value = arguments[0];"
        "s.dispatchEvent(new Event('input'));", decode[len(decode) // 2]["step"] + 1)
    # The clue toggle shows and hides the dashed arcs (left off in the screenshot).
    clues = browser.find_element(By.ID, "layer-clues")
    assert not clues.is_displayed()
    browser.find_element(By.ID, "show-clues").click()
    assert clues.get_attribute("d") and clues.value_of_css_property("display") != "none"
    browser.find_element(By.ID, "show-clues").click()
    png = browser.get_screenshot_as_png()
    width, height, channels, pixels = png_pixels(png)
    assert (width, height) == (1280, 800)
    # Grey levels of a sample of pixels: a blank (one-colour) page has no variance.
    grey = [sum(pixels[i:i + 3]) / 3 for i in range(0, len(pixels), channels * 97)]
    mean = sum(grey) / len(grey)
    variance = sum((g - mean) ** 2 for g in grey) / len(grey)
    assert variance > 100, variance
    # Many distinct colours: the graph, the cycle, the lit gadget are drawn.
    assert len(set(pixels[i:i + 3] for i in range(0, len(pixels), channels * 13))) > 50
    target = os.environ.get("GRIDREDUCE_SCREENSHOTS")
    if target:
        Path(target).mkdir(parents=True, exist_ok=True)
        (Path(target) / f"{site['shot']}.png").write_bytes(png)


@pytest.fixture(scope="module")
def cnf_site(tmp_path_factory):
    """The 4×4 example with the CNF panel (`explore --to cnf`), and the same puzzle's DIMACS export
    (`reduce --to cnf`, same default encoding) to count each cell's clauses independently."""
    rel = "data/sudoku/sudoku4_vu_kr_100.txt"
    out = tmp_path_factory.mktemp("explorer-cnf")
    subprocess.run([BIN, "explore", str(ROOT / rel), "--index", "1", "--to", "cnf",
                    "-o", str(out / "site")], check=True, capture_output=True)
    subprocess.run([BIN, "reduce", str(ROOT / rel), "--index", "1", "--to", "cnf",
                    "-o", str(out / "f")], check=True, capture_output=True)
    names, clauses = {}, []
    for line in (out / "f.cnf").read_text().splitlines():
        if line.startswith("c x "):
            x, name = line[4:].split(" = ")
            names[int(x)] = name
        elif line and line[0] not in "cp":
            clauses.append([int(t) for t in line.split()[:-1]])
    model = json.loads((out / "site" / "model.json").read_text())
    return {"dir": out / "site", "model": model, "names": names, "clauses": clauses,
            "shot": "explorer-cnf"}


def test_the_cnf_panel_lists_a_cells_clauses_with_the_witness(browser, cnf_site):
    open_page(browser, cnf_site)
    panel = browser.find_element(By.ID, "cnf-panel")
    assert panel.is_displayed()
    clauses, names = cnf_site["clauses"], cnf_site["names"]
    assert f"{len(clauses)} clauses" in browser.find_element(By.ID, "cnf-summary").text
    model = cnf_site["model"]
    cols = model["cols"]
    for cell in (next(c for c, g in enumerate(model["givens"]) if g == 0),
                 next(c for c, g in enumerate(model["givens"]) if g)):
        here = f"r{cell // cols + 1}c{cell % cols + 1}#"
        expected = [i + 1 for i, cl in enumerate(clauses)
                    if any(names[abs(l)].startswith(here) for l in cl)]
        button = browser.find_elements(By.CSS_SELECTOR, "#grid .cell")[cell]
        button.click()
        items = browser.find_elements(By.CSS_SELECTOR, "#cnf-clauses li")
        assert [int(li.get_attribute("value")) for li in items] == expected
        # Each listed clause is the export's clause, and the solution makes a literal of it true.
        for li in items:
            shown = li.text.replace("¬", "-").split(" ∨ ")
            clause = clauses[int(li.get_attribute("value")) - 1]
            assert shown == [("-" if l < 0 else "") + names[abs(l)] for l in clause]
            assert li.find_elements(By.CSS_SELECTOR, ".cnf-true")
        assert browser.find_element(By.ID, "cnf-info").text.startswith(f"{here[:-1]}: {len(expected)} clauses")
        button.click()  # unpin
    browser.find_element(By.ID, "step").click()  # move the pointer off the grid
    assert not browser.find_elements(By.CSS_SELECTOR, "#cnf-clauses li")
    target = os.environ.get("GRIDREDUCE_SCREENSHOTS")
    if target:
        browser.find_elements(By.CSS_SELECTOR, "#grid .cell")[5].click()
        Path(target).mkdir(parents=True, exist_ok=True)
        (Path(target) / f"{cnf_site['shot']}.png").write_bytes(browser.get_screenshot_as_png())
