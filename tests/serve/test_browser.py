"""printkit serve in a real browser: headless Chromium at a phone's size uploads a synthetic photo with one
number read unsure, taps that box, types the number written there on the keypad and sees the total and the
verdict change, in English and in Chinese.

Needs Debian's ``chromium`` and ``chromium-driver`` and Selenium; without them the test is skipped, except
where ``CI`` is set (``.ci/run`` installs them): there it fails.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from printkit.cli import app as cli

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
PHONE = {"width": 390, "height": 844, "pixelRatio": 2, "touch": True}  # a 6.1-inch phone, in CSS pixels
WAIT = 90  # seconds: a reading worker starts (imports OpenCV, loads the digit model) and reads a 3 MP photo


def _need_browser() -> None:
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing = "selenium is not installed"
    else:
        missing = "" if CHROMIUM and DRIVER else "chromium or chromedriver is not installed"
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"{missing}: .ci/run installs it (apt-get install chromium chromium-driver)")
        pytest.skip(missing)


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    _need_browser()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(Path(__file__).parents[2]), os.environ.get(
        "PYTHONPATH", "")])}
    proc = subprocess.Popen([sys.executable, "-m", "printkit", "serve", "--port", str(port), "--workers", "1"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(url, timeout=1).close()
                break
            except OSError:
                time.sleep(0.2)
        else:
            pytest.fail("printkit serve did not start: " + proc.stdout.read1().decode() if proc.stdout else "")
        yield url
    finally:
        proc.terminate()
        proc.wait(10)


@pytest.fixture(scope="module")
def browser():
    _need_browser()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(arg)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": PHONE})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    yield driver
    driver.quit()


def _oracle(transcription: dict, tmp_path: Path, lang: str) -> dict:
    """What `printkit check --json` says of the transcription: the page must show the same."""
    path = tmp_path / "oracle.json"
    path.write_text(json.dumps(transcription), encoding="utf-8")
    return json.loads(CliRunner().invoke(cli, ["check", "--json", "--lang", lang, str(path)]).stdout)


# The page's words, pinned here (not read from its texts file)
SAID = {"en": {"legal": "Could be the end of a real game", "illegal": "Not the end of a real game",
               "claims_wrong": "Some claimed scores differ from the computed ones",
               "uncertain": "Uncertain boxes: 1 (tap each to correct it)",
               "all_sure": "Every box read with confidence"},
        "zh-TW": {"legal": "可能是一場真實遊戲的結局", "illegal": "不可能是一場真實遊戲的結局",
                  "claims_wrong": "有些填寫的分數與計算結果不同", "uncertain": "有 1 格讀取不確定：點一下即可更正",
                  "all_sure": "每一格都已確實讀取"}}


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_correcting_an_uncertain_box_on_a_phone_changes_the_total_and_the_verdict(server, browser, faded_photo,
                                                                                  tmp_path, lang):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    data, suffix, written = faded_photo
    photo = tmp_path / f"sheet{suffix}"
    photo.write_bytes(data)
    scanned = json.loads(CliRunner().invoke(cli, ["scan", "--json", "-q", str(photo)]).stdout)
    unsure = [(u["area"], u["index"]) for u in scanned["uncertain"]]
    assert unsure == [("orange", 1)], "the faded number is no longer read unsure: fade it more (FADED_KEEP)"
    misread = scanned["transcription"]["orange"][1]
    assert misread != written  # read wrongly, and said to be unsure

    browser.get(server + f"?lang={lang}")
    assert browser.execute_script("return window.innerWidth") == PHONE["width"]
    browser.find_element(By.ID, "photo").send_keys(str(photo))
    WebDriverWait(browser, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".total-value"))
    before = _oracle(scanned["transcription"], tmp_path, lang)
    assert browser.find_element(By.CSS_SELECTOR, ".total-value").text == str(before["score"]["total"])
    summary = browser.find_element(By.CSS_SELECTOR, ".summary").text
    assert SAID[lang]["claims_wrong"] in summary  # the misread number breaks the player's sums
    assert SAID[lang]["uncertain"] in summary

    box = browser.find_element(By.CSS_SELECTOR, '.box.uncertain[data-area="orange"][data-index="1"]')
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
    box.click()
    dialog = browser.find_element(By.ID, "editor")
    WebDriverWait(browser, 5).until(lambda d: dialog.is_displayed())
    keys = {b.text: b for b in dialog.find_elements(By.CSS_SELECTOR, "button.key")}
    for key in "⌫⌫⌫" + str(written):
        keys[key].click()
    assert browser.find_element(By.ID, "editor-entry").text == str(written)
    dialog.find_element(By.CSS_SELECTOR, "button.key-ok").click()

    right = {**scanned["transcription"], "orange": list(scanned["transcription"]["orange"])}
    right["orange"][1] = written
    after = _oracle(right, tmp_path, lang)
    assert after["score"]["total"] == before["score"]["total"] + written - misread
    WebDriverWait(browser, 20).until(
        lambda d: d.find_element(By.CSS_SELECTOR, ".total-value").text == str(after["score"]["total"]))
    summary = browser.find_element(By.CSS_SELECTOR, ".summary").text
    assert all(c["ok"] for c in after["claims"])
    assert SAID[lang]["claims_wrong"] not in summary  # corrected, the sums add up again
    assert SAID[lang]["legal" if after["legal"] else "illegal"] in summary
    assert SAID[lang]["all_sure"] in summary
    edited = browser.find_element(By.CSS_SELECTOR, '.box.edited[data-area="orange"][data-index="1"]')
    assert edited.text == str(written)
