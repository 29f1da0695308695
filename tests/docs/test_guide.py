"""docs/guide.md and its Chinese version stay true to the code: pictures exist, links land, commands parse.

The outputs in the guides were pasted from real runs; this test cannot compare them (numbers and times
change), but it catches the drift that matters most: a renamed option or subcommand, a screenshot or a
troubleshooting section that went away. The Chinese guide must keep up with the English one (the same parts,
the same commands in the same order) and name the app's buttons and pages as the zh_CN catalogue does.
"""

from __future__ import annotations

import re
import shlex
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from rocmdesk import cli

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
GUIDE = DOCS / "guide.md"
GUIDE_ZH = DOCS / "guide.zh_CN.md"
GUIDES = [GUIDE, GUIDE_ZH]
CATALOGUE = ROOT / "resources" / "translations" / "rocmdesk_zh_CN.ts"


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped (CJK letters stay), spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def _headings(path: Path) -> list[tuple[int, str]]:
    """(level, text) of every heading outside code blocks."""
    out = []
    for block, line in _lines(path):
        m = re.match(r"(#{1,6}) (.+)$", line)
        if block is None and m:
            out.append((len(m.group(1)), m.group(2)))
    return out


def _anchors(path: Path) -> set[str]:
    return {_slug(text) for _, text in _headings(path)} | set(re.findall(r'<a id="([^"]+)"', _text(path)))


def _lines(path: Path):
    """(language of the code block the line is in, or None outside one; line), fence lines left out."""
    block = None
    for line in _text(path).splitlines():
        if line.startswith("```"):
            block = line[3:].strip() if block is None else None
            continue
        yield block, line


def _blocks(path: Path) -> list[tuple[str, str]]:
    return re.findall(r"^```(\w*)\n(.*?)^```$", _text(path), re.MULTILINE | re.DOTALL)


def _commands(path: Path) -> list[str]:
    """Every rocmdesk command line a guide shows: '$ rocmdesk ...' in console blocks, 'rocmdesk ...' in sh."""
    out = []
    for block, line in _lines(path):
        if block == "console" and line.startswith("$ rocmdesk "):
            out.append(line[2:])
        elif block == "sh" and line.startswith("rocmdesk "):
            out.append(line)
    return out


def _pictures(text: str) -> list[str]:
    return re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text)


def _parts(path: Path) -> list[str]:
    """The text of each '## ' part (the introduction first)."""
    return re.split(r"^## ", _text(path), flags=re.MULTILINE)


@pytest.mark.parametrize("guide", GUIDES, ids=lambda p: p.name)
def test_every_picture_exists(guide: Path) -> None:
    pictures = _pictures(_text(guide))
    assert len(pictures) >= 10
    for pic in pictures:
        assert (DOCS / pic).is_file(), pic


@pytest.mark.parametrize("guide", GUIDES, ids=lambda p: p.name)
def test_every_link_lands(guide: Path) -> None:
    for target in re.findall(r"(?<!!)\[[^\]]*\]\(([^)]+)\)", _text(guide)):
        if target.startswith("http"):
            continue
        path, _, anchor = target.partition("#")
        doc = DOCS / path if path else guide
        assert doc.is_file(), target
        if anchor:
            assert anchor in _anchors(doc), target


def test_the_guides_link_to_each_other() -> None:
    assert "(guide.zh_CN.md)" in _text(GUIDE)
    assert "(guide.md)" in _text(GUIDE_ZH)


def test_the_guide_shows_every_part_of_the_issue() -> None:
    text = _text(GUIDE)
    for must in ("./run.sh", "--scope", "Resume", "Log out", "torch recommend", "torch verify", "rocmdesk sanity",
                 "profile apply", "activate.fish", "activate.csh", "zsh", "--format envrc", "--format dotenv",
                 "--format jupyter", "rocmdesk run", "rocmdesk shell", "byte for byte", "sha256sum -c",
                 "monitor --gui", "--json", "--csv", "rocmdesk exporter", "scrape_configs", "Pause",
                 "Export CSV", "Processes using the GPU"):
        assert must in text, must


def test_the_chinese_guide_has_the_same_sections() -> None:
    def numbers(path: Path) -> list[tuple[int, str]]:
        return [(level, text.split(" ")[0] if level > 1 else "") for level, text in _headings(path)]

    assert numbers(GUIDE_ZH) == numbers(GUIDE)


def test_the_chinese_guide_shows_the_same_commands_in_the_same_order() -> None:
    en, zh = _blocks(GUIDE), _blocks(GUIDE_ZH)
    assert [lang for lang, _ in zh] == [lang for lang, _ in en]
    for (lang, en_body), (_, zh_body) in zip(en, zh):
        if lang == "console":  # the outputs may be printed in Chinese, the commands stay
            prompts = [[line for line in body.splitlines() if line.startswith("$ ")] for body in (en_body, zh_body)]
            assert prompts[1] == prompts[0]
        else:  # sh, yaml: the same text
            assert zh_body == en_body


def test_the_chinese_guide_links_the_same_troubleshooting_sections() -> None:
    def targets(path: Path) -> set[str]:
        links = re.findall(r"(?<!!)\[[^\]]*\]\(([^)#]+(?:#[^)]*)?)\)", _text(path))
        return {t for t in links if not t.startswith("guide")}

    assert targets(GUIDE_ZH) == targets(GUIDE)


def test_the_chinese_guide_shows_chinese_screenshots() -> None:
    """Each part has at least the English part's pictures, and every picture is a Chinese one: where the English
    guide shows a page in a state (a step, a run, an alert), the Chinese guide shows the same state in Chinese
    (docs/screenshots/zh_CN, drawn by scripts/screenshots_i18n.py, screenshots_sanity.py and
    screenshots_monitor.py with --lang zh_CN)."""
    for en, zh in zip(_parts(GUIDE), _parts(GUIDE_ZH), strict=True):
        assert len(_pictures(zh)) >= len(_pictures(en)), zh.splitlines()[0]
    shown = _pictures(_text(GUIDE_ZH))
    assert [pic for pic in shown if not pic.startswith("screenshots/zh_CN/")] == []
    english = {Path(pic).name for pic in _pictures(_text(GUIDE))}
    chinese = {Path(pic).name for pic in shown}
    # the same states, by the English pictures' names (the Chinese overview, review step, verify card and
    # environments page keep the names screenshots_i18n.py gives a page's default state)
    same_state = {"overview-rx6600xt.png": "overview.png", "setup-review.png": "setup.png",
                  "pytorch-verify.png": "pytorch.png"}
    assert {same_state.get(name, name) for name in english} <= chinese


def _translations() -> set[str]:
    """Every zh_CN translation as the app shows it: without the '(&X)' shortcut or a trailing colon."""
    out = set()
    for tr in ET.parse(CATALOGUE).getroot().iter("translation"):
        if tr.text:
            out.add(re.sub(r"\(&\w\)", "", tr.text).replace("&", "").rstrip("：:"))
    return out


# The app's Chinese names that the Chinese guide uses: pages, steps, buttons, columns, verdicts.
UI_NAMES_ZH = (
    "回到真实机器", "浏览模拟机器", "概览", "gfx 目标", "覆盖", "显卡访问权限", "支持", "有风险", "不支持", "未知",
    "安装配置", "机器", "选项", "检查计划", "运行", "结果", "在您运行计划之前，机器上不会有任何改动。",
    "仅 PyTorch", "运行时", "显示所有命令", "保存为脚本…", "复制脚本", "运行（只需输入一次密码）", "试运行",
    "继续", "注销并重新登录", "原因", "复制", "安装到虚拟环境", "安装", "取消", "验证", "把变量保存到配置中…",
    "训练自检", "设备信息", "数值检查", "FP32 训练", "AMP 训练", "多卡 all-reduce", "开始", "打开“诊断”", "诊断",
    "环境", "新建", "删除…", "应用到虚拟环境", "从虚拟环境中移除", "导出", "在此打开终端", "PyTorch…", "本机预设",
    "检查", "钩子", "监控", "时间范围", "暂停", "导出 CSV…", "导出 PNG…", "使用显卡的进程", "所有显卡",
)


@pytest.mark.parametrize("name", UI_NAMES_ZH)
def test_the_chinese_guide_names_what_the_app_shows(name: str) -> None:
    assert name in _text(GUIDE_ZH), name
    shown = _translations()
    # a label may go on in brackets: "数值检查（显卡对比 CPU）"
    assert name in shown or any(t.startswith(name + "（") for t in shown), f"the app does not show {name!r}"


def test_the_chinese_guide_covers_the_issue_too() -> None:
    text = _text(GUIDE_ZH)
    for must in ("./run.sh", "--scope", "torch recommend", "torch verify", "rocmdesk sanity", "profile apply",
                 "activate.fish", "activate.csh", "zsh", "--format envrc", "--format dotenv", "--format jupyter",
                 "rocmdesk run", "rocmdesk shell", "逐字节", "sha256sum -c", "monitor --gui", "--json", "--csv",
                 "rocmdesk exporter", "scrape_configs"):
        assert must in text, must


def _guide_commands() -> list[tuple[Path, str]]:
    return [(guide, line) for guide in GUIDES for line in _commands(guide)]


@pytest.mark.parametrize(("guide", "line"), _guide_commands(),
                         ids=[f"{g.name}:{line}" for g, line in _guide_commands()])
def test_every_command_parses(guide: Path, line: str) -> None:
    lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    words = []
    for word in lexer:  # the rocmdesk part of a pipeline or a list
        if word in ("|", ";", "&&", "||"):
            break
        words.append(word)
    argv = [a.replace("~", "/home/user") for a in words[1:]]
    parser = cli.build_parser(argv)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse said why on stderr
        pytest.fail(f"{line!r} does not parse (exit {exc.code})")
    assert args.command in cli.COMMANDS
