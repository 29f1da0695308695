"""Identical GPUs share one Overview card (issue 18); different ones never do."""

from __future__ import annotations

import copy

import pytest

from rocmdesk.advice import attach
from rocmdesk.machine.detect import detect
from rocmdesk.machine.open_sim import open_simulated
from rocmdesk.ui.presenters.gpu_groups import group_gpus, ranges


def _report(name: str):
    report = detect(open_simulated(name))
    attach(report)  # gives each GPU its advice, as the window does
    return report


def test_eight_mi300x_are_one_group_with_eight_slots() -> None:
    report = _report("mi300x-8gpu-server")
    groups = group_gpus(report.gpus)
    assert [g.count for g in groups] == [8]
    assert groups[0].indexes == list(range(8)) and len(groups[0].slots) == 8
    assert ranges(groups[0].indexes) == "0–7"


def test_partitions_of_eight_cards_are_one_group() -> None:
    report = _report("mi308x-partitioned")
    groups = group_gpus(report.gpus)
    assert len(groups) == 1 and groups[0].count == len(report.gpus) and groups[0].partitioned
    assert len(groups[0].slots) == 8  # 4 partitions share each card's slot


@pytest.mark.parametrize("name", ["two-dgpu-one-override", "rx7900xtx-debian12", "igpu-card1-dgpu-card0"])
def test_different_gpus_stay_apart(name: str) -> None:
    report = _report(name)
    assert [g.count for g in group_gpus(report.gpus)] == [1] * len(report.gpus)


def test_a_gpu_with_another_verdict_is_not_grouped() -> None:
    report = _report("mi300x-8gpu-server")
    odd = copy.copy(report.gpus[3])
    odd.advice = copy.copy(report.gpus[3].advice)
    odd.advice.status = "risky"
    gpus = [*report.gpus[:3], odd, *report.gpus[4:]]
    assert [g.count for g in group_gpus(gpus)] == [7, 1]
    assert ranges(group_gpus(gpus)[0].indexes) == "0–2, 4–7"


def test_ranges() -> None:
    assert ranges([]) == "" and ranges([5]) == "5" and ranges([3, 0, 1, 2, 9, 10]) == "0–3, 9–10"
