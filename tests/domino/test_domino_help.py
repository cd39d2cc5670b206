"""The visible help line names every key the well's accessible name names (P11): a sighted keyboard player learns
D (the well read aloud) and C (its cells explored) where a screen reader user hears them, in every language."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

I18N = Path(__file__).resolve().parents[2] / "web" / "i18n"
LANGS = ["en", "de", "it", "ru"]
KEY = re.compile(r"(?<![\w'])[A-Z](?![\w'])")  # a key's letter standing alone (X, Z, P, D, C)


@pytest.mark.parametrize("lang", LANGS)
def test_the_help_line_names_every_key_of_the_wells_name(lang: str) -> None:
    words = json.loads((I18N / f"domino.{lang}.json").read_text(encoding="utf-8"))
    named = set(KEY.findall(words["domino.wellLabel"]))
    shown = set(KEY.findall(words["domino.help"]))
    assert {"D", "C"} <= named
    assert named - shown == set(), f"{lang}: the help line does not name {sorted(named - shown)}"
