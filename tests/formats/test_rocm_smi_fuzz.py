"""Property tests: rocm-smi parsing never fails with anything but FormatError, and reads back what it is given."""

from __future__ import annotations

import json
import math

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rocmdesk.formats import FormatError
from rocmdesk.formats.rocm_smi import gpus_from_smi, load_json_tolerant, parse_rocm_smi, smi_number
from tests.formats.test_rocm_smi import CARD_62, CONCISE_IDS, CONCISE_MI, LEGACY, SHOWALLINFO
from tests.formats.props import check_text, gfx_set

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SAMPLES = [json.dumps({"card0": CARD_62, "system": {"Driver version": "6.8.5"}}, indent=2), SHOWALLINFO, CONCISE_MI,
           CONCISE_IDS, LEGACY]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=True) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=12), inner, max_size=5),
    max_leaves=8,
)


def _check(report) -> None:
    for g in report.gpus:
        for key, value in g.sample().to_json().items():
            if key in ("missing_sensors", "out_of_range", "warnings"):  # lists saying which sensors were dropped
                assert isinstance(value, list), (key, value)
                continue
            assert value is None or isinstance(value, (int, float, str)), (key, value)
            if isinstance(value, float):
                assert math.isfinite(value)
    gpus_from_smi(report)  # and inspect's list can always be made


@SETTINGS
@given(st.text(max_size=400))
def test_any_text_is_a_report_or_a_format_error(text: str) -> None:
    try:
        _check(parse_rocm_smi(text))
    except FormatError:
        pass


@SETTINGS
@given(st.sampled_from(SAMPLES), st.data())
def test_any_cut_of_a_real_shape_is_a_report_or_a_format_error(sample: str, data) -> None:
    cut = data.draw(st.integers(0, len(sample)))
    try:
        _check(parse_rocm_smi(sample[:cut]))
    except FormatError:
        pass


@SETTINGS
@given(st.sampled_from(SAMPLES), st.data())
def test_mangled_lines_never_crash(sample: str, data) -> None:
    lines = sample.splitlines()
    i = data.draw(st.integers(0, max(0, len(lines) - 1)))
    lines[i] = data.draw(st.text(max_size=80))
    try:
        _check(parse_rocm_smi("\n".join(lines)))
    except FormatError:
        pass


@SETTINGS
@given(st.dictionaries(st.text(max_size=30) | st.sampled_from(sorted(CARD_62)), json_values, max_size=12))
def test_any_card_object_is_read_without_crashing(card: dict) -> None:
    try:
        _check(parse_rocm_smi(json.dumps({"card0": card}, allow_nan=True)))
    except FormatError:
        pass


numbers = st.floats(min_value=0, max_value=1e5, allow_nan=False).map(lambda f: round(f, 1))


@SETTINGS
@given(edge=numbers, junction=numbers, power=numbers, busy=st.integers(0, 100), used=st.integers(0, 2**40),
       na=st.sampled_from(["N/A", "N/A (Secondary die)", "Unsupported", ""]))
def test_values_read_back_exactly(edge, junction, power, busy, used, na) -> None:
    card = {"Temperature (Sensor edge) (C)": str(edge), "Temperature (Sensor junction) (C)": str(junction),
            "Temperature (Sensor memory) (C)": na, "Average Graphics Package Power (W)": str(power),
            "GPU use (%)": str(busy), "VRAM Total Used Memory (B)": str(used)}
    m = parse_rocm_smi(json.dumps({"card0": card})).gpus[0].metrics
    assert (m.temp_edge_c, m.temp_junction_c, m.temp_mem_c) == (edge, junction, None)
    assert (m.power_w, m.busy_percent, m.vram_used_bytes) == (power, busy, used)


@SETTINGS
@given(json_values)
def test_smi_number_is_total(value) -> None:
    out = smi_number(value)
    assert out is None or math.isfinite(out)


@SETTINGS
@given(st.dictionaries(st.text(max_size=8), json_values, min_size=1, max_size=6), st.data())
def test_tolerant_json_gives_back_complete_documents_and_prefixes(doc: dict, data) -> None:
    text = json.dumps(doc)
    assume("NaN" not in text and "Infinity" not in text)
    assert load_json_tolerant(text) == (doc, False)
    cut = data.draw(st.integers(1, len(text)))
    try:
        value, truncated = load_json_tolerant(text[:cut])
    except FormatError:
        return
    assert isinstance(value, dict)
    assert truncated or value == doc


# -- what the output says, not only that there is one (issue 17): no gfx or device id the text does not give, no GPU
# counted twice, and a cut or spliced real paste never finds more GPUs or other targets than the whole one
PROPS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPS
@given(st.sampled_from(SAMPLES), st.data())
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
