<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name></name>
    <message>
        <source>{n} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{h} h {m} min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU {index} ({name})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMD GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{who} is asleep (runtime power management). rocmdesk does not read it, because reading would wake it; its plots have a gap until a program uses it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{who} vanished at {when}: its device is gone (unplugged, reset, or the driver let go of it). Watching for it to come back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{who}: none of its sensors could be read ({why}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no reason given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{who} came back at {when} after {away} away; the gap in its plots is that time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU {i}: junction {v:.0f} °C has reached its critical {lim:.0f} °C: the GPU slows itself down to cool off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU {i}: junction {v:.0f} °C is near its critical {lim:.0f} °C. Check the airflow and the fan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU {i}: VRAM {v:.0f} % full: the next allocation may fail with &quot;out of memory&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU {i}: drawing {v:.0f} W at its {lim:.0f} W cap: its clocks are held back by power.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU {i}: VRAM grew by {mib:.0f} MiB in {mins:.0f} minutes while the GPU was idle: a process may be leaking memory (see Processes).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CommandRow</name>
    <message>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the command to the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy {what}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DoctorFindingCard</name>
    <message>
        <source>The finding&apos;s id, for searching and bug reports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seen:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… and {n} more lines (all of them are in the saved report)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix (rocmdesk can do it for you):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n}. {text}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the command of fix step {n}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Review the fix&apos;s steps and exact commands; nothing changes until you run it, with one password prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix: {title}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source: {source}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blocker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DoctorPage</name>
    <message>
        <source>Doctor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Known failures, each with a stable id, the evidence that was seen and how to fix it — matched against this machine, or against output pasted from another one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Check again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run every check on the machine again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;ancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop waiting for the check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every finding with its evidence and fix, as Markdown (or JSON when the file name ends in .json), to attach to a bug report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Include &amp;host and user names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off: the report leaves out this computer&apos;s name and your user name, so it can be shared as it is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diagnose pasted output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste an error message, or the output of rocminfo, rocm-smi, amd-smi, PyTorch&apos;s collect_env, lspci or dmesg — from this machine or another one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Text:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. RuntimeError: HIP error: invalid device function</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Text to diagnose</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Diagnose</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Look for known failures in the text (pasting does it by itself)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diagnose a saved log or tool output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;lear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Empty the box and drop the pasted text&apos;s findings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the simulated machine {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the machine tree at {root}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking {where}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The check was cancelled; Check again starts it anew.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking {where}: {what}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The check failed: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the pasted text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading {label}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diagnose a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logs and tool output (*.txt *.log *.json *.out);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rocminfo output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rocm-smi output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>amd-smi output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch collect_env report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lspci output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kernel log (dmesg or journalctl)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python traceback</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rocmdesk PyTorch check (JSON)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rocmdesk sanity check (JSON)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>text in no format rocmdesk knows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From {label}: could not be read ({error})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From {label}: in no format rocmdesk knows, so it was searched for known error messages only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From {label}, recognized as {format}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not diagnose {label}: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no known problem in it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 finding, shown in the list.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} findings, shown in the list.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seen on {where}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from Setup&apos;s checks before installing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from the PyTorch page&apos;s check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from the Sanity check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from {label}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The command is on the clipboard.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} error(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} warning(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} note(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From the Sanity check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The checks of this machine did not show this failure; it was seen in the Sanity check&apos;s run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pasted text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not diagnose it: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From {label} ({format})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No known problem found in it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The machine: {where}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detection failed: {error}. The Overview page has the details; Refresh tries again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for the machine to be read…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not checked yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✓ No known problem found on {where}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What was checked:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rocmdesk looked for {n} known failures, among them: {titles}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>— {where}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading {where}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diagnosing {label}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No known problem found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} finding(s) on {where}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rocmdesk knows no finding {id}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the Doctor&apos;s report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Markdown (*.md);;JSON (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not save {path}: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved {path}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It names this computer and your user.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host and user names are left out.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EnvironmentsPage</name>
    <message>
        <source>Environments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A profile keeps one project’s venv and GPU variables together. Applied, its variables are set when you activate the venv and put back as they were when you deactivate it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Project</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Venv</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Torch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Variables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hooks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profiles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A new profile, filled in with what this machine needs (Ctrl+N)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>D&amp;uplicate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A new profile with this one’s folders and variables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the profile (its file is kept as a .bak); the venv stays</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Apply to the venv</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the variables into the venv’s activate scripts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Remove from the venv</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take the variables out of the activate scripts again, byte for byte</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E&amp;xport</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the profile as .envrc (direnv), .env or a Jupyter kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>.envrc for direnv, in the project folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>.env, in the project folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jupyter kernel (needs ipykernel in the venv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a &amp;terminal here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A terminal in the project folder running rocmdesk shell with this profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;PyTorch…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install or verify torch in this profile’s venv</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the command to run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nam&amp;e:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>letters, digits, . _ - (e.g. my-project)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pro&amp;ject folder:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse for the project folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Venv:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse for the venv</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>N&amp;otes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add var&amp;iable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove varia&amp;ble</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Presets from this mac&amp;hine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Variable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discard chan&amp;ges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the profile (Ctrl+S); applied hooks are rewritten</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>— profiles in {dir}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No profiles yet. New starts one with what this machine needs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (simulated machine)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last verify {when}: {title} (torch {torch})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no venv yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{venv} does not exist; the PyTorch page creates it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no torch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The venv has no torch installed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{torch} · not checked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not verified yet: the PyTorch page runs the probe in the venv</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>applied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing: apply again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no venv</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not applied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot be read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discard changes?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The profile you were editing has unsaved changes. Discard them?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A profile’s name cannot change; Duplicate makes a copy under a new name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New profile (a copy of {name})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This profile’s file cannot be read, so it cannot be edited here: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(the machine is not detected yet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(nothing to set: no AMD GPU found)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All of them ({n})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give the variable a name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty row: ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{key} is set twice; keep one row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the profile a name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A profile called {name} exists already.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the project folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the venv.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 problem to fix before saving: {first}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} problems to fix before saving; the first: {first}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Valid, with {n} warning(s): see the Check column.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every value is valid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No variables: the profile only picks the venv.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The project folder does not exist yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The venv does not exist yet: the PyTorch page creates it and installs torch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the profile, then Apply writes its variables into the venv’s activate scripts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Applied to {venv}: {scripts}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The hooks are missing or out of date (was the venv upgraded or recreated?): Apply writes them again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The venv does not exist any more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not applied: activating the venv does not set these variables yet (rocmdesk shell and the terminal button set them anyway).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created profile {name} ({path}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved profile {name}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its hooks were taken out of {venv}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hooks rewritten:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not saved: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>restored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not there (skipped)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kept (another profile’s block)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete profile {name}? Its file is kept as {name}.toml.bak; the venv and the project are not touched.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its variables are taken out of the venv’s activate scripts first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the profile?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hooks taken out:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not deleted: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deleted profile {name}; its last version is kept in {path}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save or discard the changes first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not applied: fix the variables marked ✗ first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not applied: {venv} is not a venv yet. Create it on the PyTorch page (PyTorch… above), then apply.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not applied: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile {name} applied to its venv’s activate scripts:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activate it as usual (fish: activate.fish, csh: activate.csh); deactivate puts the previous values back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{venv} does not exist: there are no hooks to take out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not removed: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The hooks of profile {name} were taken out; each script is as it was before:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ipykernel is not installed in {venv}; install it, then export again:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace the file?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{path} exists and was not written by rocmdesk. Replace it?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not exported: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote {path}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>direnv loads it once you allow it:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jupyter lists it as “Python ({name}, rocmdesk)”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⚠ {warning}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{venv} is not a venv yet, so rocmdesk shell cannot start in it. Create it on the PyTorch page first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No terminal emulator was found (tried {names}). Run this in a terminal:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{terminal} did not start. Run this in a terminal:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started {terminal} in {folder} with profile {name}; exit the shell to leave it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FindingCard</name>
    <message>
        <source>The finding&apos;s id, for searching and bug reports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seen: {evidence}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix: {fix}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blocker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FixReviewDialog</name>
    <message>
        <source>Review the fix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix: {title}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>These are the steps of the fix and their exact commands. Nothing changes until you press Run: it asks for your password once, then rocmdesk&apos;s helper — the same one Setup uses — runs the {root} step(s) to do as root, each checked before and after.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%v of %m steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The helper&apos;s output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run with one password prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save as script…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The fix as a bash script to read and run by hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cop&amp;y script</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the fix&apos;s bash script to the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is a simulated machine, not this computer: nothing here can be fixed. The script shows what the fix would run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is a captured machine tree, not this computer: take the script to that machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The root helper is not installed system-wide (rocmdesk was installed with pip), so rocmdesk cannot run the fix with one password prompt: pkexec runs only a helper that root owns. Save the script, read it, and run it yourself with “bash FILE”; it asks sudo for the root steps only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every step of this fix is done already.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the fix as a script</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shell scripts (*.sh);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not save {path}: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved {path}. Read it, then run it as yourself: bash {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The script is on the clipboard.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for your password…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running: {title}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The helper refused the plan: {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The helper could not be started; nothing was changed. Reason: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped. Steps that finished stay done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You dismissed the password prompt; nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not authorized, or no password agent is running; nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The helper refused the plan; nothing was changed. {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A step failed: {message}. The steps after it did not run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The fix ran; every step is done. The Doctor checks the machine again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The helper ended with exit status {code}.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GpuCard</name>
    <message>
        <source>No verdict was made for this GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sources:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Supported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Works with override HSA_OVERRIDE_GFX_VERSION={value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Works with an override of HSA_OVERRIDE_GFX_VERSION</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Risky</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsupported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown AMD GPU (device {id})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown AMD GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Instinct accelerator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workstation (Radeon PRO)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Integrated (APU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discrete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU {index}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>partition {n}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{physical} (reported as {reported})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gfx target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shared memory carve-out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>VRAM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PCI slot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Render node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Power</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asleep; rocmdesk does not wake it to read more</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LanguageMenu</name>
    <message>
        <source>Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rocmdesk will speak {language} from its next start. A job is running now, so the window stays as it is.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rocmdesk will speak {language} from its next start. Restart the window now?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Later</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System ({language})</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MachineBanner</name>
    <message>
        <source>Back to the real machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulated machine: {description} — nothing here is your real computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the machine tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Captured machine tree: {root} — not this computer</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Setup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Environments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sanity check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Setup will plan the ROCm install for this machine, show every step, and run it with one password prompt.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch will pick the right ROCm wheel for this GPU, install it into a virtual environment and check from inside it that the GPU is seen.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Environments will keep one virtual environment and GPU settings (such as HSA_OVERRIDE_GFX_VERSION) per project, and switch between them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Monitor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Monitor will show live temperature, power, memory, load and clocks for each GPU and process, with history and alerts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sanity check will run a short real training job on the GPU and report its speed, its memory use and whether the loss falls.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Doctor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Doctor will match known failures against this machine, or against output pasted from another one, and say how to fix them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Explore a &amp;simulated machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the real machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none available)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MetricPlot</name>
    <message>
        <source>paused: drag to pan, scroll to zoom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no data yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>latest</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MonitorPage</name>
    <message>
        <source>Monitor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking at the machine…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The machine could not be read</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MonitorView</name>
    <message>
        <source>Looking at the machine…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU to show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hold the plots still to look closer (drag to pan, scroll to zoom); sampling goes on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the time range in view as a CSV file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export P&amp;NG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the plots as a picture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last {n} min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last {n} h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Processes using the GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>VRAM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only your own processes are listed: other users&apos; are hidden from you.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No AMD GPU to watch on this machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (partition {n})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read from sysfs every {s:g} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read through {tool} every {s:g} s (sysfs has nothing to read here)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(since {t})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU {i}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU {i} (edge)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>junction critical</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No process of yours holds memory on this GPU (other users&apos; processes are hidden from you).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write {path}: {why}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved {path}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MonitorWindow</name>
    <message>
        <source>rocmdesk monitor — {host}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OverviewPage</name>
    <message>
        <source>Overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Look at the machine again (F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the simulated machine {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the machine tree at {root}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking at {where}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>— {where}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detection failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Press Refresh to try again. If it fails again, run “rocmdesk detect --json” in a terminal; its output and the details below help a bug report.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set in the environment rocmdesk sees; under them the runtime reports a different gfx target.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU overrides in effect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ROCm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU access</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an unknown date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdicts use rocmdesk’s knowledge as of {date}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report source: {source}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No AMD GPU found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rocmdesk found no AMD GPU on {where}: none in the kernel’s GPU compute list (/dev/kfd topology) or among the display devices. If there should be one, check below that the amdgpu driver is loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulated machines are not available in this installation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You can still see what rocmdesk does by exploring a simulated machine. Nothing on this computer changes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Explore a simulated machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operating system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Codename</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMD repository codename</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none known for this system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WSL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes: ROCm on WSL uses the Windows driver</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Container</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{state} (from {how})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>amdgpu driver</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>amdgpu-dkms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>installed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not installed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{version} at {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Installed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 ROCm package (dpkg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} ROCm packages (dpkg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Packages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMD apt repository</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not configured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Left over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rocminfo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>available</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch’s ROCm wheels carry their own ROCm libraries: PyTorch alone needs only the amdgpu driver and access to /dev/kfd, not a system ROCm install.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>opens read-write</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>does not open: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>opening not tried (not this computer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Groups in this session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not checked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Render nodes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{first} and {last}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no /dev/kfd in this container: start it with “--device /dev/kfd --device /dev/dri”, on a host whose amdgpu driver is loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no /dev/kfd: it appears when the amdgpu driver is loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You were added to {groups} but you must log out and in again before it takes effect (“newgrp render” fixes one terminal).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not in the group {groups}, so the GPU will not open. Add yourself, then log out and in again:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not in the groups {groups}, so the GPU will not open. Add yourself, then log out and in again:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This user can open the GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This user cannot open the GPU yet; see the rows above.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PasteBox</name>
    <message>
        <source>{size} pasted: too long to show here, it is diagnosed as a whole. Clear it to paste something else.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlaceholderPage</name>
    <message>
        <source>Not built yet.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PyTorchPage</name>
    <message>
        <source>PyTorch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch &amp;version:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recommended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pin another torch release; the recommendation says what it means for this GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inde&amp;x or mirror:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the recommended index (leave empty)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A mirror of the wheel index, e.g. your company&apos;s proxy; it must serve the same wheels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install into a virtual environment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Profile:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An Environments profile: its venv, and its variables when verifying</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>V&amp;env folder:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An existing venv, or a folder where a new one is created</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What Install runs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The commands Install runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Install</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create the venv if needed and install the wheels into it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop pip; running Install again finishes what was started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ve&amp;rify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run a probe with the venv&apos;s python and judge what torch sees</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keep the variables in a profile…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A new Environments profile for this venv with the variables this GPU needs, so every shell gets them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What pip does appears here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not verified yet: Verify runs a probe inside the venv (torch version, HIP, the devices it sees, its arch list, a small matmul checked against the CPU).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>— the simulated machine {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>— the machine tree at {root}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>— this computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking at the machine…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detection failed: {error}. The Overview page has the details.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No machine has been looked at yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>simulated machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>captured machine tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This recommendation is for the {what}’s {gpu}, not for this computer’s GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This recommendation is for the {what}, which has no AMD GPU, not for this computer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install still works for real: it creates the venv and downloads the wheels on this computer, into the folder below (a throwaway folder is a good idea).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rocmdesk could not make a recommendation: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the venv folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a folder for the venv.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An existing venv with torch {version}; Install replaces it with the version above.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An existing venv without torch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This folder exists but is not a venv: Install creates one in it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A new venv is created here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install is off: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No AMD GPU was found, so there is nothing to pick wheels for; choose a torch version above to install one anyway.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disk: {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The whole log: {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not started: {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopping pip…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking the disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Creating the venv</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preparing pip</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resolving</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Downloading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Installing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Downloading {file}: {done} of {total}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Downloading {file}: {done}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>({all} downloaded in all)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The install stopped with an error: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing downloaded (all from the cache or there already)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} downloaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Installed into {venv} in {s:.0f} s; {got}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled. The venv may be half-installed: Install again finishes it (what was downloaded is not fetched again).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The install failed: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Installed. Press Verify to run the probe in the venv (on this computer; its verdict is judged against the simulated machine).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checked with the variables of profile {name}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checked with profile {name}, which sets no variables.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checked with {pairs} from the recommendation; your shells need it too (a profile keeps it).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verifying {venv}… (the probe imports torch inside the venv; the first time can take a while)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The probe could not be run: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU {n}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Judged against the simulated machine’s GPU, not this computer’s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The probe ran with {python}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A saved probe report for {where}.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RecommendationCard</name>
    <message>
        <source>No AMD GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} ({gfx})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The exact command (into an activated venv):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the pip command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When you use the venv, set {pairs}: a profile on the Environments page keeps it in the venv&apos;s activate scripts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⚠ {warning}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sources:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Supported by these wheels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Works with override HSA_OVERRIDE_GFX_VERSION={value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Works with an override</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Risky: no wheel serves this GPU reliably</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsupported: no wheel in rocmdesk&apos;s data serves this GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No AMD GPU found: the newest stable wheels, for a machine that has one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Override</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System ROCm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mirror</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch&apos;s own index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMD&apos;s per-family index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>your index or mirror</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the newest on the index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torchvision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wheel&apos;s ROCm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needed: {pairs}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not needed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Variables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extra index</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SanityGpuPanel</name>
    <message>
        <source>GPU now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Watching starts when the page is shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU metrics are not available: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No machine to watch yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No AMD GPU to watch on this machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the GPU failed: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>VRAM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>temp.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU {n}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SanityPage</name>
    <message>
        <source>Sanity check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A short real training run inside the venv: device facts, a matmul and a convolution checked against the CPU, FP32 and AMP training whose loss must fall, and an all-reduce when there are two or more GPUs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no PyTorch environment to check yet. Install PyTorch into a venv on the PyTorch page, or keep a venv in a profile on the Environments page; or choose a venv folder below.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open PyTorch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Environments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What to check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Profile:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An Environments profile: its venv, and its variables for the run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>V&amp;env folder:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a folder with bin/python and torch in it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Size:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tiny (seconds)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ResNet-50-like (GPU only, indicative timing)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;teps:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training steps in each of the FP32 and AMP phases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Device:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Auto (the GPU when torch sees one)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU (says nothing about the GPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the check with the venv&apos;s python</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the run (its processes are ended)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not run yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throughput: —</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>training step (FP32, then AMP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The loss of every training step appears here during a run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss curve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a profile or a venv folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a venv folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A check is running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No python in {venv} (bin/python is missing): choose a venv folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The ResNet-50-like size runs on a GPU only: choose Tiny, or Device: Auto.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On the CPU the check shows that torch trains, but nothing about the GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs {python}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>with the variables of profile {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{where}; torch {version}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{where}; no torch found in this venv (install it on the PyTorch page).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>— runs on this computer (the machine shown is the simulated {name})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>— runs on this computer (the machine shown is the tree at {root})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>— this computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The simulated machine’s GPUs, not the ones this run uses.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none: the venv folder below)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the venv folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting {python}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopping the check…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch {torch}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on {device}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{size}, {steps} steps per training phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on the CPU, not the GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{phase} {rate:,.0f} samples/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMP ×{x:.2f}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throughput: {rates}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tiny</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ResNet-50-like</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The check could not be run: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{summary} — {info}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The result is below.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No training step ran.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The check passed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The check failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The check hung and was stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The check was cancelled</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SanityPhases</name>
    <message>
        <source>Device facts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Numeric check (GPU against CPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP32 training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMP training (autocast + GradScaler)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Multi-GPU all-reduce</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{phase} progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(counted as hung after {t:.0f} s without progress)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step {i} of {n}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loss {loss:.3f}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{rate} samples/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>passed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{s:.1f} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hung: no progress for {t:.0f} s, stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hung: no progress, stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped: the check ended here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not run</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SanityResultCard</name>
    <message>
        <source>Cancelled before any phase ended; nothing was judged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled during {phase}; nothing was judged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{phase} made no progress within its time limit, so the check stopped it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every phase passed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every phase that ran passed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>and the loss fell from {a:.3f} to {b:.3f} ({f:.1f}× lower).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{phase} failed: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{phase} failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The check failed: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The loss did not fall enough: {a:.3f} → {b:.3f}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The check failed without saying why.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Doctor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Environments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open PyTorch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Monitor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Press Start to run the check again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This wheel has no kernels for your GPU — see Doctor: {finding}. A wheel built for the GPU’s gfx target, or the right HSA_OVERRIDE_GFX_VERSION in the profile, fixes it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The GPUs did not finish the all-reduce (RCCL). Hints: run again with NCCL_DEBUG=INFO in the profile to see where RCCL stops; limit HIP_VISIBLE_DEVICES to two GPUs at a time to find the pair that hangs; NCCL_P2P_DISABLE=1 shows whether peer-to-peer transfers are the cause; the IOMMU (iommu=pt) and PCIe ACS settings of the board are common culprits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On the first run on a GPU, MIOpen may spend minutes finding and compiling kernels; it caches them, so run the check again. If it hangs again, Doctor can help.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The torch in this venv ({torch}) is a CPU-only build: install a ROCm wheel on the PyTorch page.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch in this venv sees no GPU. Verify on the PyTorch page says why (often access to /dev/kfd, or a missing HSA_OVERRIDE_GFX_VERSION).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The GPU ran out of memory: close other programs that use it (the Monitor page lists them), or choose the Tiny size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The GPU’s results differ from the CPU’s. A wrong HSA_OVERRIDE_GFX_VERSION can do this: check the profile’s variables.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch in this venv trains on the CPU. Choose Device: Auto to check the GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This venv is ready for training on the GPU. The Monitor page shows the GPU while your own jobs run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Doctor can match the error against known failures.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ran on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped: {why}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{rate:,.0f} samples/s ({s:.1f} s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMP speedup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>×{x:.2f} over FP32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>({f:.1f}× lower)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss, first → last</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} allocated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} reserved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time to first step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{s:.2f} s (loading kernels; MIOpen’s search on a GPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ResNet-50-like: indicative only; compare with figures others quote for the same batch and precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Passed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hung in {phase}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ran on the CPU, not on the GPU: this result says nothing about the GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ran on the CPU, not on the GPU: torch found no GPU to use, so this result says nothing about the GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next: {text}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SetupPage</name>
    <message>
        <source>Setup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt; &amp;Back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The previous page (Alt+B)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Next &gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The next page (Alt+N); nothing changes until you run the plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n}. {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>— {where}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The plan is running; the other pages stay as they are until it ends.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing changes on the machine until you run the plan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the simulated machine {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the machine tree at {root}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Before you start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown AMD GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gfx unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} ({gfx})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{count} × {name} ({gfx})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No AMD GPU found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown OS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kernel {release}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ROCm {version} installed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ROCm of unknown version installed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no system ROCm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>user {user}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What rocmdesk found, for the choices on the next page (they update when you change them).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing stands in the way of these choices.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking at {where}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detection failed: {error}. The Overview page has the details; Refresh tries again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No machine has been looked at yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rocmdesk could not build a plan for this machine: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;PyTorch only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R&amp;untime</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;SDK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What to install</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ROCm release</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Release:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Driver and old versions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install AMD&apos;s amdgpu-&amp;dkms kernel driver</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove &amp;other ROCm versions first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Purges their packages, removes their /opt/rocm-* trees and old repository lists, so two ROCm versions never mix.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recommended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>installed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TheRock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>preview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no repository for this OS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{version} — {notes}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recommended: {reason}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this OS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMD lists ROCm {version} for {os}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMD does not list {os} for ROCm {version}, but one of its repositories fits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ROCm {version} has no apt repository for {os}; a plan that installs it is blocked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not every GPU here is on its list.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It is a technology preview.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch’s ROCm wheels carry their own ROCm libraries, so this scope installs no system ROCm: the release matters only when the kernel driver is installed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your choice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only with Runtime or SDK: the PyTorch scope installs no system packages, so it leaves other versions alone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The group step is for {user}, the user rocmdesk found signed in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The user could not be told.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show all &amp;commands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save as script…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The plan as a bash script to read and run by hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cop&amp;y script</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the plan&apos;s bash script to the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In the commands, “as_root” runs a command as root: the helper runs those steps for you, and the saved script asks sudo for them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ROCm {version} ({stream})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no ROCm release</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>install amdgpu-dkms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no driver change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{release} · {scope} · {driver} · for {user}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{todo} of {total} steps to do ({root} as root); {done} done already. Open a step to see its exact command.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The plan is blocked; it cannot run until this is fixed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The plan has no steps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide all &amp;commands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the plan as a script</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shell scripts (*.sh);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not save {path}: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved {path}. Read it, then run it as yourself: bash {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The script is on the clipboard.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The root helper is not installed system-wide (rocmdesk was installed with pip), so rocmdesk cannot run the plan with one password prompt: pkexec runs only a helper that root owns, never a file you could change. Save the plan as a script, read it, and run it yourself with “bash FILE”; it asks sudo for the root steps only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run with one password prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask for your password once, then run every step to do as root</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dry run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the real helper without root: it checks every step and changes nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the helper</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%v of %m steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The helper&apos;s output appears here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no plan yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is a simulated machine, not this computer: only a dry run is possible.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is a captured machine tree, not this computer: only a dry run is possible.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The plan is blocked (see the Review page): only a dry run is possible.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No system helper is installed: save the script above and run it with sudo.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every step that needs root is done already: running the plan only checks the rest.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run asks for your password once (polkit’s dialog), then rocmdesk’s helper runs the one step to do as root, checked before and after.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run asks for your password once (polkit’s dialog), then rocmdesk’s helper runs the {todo} steps to do as root, each checked before and after; steps done already are skipped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dry run goes through the same helper without root and changes nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The helper checks a plan only for the user who runs it, so a dry run here is for {caller} instead of {user}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The helper checks a plan only for the user who runs it, so this dry run is for {caller} instead of {user}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an unknown user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>— {what} —</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dry run: nothing will change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running the plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for your password…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting the helper…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The helper runs as root, so rocmdesk cannot stop it; it goes on until it finishes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The helper accepted the plan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step {n} of {total}: {title}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>▶ {title}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✓ ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>– skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✗ failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The helper refused the plan: {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>— finished —</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output of the failed step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log out and log in again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What next</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R&amp;esume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the same plan again; steps that are done are skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to &amp;PyTorch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install PyTorch for ROCm into a virtual environment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the &amp;log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan &amp;again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the first page, with the machine as it is now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pkexec is not installed, so rocmdesk cannot ask for the one password it needs; nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install it (Debian and Ubuntu: sudo apt install pkexec; policykit-1 on older releases), or save the plan as a script and run it with sudo.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The helper could not be started; nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps that finished stay done; Resume continues from where it stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It was a dry run: nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You dismissed the password prompt; nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Press Try again to be asked once more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not authorized, or no password agent is running; nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your desktop’s polkit agent shows the password prompt; without one pkexec cannot ask. Log in to a full desktop session, or save the plan as a script and run it with sudo.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The helper refused the plan; nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason: {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The helper could not establish who asked; nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A step failed; the steps after it did not run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step {n} of {total} failed: {title}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The steps before it stay done; the steps after it did not run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run it for real from the Run page, or save the script and run it yourself.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dry run finished; nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The helper accepted the plan and went through every step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Setup finished.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every step is done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The helper stopped unexpectedly.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The helper ended with exit status {code}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The log of this run: {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step {n}: {title}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{message} (exit status {code})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix the cause shown above (an apt error often means no network, a full disk or another package manager running), then press Resume: it runs the same plan again, and the helper skips the steps that are done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You were added to the render and video groups. Groups apply only to new logins, so the GPU opens for you after you log out and in again (“newgrp render” fixes only one terminal).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You are in the render and video groups, but this session started before you were added, so the GPU does not open for you yet. Log out and in again (“newgrp render” fixes only one terminal).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When you run the plan for real it adds you to the render and video groups; then log out and in again so they apply.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reboot, so the amdgpu-dkms driver is the one that loads.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install PyTorch for ROCm into a virtual environment: the PyTorch page picks the right wheel for this GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This GPU needs HSA_OVERRIDE_GFX_VERSION: the Environments page sets it per project.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StepRow</name>
    <message>
        <source>Show the exact command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the command of step {n}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n}. {title}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>as root</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>as you</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs through the root helper</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A check that needs no root</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command of step {n}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✓ done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>to do</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✓ ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✗ failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide the command</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>VerifyCard</name>
    <message>
        <source>The verdict&apos;s stable id, for searching and bug reports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix: {text}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the fix&apos;s command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note: {note}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch runs on the GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A CPU-only build of torch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A CUDA build of torch on an AMD GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The wheel&apos;s ROCm does not fit this system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The wheel has no GPU code for this GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The GPU needs HSA_OVERRIDE_GFX_VERSION</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HSA_OVERRIDE_GFX_VERSION is set but not needed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch sees no GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch is not installed in this environment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The environment does not run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not importable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HIP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU available</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unnamed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{reported}, physically {physical}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{index}: {name} ({arch})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arch list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty: the wheel carries no GPU code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{gfx} is in the arch list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{gfx} is not in the arch list; HSA_OVERRIDE_GFX_VERSION={value} runs it as {target}, which is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{gfx} is not in the arch list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Variables seen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>texts</name>
    <message>
        <source>The monitor could not start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No AMD GPU to watch on this machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rocmdesk found no AMD GPU here (no amdgpu card under /sys/class/drm). If the computer has one, the Overview page says whether the amdgpu driver is loaded.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
