"""Every shipped lesson decodes, passes `learn --check`, and auto-solves through the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.tutor import catalog
from cardcli.tutor.check import check_file
from cardcli.tutor.model import json_schema, load

LESSONS = catalog.all_lessons()
IDS = [f"{e.course}/{e.id}" for e in LESSONS]


def test_every_course_has_lessons() -> None:
    for course in catalog.COURSES:
        assert len(catalog.lessons(course)) >= 4, course


@pytest.mark.parametrize("entry", LESSONS, ids=IDS)
def test_lesson_passes_check(entry: catalog.Entry) -> None:
    lesson = load(entry.path)
    assert lesson.title and lesson.steps
    problem, transcript = check_file(entry.path)
    assert problem is None, problem
    assert "Demonstration complete" in transcript


@pytest.mark.parametrize("entry", LESSONS, ids=IDS)
def test_lesson_auto_through_cli(entry: catalog.Entry) -> None:
    result = CliRunner().invoke(cli, ["learn", entry.course, str(entry.number), "--auto"])
    assert result.exit_code == 0, result.output
    assert "Demonstration complete" in result.output


def test_every_topic_is_taught(capsys: pytest.CaptureFixture[str]) -> None:
    from cardcli.engine.registry import load as load_game

    uncovered = []
    for course in catalog.COURSES:
        book = load_game(course).rulebook
        taught: dict[str, list[str]] = {t: [] for t in book.topics if t != "options"}
        for e in catalog.lessons(course):
            for topic in load(e.path).topics:
                for rule in book.find(topic):
                    if e.id not in taught.get(rule.topic, [e.id]):
                        taught[rule.topic].append(e.id)
        with capsys.disabled():
            print(f"\n{course}:")
            for topic, ids in taught.items():
                print(f"  {topic:<10} {', '.join(ids) or '-- not taught --'}")
        uncovered += [f"{course} {t}" for t, ids in taught.items() if not ids]
    assert not uncovered, uncovered


def test_schema_is_current() -> None:
    shipped = Path(catalog.__file__).resolve().parent.parent / "data" / "lesson.schema.json"
    assert json.loads(shipped.read_text(encoding="utf-8")) == json_schema(), (
        "regenerate cardcli/data/lesson.schema.json from cardcli.tutor.model.json_schema()"
    )
