"""The advice model on the hard cases: each case a contradiction rocmdesk used to show between two pages."""

from __future__ import annotations

import pytest

from rocmdesk.advice import (
    OVERRIDE_VAR, VISIBILITY_VAR, AdviceContext, AdviceError, advise, attach, context_for, dkms_rocm_version,
)
from rocmdesk.knowledge import measured_wheel
from rocmdesk.knowledge.drivers import userspace_fits_driver
from rocmdesk.machine.detect import detect
from rocmdesk.machine.simulate import open_simulated

_cache: dict[str, object] = {}


def report(name: str):
    # detect once per machine; every test gets its own copy (attach writes into it)
    import copy

    if name not in _cache:
        _cache[name] = detect(open_simulated(name))
    return copy.deepcopy(_cache[name])


def test_780m_with_the_override_set_leads_with_amds_wheels_and_says_unset_it():
    r = report("radeon780m-laptop")
    a = attach(r)
    g = a.gpus[0]
    # one verdict: AMD's per-family wheels run gfx1103 natively, so no override
    assert a.path.stream == "amd" and "gfx110X-all" in a.path.index_url
    assert g.status == "supported" and g.override is None and OVERRIDE_VAR not in a.env
    # the other way has its own verdict: PyTorch's wheels only at risk, with 11.0.0
    alt = [x for x in g.alternatives if x.why == "other-source"]
    assert alt and alt[0].path.stream == "pytorch" and alt[0].status == "risky" and alt[0].override == "11.0.0"
    # the 11.0.0 in effect is needless for that path
    assert [(n.code, n.var, n.value) for n in a.notes] == [("override-needless", OVERRIDE_VAR, "11.0.0")]
    # and the record every JSON carries says the same
    assert r.gpus[0].support.status == "supported" and r.gpus[0].support.override is None


def test_780m_without_an_override_gets_no_override_note():
    a = advise(report("radeon780m-native"))
    assert a.gpus[0].status == "supported" and a.notes == []


def test_780m_on_pytorchs_wheels_is_risky_with_11_0_0_and_the_note_says_so():
    r = report("radeon780m-laptop")
    a = advise(r, context_for(r, source="pytorch"))
    assert a.path.stream == "pytorch" and a.gpus[0].status == "risky" and a.env[OVERRIDE_VAR] == "11.0.0"
    assert [n.code for n in a.notes] == ["override-risky"]
    assert "gfx110X-all" in a.notes[0].message  # the safer way is named


def test_rx6600xt_with_an_old_driver_gets_a_wheel_that_fits_the_driver():
    r = report("rx6600xt-old-driver")
    assert dkms_rocm_version(r) == "6.2.4"
    a = advise(r)
    g = a.gpus[0]
    # the recommendation never contradicts its own warning: a ROCm 6 wheel for a ROCm 6.2.4 driver
    assert a.path.torch == "2.9.1+rocm6.4" and not a.path.driver_update
    assert g.status == "override" and g.override == "10.3.0" and a.env[OVERRIDE_VAR] == "10.3.0"
    # AMD's list is cited for the installed ROCm, by every front end
    assert g.rocm_cited == "6.2.4" and "ROCm 6.2.4" in g.reason
    # the newer wheel is an alternative that says it needs a newer driver
    newer = [x for x in g.alternatives if x.why == "driver"]
    assert newer and newer[0].path.torch == "2.13.0+rocm7.2" and newer[0].path.driver_update
    assert "6.2.4" in a.why["driver"]


def test_a_chosen_rocm_is_the_one_cited():
    r = report("rx6600xt-old-driver")
    a = advise(r, context_for(r, rocm="7.2.4"))
    assert a.gpus[0].rocm_cited == "7.2.4" and "ROCm 7.2.4" in a.gpus[0].reason


def test_rdna2_on_rocm7_wheels_names_the_safer_rocm6_wheel():
    # no dkms driver: the newest wheels, and the RDNA2 caution's fallback as an alternative
    a = advise(report("two-dgpu-one-override"))
    assert a.path.torch.endswith("+rocm7.2")
    six = next(g for g in a.gpus.values() if g.override)
    safer = [x for x in six.alternatives if x.why == "safer"]
    assert safer and safer[0].path.torch.endswith("+rocm6.4")


def test_igpu_is_masked_with_rocr_and_the_runtime_order_not_the_card_order():
    r = report("igpu-card1-dgpu-card0")
    igpu = next(g for g in r.gpus if g.apu)
    dgpu = next(g for g in r.gpus if not g.apu)
    assert dgpu.card == "card0" and igpu.card == "card1" and igpu.kfd_node < dgpu.kfd_node
    a = advise(r)
    # ROCr numbers by KFD node: the iGPU is device 0, the dGPU device 1, whatever the DRM card numbers say
    assert a.env[VISIBILITY_VAR] == "1" and "HIP_VISIBLE_DEVICES" not in a.env
    assert a.gpus[dgpu.index].runtime_index == 1 and a.gpus[igpu.index].runtime_index == 0
    assert a.hidden == [igpu.index] and not a.gpus[igpu.index].used
    assert a.gpus[igpu.index].env == {}


def test_two_dgpus_where_only_one_needs_an_override_get_the_per_gpu_form():
    r = report("two-dgpu-one-override")
    a = advise(r)
    six = next(g for g in r.gpus if g.gfx == "gfx1032")
    xtx = next(g for g in r.gpus if g.gfx == "gfx1100")
    assert OVERRIDE_VAR not in a.env
    assert a.env[f"{OVERRIDE_VAR}_{six.kfd_node}"] == "10.3.0"
    assert a.gpus[six.index].override_var == f"{OVERRIDE_VAR}_{six.kfd_node}"
    assert a.gpus[xtx.index].override is None and a.gpus[xtx.index].override_var is None
    # the global form set by hand would be wrong for the 7900 XTX: the note says what to set instead
    notes = advise(r, context_for(r, env={OVERRIDE_VAR: "10.3.0"})).notes
    assert any(n.code == "override-risky" and n.var == OVERRIDE_VAR for n in notes)


def test_rdna4_with_a_stale_rdna3_override_is_told_to_unset_it():
    r = report("rx9070xt-stale-override")
    a = advise(r)
    assert a.gpus[0].status == "supported" and a.gpus[0].override is None
    assert [(n.code, n.value, n.wanted) for n in a.notes] == [("override-risky", "11.0.0", None)]


def test_a_profile_env_is_judged_not_the_session():
    r = report("rx9070xt-stale-override")
    assert advise(r, context_for(r, env={})).notes == []
    wrong = advise(report("rx6600xt-old-driver"), context_for(report("rx6600xt-old-driver"),
                                                              env={OVERRIDE_VAR: "11.0.0"})).notes
    assert [(n.code, n.wanted) for n in wrong] == [("override-wrong", "10.3.0")]


def test_a_per_node_override_equal_to_the_advice_is_fine():
    r = report("rx6600xt-old-driver")
    node = r.gpus[0].kfd_node
    assert advise(r, context_for(r, env={f"{OVERRIDE_VAR}_{node}": "10.3.0"})).notes == []


def test_an_installed_venv_decides_by_its_measured_arch_list():
    r = report("radeon780m-native")
    w = measured_wheel("2.13.0+rocm7.2", ["gfx1100", "gfx1101", "gfx1030"])
    a = advise(r, context_for(r, installed=w))
    assert a.path.stream == "installed" and a.path.torch == "2.13.0+rocm7.2"
    assert a.gpus[0].status in ("override", "risky") and a.gpus[0].override == "11.0.0"


def test_an_unknown_pinned_torch_is_an_error():
    r = report("radeon780m-native")
    with pytest.raises(AdviceError):
        advise(r, context_for(r, torch="1.0.0"))
    with pytest.raises(AdviceError):
        AdviceContext(source="conda")


def test_the_json_contract_of_a_gpus_advice():
    r = report("rx6600xt-old-driver")
    attach(r)
    data = r.to_json()
    adv = data["gpus"][0]["advice"]
    assert set(adv) >= {"status", "override", "env", "path", "reason", "sources", "alternatives"}
    assert set(adv["path"]) >= {"stream", "rocm", "index_url", "torch"}
    assert data["advice"]["status"] == adv["status"] and data["gpus"][0]["support"]["status"] == adv["status"]


@pytest.mark.parametrize(("userspace", "driver", "fits"), [
    ("7.2", None, True), ("6.4", "6.2.4", True), ("7.2", "6.2.4", False), ("7.1", "6.4.1", True),
    ("7.1", "6.3.0", False), ("7.0", "6.4.1", False), ("6.2", "7.0.0", True),
])
def test_which_userspace_fits_which_driver(userspace, driver, fits):
    assert userspace_fits_driver(userspace, driver) is fits


def test_amds_index_is_another_way_only_where_it_serves_every_gpu_used():
    # a 7900 XTX beside a 6600 XT: gfx110X-all lacks gfx1032, and one venv serves both
    a = advise(report("two-dgpu-one-override"))
    assert not any(x.path.stream == "amd" for g in a.gpus.values() for x in g.alternatives)
    # one RX 7900 XTX alone: AMD's index is another way
    alone = advise(report("rx7900xtx-ubuntu2404"))
    assert any(x.path.stream == "amd" for x in alone.gpus[0].alternatives)
