"""What the Setup page shows, decided without widgets: the plan for the machine and the user's choices, and every
sentence, state and switch of the wizard's five steps (machine, choices, review, run, result).

``SetupPresenter`` holds what the user chose and the plan built from it (``rocmdesk.setup.plan.plan``, pure); its
methods and the functions below turn that, a run's events and how a run ended into plain records the page copies
onto its widgets.  Nothing here makes a widget or starts a process.

The sentences keep the page's translation context ("SetupPage"), so the catalogue's translations stay theirs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from rocmdesk import i18n
from rocmdesk.advice import AdviceError, MachineAdvice, advise, context_for
from rocmdesk.knowledge import rocm_releases
from rocmdesk.machine.model import MachineReport
from rocmdesk.setup import events as ev
from rocmdesk.setup.choices import CHOSEN, SCOPE_WHAT, Choices, os_fit, recommend, scope_what
from rocmdesk.setup.facts import SetupFacts
from rocmdesk.setup.plan import Plan
from rocmdesk.setup.plan import plan as build_plan
from rocmdesk.setup.preflight import Finding
from rocmdesk.setup.render import render, step_commands
from rocmdesk.ui.presenters.setup_run import ResultView, failure_view, outcome_text, relogin_text, swapped_user_note
from rocmdesk.ui.widgets.advice_text import AdviceWords, override_pairs

if TYPE_CHECKING:
    from rocmdesk.knowledge.releases import RocmRelease
    from rocmdesk.ui.helper_run import RunOutcome

translate = QCoreApplication.translate

MACHINE, CHOICES, REVIEW, RUN, RESULT = range(5)


_MARKER = re.compile(r"\s*[(（]&[^)）][)）]")  # a shortcut marker translations put after the text: "(&P)"


def without_marker(text: str) -> str:
    """A control's label as words in a sentence: without its shortcut marker, "(&P)" or "&" ("&&" is an "&")."""
    return _MARKER.sub("", text).replace("&&", "\0").replace("&", "").replace("\0", "&")


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def sentence(text: str) -> str:
    """A reason built by the core, capitalized and ended as its language ends a sentence."""
    return translate("SetupPage", "{sentence}.").format(sentence=capital(text))


# -- records the page copies onto its widgets ---------------------------------------------------------------------
@dataclass
class Nav:
    back: bool
    next: bool
    next_visible: bool
    note: str


@dataclass
class AdviceView:
    """The "PyTorch on this machine" box of the choices step."""

    headline: str
    headline_tip: str
    details: str
    notes: str
    notes_tip: str


@dataclass
class ChoicesView:
    release_reason: str
    release_scope_note: str  # "" when hidden
    has_plan: bool  # without a plan the boxes below keep what they showed
    dkms: bool = False
    dkms_why: str = ""
    cleanup: bool = False
    cleanup_enabled: bool = False
    cleanup_why: str = ""
    user_note: str = ""


@dataclass
class StepView:
    number: int
    title: str
    why: str
    root: bool
    state: str  # done | todo
    commands: str


@dataclass
class ReviewView:
    summary: str
    counts: str
    blocked: str  # "" when the plan is not blocked
    steps: list[StepView] = field(default_factory=list)


# -- the frame around the steps -------------------------------------------------------------------------------------
def page_names() -> list[str]:
    return [translate("SetupPage", "Machine"), translate("SetupPage", "Choices"), translate("SetupPage", "Review"),
            translate("SetupPage", "Run"), translate("SetupPage", "Result")]


def trail_items(current: int) -> list[tuple[str, bool]]:
    """The wizard's trail: each step's "n. Name", and whether it is the current one."""
    return [(translate("SetupPage", "{n}. {name}").format(n=n + 1, name=name), n == current)
            for n, name in enumerate(page_names())]


def where_text(simulate: str | None, root: str | None) -> str:
    if simulate:
        return translate("SetupPage", "the simulated machine {name}").format(name=simulate)
    if root:
        return translate("SetupPage", "the machine tree at {root}").format(root=root)
    return translate("SetupPage", "this computer")


def nav(current: int, has_plan: bool, busy: bool, running: bool, ended: bool) -> Nav:
    """Back, Next and the note beside them.  ``ended``: a run has an outcome and is over."""
    ready = has_plan and not busy
    if current == RUN and running:
        note = translate("SetupPage", "The plan is running; the other pages stay as they are until it ends.")
    elif current < RUN:
        note = translate("SetupPage", "Nothing changes on the machine until you run the plan.")
    else:
        note = ""
    return Nav(back=current > MACHINE and not running, next=(current < RUN and ready) or (current == RUN and ended),
               next_visible=current < RUN or (current == RUN and ended), note=note)


def machine_state(busy: bool, error: tuple[str, ...] | None, has_report: bool, plan_error: str | None,
                  where: str) -> str:
    """The line under the machine box: detecting, failed, nothing yet, or a plan that could not be built."""
    if busy:
        return translate("SetupPage", "Looking at {where}…").format(where=where)
    if error is not None:
        return translate("SetupPage", "Detection failed: {error}. The Overview page has the details; Refresh tries "
                                      "again.").format(error=error[0])
    if not has_report:
        return translate("SetupPage", "No machine has been looked at yet.")
    if plan_error:
        return translate("SetupPage", "rocmdesk could not build a plan for this machine: {error}").format(
            error=plan_error)
    return ""


def machine_lines(report: MachineReport) -> tuple[str, str]:
    """The detected machine in two lines: its GPUs, then OS, kernel, ROCm and user."""
    groups: dict[tuple[str, str], int] = {}
    for g in report.gpus:
        key = (g.name or translate("SetupPage", "Unknown AMD GPU"), g.gfx or translate("SetupPage", "gfx unknown"))
        groups[key] = groups.get(key, 0) + 1
    gpus = [translate("SetupPage", "{name} ({gfx})").format(name=n, gfx=gfx) if count == 1
            else translate("SetupPage", "{count} × {name} ({gfx})").format(count=count, name=n, gfx=gfx)
            for (n, gfx), count in groups.items()]
    line1 = ", ".join(gpus) if gpus else translate("SetupPage", "No AMD GPU found")
    o = report.os
    os_name = o.pretty_name or " ".join(x for x in (o.id, o.version_id) if x) or translate("SetupPage", "unknown OS")
    parts = [os_name, translate("SetupPage", "kernel {release}").format(
        release=report.kernel.release or translate("SetupPage", "unknown"))]
    if report.rocm.primary_version:
        parts.append(translate("SetupPage", "ROCm {version} installed").format(version=report.rocm.primary_version))
    elif report.rocm.installed:
        parts.append(translate("SetupPage", "ROCm of unknown version installed"))
    else:
        parts.append(translate("SetupPage", "no system ROCm"))
    parts.append(translate("SetupPage", "user {user}").format(
        user=report.access.user or translate("SetupPage", "unknown")))
    return line1, " · ".join(parts)


def no_gpu_note(report: MachineReport | None) -> str:
    """What a plan is for on a machine without an AMD GPU ("" when it has one): planning and a dry run stay
    possible, so the page says what they would be for (issue 18)."""
    if report is None or report.gpus:
        return ""
    return translate("SetupPage",
                     "rocmdesk found no AMD GPU in this machine, so ROCm and PyTorch have nothing to run on here. "
                     "A plan made now is for preparing the system before an AMD card goes in, or for reading and "
                     "saving as a script for another computer: a dry run checks its steps and changes nothing, and "
                     "a real run's GPU checks (the amdgpu driver, /dev/kfd) fail until a card is there.")


# -- fixes in the window's terms ---------------------------------------------------------------------------------
# the plan's findings are the CLI's too, and some of their fixes name its options ("--dkms", "--scope runtime") or
# commands ("rocmdesk detect"); on this page the control or page that does the same is named instead
def dkms_box() -> str:
    return translate("SetupPage", "“{label}”").format(
        label=without_marker(translate("SetupPage", "Install AMD's amdgpu-&dkms kernel driver")))


def _window_fixes() -> list[tuple[str, str]]:
    """(the core's fix, as the core translates it now; the same in the window's words)."""
    return [
        (i18n.translate("rocmdesk.setup.preflight",
                        "The driver belongs to the host: install it there, and leave --dkms off here."),
         translate("SetupPage", "The driver belongs to the host: install it there, and leave {box} unticked "
                                "on the Choices page.").format(box=dkms_box())),
        (i18n.translate("rocmdesk.setup.preflight",
                        "Keep the in-box driver (leave --dkms off) or pick a legacy release for the driver."),
         translate("SetupPage", "Keep the in-box driver (untick {box} on the Choices page) or pick a legacy release "
                                "for the driver.").format(box=dkms_box())),
        (i18n.translate("rocmdesk.setup.preflight", "Reboot when the plan has run, then run rocmdesk detect."),
         translate("SetupPage", "Reboot when the plan has run; then the Overview page shows the driver in use.")),
        (i18n.translate("rocmdesk.setup.preflight", "See rocmdesk detect for what works on this GPU."),
         translate("SetupPage", "The Overview page shows what works on this GPU.")),
        (i18n.translate("rocmdesk.setup.preflight",
                        "PyTorch wheels bring their own ROCm, so this is mostly harmless; extensions built "
                        "against a system ROCm can clash. Choose --scope runtime or sdk to have them cleaned up."),
         translate("SetupPage", "PyTorch wheels bring their own ROCm, so this is mostly harmless; extensions built "
                                "against a system ROCm can clash. Choose Runtime or SDK under “What to install” on "
                                "the Choices page to have them cleaned up.")),
        # a prefix: the fix goes on with the releases AMD lists for the kernel
        (i18n.translate("rocmdesk.setup.preflight",
                        "amdgpu-dkms may fail to build for this kernel, or build and misbehave. Keep the in-box "
                        "driver (leave --dkms off), or boot one of the kernels listed above."),
         translate("SetupPage", "amdgpu-dkms may fail to build for this kernel, or build and misbehave. Keep the "
                                "in-box driver (untick {box} on the Choices page), or boot one of the kernels listed "
                                "above.").format(box=dkms_box())),
    ]


def window_fix(fix: str) -> str:
    """A finding's fix with the CLI's options and commands replaced by the page and control that do the same."""
    for core, window in _window_fixes():
        if fix == core or fix.startswith(core + " "):
            return window + fix[len(core):]
    return fix


def session_fix(var: str, code: str, advised: str, risky_wanted: bool) -> str:
    """The fix of a "your session sets the override" finding, naming the Environments page only."""
    places = i18n.translate("rocmdesk.setup.preflight", "~/.profile, ~/.bashrc or /etc/environment")
    if code == "override-wrong" and advised:
        return translate("SetupPage", "Unset {var} where your session sets it ({places}; in this shell: unset {var}), "
                                      "and let a profile on the Environments page set {advised} for the projects "
                                      "that use the GPU.").format(var=var, places=places, advised=advised)
    if code == "override-risky" and risky_wanted:
        return translate("SetupPage", "Set {var} only in the profile of a project that needs it, on the Environments "
                                      "page, not for your whole session ({places}; in this shell: unset "
                                      "{var}).").format(var=var, places=places)
    return translate("SetupPage", "Unset {var} where your session sets it ({places}; in this shell: unset {var}) and "
                                  "in your profiles on the Environments page.").format(var=var, places=places)


def dkms_why_text(why: str) -> str:
    if why == CHOSEN:
        return translate("SetupPage", "Your choice.")
    if why == i18n.translate("rocmdesk.setup.choices",
                             "whether amdgpu is loaded is unknown; choose --dkms if it is not"):
        return translate("SetupPage", "Whether amdgpu is loaded is unknown; tick this if it is not.")
    return sentence(why)


# -- the choices step ---------------------------------------------------------------------------------------------
def scope_title(scope: str) -> str:
    return {"pytorch": translate("SetupPage", "&PyTorch only"), "runtime": translate("SetupPage", "R&untime"),
            "sdk": translate("SetupPage", "&SDK")}.get(scope, scope)


def scope_meaning(scope: str, stream: str | None = None) -> str:
    """The knowledge's one line for a scope (from a release of ``stream``), without a lead-in that repeats the
    button's title."""
    text = scope_what(scope, stream) if scope in SCOPE_WHAT else ""
    title = without_marker(scope_title(scope))
    if text.lower().startswith(title.lower() + ":"):
        text = text[len(title) + 1:].strip()
    return sentence(text) if text else ""


def release_items(report: MachineReport, recommended: RocmRelease | None) -> list[tuple[str, str]]:
    """(label, version) for every release, newest first, marked recommended, installed, TheRock, preview and
    without a repository for this OS."""
    installed = report.rocm.primary_version
    out = []
    for rel in reversed(rocm_releases()):
        notes = []
        if recommended is not None and rel.version == recommended.version:
            notes.append(translate("SetupPage", "recommended"))
        if installed and rel.version == installed:
            notes.append(translate("SetupPage", "installed"))
        if rel.stream == "therock":
            notes.append(translate("SetupPage", "TheRock"))
        if rel.preview:
            notes.append(translate("SetupPage", "preview"))
        if os_fit(rel, report) is None:
            notes.append(translate("SetupPage", "no repository for this OS"))
        text = rel.version if not notes else translate("SetupPage", "{version} — {notes}").format(
            version=rel.version, notes=", ".join(notes))
        out.append((text, rel.version))
    return out


# -- the presenter ----------------------------------------------------------------------------------------------------
class SetupPresenter:
    """The user's choices, the plan for them, and what the steps that depend on them show."""

    def __init__(self, words: AdviceWords | None = None) -> None:
        self.words = words if words is not None else AdviceWords()
        self.report: MachineReport | None = None
        self.facts = SetupFacts()
        self.choices = Choices()
        self.dkms_touched = self.cleanup_touched = False
        self.plan: Plan | None = None
        self.plan_error: str | None = None
        self.recommended: RocmRelease | None = None
        self.recommended_why = ""

    # -- state -------------------------------------------------------------------------------------------------
    def reset(self) -> None:
        """Another machine: nothing known, every choice back to its default."""
        self.report, self.plan = None, None
        self.choices = Choices()
        self.dkms_touched = self.cleanup_touched = False
        self.replan()

    def use_report(self, report: MachineReport, facts: SetupFacts) -> None:
        self.report, self.facts = report, facts
        self.recommended, self.recommended_why = recommend(report)
        self.replan()

    def replan(self) -> None:
        self.plan, self.plan_error = None, None
        if self.report is None:
            return
        if not self.dkms_touched:  # untouched: follow the default, which depends on the other choices
            self.choices.dkms = None
        if not self.cleanup_touched:
            self.choices.cleanup = None
        try:
            self.plan = build_plan(self.report, self.choices, self.facts)
        except Exception as exc:  # a plan rocmdesk cannot build must say so, not break the page
            self.plan_error = f"{type(exc).__name__}: {exc}"

    def set_scope(self, scope: str) -> bool:
        """False when nothing changed."""
        if scope == self.choices.scope:
            return False
        self.choices.scope = scope
        self.replan()
        return True

    def pick_release(self, version: str) -> None:
        rec = self.recommended
        self.choices.rocm = None if rec is not None and version == rec.version else version
        self.replan()

    def set_dkms(self, on: bool) -> None:
        self.dkms_touched = True
        self.choices.dkms = on
        self.replan()

    def set_cleanup(self, on: bool) -> None:
        self.cleanup_touched = True
        self.choices.cleanup = on
        self.replan()

    def chosen_release(self) -> str | None:
        """The release the list shows selected: the user's, else the recommended one."""
        return self.choices.rocm or (self.recommended.version if self.recommended else None)

    def plan_for_run(self, dry_run: bool, caller: str | None) -> tuple[Plan | None, str]:
        """The plan to hand the helper, and a note for the log.  A dry run checks the plan for whoever runs it (the
        helper refuses a plan for another user), so on a simulated machine its user is swapped for the caller."""
        p = self.plan
        if p is None or not dry_run or self.report is None or not caller or caller == p.choices.user:
            return p, ""
        swapped = build_plan(self.report, replace(self.choices, user=caller), self.facts)
        return swapped, swapped_user_note(caller, p.choices.user)

    def script(self) -> str:
        """The plan as a shell script, in English as `rocmdesk plan --format script` writes it (for sharing)."""
        if self.plan is None or self.report is None:
            return ""
        # step titles and reasons are built in the language of the moment; other threads keep the window's
        with i18n.speaking(i18n.SOURCE_LANGUAGE, this_thread=True):
            return render(build_plan(self.report, self.choices, self.facts), "script")

    # -- the machine step -----------------------------------------------------------------------------------------
    def findings_note(self) -> str:
        if self.plan is None:
            return ""
        if self.plan.findings:
            return translate("SetupPage", "What rocmdesk found, for the choices on the next page (they update when you "
                                          "change them).")
        return translate("SetupPage", "Nothing stands in the way of these choices.")

    def findings(self) -> list[Finding]:
        """The plan's findings with their fixes in the window's terms."""
        if self.plan is None:
            return []
        session = self._session_notes()
        out = []
        for f in self.plan.findings:
            if f.id == "gpu-override":
                f = replace(f, fix=self.override_fix())
            elif f.id in session:
                f = replace(f, fix=session[f.id])
            else:
                f = replace(f, fix=window_fix(f.fix))
            out.append(f)
        return out

    def _session_notes(self) -> dict[str, str]:
        """The fixes of the "your session sets the override" findings, from the advice the core judged them by."""
        report, p = self.report, self.plan
        if report is None or p is None or not report.override_env or not report.gpus:
            return {}
        try:
            a = advise(report, context_for(report, rocm=p.choices.release.version if p.choices.release else None))
        except AdviceError:
            return {}
        advised = override_pairs(a.env)
        return {f"session-{n.code}": session_fix(n.var, n.code, advised, n.wanted is not None)
                for n in a.notes if n.value is not None}

    def override_fix(self) -> str:
        """The fix of the "only with an override" finding (the system ROCm's list), in the advice's terms: what
        PyTorch on this machine needs, which is what the Environments presets set."""
        a = self.choice_advice()
        if a is None:
            return ""
        pairs = override_pairs(a.env)
        system = self.choices.scope != "pytorch"
        if pairs:
            return translate("SetupPage", "The recommended PyTorch wheels need {pairs} too; a profile on the "
                                          "Environments page sets it per project.").format(pairs=pairs) if system \
                else translate("SetupPage", "This scope installs no system ROCm. The recommended PyTorch wheels need "
                                            "{pairs}; a profile on the Environments page sets it per project.").format(
                    pairs=pairs)
        if a.status != "supported":
            return translate("SetupPage", "For PyTorch, the advice for this machine is: {headline}.").format(
                headline=self.words.machine_headline(a))
        path = self.words.path(a.path)
        if system:
            return translate("SetupPage", "Only programs built against the system ROCm need it. PyTorch needs no "
                                          "override here: {path} run this GPU natively, so the Environments presets "
                                          "set none.").format(path=path)
        return translate("SetupPage", "This scope installs no system ROCm, so this does not apply: PyTorch needs no "
                                      "override here ({path} run this GPU natively).").format(path=path)

    # -- the choices step ------------------------------------------------------------------------------------------
    def scope_notes(self) -> dict[str, str]:
        """What each scope installs from the chosen release's stream (TheRock names its own packages)."""
        from rocmdesk.setup.recipe import SCOPES

        p = self.plan
        stream = p.choices.release.stream if p is not None and p.choices.release is not None else None
        return {scope: scope_meaning(scope, stream) for scope in SCOPES}

    def release_reason(self) -> str:
        report, p = self.report, self.plan
        if report is None or p is None:
            return ""
        r = p.choices
        rel = r.release
        if rel is None:
            return sentence(r.rocm_why)
        if self.choices.rocm is None:
            return translate("SetupPage", "Recommended: {reason}.").format(reason=r.rocm_why)
        os_name = report.os.pretty_name or translate("SetupPage", "this OS")
        fit = os_fit(rel, report)
        if fit == "listed":
            text = translate("SetupPage", "AMD lists ROCm {version} for {os}.")
        elif fit == "repo":
            text = translate("SetupPage",
                             "AMD does not list {os} for ROCm {version}, but one of its repositories fits.")
        else:
            text = translate("SetupPage", "ROCm {version} has no apt repository for {os}; a plan that installs it is "
                                          "blocked.")
        text = text.format(version=rel.version, os=os_name)
        # what this release means for the GPUs is the advice's to say (the box above, judged by its list)
        if rel.preview:
            text += " " + translate("SetupPage", "It is a technology preview.")
        return text

    def choice_advice(self) -> MachineAdvice | None:
        """The advice for the release chosen here: the machine's own (``report.advice``, what the Overview shows)
        unless the user picked another release than the installed one, which is another context."""
        report = self.report
        if report is None:
            return None
        chosen = self.choices.rocm
        if (chosen is None or chosen == report.rocm.primary_version) and report.advice is not None:
            return report.advice
        try:
            return advise(report, context_for(report, rocm=chosen))
        except AdviceError:
            return report.advice

    def advice_lines(self, a: MachineAdvice) -> tuple[str, str, str]:
        """The advice box: the headline; the details (the device mask, the driver fact, the other ways, the list
        cited, where to go next); what to do about the variables in effect."""
        headline = translate("SetupPage", "{headline}.").format(headline=self.words.machine_headline(a))
        details = []
        devices = self.words.devices(a)
        if devices:
            hidden = ", ".join(g.name or g.gfx or "" for g in self.report.gpus if g.index in a.hidden) \
                if self.report is not None else ""
            details.append(translate("SetupPage", "{devices} keeps the integrated {gpus} out of the ROCm "
                                                  "runtime.").format(devices=devices, gpus=hidden))
        if "driver" in a.why:
            details.append(a.why["driver"])
        ga = a.gpus.get(a.deciding) if a.deciding is not None else None
        for alt in ga.alternatives if ga is not None else []:
            details.append(translate("SetupPage", "Another way: {way}.").format(way=self.words.alternative(alt)))
        details.append(translate("SetupPage", "Judged by {cited}. The PyTorch page installs these wheels; a profile on "
                                              "the Environments page sets the variables.").format(
            cited=self.words.cited(a.rocm_cited)))
        notes = [self.words.note(n) for n in a.notes if n.code != "override-missing"]
        return headline, "\n".join(details), "\n".join(notes)

    def advice_view(self) -> AdviceView | None:
        """The advice box, or None to hide it (no machine, or no AMD GPU to advise on)."""
        a = self.choice_advice()
        if a is None or a.status == "no-gpu":
            return None
        headline, details, notes = self.advice_lines(a)
        ga = a.gpus.get(a.deciding) if a.deciding is not None else None
        return AdviceView(headline=headline, headline_tip=capital(ga.reason) if ga is not None else "",
                          details=details, notes=notes,
                          notes_tip="\n".join(n.message for n in a.notes if n.code != "override-missing"))

    def choices_view(self) -> ChoicesView:
        p = self.plan
        scope_note = translate(
            "SetupPage", "PyTorch’s ROCm wheels carry their own ROCm libraries, so this scope installs no system "
                         "ROCm: the release matters only when the kernel driver is installed.") \
            if self.choices.scope == "pytorch" else ""
        view = ChoicesView(self.release_reason(), scope_note, has_plan=p is not None)
        if p is not None:
            apt, user = p.choices.needs_apt, p.choices.user
            view.dkms, view.dkms_why = p.choices.dkms, dkms_why_text(p.choices.dkms_why)
            view.cleanup, view.cleanup_enabled, view.cleanup_why = p.choices.cleanup and apt, apt, cleanup_why(apt)
            view.user_note = translate("SetupPage", "The group step is for {user}, the user rocmdesk found signed "
                                                    "in.").format(user=user) if user else \
                translate("SetupPage", "The user could not be told.")
        return view

    # -- the review step -----------------------------------------------------------------------------------------
    def review_view(self) -> ReviewView | None:
        p = self.plan
        if p is None:
            return None
        c = p.choices
        if not c.needs_apt:
            release = translate("SetupPage", "no system ROCm")
        elif c.release:
            release = translate("SetupPage", "ROCm {version} ({stream})").format(version=c.release.version,
                                                                                 stream=c.release.stream)
        else:
            release = translate("SetupPage", "no ROCm release")
        scope = without_marker(scope_title(c.scope))
        driver = translate("SetupPage", "install amdgpu-dkms") if c.dkms else translate("SetupPage", "no driver change")
        summary = capital(translate("SetupPage", "{release} · {scope} · {driver} · for {user}").format(
            release=release, scope=scope, driver=driver, user=c.user or translate("SetupPage", "unknown user")))
        todo = len(p.todo)
        counts = translate("SetupPage", "{todo} of {total} steps to do ({root} as root); {done} done already. "
                                        "Open a step to see its exact command.").format(
            todo=todo, total=len(p.steps), root=sum(1 for s in p.todo if s.root), done=len(p.steps) - todo)
        blockers = [f for f in p.findings if f.severity == "blocker"]
        blocked = translate("SetupPage", "The plan is blocked; it cannot run until this is fixed:") + "\n" + \
            "\n".join(f"• {f.title}" for f in blockers) if blockers else ""
        steps = []
        for n, step in enumerate(p.steps, 1):
            try:
                commands = "\n".join(step_commands(step, None))
            except ValueError as exc:
                commands = str(exc)
            steps.append(StepView(n, step.title, capital(step.why), step.root, "done" if step.done else "todo",
                                  commands))
        return ReviewView(summary, counts, blocked, steps)

    # -- the result step -------------------------------------------------------------------------------------------
    def next_steps(self, o: RunOutcome, run_plan: Plan | None) -> list[str]:
        """What to do after a run that went well: reboot for a new driver, PyTorch, the override, the advice's
        notes."""
        out: list[str] = []
        if run_plan is None:
            return out
        if any(s.id == "install-driver" and not s.done for s in run_plan.steps) and not o.dry_run:
            out.append(translate("SetupPage", "Reboot, so the amdgpu-dkms driver is the one that loads."))
        out.append(translate("SetupPage", "Install PyTorch for ROCm into a virtual environment: the PyTorch page picks "
                                          "the right wheel for this GPU."))
        a = self.choice_advice()
        pairs = override_pairs(a.env) if a is not None else ""
        if pairs:  # the advice's override, the value the Environments presets set
            out.append(translate("SetupPage", "The recommended wheels need {pairs} on this machine: a profile on the "
                                              "Environments page sets it per project.").format(pairs=pairs))
        for note in a.notes if a is not None else []:
            if note.code != "override-missing":
                out.append(translate("SetupPage", "{note}.").format(note=capital(self.words.note(note))))
        return out

    def result_view(self, o: RunOutcome, run_plan: Plan | None, blocker: str | None,
                    row_states: dict[str, str]) -> ResultView:
        kind, title, detail = outcome_text(o, run_plan, blocker)
        resumable = kind == "failed" and o.start_error is None or kind == "stopped" or \
            (kind == "nochange" and o.exit_code in (ev.PKEXEC_DISMISSED, ev.PKEXEC_NOT_AUTHORIZED))
        relogin = relogin_text(o, run_plan, self.report, row_states) \
            if kind == "ok" or (kind == "failed" and o.saw_plan) else None
        return ResultView(
            kind=kind, title=title, detail=detail,
            failure=failure_view(o.failed, run_plan) if o.failed is not None else None,
            resumable=resumable and run_plan is not None,
            resume_label=translate("SetupPage", "&Try again") if kind == "nochange" else translate("SetupPage",
                                                                                                    "R&esume"),
            relogin=relogin, next_steps=self.next_steps(o, run_plan) if kind == "ok" else [], pytorch=kind == "ok")


def cleanup_why(apt: bool) -> str:
    if apt:
        return translate("SetupPage", "Purges their packages, removes their /opt/rocm-* trees and old repository "
                                      "lists, so two ROCm versions never mix.")
    return translate("SetupPage", "Only with Runtime or SDK: the PyTorch scope installs no system packages, so it "
                                  "leaves other versions alone.")
