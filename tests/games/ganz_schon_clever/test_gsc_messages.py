"""The checker's one message catalogue: complete, and no internal code leaks into a message."""

from __future__ import annotations

import re

import pytest
from pydantic import ValidationError

from printkit.games.ganz_schon_clever.definitions.messages import load_check_texts
from printkit.games.ganz_schon_clever.model.game import AREAS, GscGame
from printkit.games.ganz_schon_clever.model.messages import CheckTexts
from printkit.games.ganz_schon_clever.model.sheet import ActionCount, Sheet
from printkit.games.ganz_schon_clever.rules.legality import Violation, check
from printkit.gsc import describe

from .conftest import sheet
from .test_gsc_mutations import _legal_sheets

LANGS = ("en", "zh-TW")
RULES = (
    "orange-value", "purple-value", "purple-order", "track-earned", "track-used", "bonus-number",
    "bonus-x", "round-bonus", "bonus-order", "dice-budget", "undecided",
)
CODE = re.compile(r"[a-z0-9]+_[A-Za-z0-9]+")  # yellow_X, orange_6, extra_dice, from_rounds ...


def _mutations(game: GscGame) -> list[Sheet]:
    """The sheets of the mutation tests: one per class of impossibility, many of some."""
    out: list[Sheet] = []
    for s in _legal_sheets(game, 60):
        if s.orange:
            i = len(s.orange) - 1
            out.append(s.model_copy(update={"orange": (*s.orange[:i], 7 * game.orange.multipliers[i])}))
        if len(s.purple) >= 2:
            out.append(s.model_copy(update={"purple": (*s.purple[:-1], s.purple[-2]), "orange": (99,)}))
        for track in ("rerolls", "extra_dice"):
            rec: ActionCount = getattr(s, track)
            out.append(s.model_copy(update={track: ActionCount(earned=rec.earned + 1, used=rec.earned + 2)}))
    out += [
        sheet(yellow=((), (2, 1, 5), (), ()), orange=(3, 3, 3, 6)),
        sheet(blue=(3, 7, 11), purple=(1, 2, 3)),
        sheet(yellow=((3, 6, 5), (), (), ())),
        sheet(yellow=((3, 6, 5), (), (), ()), blue=(5, 6, 7, 8)),
        sheet(),
        sheet(players=4, yellow=((3,), (2,), (1,), (3, 4, 6)), blue=(5, 9, 10, 12), green=6,
              orange=(6, 6, 6, 12, 6, 6, 12, 6, 12, 6, 18), purple=(6, 6, 6),
              extra_dice=ActionCount(earned=3, used=0)),
        sheet(blue=(7,), purple=(2, 9)),
    ]
    return out


def test_bundled_catalogue_is_complete() -> None:
    texts = load_check_texts()
    assert set(LANGS) <= set(texts.languages)
    assert set(RULES) <= set(texts.findings)


def test_every_rule_and_language_in_messages_without_codes(game: GscGame) -> None:
    seen: set[str] = set()
    for s in _mutations(game):
        r = check(s, game)
        for v in (*r.violations, *r.notes):
            seen.add(v.rule)
            for lang in LANGS:
                text = describe(v, lang, game)
                assert not CODE.search(text), (lang, text)
                assert "{" not in text and "}" not in text, text
                if lang == "zh-TW":
                    assert not re.search("|".join(AREAS), text), text
                    # Chinese runs on without spaces: a space only ever stands beside a digit or a Latin word
                    assert not re.search(r"[\u4e00-\u9fff\uff08\uff09] [\u4e00-\u9fff]", text), text
                    # and takes full-width punctuation: no ASCII bracket, colon, comma or semicolon beside Chinese
                    assert not re.search(r"[\u3000-\u9fff\uff00-\uffef] *[:(),;]|[:(),;] *[\u3000-\u9fff\uff00-\uffef]",
                                         text), text
    assert seen >= set(RULES) - {"undecided"}
    for lang in LANGS:  # the search limit is not reached by any sheet we can build quickly
        assert not CODE.search(describe(Violation("bonuses", None, "undecided"), lang, game))


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "round 4's bonus (yellow X, blue X, green X, orange 6 or purple 6)"),
        ("zh-TW", "第 4 輪的獎勵（黃色區 X、藍色區 X、綠色區 X、橘色區 6 或紫色區 6）"),
    ],
)
def test_round_four_bonus_named_in_words(game: GscGame, lang: str, words: str) -> None:
    (v,) = check(sheet(), game).violations
    assert v.rule == "round-bonus"
    assert words in describe(v, lang, game)


def test_number_bonus_named_in_words(game: GscGame) -> None:
    (v,) = check(sheet(yellow=((), (2, 1, 5), (), ()), orange=(3, 3, 3, 6)), game).violations
    assert "the bonus 'orange 4'" in describe(v, "en", game)
    assert "「橘色區 4」" in describe(v, "zh-TW", game)


def _catalogue(**change: object) -> dict:
    base = load_check_texts().model_dump()
    base.update(change)
    return base


def test_catalogue_rejects_a_missing_language_or_mismatched_fields() -> None:
    findings = load_check_texts().model_dump()["findings"]
    with pytest.raises(ValidationError, match="no text in zh-TW"):
        CheckTexts.model_validate(_catalogue(findings={**findings, "track-used": {"en": "{used}"}}))
    with pytest.raises(ValidationError, match="differ from en"):
        bad = {"en": "{used} of {earned}", "zh-TW": "{used}"}
        CheckTexts.model_validate(_catalogue(findings={**findings, "track-used": bad}))
