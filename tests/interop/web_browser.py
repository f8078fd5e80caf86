"""Headless Chromium for the web tests and the web benchmark: Debian's chromium and chromium-driver through
selenium, never a downloaded browser or driver."""

from __future__ import annotations

import pathlib
import shutil

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"


def chromium(width: int = 1280, height: int = 860) -> webdriver.Chrome:
    assert pathlib.Path(CHROMIUM).exists(), "chromium is missing: apt-get install chromium (scripts/setup.sh does)"
    assert pathlib.Path(CHROMEDRIVER).exists(), \
        "chromedriver is missing: apt-get install chromium-driver (scripts/setup.sh does)"
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-extensions",
                     f"--window-size={width},{height}", "--hide-scrollbars", "--mute-audio",
                     "--disable-background-timer-throttling", "--disable-renderer-backgrounding"):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)


def format_distance(metres: float) -> str:
    """The page's metric distance text (format.js formatDistance)."""
    if metres < 100:
        return f"{max(0, round_half_up(metres / 5) * 5)} m"
    if metres < 1000:
        return f"{round_half_up(metres / 10) * 10} m"
    km = metres / 1000
    return f"{km:.1f} km" if km < 10 else f"{round_half_up(km)} km"


def round_half_up(value: float) -> int:
    """JavaScript's Math.round."""
    import math
    return math.floor(value + 0.5)
