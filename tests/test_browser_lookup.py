"""P18: the e2e browser is found without root, in a fixed order."""

from __future__ import annotations

import subprocess
from pathlib import Path

import browser
import pytest


@pytest.fixture
def machine(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    """A fake machine: which browsers exist and whether `playwright install` works."""
    state = {"system": False, "bundled": False, "install_ok": False, "installs": 0}
    system, bundled = tmp_path / "chromium", tmp_path / "bundled-chrome"

    def fake_bundled() -> Path | None:
        return bundled if state["bundled"] else None

    def fake_run(command: list[str], **_: object) -> subprocess.CompletedProcess:
        assert command[1:] == ["-m", "playwright", "install", "chromium"]
        state["installs"] += 1
        state["bundled"] = state["install_ok"]
        return subprocess.CompletedProcess(command, 0 if state["install_ok"] else 1)

    monkeypatch.delenv("CLUB_CHROMIUM", raising=False)
    monkeypatch.setattr(browser, "SYSTEM_CHROMIUM", system)
    monkeypatch.setattr(browser, "bundled_chromium", fake_bundled)
    monkeypatch.setattr(browser.subprocess, "run", fake_run)

    def found() -> str:
        if state["system"]:
            system.write_text("")
        try:
            return browser.find_chromium().name
        except browser.NoBrowser as error:
            return f"NoBrowser: {error}"

    return state, found


@pytest.mark.parametrize(
    ("system", "bundled", "install_ok", "expected", "installs"),
    [
        (True, True, True, "chromium", 0),  # Debian's package first
        (False, True, True, "bundled-chrome", 0),  # then Playwright's own, already there
        (False, False, True, "bundled-chrome", 1),  # then a fresh `playwright install chromium`
        (False, False, False, "NoBrowser", 1),  # and otherwise one clear sentence
    ],
)
def test_lookup_order(machine, system: bool, bundled: bool, install_ok: bool, expected: str, installs: int) -> None:
    state, found = machine
    state.update(system=system, bundled=bundled, install_ok=install_ok)
    assert found().split(":")[0] == expected
    assert state["installs"] == installs


def test_the_failure_sentence_says_what_to_install(machine) -> None:
    _, found = machine
    sentence = found().removeprefix("NoBrowser: ")
    assert "apt-get install chromium" in sentence and "playwright install chromium" in sentence
    assert sentence.count(". ") == 0  # one sentence
