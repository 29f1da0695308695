"""Property tests: whatever the text, the collect_env parser returns a record or raises FormatError, quickly."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rocmdesk import formats
from rocmdesk.formats import FormatError
from rocmdesk.formats.collect_env import CollectEnv, parse_collect_env, sniff_score
from tests.formats.test_collect_env import ROCM
from tests.formats.props import check_text, gfx_set

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# words and marks that matter to the parser, so random text often comes close to the real thing
TOKENS = st.sampled_from(["PyTorch", "version:", "2.9+rocm6.4", "ROCM", "used", "to", "build", "HIP", "runtime", "GPU", "models", "(gfx1100)[pip3]==['gfx90a']N/A"] + ["\n", "\t", " ", " ", ":", "[", "]", "\x1b[1m", "\ufffd", "\x00"])
LINES = ROCM.splitlines()


def _check(text: str) -> None:
    assert isinstance(sniff_score(text), int) and sniff_score(text) >= 0
    try:
        record = parse_collect_env(text)
    except FormatError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    assert isinstance(record, CollectEnv)
    json.dumps(record.to_json())


@SETTINGS
@given(st.text(max_size=2000))
def test_any_text(text: str) -> None:
    _check(text)


@SETTINGS
@given(st.lists(TOKENS, max_size=150).map("".join))
def test_near_miss_text(text: str) -> None:
    _check(text)


@SETTINGS
@given(st.lists(st.sampled_from(LINES), min_size=1, max_size=40), st.integers(0, 200), st.text(max_size=80))
def test_shuffled_cut_and_spliced_lines(lines: list[str], cut: int, noise: str) -> None:
    text = "\n".join(lines)
    _check(text[: len(text) - cut] + noise)


@SETTINGS
@given(st.binary(max_size=3000))
def test_bytes_through_the_registry(data: bytes) -> None:
    try:
        text = formats.decode_input(data)
        formats.parse(text, "collect_env")
    except FormatError:
        pass


# -- what the output says, not only that there is one (issue 17): no gfx or device id the text does not give, no GPU
# counted twice, and a cut or spliced real paste never finds more GPUs or other targets than the whole one
PROPS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPS
@given(st.sampled_from([ROCM]), st.data())
def test_output_of_a_cut_or_spliced_real_paste_is_backed_by_its_text(sample: str, data) -> None:
    whole = check_text(sample)
    lines = sample.splitlines()
    cut = data.draw(st.integers(0, len(lines)))
    i = data.draw(st.integers(0, max(0, len(lines) - 1)))
    if data.draw(st.booleans()):
        part = check_text("\n".join(lines[:cut]))
        assert len((part or {}).get("gpus", [])) <= len((whole or {}).get("gpus", []))
        assert gfx_set(part) <= gfx_set(whole)
    else:
        lines[i:i + 1] = [data.draw(st.text(max_size=60))]
        check_text("\n".join(lines))


@PROPS
@given(st.lists(TOKENS, max_size=120).map("".join))
def test_output_of_near_miss_text_is_backed_by_it(text: str) -> None:
    check_text(text)
