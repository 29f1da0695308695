<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AdviceWords</name>
    <message>
        <source>Supported</source>
        <translation>支持</translation>
    </message>
    <message>
        <source>Works with an override</source>
        <translation>设置覆盖后可用</translation>
    </message>
    <message>
        <source>Risky</source>
        <translation>有风险</translation>
    </message>
    <message>
        <source>Unsupported</source>
        <translation>不支持</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>No AMD GPU</source>
        <translation>没有 AMD 显卡</translation>
    </message>
    <message>
        <source>supported</source>
        <translation>支持</translation>
    </message>
    <message>
        <source>works</source>
        <translation>可用</translation>
    </message>
    <message>
        <source>risky</source>
        <translation>有风险</translation>
    </message>
    <message>
        <source>unsupported</source>
        <translation>不支持</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>no wheels</source>
        <translation>没有 wheel</translation>
    </message>
    <message>
        <source>AMD&apos;s {family} wheels</source>
        <translation>AMD 的 {family} wheel</translation>
    </message>
    <message>
        <source>the installed torch {torch}</source>
        <translation>已安装的 torch {torch}</translation>
    </message>
    <message>
        <source>torch {torch} from PyTorch&apos;s index</source>
        <translation>PyTorch 索引中的 torch {torch}</translation>
    </message>
    <message>
        <source>PyTorch&apos;s nightly wheels</source>
        <translation>PyTorch 的 nightly wheel</translation>
    </message>
    <message>
        <source>no override</source>
        <translation>无需覆盖</translation>
    </message>
    <message>
        <source>no ROCm release known</source>
        <translation>没有已知的 ROCm 版本</translation>
    </message>
    <message>
        <source>AMD&apos;s list for ROCm {version}</source>
        <translation>AMD 的 ROCm {version} 支持列表</translation>
    </message>
    <message>
        <source>{status}: {path}, {override}</source>
        <translation>{status}：{path}，{override}</translation>
    </message>
    <message>
        <source>{status} with {var}={value}</source>
        <translation>{status}（需设置 {var}={value}）</translation>
    </message>
    <message>
        <source>{status}, no override</source>
        <translation>{status}，无需覆盖</translation>
    </message>
    <message>
        <source>With {path}: {verdict}</source>
        <translation>使用 {path}：{verdict}</translation>
    </message>
    <message>
        <source>{text}, after an amdgpu-dkms driver update to ROCm {rocm} or newer</source>
        <translation>{text}，但需先把 amdgpu-dkms 驱动更新到 ROCm {rocm} 或更新版本</translation>
    </message>
    <message>
        <source>{text}, after an amdgpu-dkms driver update</source>
        <translation>{text}，但需先更新 amdgpu-dkms 驱动</translation>
    </message>
    <message>
        <source>Set {var}={wanted}: it is not set here</source>
        <translation>请设置 {var}={wanted}：这里尚未设置</translation>
    </message>
    <message>
        <source>{var}={value} is set here: change it to {wanted}</source>
        <translation>这里设置了 {var}={value}：请改为 {wanted}</translation>
    </message>
    <message>
        <source>{var}={value} is set here: these wheels need it, but it is risky</source>
        <translation>这里设置了 {var}={value}：这些 wheel 需要它，但有风险</translation>
    </message>
    <message>
        <source>{var}={value} is set here: unset it (it names another GPU generation)</source>
        <translation>这里设置了 {var}={value}：请取消设置（它指向另一代显卡）</translation>
    </message>
    <message>
        <source>{var}={value} is set here: unset it (the advised wheels need no override)</source>
        <translation>这里设置了 {var}={value}：请取消设置（推荐的 wheel 无需覆盖）</translation>
    </message>
    <message>
        <source>Source:</source>
        <translation>来源：</translation>
    </message>
    <message>
        <source>Sources:</source>
        <translation>来源：</translation>
    </message>
    <message>
        <source>and {n} more</source>
        <translation>以及另外 {n} 个</translation>
    </message>
</context>
<context>
    <name>Cli</name>
    <message>
        <source>use a simulated machine (see: rocmdesk simulate list)</source>
        <translation>使用模拟机器（见：rocmdesk simulate list）</translation>
    </message>
    <message>
        <source>print the version and whether the system helper is installed, then exit</source>
        <translation>显示版本以及是否安装了系统辅助程序，然后退出</translation>
    </message>
    <message>
        <source>every step that takes this machine to ROCm, before anything runs</source>
        <translation>在执行任何操作之前，列出让这台机器装好 ROCm 的每一步</translation>
    </message>
    <message>
        <source>run the plan with one password prompt (or --dry-run)</source>
        <translation>只需输入一次密码即可运行计划（或 --dry-run 试运行）</translation>
    </message>
    <message>
        <source>PyTorch wheels for this machine: recommend, install into a venv, verify</source>
        <translation>适合这台机器的 PyTorch wheel：推荐、安装到虚拟环境、验证</translation>
    </message>
    <message>
        <source>per-project venv + environment variables, applied to activate scripts</source>
        <translation>按项目设置虚拟环境和环境变量，写入 activate 脚本</translation>
    </message>
    <message>
        <source>run a command in a profile&apos;s venv and environment, without activating</source>
        <translation>在配置的虚拟环境和环境变量中运行命令，无需激活</translation>
    </message>
    <message>
        <source>start $SHELL with a profile&apos;s venv and environment</source>
        <translation>以配置的虚拟环境和环境变量启动 $SHELL</translation>
    </message>
    <message>
        <source>live GPU temperatures, power, memory, clocks (text, JSON lines, CSV)</source>
        <translation>实时显卡温度、功耗、显存、频率（文本、JSON lines、CSV）</translation>
    </message>
    <message>
        <source>set a GPU&apos;s power cap or performance level, and set it back</source>
        <translation>设置 GPU 的功耗上限或性能级别，并可恢复</translation>
    </message>
    <message>
        <source>serve the live GPU metrics to Prometheus over HTTP</source>
        <translation>通过 HTTP 向 Prometheus 提供实时显卡指标</translation>
    </message>
    <message>
        <source>a short real training run in a venv: AMP, throughput, multi-GPU</source>
        <translation>在虚拟环境中进行一次简短的真实训练：AMP、吞吐量、多卡</translation>
    </message>
    <message>
        <source>known ROCm/PyTorch failures found on this machine or in pasted output</source>
        <translation>在这台机器上或粘贴的输出中发现的已知 ROCm/PyTorch 故障</translation>
    </message>
    <message>
        <source>save a redacted snapshot of what rocmdesk reads here, for a bug report</source>
        <translation>保存 rocmdesk 在本机读取内容的脱敏快照，用于提交错误报告</translation>
    </message>
    <message>
        <source>print the shell completion script for bash, zsh or fish</source>
        <translation>输出 bash、zsh 或 fish 的命令补全脚本</translation>
    </message>
    <message>
        <source>From an AMD GPU to a verified PyTorch-on-ROCm setup. Without a command, opens the app.</source>
        <translation>从一块 AMD 显卡到经过验证的 ROCm 版 PyTorch。不带命令时打开图形界面。</translation>
    </message>
    <message>
        <source>Exit codes: 0 ok, 1 internal error, 2 bad usage, 3 unreadable or unknown input, 4 detect found no AMD GPU, 5 apply changed nothing (refused, dismissed or not authorized), 6 doctor found an error. sanity: 0 passed, 1 failed.</source>
        <translation>退出码：0 成功，1 内部错误，2 用法错误，3 输入无法读取或无法识别，4 detect 没有找到 AMD 显卡，5 apply 没有做任何改动（被拒绝、被取消或未获授权），6 doctor 发现了错误。sanity：0 通过，1 失败。</translation>
    </message>
    <message>
        <source>every AMD GPU, its gfx target and what ROCm/PyTorch make of it</source>
        <translation>每块 AMD 显卡、它的 gfx 目标，以及 ROCm/PyTorch 对它的支持情况</translation>
    </message>
    <message>
        <source>machine-readable output</source>
        <translation>机器可读的输出</translation>
    </message>
    <message>
        <source>read output pasted from another machine (rocminfo, ...)</source>
        <translation>读取从另一台机器粘贴来的输出（rocminfo 等）</translation>
    </message>
    <message>
        <source>a file, or - for standard input</source>
        <translation>文件，或用 - 表示标准输入</translation>
    </message>
    <message>
        <source>simulated machines for trying rocmdesk without an AMD GPU</source>
        <translation>模拟机器，用于在没有 AMD 显卡时试用 rocmdesk</translation>
    </message>
    <message>
        <source>one machine a line: its name, then what it is</source>
        <translation>每行一台机器：名称，然后是说明</translation>
    </message>
    <message>
        <source>write a simulated machine&apos;s tree to a directory (for --root)</source>
        <translation>把模拟机器的目录树写入一个目录（供 --root 使用）</translation>
    </message>
    <message>
        <source>the simulated machine (see: rocmdesk simulate list)</source>
        <translation>模拟机器（见：rocmdesk simulate list）</translation>
    </message>
    <message>
        <source>the directory to write it to</source>
        <translation>写入的目录</translation>
    </message>
    <message>
        <source>open the app (the default)</source>
        <translation>打开图形界面（默认）</translation>
    </message>
    <message>
        <source>--root and --simulate exclude each other</source>
        <translation>--root 和 --simulate 不能同时使用</translation>
    </message>
    <message>
        <source>no simulated machine called {name}; there are: {names}</source>
        <translation>没有名为 {name} 的模拟机器；现有的是：{names}</translation>
    </message>
    <message>
        <source>read a machine tree or a snapshot (rocmdesk capture) instead of this computer</source>
        <translation>读取机器目录树或快照（rocmdesk capture），而不是本机</translation>
    </message>
    <message>
        <source>--root {root}: not a directory</source>
        <translation>--root {root}：不是目录</translation>
    </message>
    <message>
        <source>{name}: is a directory, not a file</source>
        <translation>{name}：这是一个目录，不是文件</translation>
    </message>
    <message>
        <source>{name}: cannot read it ({error})</source>
        <translation>{name}：无法读取（{error}）</translation>
    </message>
    <message>
        <source>{name}: more than {limit} MiB: not a log or tool output rocmdesk reads</source>
        <translation>{name}：超过 {limit} MiB：不是 rocmdesk 读取的日志或工具输出</translation>
    </message>
    <message>
        <source>no display to open the app on (DISPLAY and WAYLAND_DISPLAY are unset); `rocmdesk detect` prints the same facts as text</source>
        <translation>没有可以打开图形界面的显示器（DISPLAY 和 WAYLAND_DISPLAY 均未设置）；`rocmdesk detect` 会以文本形式输出同样的信息</translation>
    </message>
    <message>
        <source>Save exactly the files and command outputs rocmdesk reads on this machine (GPU sysfs and KFD, os-release, ROCm&apos;s packages, rocminfo and the kernel log) as one .tar.gz, with your user and host names, serial numbers and other accounts taken out. What it holds is shown before it is written. Elsewhere, `rocmdesk detect --root FILE` and `rocmdesk doctor --from FILE` read it as this machine.</source>
        <translation>把 rocmdesk 在本机读取的文件和命令输出（显卡 sysfs 与 KFD、os-release、ROCm 软件包、rocminfo 和内核日志）保存为一个 .tar.gz，并去除您的用户名和主机名、序列号以及其他账户。写入前会先显示其中包含的内容。在别处，`rocmdesk detect --root FILE` 和 `rocmdesk doctor --from FILE` 会把它当作这台机器来读取。</translation>
    </message>
    <message>
        <source>Exit codes: 0 written (or listed), 5 not written (not confirmed), 3 it could not be written.</source>
        <translation>退出码：0 已写入（或已列出），5 未写入（未确认），3 无法写入。</translation>
    </message>
    <message>
        <source>where to write it (default: rocmdesk-snapshot-DATE.tar.gz here)</source>
        <translation>写入位置（默认：当前目录下的 rocmdesk-snapshot-日期.tar.gz）</translation>
    </message>
    <message>
        <source>only show what the snapshot would hold; write nothing</source>
        <translation>只显示快照将包含的内容，不写入任何文件</translation>
    </message>
    <message>
        <source>write it without asking</source>
        <translation>不询问直接写入</translation>
    </message>
    <message>
        <source>the list as JSON (with --list), or where it was written</source>
        <translation>以 JSON 输出清单（配合 --list）或写入的位置</translation>
    </message>
    <message>
        <source>Not written: add --yes to write it without asking, or --list to only look.</source>
        <translation>未写入：加 --yes 可不询问直接写入，或加 --list 只查看。</translation>
    </message>
    <message>
        <source>Write it to {path}? [y/N] </source>
        <translation>写入到 {path}？[y/N] </translation>
    </message>
    <message>
        <source>Not written.</source>
        <translation>未写入。</translation>
    </message>
    <message>
        <source>Written to {path}. Attach it to your bug report; `rocmdesk detect --root {path}` and `rocmdesk doctor --from {path}` read it on any computer.</source>
        <translation>已写入 {path}。请把它附到错误报告中；在任何电脑上都可以用 `rocmdesk detect --root {path}` 和 `rocmdesk doctor --from {path}` 读取它。</translation>
    </message>
    <message>
        <source>Print the completion script for SHELL, for an install with pip or pipx (the .deb installs it already). bash: rocmdesk completion bash &gt; ~/.local/share/bash-completion/completions/rocmdesk; zsh: rocmdesk completion zsh &gt; DIR/_rocmdesk, with DIR in $fpath; fish: rocmdesk completion fish &gt; ~/.config/fish/completions/rocmdesk.fish. Then start a new shell.</source>
        <translation>输出 SHELL 的命令补全脚本，供用 pip 或 pipx 安装时使用（.deb 已经装好了）。bash：rocmdesk completion bash &gt; ~/.local/share/bash-completion/completions/rocmdesk；zsh：rocmdesk completion zsh &gt; DIR/_rocmdesk，DIR 须在 $fpath 中；fish：rocmdesk completion fish &gt; ~/.config/fish/completions/rocmdesk.fish。然后打开一个新的 shell。</translation>
    </message>
    <message>
        <source>Exit codes: 0 printed, 2 bad usage (a shell it has no script for), 3 the script is missing from this installation.</source>
        <translation>退出码：0 已输出，2 用法错误（没有该 shell 的脚本），3 此安装中缺少该脚本。</translation>
    </message>
    <message>
        <source>the shell: bash, zsh or fish</source>
        <translation>shell：bash、zsh 或 fish</translation>
    </message>
    <message>
        <source>the {shell} completion script is missing from this installation ({error})</source>
        <translation>此安装中缺少 {shell} 的命令补全脚本（{error}）</translation>
    </message>
</context>
<context>
    <name>CommandRow</name>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy the command to the clipboard</source>
        <translation>把命令复制到剪贴板</translation>
    </message>
    <message>
        <source>Copy {what}</source>
        <translation>复制{what}</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>已复制</translation>
    </message>
</context>
<context>
    <name>DesktopNotifications</name>
    <message>
        <source>GPU {i} is at its temperature limit</source>
        <translation>显卡 {i} 已达温度上限</translation>
    </message>
    <message>
        <source>GPU {i} is running hot</source>
        <translation>显卡 {i} 温度偏高</translation>
    </message>
    <message>
        <source>GPU {i}: VRAM almost full</source>
        <translation>显卡 {i}：显存即将用满</translation>
    </message>
    <message>
        <source>GPU {i} is at its power cap</source>
        <translation>显卡 {i} 已达功耗上限</translation>
    </message>
    <message>
        <source>GPU {i}: VRAM keeps growing</source>
        <translation>显卡 {i}：显存占用持续增长</translation>
    </message>
    <message>
        <source>GPU {i}: an alert</source>
        <translation>显卡 {i}：告警</translation>
    </message>
    <message>
        <source>rocmdesk: desktop notifications are off: there is no D-Bus session bus ({error})</source>
        <translation>rocmdesk：桌面通知已关闭：没有 D-Bus 会话总线（{error}）</translation>
    </message>
    <message>
        <source>rocmdesk: desktop notifications are off: no notification server ({service}) on the session bus</source>
        <translation>rocmdesk：桌面通知已关闭：会话总线上没有通知服务（{service}）</translation>
    </message>
    <message>
        <source>rocmdesk: desktop notifications are off: QtDBus cannot call {method} ({error})</source>
        <translation>rocmdesk：桌面通知已关闭：QtDBus 无法调用 {method}（{error}）</translation>
    </message>
    <message>
        <source>rocmdesk: a desktop notification could not be sent ({error})</source>
        <translation>rocmdesk：桌面通知发送失败（{error}）</translation>
    </message>
    <message>
        <source>rocmdesk: desktop notifications are off: QtDBus is not installed ({error})</source>
        <translation>rocmdesk：桌面通知已关闭：未安装 QtDBus（{error}）</translation>
    </message>
</context>
<context>
    <name>DoctorFindingCard</name>
    <message>
        <source>The finding&apos;s id, for searching and bug reports</source>
        <translation>该问题的固定 ID，便于搜索和提交问题报告</translation>
    </message>
    <message>
        <source>Seen:</source>
        <translation>依据：</translation>
    </message>
    <message>
        <source>… and {n} more lines (all of them are in the saved report)</source>
        <translation>… 还有 {n} 行（都在保存的报告中）</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>依据</translation>
    </message>
    <message>
        <source>Fix:</source>
        <translation>修复方法：</translation>
    </message>
    <message>
        <source>{n}. {text}</source>
        <translation>{n}. {text}</translation>
    </message>
    <message>
        <source>the command of fix step {n}</source>
        <translation>修复第 {n} 步的命令</translation>
    </message>
    <message>
        <source>Source:</source>
        <translation>来源：</translation>
    </message>
    <message>
        <source>Sources:</source>
        <translation>来源：</translation>
    </message>
    <message>
        <source>Fix…</source>
        <translation>修复…</translation>
    </message>
    <message>
        <source>{severity}: {title}</source>
        <translation>{severity}：{title}</translation>
    </message>
    <message>
        <source>Review the fix&apos;s steps and exact commands; nothing changes until you run it, with one password prompt</source>
        <translation>查看修复的步骤和具体命令；在您运行之前不会有任何改动，运行时只需输入一次密码</translation>
    </message>
    <message>
        <source>Fix: {title}</source>
        <translation>修复：{title}</translation>
    </message>
    <message>
        <source>rocmdesk shows every step and command first, then asks for your password once.</source>
        <translation>rocmdesk 会先列出每一步和每条命令，然后只询问一次密码。</translation>
    </message>
    <message>
        <source>Or by hand:</source>
        <translation>或者手动执行：</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Blocker</source>
        <translation>阻碍</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>提示</translation>
    </message>
</context>
<context>
    <name>DoctorPage</name>
    <message>
        <source>Doctor</source>
        <translation>诊断</translation>
    </message>
    <message>
        <source>Known failures, each with a stable id, the evidence that was seen and how to fix it — matched against this machine, or against output pasted from another one.</source>
        <translation>已知故障，每一项都有固定 ID、发现的依据和修复方法——可与这台机器比对，也可与从另一台机器粘贴来的输出比对。</translation>
    </message>
    <message>
        <source>&amp;Check again</source>
        <translation>重新检查(&amp;C)</translation>
    </message>
    <message>
        <source>Run every check on the machine again</source>
        <translation>在这台机器上重新运行所有检查</translation>
    </message>
    <message>
        <source>C&amp;ancel</source>
        <translation>取消(&amp;A)</translation>
    </message>
    <message>
        <source>Stop waiting for the check</source>
        <translation>不再等待检查结果</translation>
    </message>
    <message>
        <source>&amp;Save report…</source>
        <translation>保存报告(&amp;S)…</translation>
    </message>
    <message>
        <source>Every finding with its evidence and fix, as Markdown (or JSON when the file name ends in .json), to attach to a bug report</source>
        <translation>把每个问题连同依据和修复方法保存为 Markdown（文件名以 .json 结尾时保存为 JSON），可附在问题报告中</translation>
    </message>
    <message>
        <source>Save a s&amp;napshot…</source>
        <translation>保存快照(&amp;N)…</translation>
    </message>
    <message>
        <source>Exactly the files and command outputs rocmdesk read on this machine, with your user and host names taken out: shown before it is saved, for a bug report</source>
        <translation>rocmdesk 在这台机器上读取的文件和命令输出，已去除您的用户名和主机名：保存前会先显示，用于提交错误报告</translation>
    </message>
    <message>
        <source>Include &amp;host and user names</source>
        <translation>包含主机名和用户名(&amp;H)</translation>
    </message>
    <message>
        <source>Off: the report leaves out this computer&apos;s name and your user name, so it can be shared as it is</source>
        <translation>关闭时，报告不包含这台电脑的名称和您的用户名，可以直接分享</translation>
    </message>
    <message>
        <source>Diagnose pasted output</source>
        <translation>诊断粘贴的输出</translation>
    </message>
    <message>
        <source>&amp;Text:</source>
        <translation>文本(&amp;T)：</translation>
    </message>
    <message>
        <source>paste an error message, or the output of rocminfo, rocm-smi, amd-smi, PyTorch&apos;s collect_env, lspci or dmesg — from this machine or another one (or drop a file here).</source>
        <translation>粘贴一条错误信息，或 rocminfo、rocm-smi、amd-smi、PyTorch 的 collect_env、lspci、dmesg 的输出——来自这台机器或其他机器均可（也可以把文件拖到这里）。</translation>
    </message>
    <message>
        <source>e.g. RuntimeError: HIP error: invalid device function</source>
        <translation>例如 RuntimeError: HIP error: invalid device function</translation>
    </message>
    <message>
        <source>Text to diagnose</source>
        <translation>要诊断的文本</translation>
    </message>
    <message>
        <source>&amp;Diagnose</source>
        <translation>诊断(&amp;D)</translation>
    </message>
    <message>
        <source>Look for known failures in the text (pasting does it by itself)</source>
        <translation>在文本中查找已知故障（粘贴后会自动进行）</translation>
    </message>
    <message>
        <source>&amp;Open file…</source>
        <translation>打开文件(&amp;O)…</translation>
    </message>
    <message>
        <source>Diagnose a saved log or tool output</source>
        <translation>诊断保存的日志或工具输出</translation>
    </message>
    <message>
        <source>Empty the box and drop the pasted text&apos;s findings</source>
        <translation>清空输入框，并移除粘贴文本得出的问题</translation>
    </message>
    <message>
        <source>the simulated machine {name}</source>
        <translation>模拟机器 {name}</translation>
    </message>
    <message>
        <source>the machine tree at {root}</source>
        <translation>位于 {root} 的机器目录树</translation>
    </message>
    <message>
        <source>this computer</source>
        <translation>这台电脑</translation>
    </message>
    <message>
        <source>Checking {where}…</source>
        <translation>正在检查{where}…</translation>
    </message>
    <message>
        <source>The check was cancelled; Check again starts it anew.</source>
        <translation>检查已取消；“重新检查”会从头开始。</translation>
    </message>
    <message>
        <source>Checking {where}: {what}</source>
        <translation>正在检查{where}：{what}</translation>
    </message>
    <message>
        <source>The check failed: {error}</source>
        <translation>检查失败：{error}</translation>
    </message>
    <message>
        <source>the pasted text</source>
        <translation>粘贴的文本</translation>
    </message>
    <message>
        <source>{name} is {size}: too large to be tool output or a log</source>
        <translation>{name} 大小为 {size}：太大了，不可能是工具输出或日志</translation>
    </message>
    <message>
        <source>{name} has changed since it was diagnosed: diagnose it again, then save</source>
        <translation>{name} 在诊断之后已被修改：请重新诊断后再保存</translation>
    </message>
    <message>
        <source>Reading {label}…</source>
        <translation>正在读取{label}…</translation>
    </message>
    <message>
        <source>Diagnose a file</source>
        <translation>诊断文件</translation>
    </message>
    <message>
        <source>Logs and tool output (*.txt *.log *.json *.out);;All files (*)</source>
        <translation>日志和工具输出 (*.txt *.log *.json *.out);;所有文件 (*)</translation>
    </message>
    <message>
        <source>On the PyTorch page, choose the venv in Venv folder and press Install.</source>
        <translation>在 PyTorch 页的“虚拟环境目录”中选择该虚拟环境，然后点“安装”。</translation>
    </message>
    <message>
        <source>The PyTorch page&apos;s recommendation names the wheels for this GPU; Install puts them into a venv.</source>
        <translation>PyTorch 页的推荐给出了适合这块显卡的 wheel；点“安装”即可装进虚拟环境。</translation>
    </message>
    <message>
        <source>On the Setup page, tick “Install AMD&apos;s amdgpu-dkms kernel driver” and go on with Next: every step is shown before it runs.</source>
        <translation>在“安装配置”页勾选“安装 AMD 的 amdgpu-dkms 内核驱动”，再点“下一步”：每一步执行前都会先列出。</translation>
    </message>
    <message>
        <source>On the Setup page, choose PyTorch only and go on with Next: every step is shown before it runs.</source>
        <translation>在“安装配置”页选择“仅 PyTorch”，再点“下一步”：每一步执行前都会先列出。</translation>
    </message>
    <message>
        <source>On the Setup page, choose Runtime and go on with Next: every step is shown before it runs.</source>
        <translation>在“安装配置”页选择“运行时”，再点“下一步”：每一步执行前都会先列出。</translation>
    </message>
    <message>
        <source>On the Setup page, choose what to install and go on with Next: every step is shown before it runs.</source>
        <translation>在“安装配置”页选择要安装的内容，再点“下一步”：每一步执行前都会先列出。</translation>
    </message>
    <message>
        <source>The Overview page shows what each GPU can do.</source>
        <translation>“概览”页列出每块显卡能做什么。</translation>
    </message>
    <message>
        <source>The Sanity check page runs a short training in the venv: press Start.</source>
        <translation>“训练自检”页会在虚拟环境中跑一次简短训练：点“开始”。</translation>
    </message>
    <message>
        <source>The Monitor page shows each GPU&apos;s memory and the processes that hold it.</source>
        <translation>“监控”页显示每块显卡的显存以及占用它的进程。</translation>
    </message>
    <message>
        <source>Check again at the top of this page checks /dev/kfd, the groups and the driver.</source>
        <translation>本页顶部的“重新检查”会检查 /dev/kfd、用户组和驱动。</translation>
    </message>
    <message>
        <source>The Environments page keeps the variables in a profile for the venv.</source>
        <translation>“环境”页可以把这些变量保存到该虚拟环境的配置中。</translation>
    </message>
    <message>
        <source>rocmdesk&apos;s window does this on its pages; the command line is the other way.</source>
        <translation>rocmdesk 窗口的各页面都能完成这一步；命令行是另一种方式。</translation>
    </message>
    <message>
        <source>This machine has no AMD GPU, so a ROCm wheel has nothing to run on: on the PyTorch page choose a CPU-only torch under torch version, then Install.</source>
        <translation>这台机器没有 AMD 显卡，ROCm wheel 无处可用：请在 PyTorch 页的“torch 版本”中选择仅 CPU 的 torch，然后点“安装”。</translation>
    </message>
    <message>
        <source>rocminfo output</source>
        <translation>rocminfo 输出</translation>
    </message>
    <message>
        <source>rocm-smi output</source>
        <translation>rocm-smi 输出</translation>
    </message>
    <message>
        <source>amd-smi output</source>
        <translation>amd-smi 输出</translation>
    </message>
    <message>
        <source>PyTorch collect_env report</source>
        <translation>PyTorch collect_env 报告</translation>
    </message>
    <message>
        <source>lspci output</source>
        <translation>lspci 输出</translation>
    </message>
    <message>
        <source>kernel log (dmesg or journalctl)</source>
        <translation>内核日志（dmesg 或 journalctl）</translation>
    </message>
    <message>
        <source>Python traceback</source>
        <translation>Python 调用栈（traceback）</translation>
    </message>
    <message>
        <source>rocmdesk PyTorch check (JSON)</source>
        <translation>rocmdesk PyTorch 检查结果（JSON）</translation>
    </message>
    <message>
        <source>rocmdesk sanity check (JSON)</source>
        <translation>rocmdesk 训练自检结果（JSON）</translation>
    </message>
    <message>
        <source>text in no format rocmdesk knows</source>
        <translation>rocmdesk 不认识其格式的文本</translation>
    </message>
    <message>
        <source>It could not be read: {error}.</source>
        <translation>无法读取：{error}。</translation>
    </message>
    <message>
        <source>It is in no format rocmdesk knows, so it was searched for known error messages only.</source>
        <translation>rocmdesk 不认识它的格式，因此只在其中查找了已知的错误信息。</translation>
    </message>
    <message>
        <source>Recognized as {format}.</source>
        <translation>识别为{format}。</translation>
    </message>
    <message>
        <source>No known problem in it.</source>
        <translation>其中没有已知问题。</translation>
    </message>
    <message>
        <source>the machine check</source>
        <translation>机器检查</translation>
    </message>
    <message>
        <source>Setup&apos;s checks before installing</source>
        <translation>安装配置的安装前检查</translation>
    </message>
    <message>
        <source>the Sanity check</source>
        <translation>训练自检</translation>
    </message>
    <message>
        <source>Found by {a}</source>
        <translation>由{a}发现</translation>
    </message>
    <message>
        <source>Found by {list} and {last}</source>
        <translation>由{list}和{last}发现</translation>
    </message>
    <message>
        <source>1 error</source>
        <translation>1 个错误</translation>
    </message>
    <message>
        <source>{n} errors</source>
        <translation>{n} 个错误</translation>
    </message>
    <message>
        <source>1 warning</source>
        <translation>1 个警告</translation>
    </message>
    <message>
        <source>{n} warnings</source>
        <translation>{n} 个警告</translation>
    </message>
    <message>
        <source>1 note</source>
        <translation>1 条提示</translation>
    </message>
    <message>
        <source>{n} notes</source>
        <translation>{n} 条提示</translation>
    </message>
    <message>
        <source>Sent here by the Sanity check</source>
        <translation>由训练自检转来</translation>
    </message>
    <message>
        <source>From {label}</source>
        <translation>来自{label}</translation>
    </message>
    <message>
        <source>Found in {label} ({format})</source>
        <translation>在{label}中发现（{format}）</translation>
    </message>
    <message>
        <source>The simulated machine</source>
        <translation>模拟机器</translation>
    </message>
    <message>
        <source>The machine tree</source>
        <translation>机器目录树</translation>
    </message>
    <message>
        <source>This computer</source>
        <translation>这台电脑</translation>
    </message>
    <message>
        <source>PyTorch was verified in: {venvs}</source>
        <translation>已在以下虚拟环境中验证过 PyTorch：{venvs}</translation>
    </message>
    <message>
        <source>The machine check looked for these {n} known problems:</source>
        <translation>机器检查查找了以下 {n} 种已知问题：</translation>
    </message>
    <message>
        <source>no known problem found</source>
        <translation>未发现已知问题</translation>
    </message>
    <message>
        <source>Checked at {time}: {found}.</source>
        <translation>检查于 {time}：{found}。</translation>
    </message>
    <message>
        <source>Could not diagnose {label}: {error}</source>
        <translation>无法诊断{label}：{error}</translation>
    </message>
    <message>
        <source>Cl&amp;ear</source>
        <translation>清空(&amp;E)</translation>
    </message>
    <message>
        <source>1 finding, shown in the list.</source>
        <translation>发现 1 个问题，见列表。</translation>
    </message>
    <message>
        <source>{n} findings, shown in the list.</source>
        <translation>发现 {n} 个问题，见列表。</translation>
    </message>
    <message>
        <source>the PyTorch check of a venv</source>
        <translation>对某个虚拟环境的 PyTorch 检查</translation>
    </message>
    <message>
        <source>The command is on the clipboard.</source>
        <translation>命令已复制到剪贴板。</translation>
    </message>
    <message>
        <source>The checks of this machine did not show this failure; it was seen in the Sanity check&apos;s run.</source>
        <translation>对这台机器的检查没有发现这个故障；它出现在训练自检的运行中。</translation>
    </message>
    <message>
        <source>Could not diagnose it: {error}</source>
        <translation>无法诊断：{error}</translation>
    </message>
    <message>
        <source>No known problem found in it.</source>
        <translation>其中未发现已知问题。</translation>
    </message>
    <message>
        <source>Detection failed: {error}. The Overview page has the details; Refresh tries again.</source>
        <translation>检测失败：{error}。“概览”页面有详细信息；“刷新”会重试。</translation>
    </message>
    <message>
        <source>Waiting for the machine to be read…</source>
        <translation>正在等待读取机器信息…</translation>
    </message>
    <message>
        <source>Not checked yet.</source>
        <translation>尚未检查。</translation>
    </message>
    <message>
        <source>✓ No known problem found on {where}.</source>
        <translation>✓ 在{where}上未发现已知问题。</translation>
    </message>
    <message>
        <source>{n} more show only in output — a crash, an out-of-memory error, a driver fault in the kernel log: paste it in the box below.</source>
        <translation>还有 {n} 种只会出现在输出中——崩溃、显存不足错误、内核日志中的驱动故障：请把它粘贴到下面的输入框中。</translation>
    </message>
    <message>
        <source>— {where}</source>
        <translation>—— {where}</translation>
    </message>
    <message>
        <source>&amp;Check</source>
        <translation>检查(&amp;C)</translation>
    </message>
    <message>
        <source>Reading {where}…</source>
        <translation>正在读取{where}…</translation>
    </message>
    <message>
        <source>Diagnosing {label}…</source>
        <translation>正在诊断{label}…</translation>
    </message>
    <message>
        <source>rocmdesk knows no finding {id}.</source>
        <translation>rocmdesk 不知道编号为 {id} 的问题。</translation>
    </message>
    <message>
        <source>Save the Doctor&apos;s report</source>
        <translation>保存诊断报告</translation>
    </message>
    <message>
        <source>Markdown (*.md);;JSON (*.json);;All files (*)</source>
        <translation>Markdown (*.md);;JSON (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Could not save {path}: {error}</source>
        <translation>无法保存 {path}：{error}</translation>
    </message>
    <message>
        <source>Saving {path}: building the report again in English…</source>
        <translation>正在保存 {path}：正在用英文重新生成报告…</translation>
    </message>
    <message>
        <source>Saved {path}.</source>
        <translation>已保存 {path}。</translation>
    </message>
    <message>
        <source>It names this computer and your user.</source>
        <translation>其中包含这台电脑的名称和您的用户名。</translation>
    </message>
    <message>
        <source>Host and user names are left out.</source>
        <translation>不包含主机名和用户名。</translation>
    </message>
</context>
<context>
    <name>EnvironmentsPage</name>
    <message>
        <source>Environments</source>
        <translation>环境</translation>
    </message>
    <message>
        <source>A profile keeps one project’s venv and GPU variables together. Applied, its variables are set when you activate the venv and put back as they were when you deactivate it.</source>
        <translation>一个配置把一个项目的虚拟环境和显卡变量放在一起。应用后，激活虚拟环境时会设置这些变量，退出（deactivate）时会恢复原来的值。</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Venv</source>
        <translation>虚拟环境</translation>
    </message>
    <message>
        <source>Torch</source>
        <translation>Torch</translation>
    </message>
    <message>
        <source>Variables</source>
        <translation>变量</translation>
    </message>
    <message>
        <source>Hooks</source>
        <translation>钩子</translation>
    </message>
    <message>
        <source>Profiles</source>
        <translation>配置列表</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <source>A new profile, filled in with what this machine needs (Ctrl+N)</source>
        <translation>新建一个配置，预先填入这台机器所需的设置（Ctrl+N）</translation>
    </message>
    <message>
        <source>D&amp;uplicate</source>
        <translation>复制(&amp;U)</translation>
    </message>
    <message>
        <source>A new profile with this one’s folders and variables</source>
        <translation>用这个配置的目录和变量新建一个配置</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>删除(&amp;D)…</translation>
    </message>
    <message>
        <source>Delete the profile (its file is kept as a .bak); the venv stays</source>
        <translation>删除配置（其文件会保留为 .bak）；虚拟环境保持不变</translation>
    </message>
    <message>
        <source>&amp;Apply to the venv</source>
        <translation>应用到虚拟环境(&amp;A)</translation>
    </message>
    <message>
        <source>Write the variables into the venv’s activate scripts</source>
        <translation>把变量写入虚拟环境的 activate 脚本</translation>
    </message>
    <message>
        <source>&amp;Remove from the venv</source>
        <translation>从虚拟环境中移除(&amp;R)</translation>
    </message>
    <message>
        <source>Take the variables out of the activate scripts again, byte for byte</source>
        <translation>把变量从 activate 脚本中原样移除</translation>
    </message>
    <message>
        <source>E&amp;xport</source>
        <translation>导出(&amp;X)</translation>
    </message>
    <message>
        <source>Write the profile as .envrc (direnv), .env or a Jupyter kernel</source>
        <translation>把配置导出为 .envrc（direnv）、.env 或 Jupyter 内核</translation>
    </message>
    <message>
        <source>.envrc for direnv, in the project folder</source>
        <translation>direnv 用的 .envrc，放在项目目录中</translation>
    </message>
    <message>
        <source>.env, in the project folder</source>
        <translation>.env，放在项目目录中</translation>
    </message>
    <message>
        <source>Jupyter kernel (needs ipykernel in the venv)</source>
        <translation>Jupyter 内核（虚拟环境中需要有 ipykernel）</translation>
    </message>
    <message>
        <source>Open a &amp;terminal here</source>
        <translation>在此打开终端(&amp;T)</translation>
    </message>
    <message>
        <source>A terminal in the project folder running rocmdesk shell with this profile</source>
        <translation>在项目目录中打开一个终端，以此配置运行 rocmdesk shell</translation>
    </message>
    <message>
        <source>&amp;PyTorch…</source>
        <translation>PyTorch(&amp;P)…</translation>
    </message>
    <message>
        <source>Install or verify torch in this profile’s venv</source>
        <translation>在这个配置的虚拟环境中安装或验证 torch</translation>
    </message>
    <message>
        <source>the command to run</source>
        <translation>要运行的命令</translation>
    </message>
    <message>
        <source>New profile</source>
        <translation>新配置</translation>
    </message>
    <message>
        <source>Nam&amp;e:</source>
        <translation>名称(&amp;E)：</translation>
    </message>
    <message>
        <source>letters, digits, . _ - (e.g. my-project)</source>
        <translation>字母、数字、. _ -（例如 my-project）</translation>
    </message>
    <message>
        <source>Pro&amp;ject folder:</source>
        <translation>项目目录(&amp;J)：</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Browse for the project folder</source>
        <translation>选择项目目录</translation>
    </message>
    <message>
        <source>&amp;Venv:</source>
        <translation>虚拟环境(&amp;V)：</translation>
    </message>
    <message>
        <source>Browse for the venv</source>
        <translation>选择虚拟环境</translation>
    </message>
    <message>
        <source>N&amp;otes:</source>
        <translation>备注(&amp;O)：</translation>
    </message>
    <message>
        <source>Add var&amp;iable</source>
        <translation>添加变量(&amp;I)</translation>
    </message>
    <message>
        <source>Remove varia&amp;ble</source>
        <translation>删除变量(&amp;B)</translation>
    </message>
    <message>
        <source>Presets from this mac&amp;hine</source>
        <translation>本机预设(&amp;H)</translation>
    </message>
    <message>
        <source>Variable</source>
        <translation>变量</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>Discard chan&amp;ges</source>
        <translation>放弃更改(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save the profile (Ctrl+S); applied hooks are rewritten</source>
        <translation>保存配置（Ctrl+S）；已应用的钩子会被重写</translation>
    </message>
    <message>
        <source>— profiles in {dir}</source>
        <translation>—— 配置保存在 {dir}</translation>
    </message>
    <message>
        <source>No profiles yet. New starts one with what this machine needs.</source>
        <translation>还没有配置。“新建”会创建一个带有这台机器所需设置的配置。</translation>
    </message>
    <message>
        <source> (simulated machine)</source>
        <translation>（模拟机器）</translation>
    </message>
    <message>
        <source>Last verify {when}: {title} (torch {torch})</source>
        <translation>上次验证 {when}：{title}（torch {torch}）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>no venv yet</source>
        <translation>还没有虚拟环境</translation>
    </message>
    <message>
        <source>{venv} does not exist; the PyTorch page creates it</source>
        <translation>{venv} 不存在；“PyTorch”页面会创建它</translation>
    </message>
    <message>
        <source>no torch</source>
        <translation>没有 torch</translation>
    </message>
    <message>
        <source>The venv has no torch installed</source>
        <translation>该虚拟环境没有安装 torch</translation>
    </message>
    <message>
        <source>{torch} · not checked</source>
        <translation>{torch} · 未检查</translation>
    </message>
    <message>
        <source>Not verified yet: the PyTorch page runs the probe in the venv</source>
        <translation>尚未验证：“PyTorch”页面会在虚拟环境中运行探测程序</translation>
    </message>
    <message>
        <source>applied</source>
        <translation>已应用</translation>
    </message>
    <message>
        <source>missing: apply again</source>
        <translation>缺失：请重新应用</translation>
    </message>
    <message>
        <source>no venv</source>
        <translation>没有虚拟环境</translation>
    </message>
    <message>
        <source>not applied</source>
        <translation>未应用</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>cannot be read</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>Discard changes?</source>
        <translation>放弃更改？</translation>
    </message>
    <message>
        <source>The profile you were editing has unsaved changes. Discard them?</source>
        <translation>您正在编辑的配置有未保存的更改。要放弃吗？</translation>
    </message>
    <message>
        <source>Profile {name}</source>
        <translation>配置 {name}</translation>
    </message>
    <message>
        <source>A profile’s name cannot change; Duplicate makes a copy under a new name</source>
        <translation>配置的名称不能修改；“复制”可以用新名称创建副本</translation>
    </message>
    <message>
        <source>New profile (a copy of {name})</source>
        <translation>新配置（{name} 的副本）</translation>
    </message>
    <message>
        <source>This profile’s file cannot be read, so it cannot be edited here: {error}</source>
        <translation>无法读取这个配置的文件，因此不能在这里编辑：{error}</translation>
    </message>
    <message>
        <source>Choose a folder</source>
        <translation>选择目录</translation>
    </message>
    <message>
        <source>Advice for torch {torch} in this venv: {advice}.</source>
        <translation>针对这个虚拟环境中 torch {torch} 的建议：{advice}。</translation>
    </message>
    <message>
        <source>Advice for this machine: {advice}.</source>
        <translation>对这台机器的建议：{advice}。</translation>
    </message>
    <message>
        <source>(the machine is not detected yet)</source>
        <translation>（尚未检测机器）</translation>
    </message>
    <message>
        <source>(nothing to set: no AMD GPU found)</source>
        <translation>（无需设置：没有找到 AMD 显卡）</translation>
    </message>
    <message>
        <source>All of them ({n})</source>
        <translation>全部（{n} 个）</translation>
    </message>
    <message>
        <source>give the variable a name</source>
        <translation>请为变量起个名字</translation>
    </message>
    <message>
        <source>empty row: ignored</source>
        <translation>空行：已忽略</translation>
    </message>
    <message>
        <source>{key} is set twice; keep one row</source>
        <translation>{key} 设置了两次；请只保留一行</translation>
    </message>
    <message>
        <source>Give the profile a name.</source>
        <translation>请为配置起个名字。</translation>
    </message>
    <message>
        <source>A profile called {name} exists already.</source>
        <translation>已经有名为 {name} 的配置。</translation>
    </message>
    <message>
        <source>Choose the project folder.</source>
        <translation>请选择项目目录。</translation>
    </message>
    <message>
        <source>Choose the venv.</source>
        <translation>请选择虚拟环境。</translation>
    </message>
    <message>
        <source>Choose the project folder to begin: the name and the venv follow from it.</source>
        <translation>先选择项目文件夹：名称和 venv 会据此自动填写。</translation>
    </message>
    <message>
        <source>1 problem to fix before saving: {first}</source>
        <translation>保存前需要修正 1 个问题：{first}</translation>
    </message>
    <message>
        <source>{n} problems to fix before saving; the first: {first}</source>
        <translation>保存前需要修正 {n} 个问题；第一个：{first}</translation>
    </message>
    <message>
        <source>Valid, with {n} warning(s): see the Check column.</source>
        <translation>有效，但有 {n} 个警告：见“检查”列。</translation>
    </message>
    <message>
        <source>Every value is valid.</source>
        <translation>所有值都有效。</translation>
    </message>
    <message>
        <source>No variables: the profile only picks the venv.</source>
        <translation>没有变量：这个配置只选定虚拟环境。</translation>
    </message>
    <message>
        <source>The project folder does not exist yet.</source>
        <translation>项目目录还不存在。</translation>
    </message>
    <message>
        <source>The venv does not exist yet: the PyTorch page creates it and installs torch.</source>
        <translation>虚拟环境还不存在：“PyTorch”页面会创建它并安装 torch。</translation>
    </message>
    <message>
        <source>Save the profile, then Apply writes its variables into the venv’s activate scripts.</source>
        <translation>先保存配置，然后“应用”会把它的变量写入虚拟环境的 activate 脚本。</translation>
    </message>
    <message>
        <source>Applied to {venv}: {scripts}.</source>
        <translation>已应用到 {venv}：{scripts}。</translation>
    </message>
    <message>
        <source>The hooks are missing or out of date (was the venv upgraded or recreated?): Apply writes them again.</source>
        <translation>钩子缺失或已过期（虚拟环境是否被升级或重建过？）：“应用”会重新写入。</translation>
    </message>
    <message>
        <source>The venv does not exist any more.</source>
        <translation>该虚拟环境已不存在。</translation>
    </message>
    <message>
        <source>Not applied: activating the venv does not set these variables yet (rocmdesk shell and the terminal button set them anyway).</source>
        <translation>未应用：激活虚拟环境时还不会设置这些变量（rocmdesk shell 和终端按钮仍会设置它们）。</translation>
    </message>
    <message>
        <source>Created profile {name} ({path}).</source>
        <translation>已创建配置 {name}（{path}）。</translation>
    </message>
    <message>
        <source>Saved profile {name}.</source>
        <translation>已保存配置 {name}。</translation>
    </message>
    <message>
        <source>Its hooks were taken out of {venv}.</source>
        <translation>它的钩子已从 {venv} 中移除。</translation>
    </message>
    <message>
        <source>Hooks rewritten:</source>
        <translation>已重写的钩子：</translation>
    </message>
    <message>
        <source>Not saved: {error}</source>
        <translation>未保存：{error}</translation>
    </message>
    <message>
        <source>written</source>
        <translation>已写入</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>未改变</translation>
    </message>
    <message>
        <source>restored</source>
        <translation>已恢复</translation>
    </message>
    <message>
        <source>not there (skipped)</source>
        <translation>不存在（已跳过）</translation>
    </message>
    <message>
        <source>kept (another profile’s block)</source>
        <translation>已保留（属于另一个配置）</translation>
    </message>
    <message>
        <source>Delete profile {name}? Its file is kept as {name}.toml.bak; the venv and the project are not touched.</source>
        <translation>删除配置 {name}？它的文件会保留为 {name}.toml.bak；虚拟环境和项目不受影响。</translation>
    </message>
    <message>
        <source>Its variables are taken out of the venv’s activate scripts first.</source>
        <translation>会先把它的变量从虚拟环境的 activate 脚本中移除。</translation>
    </message>
    <message>
        <source>Delete the profile?</source>
        <translation>删除配置？</translation>
    </message>
    <message>
        <source>Hooks taken out:</source>
        <translation>已移除的钩子：</translation>
    </message>
    <message>
        <source>Not deleted: {error}</source>
        <translation>未删除：{error}</translation>
    </message>
    <message>
        <source>Deleted profile {name}; its last version is kept in {path}.</source>
        <translation>已删除配置 {name}；它的最后版本保存在 {path}。</translation>
    </message>
    <message>
        <source>Save or discard the changes first.</source>
        <translation>请先保存或放弃更改。</translation>
    </message>
    <message>
        <source>Not applied: fix the variables marked ✗ first.</source>
        <translation>未应用：请先修正标记为 ✗ 的变量。</translation>
    </message>
    <message>
        <source>Not applied: {venv} is not a venv yet. Create it on the PyTorch page (PyTorch… above), then apply.</source>
        <translation>未应用：{venv} 还不是虚拟环境。请先在“PyTorch”页面创建它（上面的“PyTorch…”按钮），然后再应用。</translation>
    </message>
    <message>
        <source>Not applied: {error}</source>
        <translation>未应用：{error}</translation>
    </message>
    <message>
        <source>Profile {name} applied to its venv’s activate scripts:</source>
        <translation>配置 {name} 已应用到其虚拟环境的 activate 脚本：</translation>
    </message>
    <message>
        <source>Activate it as usual (fish: activate.fish, csh: activate.csh); deactivate puts the previous values back.</source>
        <translation>照常激活即可（fish 用 activate.fish，csh 用 activate.csh）；deactivate 会恢复之前的值。</translation>
    </message>
    <message>
        <source>{venv} does not exist: there are no hooks to take out.</source>
        <translation>{venv} 不存在：没有可移除的钩子。</translation>
    </message>
    <message>
        <source>Not removed: {error}</source>
        <translation>未移除：{error}</translation>
    </message>
    <message>
        <source>The hooks of profile {name} were taken out; each script is as it was before:</source>
        <translation>配置 {name} 的钩子已移除；每个脚本都恢复为原样：</translation>
    </message>
    <message>
        <source>ipykernel is not installed in {venv}; install it, then export again:</source>
        <translation>{venv} 中没有安装 ipykernel；请安装后重新导出：</translation>
    </message>
    <message>
        <source>Replace the file?</source>
        <translation>替换该文件？</translation>
    </message>
    <message>
        <source>{path} exists and was not written by rocmdesk. Replace it?</source>
        <translation>{path} 已存在，且不是 rocmdesk 写的。要替换吗？</translation>
    </message>
    <message>
        <source>Not exported: {error}</source>
        <translation>未导出：{error}</translation>
    </message>
    <message>
        <source>Wrote {path}.</source>
        <translation>已写入 {path}。</translation>
    </message>
    <message>
        <source>direnv loads it once you allow it:</source>
        <translation>允许后 direnv 就会加载它：</translation>
    </message>
    <message>
        <source>Jupyter lists it as “Python ({name}, rocmdesk)”.</source>
        <translation>Jupyter 中显示为“Python ({name}, rocmdesk)”。</translation>
    </message>
    <message>
        <source>⚠ {warning}</source>
        <translation>⚠ {warning}</translation>
    </message>
    <message>
        <source>{venv} is not a venv yet, so rocmdesk shell cannot start in it. Create it on the PyTorch page first.</source>
        <translation>{venv} 还不是虚拟环境，rocmdesk shell 无法在其中启动。请先在“PyTorch”页面创建它。</translation>
    </message>
    <message>
        <source>No terminal emulator was found (tried {names}). Run this in a terminal:</source>
        <translation>没有找到终端模拟器（尝试过 {names}）。请在终端中运行：</translation>
    </message>
    <message>
        <source>{terminal} did not start. Run this in a terminal:</source>
        <translation>{terminal} 没有启动。请在终端中运行：</translation>
    </message>
    <message>
        <source>Started {terminal} in {folder} with profile {name}; exit the shell to leave it.</source>
        <translation>已在 {folder} 中以配置 {name} 启动 {terminal}；退出 shell 即可离开。</translation>
    </message>
</context>
<context>
    <name>FindingCard</name>
    <message>
        <source>The finding&apos;s id, for searching and bug reports</source>
        <translation>该问题的固定 ID，便于搜索和提交问题报告</translation>
    </message>
    <message>
        <source>Seen: {evidence}</source>
        <translation>依据：{evidence}</translation>
    </message>
    <message>
        <source>Fix: {fix}</source>
        <translation>修复方法：{fix}</translation>
    </message>
    <message>
        <source>Blocker</source>
        <translation>阻碍</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>提示</translation>
    </message>
</context>
<context>
    <name>FixReviewDialog</name>
    <message>
        <source>Review the fix</source>
        <translation>检查修复步骤</translation>
    </message>
    <message>
        <source>Fix: {title}</source>
        <translation>修复：{title}</translation>
    </message>
    <message>
        <source>In the commands, “as_root” runs a command as root: the helper runs those steps for you, and the saved script asks sudo for them.</source>
        <translation>命令中的“as_root”表示以 root 身份运行：辅助程序会替您运行这些步骤，保存的脚本则会为它们调用 sudo。</translation>
    </message>
    <message>
        <source>%v of %m steps</source>
        <translation>%v / %m 步</translation>
    </message>
    <message>
        <source>The helper&apos;s output</source>
        <translation>辅助程序的输出</translation>
    </message>
    <message>
        <source>&amp;Run with one password prompt</source>
        <translation>运行（只需输入一次密码）(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Save as script…</source>
        <translation>保存为脚本(&amp;S)…</translation>
    </message>
    <message>
        <source>The fix as a bash script to read and run by hand</source>
        <translation>以 bash 脚本形式呈现的修复，可阅读后手动运行</translation>
    </message>
    <message>
        <source>Cop&amp;y script</source>
        <translation>复制脚本(&amp;Y)</translation>
    </message>
    <message>
        <source>Copy the fix&apos;s bash script to the clipboard</source>
        <translation>把修复的 bash 脚本复制到剪贴板</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>This is a simulated machine, not this computer: nothing here can be fixed. The script shows what the fix would run.</source>
        <translation>这是模拟机器，不是这台电脑：这里无法修复任何东西。脚本显示了修复将会运行的内容。</translation>
    </message>
    <message>
        <source>This is a captured machine tree, not this computer: take the script to that machine.</source>
        <translation>这是采集的机器目录树，不是这台电脑：请把脚本带到那台机器上运行。</translation>
    </message>
    <message>
        <source>The root helper is not installed system-wide (rocmdesk was installed with pip), so rocmdesk cannot run the fix with one password prompt: pkexec runs only a helper that root owns. Save the script, read it, and run it yourself with “bash FILE”; it asks sudo for the root steps only.</source>
        <translation>root 辅助程序没有安装到系统中（rocmdesk 是用 pip 安装的），所以 rocmdesk 无法只询问一次密码就运行修复：pkexec 只运行属于 root 的辅助程序。请保存脚本，阅读后用“bash 文件名”自行运行；它只会为需要 root 的步骤调用 sudo。</translation>
    </message>
    <message>
        <source>Every step of this fix is done already.</source>
        <translation>这个修复的所有步骤都已完成。</translation>
    </message>
    <message>
        <source>These are the steps of the fix and their exact commands.</source>
        <translation>以下是修复的步骤及其具体命令。</translation>
    </message>
    <message>
        <source>runs the one step to do as root</source>
        <translation>以 root 身份运行唯一待执行的一步</translation>
    </message>
    <message>
        <source>runs the {n} steps to do as root</source>
        <translation>以 root 身份运行 {n} 个待执行的步骤</translation>
    </message>
    <message>
        <source>These are the steps of the fix and their exact commands. Nothing changes until you press Run: it asks for your password once, then rocmdesk&apos;s helper — the same one Setup uses — {runs}, each checked before and after.</source>
        <translation>以下是修复的步骤及其具体命令。在您按“运行”之前不会有任何改动：它会询问一次密码，然后由 rocmdesk 的辅助程序（与“安装配置”使用的相同）{runs}，每步前后各检查一次。</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Save the fix as a script</source>
        <translation>把修复保存为脚本</translation>
    </message>
    <message>
        <source>Shell scripts (*.sh);;All files (*)</source>
        <translation>Shell 脚本 (*.sh);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Could not save {path}: {error}</source>
        <translation>无法保存 {path}：{error}</translation>
    </message>
    <message>
        <source>Saved {path}. Read it, then run it as yourself: bash {path}</source>
        <translation>已保存 {path}。请阅读后以您自己的身份运行：bash {path}</translation>
    </message>
    <message>
        <source>The script is on the clipboard.</source>
        <translation>脚本已复制到剪贴板。</translation>
    </message>
    <message>
        <source>Waiting for your password…</source>
        <translation>正在等待您输入密码…</translation>
    </message>
    <message>
        <source>Running: {title}</source>
        <translation>正在运行：{title}</translation>
    </message>
    <message>
        <source>The helper refused the plan: {message}</source>
        <translation>辅助程序拒绝了计划：{message}</translation>
    </message>
    <message>
        <source>The helper could not be started; nothing was changed. Reason: {error}</source>
        <translation>无法启动辅助程序；没有做任何改动。原因：{error}</translation>
    </message>
    <message>
        <source>Stopped. Steps that finished stay done.</source>
        <translation>已停止。已完成的步骤保持完成状态。</translation>
    </message>
    <message>
        <source>You dismissed the password prompt; nothing was changed.</source>
        <translation>您关闭了密码提示；没有做任何改动。</translation>
    </message>
    <message>
        <source>Not authorized, or no password agent is running; nothing was changed.</source>
        <translation>未获授权，或没有运行密码代理；没有做任何改动。</translation>
    </message>
    <message>
        <source>The helper refused the plan; nothing was changed. {message}</source>
        <translation>辅助程序拒绝了计划；没有做任何改动。{message}</translation>
    </message>
    <message>
        <source>A step failed: {message}. The steps after it did not run.</source>
        <translation>有一步失败：{message}。其后的步骤没有运行。</translation>
    </message>
    <message>
        <source>The fix ran; every step is done. The Doctor checks the machine again.</source>
        <translation>修复已运行，所有步骤均已完成。“诊断”会重新检查这台机器。</translation>
    </message>
    <message>
        <source>The helper ended with exit status {code}.</source>
        <translation>辅助程序以退出状态 {code} 结束。</translation>
    </message>
</context>
<context>
    <name>GpuCard</name>
    <message>
        <source>No verdict was made for this GPU.</source>
        <translation>没有对这块显卡做出判断。</translation>
    </message>
    <message>
        <source>Other ways</source>
        <translation>其他方式</translation>
    </message>
    <message>
        <source>Kept out by</source>
        <translation>排除方式</translation>
    </message>
    <message>
        <source>On its own</source>
        <translation>单独使用时</translation>
    </message>
    <message>
        <source>Wheels</source>
        <translation>wheel</translation>
    </message>
    <message>
        <source>Override</source>
        <translation>覆盖</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Driver</source>
        <translation>驱动</translation>
    </message>
    <message>
        <source>Judged by</source>
        <translation>判断依据</translation>
    </message>
    <message>
        <source>Not used by PyTorch</source>
        <translation>PyTorch 不使用</translation>
    </message>
    <message>
        <source>{count} × {name}</source>
        <translation>{count} × {name}</translation>
    </message>
    <message>
        <source>Unknown AMD GPU (device {id})</source>
        <translation>未知的 AMD 显卡（设备 {id}）</translation>
    </message>
    <message>
        <source>Unknown AMD GPU</source>
        <translation>未知的 AMD 显卡</translation>
    </message>
    <message>
        <source>Instinct accelerator</source>
        <translation>Instinct 加速卡</translation>
    </message>
    <message>
        <source>Workstation (Radeon PRO)</source>
        <translation>工作站卡（Radeon PRO）</translation>
    </message>
    <message>
        <source>Integrated (APU)</source>
        <translation>集成显卡（APU）</translation>
    </message>
    <message>
        <source>Discrete</source>
        <translation>独立显卡</translation>
    </message>
    <message>
        <source>Type unknown</source>
        <translation>类型未知</translation>
    </message>
    <message>
        <source>GPUs {numbers}</source>
        <translation>显卡 {numbers}</translation>
    </message>
    <message>
        <source>{cards} cards, {per} partitions each</source>
        <translation>{cards} 张卡，每张 {per} 个分区</translation>
    </message>
    <message>
        <source>GPU {index}</source>
        <translation>显卡 {index}</translation>
    </message>
    <message>
        <source>partition {n}</source>
        <translation>分区 {n}</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>{physical} (reported as {reported})</source>
        <translation>{physical}（报告为 {reported}）</translation>
    </message>
    <message>
        <source>gfx target</source>
        <translation>gfx 目标</translation>
    </message>
    <message>
        <source>Shared memory carve-out</source>
        <translation>共享内存划分</translation>
    </message>
    <message>
        <source>VRAM</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>{size} each</source>
        <translation>每张 {size}</translation>
    </message>
    <message>
        <source>PCI slots</source>
        <translation>PCI 插槽</translation>
    </message>
    <message>
        <source>PCI slot</source>
        <translation>PCI 插槽</translation>
    </message>
    <message>
        <source>Device id</source>
        <translation>设备 ID</translation>
    </message>
    <message>
        <source>Render node</source>
        <translation>渲染节点</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>功耗</translation>
    </message>
    <message>
        <source>Asleep; rocmdesk does not wake it to read more</source>
        <translation>处于休眠；rocmdesk 不会为了读取更多信息而唤醒它</translation>
    </message>
</context>
<context>
    <name>LanguageMenu</name>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>rocmdesk will speak {language} from its next start. A job is running now, so the window stays as it is.</source>
        <translation>rocmdesk 将从下次启动起使用{language}。当前有任务正在运行，所以窗口保持不变。</translation>
    </message>
    <message>
        <source>rocmdesk will speak {language} from its next start. Restart the window now?</source>
        <translation>rocmdesk 将从下次启动起使用{language}。现在重启窗口吗？</translation>
    </message>
    <message>
        <source>Restart now</source>
        <translation>立即重启</translation>
    </message>
    <message>
        <source>Later</source>
        <translation>稍后</translation>
    </message>
    <message>
        <source>Vie&amp;w</source>
        <translation>视图(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>System ({language})</source>
        <translation>跟随系统（{language}）</translation>
    </message>
</context>
<context>
    <name>MachineBanner</name>
    <message>
        <source>Back to the real machine</source>
        <translation>回到真实机器</translation>
    </message>
    <message>
        <source>Simulated machine: {description} — nothing here is your real computer</source>
        <translation>模拟机器：{description} —— 这里显示的都不是您真实的电脑</translation>
    </message>
    <message>
        <source>Back to the machine tree</source>
        <translation>回到机器目录树</translation>
    </message>
    <message>
        <source>Captured machine tree: {root} — not this computer</source>
        <translation>采集的机器目录树：{root} —— 不是这台电脑</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Overview</source>
        <translation>概览</translation>
    </message>
    <message>
        <source>Setup</source>
        <translation>安装配置</translation>
    </message>
    <message>
        <source>Plan the ROCm install for this machine, see every step, and run it with one password prompt.</source>
        <translation>为这台机器规划 ROCm 的安装，列出每一步，只需输入一次密码即可运行。</translation>
    </message>
    <message>
        <source>PyTorch</source>
        <translation>PyTorch</translation>
    </message>
    <message>
        <source>Pick the right ROCm wheel for this GPU, install it into a virtual environment and check from inside it that the GPU is seen.</source>
        <translation>为这块显卡挑选合适的 ROCm wheel，把它装进虚拟环境，并在其中检查能否识别显卡。</translation>
    </message>
    <message>
        <source>Environments</source>
        <translation>环境</translation>
    </message>
    <message>
        <source>One virtual environment and its GPU settings (such as HSA_OVERRIDE_GFX_VERSION) per project.</source>
        <translation>每个项目一个虚拟环境及其显卡设置（例如 HSA_OVERRIDE_GFX_VERSION）。</translation>
    </message>
    <message>
        <source>Live temperature, power, memory, load and clocks of each GPU and process, with history and alerts.</source>
        <translation>每块显卡和每个进程的实时温度、功耗、显存、负载和频率，附带历史记录和告警。</translation>
    </message>
    <message>
        <source>Sanity check</source>
        <translation>训练自检</translation>
    </message>
    <message>
        <source>A short real training run: its speed, its memory use and whether the loss falls.</source>
        <translation>一次简短的真实训练：速度、显存占用，以及损失是否下降。</translation>
    </message>
    <message>
        <source>Known failures matched against this machine, or against output pasted from another one, and how to fix them.</source>
        <translation>把已知故障与这台机器（或从另一台机器粘贴来的输出）进行比对，并给出修复方法。</translation>
    </message>
    <message>
        <source>Monitor</source>
        <translation>监控</translation>
    </message>
    <message>
        <source>Doctor</source>
        <translation>诊断</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <source>&amp;Machine</source>
        <translation>机器(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>刷新(&amp;R)</translation>
    </message>
    <message>
        <source>Explore a &amp;simulated machine</source>
        <translation>浏览模拟机器(&amp;S)</translation>
    </message>
    <message>
        <source>Back to the real machine</source>
        <translation>回到真实机器</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Desktop notifications for alerts</source>
        <translation>告警的桌面通知</translation>
    </message>
    <message>
        <source>(none available)</source>
        <translation>（没有可用的）</translation>
    </message>
</context>
<context>
    <name>MetricPlot</name>
    <message>
        <source>paused: drag to pan, scroll to zoom</source>
        <translation>已暂停：拖动可平移，滚轮可缩放</translation>
    </message>
    <message>
        <source>no data yet</source>
        <translation>还没有数据</translation>
    </message>
    <message>
        <source>latest</source>
        <translation>最新</translation>
    </message>
</context>
<context>
    <name>Monitor</name>
    <message>
        <source>The monitor could not start</source>
        <translation>监控无法启动</translation>
    </message>
    <message>
        <source>No AMD GPU to watch on this machine</source>
        <translation>这台机器上没有可监视的 AMD 显卡</translation>
    </message>
    <message>
        <source>rocmdesk found no AMD GPU here (no amdgpu card under /sys/class/drm). If the computer has one, the Overview page says whether the amdgpu driver is loaded.</source>
        <translation>rocmdesk 在这里没有找到 AMD 显卡（/sys/class/drm 下没有 amdgpu 卡）。如果这台电脑有显卡，“概览”页面会显示 amdgpu 驱动是否已加载。</translation>
    </message>
    <message>
        <source>{n} s</source>
        <translation>{n} 秒</translation>
    </message>
    <message>
        <source>{n} min</source>
        <translation>{n} 分钟</translation>
    </message>
    <message>
        <source>{h} h {m} min</source>
        <translation>{h} 小时 {m} 分钟</translation>
    </message>
    <message>
        <source>GPU {index} – {name}</source>
        <translation>显卡 {index} – {name}</translation>
    </message>
    <message>
        <source>AMD GPU</source>
        <translation>AMD 显卡</translation>
    </message>
    <message>
        <source>{who} is asleep (runtime power management). rocmdesk does not read it, because reading would wake it; its plots have a gap until a program uses it.</source>
        <translation>{who} 处于休眠（运行时电源管理）。rocmdesk 不会读取它，因为读取会唤醒它；在有程序使用它之前，曲线图上会有一段空白。</translation>
    </message>
    <message>
        <source>{who} vanished at {when}: its device is gone (unplugged, reset, or the driver let go of it). Watching for it to come back.</source>
        <translation>{who} 在 {when} 消失了：设备已不在（被拔出、被重置，或驱动释放了它）。正在等待它重新出现。</translation>
    </message>
    <message>
        <source>{who}: none of its sensors could be read ({why}).</source>
        <translation>{who}：它的传感器都无法读取（{why}）。</translation>
    </message>
    <message>
        <source>no reason given</source>
        <translation>未给出原因</translation>
    </message>
    <message>
        <source>{who} came back at {when} after {away} away; the gap in its plots is that time.</source>
        <translation>{who} 在离开 {away} 后于 {when} 恢复；曲线图上的空白就是这段时间。</translation>
    </message>
    <message>
        <source>GPU {i}: junction {v:.0f} °C has reached its critical {lim:.0f} °C: the GPU slows itself down to cool off.</source>
        <translation>显卡 {i}：结温 {v:.0f} °C 已达到临界值 {lim:.0f} °C：显卡会自行降频降温。</translation>
    </message>
    <message>
        <source>GPU {i}: junction {v:.0f} °C is near its critical {lim:.0f} °C. Check the airflow and the fan.</source>
        <translation>显卡 {i}：结温 {v:.0f} °C 接近临界值 {lim:.0f} °C。请检查风道和风扇。</translation>
    </message>
    <message>
        <source>GPU {i}: VRAM {v:.0f} % full: the next allocation may fail with &quot;out of memory&quot;.</source>
        <translation>显卡 {i}：显存已用 {v:.0f} %：下一次分配可能会因“out of memory”而失败。</translation>
    </message>
    <message>
        <source>GPU {i}: drawing {v:.0f} W at its {lim:.0f} W cap: its clocks are held back by power.</source>
        <translation>显卡 {i}：功耗 {v:.0f} W 已达上限 {lim:.0f} W：频率受功耗限制。</translation>
    </message>
    <message>
        <source>GPU {i}: VRAM grew by {mib:.0f} MiB in {mins:.0f} minutes while the GPU was idle: a process may be leaking memory (see Processes).</source>
        <translation>显卡 {i}：显卡空闲时显存在 {mins:.0f} 分钟内增长了 {mib:.0f} MiB：可能有进程在泄漏显存（见“进程”）。</translation>
    </message>
    <message>
        <source>power limit ({reason})</source>
        <translation>功率限制（{reason}）</translation>
    </message>
    <message>
        <source>current limit ({reason})</source>
        <translation>电流限制（{reason}）</translation>
    </message>
    <message>
        <source>temperature limit ({reason})</source>
        <translation>温度限制（{reason}）</translation>
    </message>
    <message>
        <source>{gpu} is held back by its firmware: {reasons}</source>
        <translation>{gpu} 正被固件限速：{reasons}</translation>
    </message>
    <message>
        <source>{engine} {percent}%</source>
        <translation>{engine} {percent}%</translation>
    </message>
    <message>
        <source>compute (KFD)</source>
        <translation>计算（KFD）</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>edge</source>
        <translation>边缘</translation>
    </message>
    <message>
        <source>junction</source>
        <translation>结温</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Temperature: junction (hottest spot)</source>
        <translation>温度：结温（最热点）</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>功耗</translation>
    </message>
    <message>
        <source>power</source>
        <translation>功耗</translation>
    </message>
    <message>
        <source>Busy</source>
        <translation>占用率</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>显卡</translation>
    </message>
    <message>
        <source>memory controller</source>
        <translation>显存控制器</translation>
    </message>
    <message>
        <source>GPU busy</source>
        <translation>显卡占用率</translation>
    </message>
    <message>
        <source>VRAM in use</source>
        <translation>已用显存</translation>
    </message>
    <message>
        <source>VRAM</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>GTT in use (system memory the GPU maps)</source>
        <translation>已用 GTT（显卡映射的系统内存）</translation>
    </message>
    <message>
        <source>GTT</source>
        <translation>GTT</translation>
    </message>
    <message>
        <source>Clocks</source>
        <translation>频率</translation>
    </message>
    <message>
        <source>shader</source>
        <translation>核心</translation>
    </message>
    <message>
        <source>Shader clock</source>
        <translation>核心频率</translation>
    </message>
    <message>
        <source>Fan</source>
        <translation>风扇</translation>
    </message>
    <message>
        <source>fan</source>
        <translation>风扇</translation>
    </message>
    <message>
        <source>Host CPU</source>
        <translation>主机 CPU</translation>
    </message>
    <message>
        <source>all cores</source>
        <translation>全部核心</translation>
    </message>
    <message>
        <source>Host memory in use</source>
        <translation>已用主机内存</translation>
    </message>
    <message>
        <source>RAM</source>
        <translation>内存</translation>
    </message>
</context>
<context>
    <name>MonitorPage</name>
    <message>
        <source>Monitor</source>
        <translation>监控</translation>
    </message>
    <message>
        <source>Looking at the machine…</source>
        <translation>正在检测机器…</translation>
    </message>
    <message>
        <source>The machine could not be read</source>
        <translation>无法读取机器信息</translation>
    </message>
</context>
<context>
    <name>MonitorView</name>
    <message>
        <source>Looking at the machine…</source>
        <translation>正在检测机器…</translation>
    </message>
    <message>
        <source>GPU to show</source>
        <translation>要显示的显卡</translation>
    </message>
    <message>
        <source>Time range</source>
        <translation>时间范围</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <source>Hold the plots still to look closer (drag to pan, scroll to zoom); sampling goes on</source>
        <translation>冻结曲线图以便仔细查看（拖动平移，滚轮缩放）；采样仍在继续</translation>
    </message>
    <message>
        <source>Export &amp;CSV…</source>
        <translation>导出 CSV(&amp;C)…</translation>
    </message>
    <message>
        <source>Save the time range in view as a CSV file</source>
        <translation>把当前显示的时间范围保存为 CSV 文件</translation>
    </message>
    <message>
        <source>Export P&amp;NG…</source>
        <translation>导出 PNG(&amp;N)…</translation>
    </message>
    <message>
        <source>Save the plots as a picture</source>
        <translation>把曲线图保存为图片</translation>
    </message>
    <message>
        <source>Last {n} min</source>
        <translation>最近 {n} 分钟</translation>
    </message>
    <message>
        <source>Last {n} h</source>
        <translation>最近 {n} 小时</translation>
    </message>
    <message>
        <source>Processes using the GPU</source>
        <translation>使用显卡的进程</translation>
    </message>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>显卡</translation>
    </message>
    <message>
        <source>VRAM</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Engines</source>
        <translation>引擎</translation>
    </message>
    <message>
        <source>Share of the time since the last look that each engine (gfx, compute, dma, dec, enc, jpeg) worked for the process, from the kernel&apos;s DRM fdinfo. ROCm compute work runs on KFD queues, which fdinfo does not count: such processes are marked compute (KFD).</source>
        <translation>自上次查看以来各引擎（gfx、compute、dma、dec、enc、jpeg）为该进程工作的时间占比，来自内核的 DRM fdinfo。ROCm 计算任务运行在 KFD 队列上，fdinfo 不计入这部分时间：这类进程标为“计算（KFD）”。</translation>
    </message>
    <message>
        <source>Only your own processes are listed: other users&apos; are hidden from you.</source>
        <translation>只列出您自己的进程：其他用户的进程对您不可见。</translation>
    </message>
    <message>
        <source>No AMD GPU to watch on this machine</source>
        <translation>这台机器上没有可监视的 AMD 显卡</translation>
    </message>
    <message>
        <source>All GPUs</source>
        <translation>所有显卡</translation>
    </message>
    <message>
        <source> (partition {n})</source>
        <translation>（分区 {n}）</translation>
    </message>
    <message>
        <source>read from sysfs every {s:g} s</source>
        <translation>每 {s:g} 秒从 sysfs 读取一次</translation>
    </message>
    <message>
        <source>read through {tool} every {s:g} s (sysfs has nothing to read here)</source>
        <translation>每 {s:g} 秒通过 {tool} 读取一次（这里的 sysfs 没有可读的内容）</translation>
    </message>
    <message>
        <source>(since {t})</source>
        <translation>（自 {t} 起）</translation>
    </message>
    <message>
        <source>GPU {i}</source>
        <translation>显卡 {i}</translation>
    </message>
    <message>
        <source>GPU {i} (edge)</source>
        <translation>显卡 {i}（边缘）</translation>
    </message>
    <message>
        <source>junction critical</source>
        <translation>结温临界值</translation>
    </message>
    <message>
        <source>cap</source>
        <translation>上限</translation>
    </message>
    <message>
        <source>total</source>
        <translation>总量</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>继续(&amp;R)</translation>
    </message>
    <message>
        <source>No process of yours holds memory on this GPU (other users&apos; processes are hidden from you).</source>
        <translation>没有您的进程占用这块显卡的显存（其他用户的进程对您不可见）。</translation>
    </message>
    <message>
        <source>rocmdesk Monitor — {machine} — {start} to {end}</source>
        <translation>rocmdesk 监控 — {machine} — {start} 至 {end}</translation>
    </message>
    <message>
        <source>Export CSV</source>
        <translation>导出 CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Export PNG</source>
        <translation>导出 PNG</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>Could not write {path}: {why}</source>
        <translation>无法写入 {path}：{why}</translation>
    </message>
    <message>
        <source>Saved {path}</source>
        <translation>已保存 {path}</translation>
    </message>
</context>
<context>
    <name>MonitorWindow</name>
    <message>
        <source>rocmdesk monitor — {host}</source>
        <translation>rocmdesk 监控 —— {host}</translation>
    </message>
</context>
<context>
    <name>OverviewPage</name>
    <message>
        <source>Overview</source>
        <translation>概览</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>刷新(&amp;R)</translation>
    </message>
    <message>
        <source>Look at the machine again (F5)</source>
        <translation>重新检测这台机器（F5）</translation>
    </message>
    <message>
        <source>the simulated machine {name}</source>
        <translation>模拟机器 {name}</translation>
    </message>
    <message>
        <source>the machine tree at {root}</source>
        <translation>位于 {root} 的机器目录树</translation>
    </message>
    <message>
        <source>this computer</source>
        <translation>这台电脑</translation>
    </message>
    <message>
        <source>Looking at {where}…</source>
        <translation>正在检测{where}…</translation>
    </message>
    <message>
        <source>— {where}</source>
        <translation>—— {where}</translation>
    </message>
    <message>
        <source>Detection failed</source>
        <translation>检测失败</translation>
    </message>
    <message>
        <source>Press Refresh to try again. If it fails again, run “rocmdesk detect --json” in a terminal; its output and the details below help a bug report.</source>
        <translation>请按“刷新”重试。如果仍然失败，请在终端中运行“rocmdesk detect --json”；它的输出和下面的详细信息有助于提交问题报告。</translation>
    </message>
    <message>
        <source>Show details</source>
        <translation>显示详细信息</translation>
    </message>
    <message>
        <source>Set in the environment rocmdesk sees; under them the runtime reports a different gfx target.</source>
        <translation>在 rocmdesk 所见的环境中设置；在这些设置下，运行时报告的 gfx 目标与实际不同。</translation>
    </message>
    <message>
        <source>GPU overrides in effect</source>
        <translation>生效中的显卡覆盖设置</translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>ROCm</source>
        <translation>ROCm</translation>
    </message>
    <message>
        <source>GPU access</source>
        <translation>显卡访问权限</translation>
    </message>
    <message>
        <source>an unknown date</source>
        <translation>未知日期</translation>
    </message>
    <message>
        <source>Verdicts use rocmdesk’s knowledge as of {date}.</source>
        <translation>判断依据是 rocmdesk 截至 {date} 的知识库。</translation>
    </message>
    <message>
        <source>Report source: {source}.</source>
        <translation>报告来源：{source}。</translation>
    </message>
    <message>
        <source>compute {mode}</source>
        <translation>计算 {mode}</translation>
    </message>
    <message>
        <source>memory {mode}</source>
        <translation>内存 {mode}</translation>
    </message>
    <message>
        <source>Partition mode</source>
        <translation>分区模式</translation>
    </message>
    <message>
        <source>ECC (RAS)</source>
        <translation>ECC（RAS）</translation>
    </message>
    <message>
        <source>{n} cards in one hive</source>
        <translation>{n} 张卡同在一个 hive</translation>
    </message>
    <message>
        <source>{n} hives</source>
        <translation>{n} 个 hive</translation>
    </message>
    <message>
        <source>no hive</source>
        <translation>不在 hive 中</translation>
    </message>
    <message>
        <source>{links} links each</source>
        <translation>每张 {links} 条链路</translation>
    </message>
    <message>
        <source>XGMI</source>
        <translation>XGMI</translation>
    </message>
    <message>
        <source>VBIOS</source>
        <translation>VBIOS</translation>
    </message>
    <message>
        <source>{speed:g} GT/s ×{width}</source>
        <translation>{speed:g} GT/s ×{width}</translation>
    </message>
    <message>
        <source>(below the maximum on GPU {gpus})</source>
        <translation>（GPU {gpus} 低于最大值）</translation>
    </message>
    <message>
        <source>(the maximum)</source>
        <translation>（已达最大值）</translation>
    </message>
    <message>
        <source>PCIe link</source>
        <translation>PCIe 链路</translation>
    </message>
    <message>
        <source>(of {modes})</source>
        <translation>（可选 {modes}）</translation>
    </message>
    <message>
        <source>not reported</source>
        <translation>未报告</translation>
    </message>
    <message>
        <source>no errors</source>
        <translation>无错误</translation>
    </message>
    <message>
        <source>{block} on GPU {index}</source>
        <translation>GPU {index} 的 {block}</translation>
    </message>
    <message>
        <source>{ue} uncorrectable, {ce} corrected ({where})</source>
        <translation>{ue} 个不可纠正，{ce} 个已纠正（{where}）</translation>
    </message>
    <message>
        <source>No AMD GPU found</source>
        <translation>未找到 AMD 显卡</translation>
    </message>
    <message>
        <source>rocmdesk found no AMD GPU on {where}: none in the kernel’s GPU compute list (/dev/kfd topology) or among the display devices. If there should be one, check below that the amdgpu driver is loaded.</source>
        <translation>rocmdesk 在{where}上没有找到 AMD 显卡：内核的 GPU 计算列表（/dev/kfd 拓扑）和显示设备中都没有。如果本应有显卡，请在下方检查 amdgpu 驱动是否已加载。</translation>
    </message>
    <message>
        <source>Simulated machines are not available in this installation.</source>
        <translation>此安装中没有模拟机器可用。</translation>
    </message>
    <message>
        <source>You can still see what rocmdesk does by exploring a simulated machine. Nothing on this computer changes.</source>
        <translation>您仍然可以浏览一台模拟机器，看看 rocmdesk 能做什么。这不会改动这台电脑上的任何东西。</translation>
    </message>
    <message>
        <source>Explore a simulated machine</source>
        <translation>浏览模拟机器</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>None.</source>
        <translation>无。</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Operating system</source>
        <translation>操作系统</translation>
    </message>
    <message>
        <source>Codename</source>
        <translation>版本代号</translation>
    </message>
    <message>
        <source>AMD repository codename</source>
        <translation>AMD 软件源代号</translation>
    </message>
    <message>
        <source>none known for this system</source>
        <translation>此系统没有已知的代号</translation>
    </message>
    <message>
        <source>WSL</source>
        <translation>WSL</translation>
    </message>
    <message>
        <source>yes: ROCm on WSL uses the Windows driver</source>
        <translation>是：WSL 上的 ROCm 使用 Windows 驱动</translation>
    </message>
    <message>
        <source>Container</source>
        <translation>容器</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>loaded</source>
        <translation>已加载</translation>
    </message>
    <message>
        <source>not loaded</source>
        <translation>未加载</translation>
    </message>
    <message>
        <source>{state} (from {how})</source>
        <translation>{state}（依据：{how}）</translation>
    </message>
    <message>
        <source>amdgpu driver</source>
        <translation>amdgpu 驱动</translation>
    </message>
    <message>
        <source>amdgpu-dkms</source>
        <translation>amdgpu-dkms</translation>
    </message>
    <message>
        <source>installed</source>
        <translation>已安装</translation>
    </message>
    <message>
        <source>not installed</source>
        <translation>未安装</translation>
    </message>
    <message>
        <source>{version} at {path}</source>
        <translation>{version}，位于 {path}</translation>
    </message>
    <message>
        <source>unknown version</source>
        <translation>版本未知</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Installed</source>
        <translation>已安装</translation>
    </message>
    <message>
        <source>In use</source>
        <translation>正在使用</translation>
    </message>
    <message>
        <source>1 ROCm package (dpkg)</source>
        <translation>1 个 ROCm 软件包（dpkg）</translation>
    </message>
    <message>
        <source>{n} ROCm packages (dpkg)</source>
        <translation>{n} 个 ROCm 软件包（dpkg）</translation>
    </message>
    <message>
        <source>Packages</source>
        <translation>软件包</translation>
    </message>
    <message>
        <source>AMD apt repository</source>
        <translation>AMD apt 软件源</translation>
    </message>
    <message>
        <source>not configured</source>
        <translation>未配置</translation>
    </message>
    <message>
        <source>Left over</source>
        <translation>残留</translation>
    </message>
    <message>
        <source>rocminfo</source>
        <translation>rocminfo</translation>
    </message>
    <message>
        <source>available</source>
        <translation>可用</translation>
    </message>
    <message>
        <source>PyTorch’s ROCm wheels carry their own ROCm libraries: PyTorch alone needs only the amdgpu driver and access to /dev/kfd, not a system ROCm install.</source>
        <translation>PyTorch 的 ROCm wheel 自带 ROCm 库：单独使用 PyTorch 只需要 amdgpu 驱动和 /dev/kfd 的访问权限，不需要在系统中安装 ROCm。</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>opens read-write</source>
        <translation>可读写打开</translation>
    </message>
    <message>
        <source>does not open: {error}</source>
        <translation>无法打开：{error}</translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation>未知错误</translation>
    </message>
    <message>
        <source>opening not tried (not this computer)</source>
        <translation>未尝试打开（不是这台电脑）</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>Groups</source>
        <translation>用户组</translation>
    </message>
    <message>
        <source>Groups in this session</source>
        <translation>本次会话中的用户组</translation>
    </message>
    <message>
        <source>not checked</source>
        <translation>未检查</translation>
    </message>
    <message>
        <source>Render nodes</source>
        <translation>渲染节点</translation>
    </message>
    <message>
        <source>none found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <source>{first} and {last}</source>
        <translation>{first} 和 {last}</translation>
    </message>
    <message>
        <source>There is no /dev/kfd in this container: start it with “--device /dev/kfd --device /dev/dri”, on a host whose amdgpu driver is loaded.</source>
        <translation>此容器中没有 /dev/kfd：请在 amdgpu 驱动已加载的主机上用“--device /dev/kfd --device /dev/dri”启动容器。</translation>
    </message>
    <message>
        <source>There is no /dev/kfd: it appears when the amdgpu driver is loaded.</source>
        <translation>没有 /dev/kfd：加载 amdgpu 驱动后它才会出现。</translation>
    </message>
    <message>
        <source>You were added to {groups} but you must log out and in again before it takes effect (“newgrp render” fixes one terminal).</source>
        <translation>您已被加入 {groups} 组，但必须注销并重新登录后才会生效（“newgrp render”可让单个终端先生效）。</translation>
    </message>
    <message>
        <source>Not in the group {groups}, so the GPU will not open. Add yourself, then log out and in again:</source>
        <translation>您不在 {groups} 组中，因此无法打开显卡。请把自己加入该组，然后注销并重新登录：</translation>
    </message>
    <message>
        <source>Not in the groups {groups}, so the GPU will not open. Add yourself, then log out and in again:</source>
        <translation>您不在 {groups} 这些组中，因此无法打开显卡。请把自己加入这些组，然后注销并重新登录：</translation>
    </message>
    <message>
        <source>This user can open the GPU.</source>
        <translation>此用户可以打开显卡。</translation>
    </message>
    <message>
        <source>This user cannot open the GPU yet; see the rows above.</source>
        <translation>此用户还不能打开显卡；请查看上面几行。</translation>
    </message>
</context>
<context>
    <name>PasteBox</name>
    <message>
        <source>{size} pasted: too long to show here, it is diagnosed as a whole. Clear it to paste something else.</source>
        <translation>已粘贴 {size}：太长，无法在此显示，将作为整体进行诊断。清空后可粘贴其他内容。</translation>
    </message>
</context>
<context>
    <name>PowerControl</name>
    <message>
        <source>Set power cap…</source>
        <translation>设置功耗上限…</translation>
    </message>
    <message>
        <source>Set level…</source>
        <translation>设置级别…</translation>
    </message>
    <message>
        <source>Keep after reboot (a systemd unit sets it at boot)</source>
        <translation>重启后保留（由 systemd 单元在开机时设置）</translation>
    </message>
    <message>
        <source>Power cap</source>
        <translation>功耗上限</translation>
    </message>
    <message>
        <source>Performance level</source>
        <translation>性能级别</translation>
    </message>
    <message>
        <source>Restore {value}</source>
        <translation>恢复为 {value}</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Nothing to change: it is like that already.</source>
        <translation>无需更改：已经是这样了。</translation>
    </message>
    <message>
        <source>Not run: nothing was changed.</source>
        <translation>未运行：没有任何更改。</translation>
    </message>
    <message>
        <source>Waiting for the password prompt…</source>
        <translation>正在等待密码提示…</translation>
    </message>
    <message>
        <source>It could not run: {error}</source>
        <translation>无法运行：{error}</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>完成。</translation>
    </message>
    <message>
        <source>No GPU with power controls.</source>
        <translation>没有带功耗控制的 GPU。</translation>
    </message>
    <message>
        <source>GPU {gpu} has no power cap or performance level rocmdesk can set.</source>
        <translation>GPU {gpu} 没有 rocmdesk 可以设置的功耗上限或性能级别。</translation>
    </message>
    <message>
        <source>A systemd unit sets this again at every boot.</source>
        <translation>一个 systemd 单元会在每次开机时重新设置它。</translation>
    </message>
    <message>
        <source>The kernel resets these at every reboot unless you keep them.</source>
        <translation>除非你选择保留，内核会在每次重启时重置这些设置。</translation>
    </message>
    <message>
        <source>GPU {gpu}: {name} ({card}, {slot})</source>
        <translation>GPU {gpu}：{name}（{card}，{slot}）</translation>
    </message>
</context>
<context>
    <name>PyTorchPage</name>
    <message>
        <source>PyTorch</source>
        <translation>PyTorch</translation>
    </message>
    <message>
        <source>torch &amp;version:</source>
        <translation>torch 版本(&amp;V)：</translation>
    </message>
    <message>
        <source>Recommended</source>
        <translation>推荐</translation>
    </message>
    <message>
        <source>Pin another torch release; the recommendation says what it means for this GPU</source>
        <translation>固定为另一个 torch 版本；推荐卡片会说明这对这块显卡意味着什么</translation>
    </message>
    <message>
        <source>Inde&amp;x or mirror:</source>
        <translation>索引或镜像(&amp;X)：</translation>
    </message>
    <message>
        <source>the recommended index (leave empty)</source>
        <translation>推荐的索引（留空）</translation>
    </message>
    <message>
        <source>A mirror of the wheel index, e.g. your company&apos;s proxy; it must serve the same wheels</source>
        <translation>wheel 索引的镜像，例如您公司的代理；它必须提供相同的 wheel</translation>
    </message>
    <message>
        <source>Install into a virtual environment</source>
        <translation>安装到虚拟环境</translation>
    </message>
    <message>
        <source>&amp;Profile:</source>
        <translation>配置(&amp;P)：</translation>
    </message>
    <message>
        <source>An Environments profile: its venv, and its variables when verifying</source>
        <translation>“环境”中的一个配置：使用它的虚拟环境，验证时也使用它的变量</translation>
    </message>
    <message>
        <source>V&amp;env folder:</source>
        <translation>虚拟环境目录(&amp;E)：</translation>
    </message>
    <message>
        <source>An existing venv, or a folder where a new one is created</source>
        <translation>已有的虚拟环境，或要在其中新建虚拟环境的目录</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>What Install runs:</source>
        <translation>“安装”将运行：</translation>
    </message>
    <message>
        <source>The commands Install runs</source>
        <translation>“安装”运行的命令</translation>
    </message>
    <message>
        <source>&amp;Install</source>
        <translation>安装(&amp;I)</translation>
    </message>
    <message>
        <source>Create the venv if needed and install the wheels into it</source>
        <translation>如有需要先创建虚拟环境，再把 wheel 安装进去</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>Stop pip; running Install again finishes what was started</source>
        <translation>停止 pip；再次点“安装”会完成已开始的部分</translation>
    </message>
    <message>
        <source>Ve&amp;rify</source>
        <translation>验证(&amp;R)</translation>
    </message>
    <message>
        <source>Run a probe with the venv&apos;s python and judge what torch sees</source>
        <translation>用虚拟环境中的 python 运行探测程序，判断 torch 看到了什么</translation>
    </message>
    <message>
        <source>&amp;Keep the variables in a profile…</source>
        <translation>把变量保存到配置中(&amp;K)…</translation>
    </message>
    <message>
        <source>A new Environments profile for this venv with the variables this GPU needs, so every shell gets them</source>
        <translation>为这个虚拟环境新建一个“环境”配置，带上这块显卡需要的变量，让每个终端都能用上</translation>
    </message>
    <message>
        <source>Install progress</source>
        <translation>安装进度</translation>
    </message>
    <message>
        <source>&amp;Log</source>
        <translation>日志(&amp;L)</translation>
    </message>
    <message>
        <source>What pip does appears here.</source>
        <translation>pip 的输出会显示在这里。</translation>
    </message>
    <message>
        <source>Verify</source>
        <translation>验证</translation>
    </message>
    <message>
        <source>Not verified yet: Verify runs a probe inside the venv (torch version, HIP, the devices it sees, its arch list, a small matmul checked against the CPU).</source>
        <translation>尚未验证：“验证”会在虚拟环境中运行一个探测程序（torch 版本、HIP、它看到的设备、它的架构列表，以及一次与 CPU 对照的小矩阵乘法）。</translation>
    </message>
    <message>
        <source>— the simulated machine {name}</source>
        <translation>—— 模拟机器 {name}</translation>
    </message>
    <message>
        <source>— the machine tree at {root}</source>
        <translation>—— 位于 {root} 的机器目录树</translation>
    </message>
    <message>
        <source>— this computer</source>
        <translation>—— 这台电脑</translation>
    </message>
    <message>
        <source>Looking at the machine…</source>
        <translation>正在检测机器…</translation>
    </message>
    <message>
        <source>Detection failed: {error}. The Overview page has the details.</source>
        <translation>检测失败：{error}。“概览”页面有详细信息。</translation>
    </message>
    <message>
        <source>No machine has been looked at yet.</source>
        <translation>还没有检测任何机器。</translation>
    </message>
    <message>
        <source>simulated machine</source>
        <translation>模拟机器</translation>
    </message>
    <message>
        <source>captured machine tree</source>
        <translation>采集的机器目录树</translation>
    </message>
    <message>
        <source>This recommendation is for the {what}’s {gpu}, not for this computer’s GPU.</source>
        <translation>此推荐针对的是{what}上的 {gpu}，而不是这台电脑的显卡。</translation>
    </message>
    <message>
        <source>This recommendation is for the {what}, which has no AMD GPU, not for this computer.</source>
        <translation>此推荐针对的是{what}（没有 AMD 显卡），而不是这台电脑。</translation>
    </message>
    <message>
        <source>Install still works for real: it creates the venv and downloads the wheels on this computer, into the folder below (a throwaway folder is a good idea).</source>
        <translation>“安装”仍会真实执行：它会在这台电脑上下面的目录中创建虚拟环境并下载 wheel（最好用一个临时目录）。</translation>
    </message>
    <message>
        <source>rocmdesk could not make a recommendation: {error}</source>
        <translation>rocmdesk 无法给出推荐：{error}</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Choose the venv folder</source>
        <translation>选择虚拟环境目录</translation>
    </message>
    <message>
        <source>Choose a folder for the venv.</source>
        <translation>请为虚拟环境选择一个目录。</translation>
    </message>
    <message>
        <source>An existing venv with torch {version}; Install replaces it with the version above.</source>
        <translation>已有的虚拟环境，装有 torch {version}；“安装”会将其替换为上面的版本。</translation>
    </message>
    <message>
        <source>An existing venv without torch.</source>
        <translation>已有的虚拟环境，未安装 torch。</translation>
    </message>
    <message>
        <source>This folder exists but is not a venv: Install creates one in it.</source>
        <translation>此目录已存在但不是虚拟环境：“安装”会在其中创建一个。</translation>
    </message>
    <message>
        <source>A new venv is created here.</source>
        <translation>将在此处新建虚拟环境。</translation>
    </message>
    <message>
        <source>Install is off: {error}</source>
        <translation>无法安装：{error}</translation>
    </message>
    <message>
        <source>No AMD GPU was found, so there is nothing to pick wheels for; choose a torch version above to install one anyway.</source>
        <translation>没有找到 AMD 显卡，因此无从挑选 wheel；如仍要安装，请在上面选择一个 torch 版本。</translation>
    </message>
    <message>
        <source>Disk: {message}</source>
        <translation>磁盘：{message}</translation>
    </message>
    <message>
        <source>The whole log: {path}</source>
        <translation>完整日志：{path}</translation>
    </message>
    <message>
        <source>Not started: {message}</source>
        <translation>未开始：{message}</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>正在启动…</translation>
    </message>
    <message>
        <source>Stopping pip…</source>
        <translation>正在停止 pip…</translation>
    </message>
    <message>
        <source>CPU only: {version}+cpu</source>
        <translation>仅 CPU：{version}+cpu</translation>
    </message>
    <message>
        <source>CUDA: {version} from PyPI</source>
        <translation>CUDA：来自 PyPI 的 {version}</translation>
    </message>
    <message>
        <source>Checking the disk</source>
        <translation>检查磁盘空间</translation>
    </message>
    <message>
        <source>Creating the venv</source>
        <translation>创建虚拟环境</translation>
    </message>
    <message>
        <source>Preparing pip</source>
        <translation>准备 pip</translation>
    </message>
    <message>
        <source>Resolving</source>
        <translation>解析依赖</translation>
    </message>
    <message>
        <source>Downloading</source>
        <translation>下载中</translation>
    </message>
    <message>
        <source>Installing</source>
        <translation>安装中</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Downloading {file}: {done} of {total}</source>
        <translation>正在下载 {file}：{done} / {total}</translation>
    </message>
    <message>
        <source>Downloading {file}: {done}</source>
        <translation>正在下载 {file}：{done}</translation>
    </message>
    <message>
        <source>({all} downloaded in all)</source>
        <translation>（共已下载 {all}）</translation>
    </message>
    <message>
        <source>The install stopped with an error: {error}</source>
        <translation>安装因错误而停止：{error}</translation>
    </message>
    <message>
        <source>nothing downloaded (all from the cache or there already)</source>
        <translation>没有下载任何内容（全部来自缓存或已存在）</translation>
    </message>
    <message>
        <source>{n} downloaded</source>
        <translation>已下载 {n}</translation>
    </message>
    <message>
        <source>Installed into {venv} in {s:.0f} s; {got}.</source>
        <translation>已安装到 {venv}，用时 {s:.0f} 秒；{got}。</translation>
    </message>
    <message>
        <source>Cancelled. The venv may be half-installed: Install again finishes it (what was downloaded is not fetched again).</source>
        <translation>已取消。虚拟环境可能只安装了一半：再次“安装”即可完成（已下载的内容不会重新获取）。</translation>
    </message>
    <message>
        <source>The install failed: {error}</source>
        <translation>安装失败：{error}</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>This machine has no AMD GPU, so a ROCm wheel has nothing to run on: choose CPU only under torch version, then Install.</source>
        <translation>这台机器没有 AMD 显卡，ROCm wheel 无处可用：请在“torch 版本”中选择“仅 CPU”，然后点“安装”。</translation>
    </message>
    <message>
        <source>Install on this page creates the venv in Venv folder and installs torch into it.</source>
        <translation>本页的“安装”会在“虚拟环境目录”中创建虚拟环境并装入 torch。</translation>
    </message>
    <message>
        <source>The recommendation above shows what comes closest; torch version pins another build.</source>
        <translation>上方的推荐给出最接近的选择；可在“torch 版本”中指定其他版本。</translation>
    </message>
    <message>
        <source>Install on this page puts the recommended wheels into this venv.</source>
        <translation>本页的“安装”会把推荐的 wheel 装进这个虚拟环境。</translation>
    </message>
    <message>
        <source>Keep the variables in a profile… on this page makes one for this venv.</source>
        <translation>本页的“把变量保存到配置中…”会为这个虚拟环境建立一个配置。</translation>
    </message>
    <message>
        <source>If it persists, the Doctor page and the Sanity check page narrow it down.</source>
        <translation>如果问题仍在，“诊断”页和“训练自检”页可以进一步定位。</translation>
    </message>
    <message>
        <source>Installed. Press Verify to run the probe in the venv (on this computer; its verdict is judged against the simulated machine).</source>
        <translation>已安装。按“验证”在虚拟环境中运行探测程序（在这台电脑上运行；结论按模拟机器来判断）。</translation>
    </message>
    <message>
        <source>The install failed. {cause} {next_step}</source>
        <translation>安装失败。{cause}{next_step}</translation>
    </message>
    <message>
        <source>Checked with the variables of profile {name}.</source>
        <translation>已使用配置 {name} 的变量进行检查。</translation>
    </message>
    <message>
        <source>Checked with profile {name}, which sets no variables.</source>
        <translation>已使用配置 {name} 进行检查，该配置没有设置变量。</translation>
    </message>
    <message>
        <source>Checked with {pairs} from the recommendation; your shells need it too (a profile keeps it).</source>
        <translation>已使用推荐中的 {pairs} 进行检查；您的终端也需要它（配置可以保存它）。</translation>
    </message>
    <message>
        <source>Verifying {venv}… (the probe imports torch inside the venv; the first time can take a while)</source>
        <translation>正在验证 {venv}…（探测程序会在虚拟环境中导入 torch；第一次可能需要一些时间）</translation>
    </message>
    <message>
        <source>The probe could not be run: {error}</source>
        <translation>无法运行探测程序：{error}</translation>
    </message>
    <message>
        <source>GPU {n}</source>
        <translation>显卡 {n}</translation>
    </message>
    <message>
        <source>Judged against the simulated machine’s GPU, not this computer’s.</source>
        <translation>按模拟机器的显卡判断，而不是这台电脑的显卡。</translation>
    </message>
    <message>
        <source>The probe ran with {python}.</source>
        <translation>探测程序使用 {python} 运行。</translation>
    </message>
    <message>
        <source>A saved probe report for {where}.</source>
        <translation>已保存的探测报告：{where}。</translation>
    </message>
</context>
<context>
    <name>RecommendationCard</name>
    <message>
        <source>No AMD GPU</source>
        <translation>没有 AMD 显卡</translation>
    </message>
    <message>
        <source>{name} ({gfx})</source>
        <translation>{name}（{gfx}）</translation>
    </message>
    <message>
        <source>The exact command (into an activated venv):</source>
        <translation>具体命令（在已激活的虚拟环境中运行）：</translation>
    </message>
    <message>
        <source>the pip command</source>
        <translation>pip 命令</translation>
    </message>
    <message>
        <source>When you use the venv, set {pairs}: a profile on the Environments page keeps it in the venv&apos;s activate scripts.</source>
        <translation>使用该虚拟环境时，请设置 {pairs}：“环境”页面上的配置会把它写进虚拟环境的 activate 脚本。</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Other ways</source>
        <translation>其他方式</translation>
    </message>
    <message>
        <source>⚠ {warning}</source>
        <translation>⚠ {warning}</translation>
    </message>
    <message>
        <source>No AMD GPU found: the newest stable wheels, for a machine that has one</source>
        <translation>未找到 AMD 显卡：以下是最新的稳定版 wheel，供有显卡的机器使用</translation>
    </message>
    <message>
        <source>CPU only: torch runs on the processor, never on the GPU</source>
        <translation>仅 CPU：torch 只在处理器上运行，从不使用显卡</translation>
    </message>
    <message>
        <source>A CUDA build: for NVIDIA GPUs, it cannot use an AMD GPU</source>
        <translation>CUDA 版本：用于 NVIDIA 显卡，无法使用 AMD 显卡</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>显卡</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Index</source>
        <translation>索引</translation>
    </message>
    <message>
        <source>Override</source>
        <translation>覆盖</translation>
    </message>
    <message>
        <source>System ROCm</source>
        <translation>系统 ROCm</translation>
    </message>
    <message>
        <source>Mirror</source>
        <translation>镜像</translation>
    </message>
    <message>
        <source>Driver</source>
        <translation>驱动</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>PyTorch&apos;s own index</source>
        <translation>PyTorch 官方索引</translation>
    </message>
    <message>
        <source>AMD&apos;s per-family index</source>
        <translation>AMD 按系列划分的索引</translation>
    </message>
    <message>
        <source>your index or mirror</source>
        <translation>您的索引或镜像</translation>
    </message>
    <message>
        <source>PyPI</source>
        <translation>PyPI</translation>
    </message>
    <message>
        <source>the newest on the index</source>
        <translation>索引上的最新版本</translation>
    </message>
    <message>
        <source>torch</source>
        <translation>torch</translation>
    </message>
    <message>
        <source>torchvision</source>
        <translation>torchvision</translation>
    </message>
    <message>
        <source>Wheel&apos;s ROCm</source>
        <translation>wheel 自带的 ROCm</translation>
    </message>
    <message>
        <source>Variables</source>
        <translation>变量</translation>
    </message>
    <message>
        <source>Judged by</source>
        <translation>判断依据</translation>
    </message>
    <message>
        <source>Extra index</source>
        <translation>额外索引</translation>
    </message>
</context>
<context>
    <name>SanityGpuPanel</name>
    <message>
        <source>GPU now</source>
        <translation>显卡现状</translation>
    </message>
    <message>
        <source>Watching starts when the page is shown.</source>
        <translation>显示本页面时开始监视。</translation>
    </message>
    <message>
        <source>GPU metrics are not available: {error}</source>
        <translation>无法获取显卡指标：{error}</translation>
    </message>
    <message>
        <source>No machine to watch yet.</source>
        <translation>还没有可监视的机器。</translation>
    </message>
    <message>
        <source>No AMD GPU to watch on this machine.</source>
        <translation>这台机器上没有可监视的 AMD 显卡。</translation>
    </message>
    <message>
        <source>Reading the GPU failed: {error}</source>
        <translation>读取显卡失败：{error}</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>显卡</translation>
    </message>
    <message>
        <source>busy</source>
        <translation>占用</translation>
    </message>
    <message>
        <source>VRAM</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>temp.</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>GPU {n}</source>
        <translation>显卡 {n}</translation>
    </message>
</context>
<context>
    <name>SanityPage</name>
    <message>
        <source>Sanity check</source>
        <translation>训练自检</translation>
    </message>
    <message>
        <source>A short real training run inside the venv: device facts, a matmul and a convolution checked against the CPU, FP32 and AMP training whose loss must fall, and an all-reduce when there are two or more GPUs.</source>
        <translation>在虚拟环境中进行一次简短的真实训练：设备信息、与 CPU 对照的矩阵乘法和卷积、损失必须下降的 FP32 与 AMP 训练，以及有两块或更多显卡时的 all-reduce。</translation>
    </message>
    <message>
        <source>There is no PyTorch environment to check yet. Install PyTorch into a venv on the PyTorch page, or keep a venv in a profile on the Environments page; or choose a venv folder below.</source>
        <translation>还没有可检查的 PyTorch 环境。请在“PyTorch”页面把 PyTorch 安装到虚拟环境中，或在“环境”页面把虚拟环境保存到配置中；也可以在下面选择一个虚拟环境目录。</translation>
    </message>
    <message>
        <source>Open PyTorch</source>
        <translation>打开“PyTorch”</translation>
    </message>
    <message>
        <source>Open Environments</source>
        <translation>打开“环境”</translation>
    </message>
    <message>
        <source>What to check</source>
        <translation>检查对象</translation>
    </message>
    <message>
        <source>&amp;Profile:</source>
        <translation>配置(&amp;P)：</translation>
    </message>
    <message>
        <source>An Environments profile: its venv, and its variables for the run</source>
        <translation>“环境”中的一个配置：使用它的虚拟环境，运行时也使用它的变量</translation>
    </message>
    <message>
        <source>V&amp;env folder:</source>
        <translation>虚拟环境目录(&amp;E)：</translation>
    </message>
    <message>
        <source>a folder with bin/python and torch in it</source>
        <translation>含有 bin/python 和 torch 的目录</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>&amp;Size:</source>
        <translation>规模(&amp;S)：</translation>
    </message>
    <message>
        <source>Tiny (seconds)</source>
        <translation>极小（几秒）</translation>
    </message>
    <message>
        <source>ResNet-50-like (GPU only, indicative timing)</source>
        <translation>类 ResNet-50（仅限显卡，计时仅供参考）</translation>
    </message>
    <message>
        <source>S&amp;teps:</source>
        <translation>步数(&amp;T)：</translation>
    </message>
    <message>
        <source>Training steps in each of the FP32 and AMP phases</source>
        <translation>FP32 和 AMP 阶段各自的训练步数</translation>
    </message>
    <message>
        <source>&amp;Device:</source>
        <translation>设备(&amp;D)：</translation>
    </message>
    <message>
        <source>Auto (the GPU when torch sees one)</source>
        <translation>自动（torch 能看到显卡时用显卡）</translation>
    </message>
    <message>
        <source>CPU (says nothing about the GPU)</source>
        <translation>CPU（不能说明显卡的情况）</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>开始(&amp;S)</translation>
    </message>
    <message>
        <source>Run the check with the venv&apos;s python</source>
        <translation>用虚拟环境中的 python 运行检查</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>Stop the run (its processes are ended)</source>
        <translation>停止运行（结束其进程）</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>进度</translation>
    </message>
    <message>
        <source>Not run yet.</source>
        <translation>尚未运行。</translation>
    </message>
    <message>
        <source>Throughput: —</source>
        <translation>吞吐量：—</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>training step (FP32, then AMP)</source>
        <translation>训练步（先 FP32，后 AMP）</translation>
    </message>
    <message>
        <source>The loss of every training step appears here during a run.</source>
        <translation>运行时，每个训练步的损失会显示在这里。</translation>
    </message>
    <message>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <source>AMP</source>
        <translation>AMP</translation>
    </message>
    <message>
        <source>Loss curve</source>
        <translation>损失曲线</translation>
    </message>
    <message>
        <source>Choose a profile or a venv folder.</source>
        <translation>请选择一个配置或虚拟环境目录。</translation>
    </message>
    <message>
        <source>Choose a venv folder.</source>
        <translation>请选择一个虚拟环境目录。</translation>
    </message>
    <message>
        <source>A check is running.</source>
        <translation>有检查正在运行。</translation>
    </message>
    <message>
        <source>No python in {venv} (bin/python is missing): choose a venv folder.</source>
        <translation>{venv} 中没有 python（缺少 bin/python）：请选择一个虚拟环境目录。</translation>
    </message>
    <message>
        <source>The ResNet-50-like size runs on a GPU only: choose Tiny, or Device: Auto.</source>
        <translation>类 ResNet-50 规模只能在显卡上运行：请选择“极小”，或“设备：自动”。</translation>
    </message>
    <message>
        <source>On the CPU the check shows that torch trains, but nothing about the GPU.</source>
        <translation>在 CPU 上，检查只能说明 torch 可以训练，不能说明显卡的情况。</translation>
    </message>
    <message>
        <source>Runs {python}</source>
        <translation>运行 {python}</translation>
    </message>
    <message>
        <source>with the variables of profile {name}</source>
        <translation>使用配置 {name} 的变量</translation>
    </message>
    <message>
        <source>{where}; torch {version}.</source>
        <translation>{where}；torch {version}。</translation>
    </message>
    <message>
        <source>{where}; no torch found in this venv (install it on the PyTorch page).</source>
        <translation>{where}；这个虚拟环境中没有找到 torch（请在“PyTorch”页面安装）。</translation>
    </message>
    <message>
        <source>— runs on this computer (the machine shown is the simulated {name})</source>
        <translation>—— 在这台电脑上运行（显示的是模拟机器 {name}）</translation>
    </message>
    <message>
        <source>— runs on this computer (the machine shown is the tree at {root})</source>
        <translation>—— 在这台电脑上运行（显示的是位于 {root} 的目录树）</translation>
    </message>
    <message>
        <source>— this computer</source>
        <translation>—— 这台电脑</translation>
    </message>
    <message>
        <source>The simulated machine’s GPUs, not the ones this run uses.</source>
        <translation>这是模拟机器的显卡，不是本次运行使用的显卡。</translation>
    </message>
    <message>
        <source>(none: the venv folder below)</source>
        <translation>（无：使用下面的虚拟环境目录）</translation>
    </message>
    <message>
        <source>Choose the venv folder</source>
        <translation>选择虚拟环境目录</translation>
    </message>
    <message>
        <source>Starting {python}…</source>
        <translation>正在启动 {python}…</translation>
    </message>
    <message>
        <source>Stopping the check…</source>
        <translation>正在停止检查…</translation>
    </message>
    <message>
        <source>torch {torch}</source>
        <translation>torch {torch}</translation>
    </message>
    <message>
        <source>on {device}</source>
        <translation>在 {device} 上</translation>
    </message>
    <message>
        <source>{size}, {steps} steps per training phase</source>
        <translation>{size}，每个训练阶段 {steps} 步</translation>
    </message>
    <message>
        <source>on the CPU, not the GPU</source>
        <translation>在 CPU 上，而不是显卡上</translation>
    </message>
    <message>
        <source>{phase} {rate:,.0f} samples/s</source>
        <translation>{phase} {rate:,.0f} 样本/秒</translation>
    </message>
    <message>
        <source>AMP ×{x:.2f}</source>
        <translation>AMP ×{x:.2f}</translation>
    </message>
    <message>
        <source>Throughput: {rates}</source>
        <translation>吞吐量：{rates}</translation>
    </message>
    <message>
        <source>tiny</source>
        <translation>极小</translation>
    </message>
    <message>
        <source>ResNet-50-like</source>
        <translation>类 ResNet-50</translation>
    </message>
    <message>
        <source>The check could not be run: {error}</source>
        <translation>无法运行检查：{error}</translation>
    </message>
    <message>
        <source>{summary} — {info}.</source>
        <translation>{summary} —— {info}。</translation>
    </message>
    <message>
        <source>The result is below.</source>
        <translation>结果见下方。</translation>
    </message>
    <message>
        <source>No training step ran.</source>
        <translation>没有运行任何训练步。</translation>
    </message>
    <message>
        <source>The check passed</source>
        <translation>检查通过</translation>
    </message>
    <message>
        <source>The check failed</source>
        <translation>检查失败</translation>
    </message>
    <message>
        <source>The check hung and was stopped</source>
        <translation>检查卡死，已被停止</translation>
    </message>
    <message>
        <source>The check was cancelled</source>
        <translation>检查已取消</translation>
    </message>
</context>
<context>
    <name>SanityPhases</name>
    <message>
        <source>Device facts</source>
        <translation>设备信息</translation>
    </message>
    <message>
        <source>Numeric check (GPU against CPU)</source>
        <translation>数值检查（显卡对比 CPU）</translation>
    </message>
    <message>
        <source>FP32 training</source>
        <translation>FP32 训练</translation>
    </message>
    <message>
        <source>AMP training (autocast + GradScaler)</source>
        <translation>AMP 训练（autocast + GradScaler）</translation>
    </message>
    <message>
        <source>Multi-GPU all-reduce</source>
        <translation>多卡 all-reduce</translation>
    </message>
    <message>
        <source>{phase} progress</source>
        <translation>{phase}进度</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>running…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <source>(counted as hung after {t:.0f} s without progress)</source>
        <translation>（{t:.0f} 秒无进展即视为卡死）</translation>
    </message>
    <message>
        <source>step {i} of {n}</source>
        <translation>第 {i}/{n} 步</translation>
    </message>
    <message>
        <source>loss {loss:.3f}</source>
        <translation>损失 {loss:.3f}</translation>
    </message>
    <message>
        <source>{rate} samples/s</source>
        <translation>{rate} 样本/秒</translation>
    </message>
    <message>
        <source>skipped: {reason}</source>
        <translation>已跳过：{reason}</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>{s:.1f} s</source>
        <translation>{s:.1f} 秒</translation>
    </message>
    <message>
        <source>failed: {error}</source>
        <translation>失败：{error}</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>hung: no progress for {t:.0f} s, stopped</source>
        <translation>卡死：{t:.0f} 秒无进展，已停止</translation>
    </message>
    <message>
        <source>hung: no progress, stopped</source>
        <translation>卡死：没有进展，已停止</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>stopped: the check ended here</source>
        <translation>已停止：检查在此结束</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>未运行</translation>
    </message>
</context>
<context>
    <name>SanityResultCard</name>
    <message>
        <source>Cancelled before any phase ended; nothing was judged.</source>
        <translation>在任何阶段结束前就已取消；没有做出判断。</translation>
    </message>
    <message>
        <source>Cancelled during {phase}; nothing was judged.</source>
        <translation>在“{phase}”阶段取消；没有做出判断。</translation>
    </message>
    <message>
        <source>{phase} made no progress within its time limit, so the check stopped it.</source>
        <translation>“{phase}”在时限内没有任何进展，所以检查把它停止了。</translation>
    </message>
    <message>
        <source>Every phase passed.</source>
        <translation>所有阶段均已通过。</translation>
    </message>
    <message>
        <source>Every phase that ran passed.</source>
        <translation>所有运行过的阶段均已通过。</translation>
    </message>
    <message>
        <source>and the loss fell from {a:.3f} to {b:.3f} ({f:.1f}× lower).</source>
        <translation>，损失从 {a:.3f} 降到 {b:.3f}（降为原来的 1/{f:.1f}）。</translation>
    </message>
    <message>
        <source>{phase} failed: {error}</source>
        <translation>“{phase}”失败：{error}</translation>
    </message>
    <message>
        <source>{phase} failed.</source>
        <translation>“{phase}”失败。</translation>
    </message>
    <message>
        <source>The check failed: {error}</source>
        <translation>检查失败：{error}</translation>
    </message>
    <message>
        <source>The loss did not fall enough: {a:.3f} → {b:.3f}.</source>
        <translation>损失下降不够：{a:.3f} → {b:.3f}。</translation>
    </message>
    <message>
        <source>The check failed without saying why.</source>
        <translation>检查失败，但没有给出原因。</translation>
    </message>
    <message>
        <source>Open Doctor</source>
        <translation>打开“诊断”</translation>
    </message>
    <message>
        <source>Open Environments</source>
        <translation>打开“环境”</translation>
    </message>
    <message>
        <source>Open PyTorch</source>
        <translation>打开“PyTorch”</translation>
    </message>
    <message>
        <source>Open Monitor</source>
        <translation>打开“监控”</translation>
    </message>
    <message>
        <source>Press Start to run the check again.</source>
        <translation>按“开始”再运行一次检查。</translation>
    </message>
    <message>
        <source>This wheel has no kernels for your GPU — see Doctor: {finding}. A wheel built for the GPU’s gfx target, or the right HSA_OVERRIDE_GFX_VERSION in the profile, fixes it.</source>
        <translation>这个 wheel 没有适用于您显卡的算子（kernel）——见“诊断”：{finding}。换用针对这块显卡 gfx 目标构建的 wheel，或在配置中设置正确的 HSA_OVERRIDE_GFX_VERSION，即可解决。</translation>
    </message>
    <message>
        <source>The GPUs did not finish the all-reduce (RCCL). Hints: run again with NCCL_DEBUG=INFO in the profile to see where RCCL stops; limit HIP_VISIBLE_DEVICES to two GPUs at a time to find the pair that hangs; NCCL_P2P_DISABLE=1 shows whether peer-to-peer transfers are the cause; the IOMMU (iommu=pt) and PCIe ACS settings of the board are common culprits.</source>
        <translation>多块显卡没有完成 all-reduce（RCCL）。提示：在配置中加上 NCCL_DEBUG=INFO 再运行一次，查看 RCCL 停在哪里；用 HIP_VISIBLE_DEVICES 一次只限定两块显卡，找出卡住的那一对；设置 NCCL_P2P_DISABLE=1 可判断是否为点对点传输的问题；主板的 IOMMU（iommu=pt）和 PCIe ACS 设置是常见原因。</translation>
    </message>
    <message>
        <source>On the first run on a GPU, MIOpen may spend minutes finding and compiling kernels; it caches them, so run the check again. If it hangs again, Doctor can help.</source>
        <translation>在一块显卡上首次运行时，MIOpen 可能会花几分钟查找并编译算子；它会缓存结果，所以请再运行一次检查。如果仍然卡住，“诊断”可以帮忙。</translation>
    </message>
    <message>
        <source>The torch in this venv ({torch}) is a CPU-only build: install a ROCm wheel on the PyTorch page.</source>
        <translation>这个虚拟环境中的 torch（{torch}）是仅支持 CPU 的版本：请在“PyTorch”页面安装 ROCm wheel。</translation>
    </message>
    <message>
        <source>torch in this venv sees no GPU. Verify on the PyTorch page says why (often access to /dev/kfd, or a missing HSA_OVERRIDE_GFX_VERSION).</source>
        <translation>这个虚拟环境中的 torch 看不到显卡。“PyTorch”页面上的验证会说明原因（通常是 /dev/kfd 的访问权限，或缺少 HSA_OVERRIDE_GFX_VERSION）。</translation>
    </message>
    <message>
        <source>The GPU ran out of memory: close other programs that use it (the Monitor page lists them), or choose the Tiny size.</source>
        <translation>显卡显存不足：请关闭其他占用显卡的程序（“监控”页面会列出它们），或选择“极小”规模。</translation>
    </message>
    <message>
        <source>The GPU’s results differ from the CPU’s. A wrong HSA_OVERRIDE_GFX_VERSION can do this: check the profile’s variables.</source>
        <translation>显卡的计算结果与 CPU 不一致。错误的 HSA_OVERRIDE_GFX_VERSION 可能导致这种情况：请检查配置中的变量。</translation>
    </message>
    <message>
        <source>torch in this venv trains on the CPU. Choose Device: Auto to check the GPU.</source>
        <translation>这个虚拟环境中的 torch 在 CPU 上训练。选择“设备：自动”来检查显卡。</translation>
    </message>
    <message>
        <source>This venv is ready for training on the GPU. The Monitor page shows the GPU while your own jobs run.</source>
        <translation>这个虚拟环境已可以在显卡上训练。运行您自己的任务时，“监控”页面会显示显卡状态。</translation>
    </message>
    <message>
        <source>Doctor can match the error against known failures.</source>
        <translation>“诊断”可以把这个错误与已知故障进行比对。</translation>
    </message>
    <message>
        <source>Ran on</source>
        <translation>运行设备</translation>
    </message>
    <message>
        <source>torch</source>
        <translation>torch</translation>
    </message>
    <message>
        <source>skipped: {why}</source>
        <translation>已跳过：{why}</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <source>{rate:,.0f} samples/s ({s:.1f} s)</source>
        <translation>{rate:,.0f} 样本/秒（{s:.1f} 秒）</translation>
    </message>
    <message>
        <source>AMP speedup</source>
        <translation>AMP 加速比</translation>
    </message>
    <message>
        <source>×{x:.2f} over FP32</source>
        <translation>是 FP32 的 {x:.2f} 倍</translation>
    </message>
    <message>
        <source>({f:.1f}× lower)</source>
        <translation>（降为原来的 1/{f:.1f}）</translation>
    </message>
    <message>
        <source>Loss, first → last</source>
        <translation>损失，首步 → 末步</translation>
    </message>
    <message>
        <source>{n} allocated</source>
        <translation>已分配 {n}</translation>
    </message>
    <message>
        <source>{n} reserved</source>
        <translation>已预留 {n}</translation>
    </message>
    <message>
        <source>Peak memory</source>
        <translation>显存峰值</translation>
    </message>
    <message>
        <source>Time to first step</source>
        <translation>首步耗时</translation>
    </message>
    <message>
        <source>{s:.2f} s (loading kernels; MIOpen’s search on a GPU)</source>
        <translation>{s:.2f} 秒（加载算子；MIOpen 在显卡上的搜索）</translation>
    </message>
    <message>
        <source>Timing</source>
        <translation>计时</translation>
    </message>
    <message>
        <source>ResNet-50-like: indicative only; compare with figures others quote for the same batch and precision</source>
        <translation>类 ResNet-50：仅供参考；请与他人在相同批大小和精度下给出的数据比较</translation>
    </message>
    <message>
        <source>Passed</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Hung in {phase}</source>
        <translation>卡在“{phase}”</translation>
    </message>
    <message>
        <source>Ran on the CPU, not on the GPU: this result says nothing about the GPU.</source>
        <translation>在 CPU 而不是显卡上运行：这个结果不能说明显卡的任何情况。</translation>
    </message>
    <message>
        <source>Ran on the CPU, not on the GPU: torch found no GPU to use, so this result says nothing about the GPU.</source>
        <translation>在 CPU 而不是显卡上运行：torch 没有找到可用的显卡，所以这个结果不能说明显卡的任何情况。</translation>
    </message>
    <message>
        <source>Next: {text}</source>
        <translation>下一步：{text}</translation>
    </message>
</context>
<context>
    <name>SetupPage</name>
    <message>
        <source>Setup</source>
        <translation>安装配置</translation>
    </message>
    <message>
        <source>&lt; &amp;Back</source>
        <translation>&lt; 上一步(&amp;B)</translation>
    </message>
    <message>
        <source>The previous page (Alt+B)</source>
        <translation>上一页（Alt+B）</translation>
    </message>
    <message>
        <source>&amp;Next &gt;</source>
        <translation>下一步(&amp;N) &gt;</translation>
    </message>
    <message>
        <source>The next page (Alt+N); nothing changes until you run the plan</source>
        <translation>下一页（Alt+N）；在运行计划之前不会有任何改动</translation>
    </message>
    <message>
        <source>Machine</source>
        <translation>机器</translation>
    </message>
    <message>
        <source>Choices</source>
        <translation>选项</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>检查计划</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>{n}. {name}</source>
        <translation>{n}. {name}</translation>
    </message>
    <message>
        <source>— {where}</source>
        <translation>—— {where}</translation>
    </message>
    <message>
        <source>The plan is running; the other pages stay as they are until it ends.</source>
        <translation>计划正在运行；在它结束之前，其他页面保持不变。</translation>
    </message>
    <message>
        <source>Nothing changes on the machine until you run the plan.</source>
        <translation>在您运行计划之前，机器上不会有任何改动。</translation>
    </message>
    <message>
        <source>the simulated machine {name}</source>
        <translation>模拟机器 {name}</translation>
    </message>
    <message>
        <source>the machine tree at {root}</source>
        <translation>位于 {root} 的机器目录树</translation>
    </message>
    <message>
        <source>this computer</source>
        <translation>这台电脑</translation>
    </message>
    <message>
        <source>The machine</source>
        <translation>这台机器</translation>
    </message>
    <message>
        <source>Before you start</source>
        <translation>开始之前</translation>
    </message>
    <message>
        <source>Unknown AMD GPU</source>
        <translation>未知的 AMD 显卡</translation>
    </message>
    <message>
        <source>gfx unknown</source>
        <translation>gfx 未知</translation>
    </message>
    <message>
        <source>{name} ({gfx})</source>
        <translation>{name}（{gfx}）</translation>
    </message>
    <message>
        <source>{count} × {name} ({gfx})</source>
        <translation>{count} × {name}（{gfx}）</translation>
    </message>
    <message>
        <source>No AMD GPU found</source>
        <translation>未找到 AMD 显卡</translation>
    </message>
    <message>
        <source>unknown OS</source>
        <translation>未知操作系统</translation>
    </message>
    <message>
        <source>kernel {release}</source>
        <translation>内核 {release}</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>ROCm {version} installed</source>
        <translation>已安装 ROCm {version}</translation>
    </message>
    <message>
        <source>ROCm of unknown version installed</source>
        <translation>已安装未知版本的 ROCm</translation>
    </message>
    <message>
        <source>no system ROCm</source>
        <translation>系统中没有 ROCm</translation>
    </message>
    <message>
        <source>user {user}</source>
        <translation>用户 {user}</translation>
    </message>
    <message>
        <source>rocmdesk found no AMD GPU in this machine, so ROCm and PyTorch have nothing to run on here. A plan made now is for preparing the system before an AMD card goes in, or for reading and saving as a script for another computer: a dry run checks its steps and changes nothing, and a real run&apos;s GPU checks (the amdgpu driver, /dev/kfd) fail until a card is there.</source>
        <translation>rocmdesk 在这台机器上没有找到 AMD 显卡，所以 ROCm 和 PyTorch 在这里无处可运行。现在制定的计划用于在装入 AMD 显卡之前准备好系统，或用于阅读并另存为脚本供另一台电脑使用：试运行会检查各个步骤且不做任何改动，而真正运行时的显卡检查（amdgpu 驱动、/dev/kfd）在装上显卡之前都会失败。</translation>
    </message>
    <message>
        <source>“{label}”</source>
        <translation>“{label}”</translation>
    </message>
    <message>
        <source>The driver belongs to the host: install it there, and leave {box} unticked on the Choices page.</source>
        <translation>驱动属于宿主机：请在宿主机上安装，并在“选项”页不要勾选 {box}。</translation>
    </message>
    <message>
        <source>Keep the in-box driver (untick {box} on the Choices page) or pick a legacy release for the driver.</source>
        <translation>保留内核自带的驱动（在“选项”页取消勾选 {box}），或为驱动选择一个 legacy 版本。</translation>
    </message>
    <message>
        <source>Reboot when the plan has run; then the Overview page shows the driver in use.</source>
        <translation>计划执行完后重启；之后“概览”页会显示正在使用的驱动。</translation>
    </message>
    <message>
        <source>The Overview page shows what works on this GPU.</source>
        <translation>“概览”页列出这块显卡上哪些可用。</translation>
    </message>
    <message>
        <source>PyTorch wheels bring their own ROCm, so this is mostly harmless; extensions built against a system ROCm can clash. Choose Runtime or SDK under “What to install” on the Choices page to have them cleaned up.</source>
        <translation>PyTorch wheel 自带 ROCm，所以这基本无害；但基于系统 ROCm 构建的扩展可能冲突。在“选项”页的“安装内容”中选择“运行时”或“SDK”，计划就会清理它们。</translation>
    </message>
    <message>
        <source>amdgpu-dkms may fail to build for this kernel, or build and misbehave. Keep the in-box driver (untick {box} on the Choices page), or boot one of the kernels listed above.</source>
        <translation>amdgpu-dkms 可能无法为这个内核编译，或编译成功但工作异常。请保留内核自带的驱动（在“选项”页取消勾选 {box}），或启动到上面列出的某个内核。</translation>
    </message>
    <message>
        <source>Unset {var} where your session sets it ({places}; in this shell: unset {var}), and let a profile on the Environments page set {advised} for the projects that use the GPU.</source>
        <translation>在您的会话设置 {var} 的地方取消它（{places}；在当前 shell 中：unset {var}），并让“环境”页面上的配置为使用显卡的项目设置 {advised}。</translation>
    </message>
    <message>
        <source>Set {var} only in the profile of a project that needs it, on the Environments page, not for your whole session ({places}; in this shell: unset {var}).</source>
        <translation>只在需要 {var} 的项目的配置中设置它（在“环境”页面），不要为整个会话设置（{places}；在当前 shell 中：unset {var}）。</translation>
    </message>
    <message>
        <source>Unset {var} where your session sets it ({places}; in this shell: unset {var}) and in your profiles on the Environments page.</source>
        <translation>在您的会话设置 {var} 的地方（{places}；在当前 shell 中：unset {var}）以及“环境”页面上的配置中取消设置它。</translation>
    </message>
    <message>
        <source>Whether amdgpu is loaded is unknown; tick this if it is not.</source>
        <translation>无法判断 amdgpu 是否已加载；若未加载，请勾选此项。</translation>
    </message>
    <message>
        <source>What rocmdesk found, for the choices on the next page (they update when you change them).</source>
        <translation>rocmdesk 找到的信息，供下一页的选项使用（修改选项时会随之更新）。</translation>
    </message>
    <message>
        <source>Nothing stands in the way of these choices.</source>
        <translation>这些选项没有任何障碍。</translation>
    </message>
    <message>
        <source>The recommended PyTorch wheels need {pairs} too; a profile on the Environments page sets it per project.</source>
        <translation>推荐的 PyTorch wheel 也需要 {pairs}；“环境”页面上的配置会按项目设置它。</translation>
    </message>
    <message>
        <source>This scope installs no system ROCm. The recommended PyTorch wheels need {pairs}; a profile on the Environments page sets it per project.</source>
        <translation>此范围不安装系统 ROCm。推荐的 PyTorch wheel 需要 {pairs}；“环境”页面上的配置会按项目设置它。</translation>
    </message>
    <message>
        <source>For PyTorch, the advice for this machine is: {headline}.</source>
        <translation>对于 PyTorch，这台机器的建议是：{headline}。</translation>
    </message>
    <message>
        <source>Only programs built against the system ROCm need it. PyTorch needs no override here: {path} run this GPU natively, so the Environments presets set none.</source>
        <translation>只有基于系统 ROCm 构建的程序才需要它。这里 PyTorch 不需要覆盖：{path} 原生支持这块显卡，所以“环境”页面的预设不会设置覆盖。</translation>
    </message>
    <message>
        <source>This scope installs no system ROCm, so this does not apply: PyTorch needs no override here ({path} run this GPU natively).</source>
        <translation>此范围不安装系统 ROCm，因此这一条不适用：这里 PyTorch 不需要覆盖（{path} 原生支持这块显卡）。</translation>
    </message>
    <message>
        <source>Looking at {where}…</source>
        <translation>正在检测{where}…</translation>
    </message>
    <message>
        <source>Detection failed: {error}. The Overview page has the details; Refresh tries again.</source>
        <translation>检测失败：{error}。“概览”页面有详细信息；“刷新”会重试。</translation>
    </message>
    <message>
        <source>No machine has been looked at yet.</source>
        <translation>还没有检测任何机器。</translation>
    </message>
    <message>
        <source>rocmdesk could not build a plan for this machine: {error}</source>
        <translation>rocmdesk 无法为这台机器生成计划：{error}</translation>
    </message>
    <message>
        <source>&amp;PyTorch only</source>
        <translation>仅 PyTorch(&amp;P)</translation>
    </message>
    <message>
        <source>R&amp;untime</source>
        <translation>运行时(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;SDK</source>
        <translation>SDK(&amp;S)</translation>
    </message>
    <message>
        <source>{sentence}.</source>
        <translation>{sentence}。</translation>
    </message>
    <message>
        <source>What to install</source>
        <translation>安装内容</translation>
    </message>
    <message>
        <source>PyTorch on this machine</source>
        <translation>这台机器上的 PyTorch</translation>
    </message>
    <message>
        <source>ROCm release</source>
        <translation>ROCm 版本</translation>
    </message>
    <message>
        <source>&amp;Release:</source>
        <translation>版本(&amp;R)：</translation>
    </message>
    <message>
        <source>Driver and old versions</source>
        <translation>驱动和旧版本</translation>
    </message>
    <message>
        <source>Install AMD&apos;s amdgpu-&amp;dkms kernel driver</source>
        <translation>安装 AMD 的 amdgpu-dkms 内核驱动(&amp;D)</translation>
    </message>
    <message>
        <source>Remove &amp;other ROCm versions first</source>
        <translation>先移除其他 ROCm 版本(&amp;O)</translation>
    </message>
    <message>
        <source>Purges their packages, removes their /opt/rocm-* trees and old repository lists, so two ROCm versions never mix.</source>
        <translation>彻底清除它们的软件包，删除其 /opt/rocm-* 目录和旧的软件源列表，避免两个 ROCm 版本混用。</translation>
    </message>
    <message>
        <source>recommended</source>
        <translation>推荐</translation>
    </message>
    <message>
        <source>installed</source>
        <translation>已安装</translation>
    </message>
    <message>
        <source>TheRock</source>
        <translation>TheRock</translation>
    </message>
    <message>
        <source>preview</source>
        <translation>预览版</translation>
    </message>
    <message>
        <source>no repository for this OS</source>
        <translation>没有适用于此系统的软件源</translation>
    </message>
    <message>
        <source>{version} — {notes}</source>
        <translation>{version} —— {notes}</translation>
    </message>
    <message>
        <source>Recommended: {reason}.</source>
        <translation>推荐：{reason}。</translation>
    </message>
    <message>
        <source>this OS</source>
        <translation>此系统</translation>
    </message>
    <message>
        <source>AMD lists ROCm {version} for {os}.</source>
        <translation>AMD 列出 ROCm {version} 支持 {os}。</translation>
    </message>
    <message>
        <source>AMD does not list {os} for ROCm {version}, but one of its repositories fits.</source>
        <translation>AMD 没有列出 ROCm {version} 支持 {os}，但它的某个软件源适用。</translation>
    </message>
    <message>
        <source>ROCm {version} has no apt repository for {os}; a plan that installs it is blocked.</source>
        <translation>ROCm {version} 没有适用于 {os} 的 apt 软件源；安装它的计划被阻止。</translation>
    </message>
    <message>
        <source>It is a technology preview.</source>
        <translation>这是技术预览版。</translation>
    </message>
    <message>
        <source>{headline}.</source>
        <translation>{headline}。</translation>
    </message>
    <message>
        <source>{devices} keeps the integrated {gpus} out of the ROCm runtime.</source>
        <translation>{devices} 把集成显卡 {gpus} 排除在 ROCm 运行时之外。</translation>
    </message>
    <message>
        <source>Another way: {way}.</source>
        <translation>另一种方式：{way}。</translation>
    </message>
    <message>
        <source>Judged by {cited}. The PyTorch page installs these wheels; a profile on the Environments page sets the variables.</source>
        <translation>判断依据：{cited}。“PyTorch”页面会安装这些 wheel；“环境”页面上的配置会设置这些环境变量。</translation>
    </message>
    <message>
        <source>PyTorch’s ROCm wheels carry their own ROCm libraries, so this scope installs no system ROCm: the release matters only when the kernel driver is installed.</source>
        <translation>PyTorch 的 ROCm wheel 自带 ROCm 库，所以此范围不会安装系统 ROCm：只有安装内核驱动时才需要关心版本。</translation>
    </message>
    <message>
        <source>Your choice.</source>
        <translation>由您决定。</translation>
    </message>
    <message>
        <source>Only with Runtime or SDK: the PyTorch scope installs no system packages, so it leaves other versions alone.</source>
        <translation>仅适用于“运行时”或“SDK”：“仅 PyTorch”不安装系统软件包，因此不会动其他版本。</translation>
    </message>
    <message>
        <source>The group step is for {user}, the user rocmdesk found signed in.</source>
        <translation>加入用户组这一步针对 {user}，即 rocmdesk 发现的已登录用户。</translation>
    </message>
    <message>
        <source>The user could not be told.</source>
        <translation>无法确定用户。</translation>
    </message>
    <message>
        <source>Show all &amp;commands</source>
        <translation>显示所有命令(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Save as script…</source>
        <translation>保存为脚本(&amp;S)…</translation>
    </message>
    <message>
        <source>The plan as a bash script to read and run by hand</source>
        <translation>以 bash 脚本形式呈现的计划，可阅读后手动运行</translation>
    </message>
    <message>
        <source>Cop&amp;y script</source>
        <translation>复制脚本(&amp;Y)</translation>
    </message>
    <message>
        <source>Copy the plan&apos;s bash script to the clipboard</source>
        <translation>把计划的 bash 脚本复制到剪贴板</translation>
    </message>
    <message>
        <source>In the commands, “as_root” runs a command as root: the helper runs those steps for you, and the saved script asks sudo for them.</source>
        <translation>命令中的“as_root”表示以 root 身份运行：辅助程序会替您运行这些步骤，保存的脚本则会为它们调用 sudo。</translation>
    </message>
    <message>
        <source>ROCm {version} ({stream})</source>
        <translation>ROCm {version}（{stream}）</translation>
    </message>
    <message>
        <source>no ROCm release</source>
        <translation>不安装 ROCm</translation>
    </message>
    <message>
        <source>install amdgpu-dkms</source>
        <translation>安装 amdgpu-dkms</translation>
    </message>
    <message>
        <source>no driver change</source>
        <translation>不改动驱动</translation>
    </message>
    <message>
        <source>{release} · {scope} · {driver} · for {user}</source>
        <translation>{release} · {scope} · {driver} · 用户 {user}</translation>
    </message>
    <message>
        <source>unknown user</source>
        <translation>未知用户</translation>
    </message>
    <message>
        <source>{todo} of {total} steps to do ({root} as root); {done} done already. Open a step to see its exact command.</source>
        <translation>共 {total} 步，待执行 {todo} 步（其中 {root} 步以 root 身份）；{done} 步已完成。展开某一步可查看其具体命令。</translation>
    </message>
    <message>
        <source>The plan is blocked; it cannot run until this is fixed:</source>
        <translation>计划被阻止；修正以下问题之前无法运行：</translation>
    </message>
    <message>
        <source>The plan has no steps.</source>
        <translation>计划没有任何步骤。</translation>
    </message>
    <message>
        <source>Hide all &amp;commands</source>
        <translation>隐藏所有命令(&amp;C)</translation>
    </message>
    <message>
        <source>Save the plan as a script</source>
        <translation>把计划保存为脚本</translation>
    </message>
    <message>
        <source>Shell scripts (*.sh);;All files (*)</source>
        <translation>Shell 脚本 (*.sh);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Could not save {path}: {error}</source>
        <translation>无法保存 {path}：{error}</translation>
    </message>
    <message>
        <source>Saved {path}. Read it, then run it as yourself: bash {path}</source>
        <translation>已保存 {path}。请阅读后以您自己的身份运行：bash {path}</translation>
    </message>
    <message>
        <source>The script is on the clipboard.</source>
        <translation>脚本已复制到剪贴板。</translation>
    </message>
    <message>
        <source>The root helper is not installed system-wide (rocmdesk was installed with pip), so rocmdesk cannot run the plan with one password prompt: pkexec runs only a helper that root owns, never a file you could change. Save the plan as a script, read it, and run it yourself with “bash FILE”; it asks sudo for the root steps only.</source>
        <translation>root 辅助程序没有安装到系统中（rocmdesk 是用 pip 安装的），所以 rocmdesk 无法只询问一次密码就运行计划：pkexec 只运行属于 root 的辅助程序，绝不运行您可以修改的文件。请把计划保存为脚本，阅读后用“bash 文件名”自行运行；它只会为需要 root 的步骤调用 sudo。</translation>
    </message>
    <message>
        <source>&amp;Run with one password prompt</source>
        <translation>运行（只需输入一次密码）(&amp;R)</translation>
    </message>
    <message>
        <source>Ask for your password once, then run every step to do as root</source>
        <translation>询问一次密码，然后以 root 身份运行所有待执行的步骤</translation>
    </message>
    <message>
        <source>&amp;Dry run</source>
        <translation>试运行(&amp;D)</translation>
    </message>
    <message>
        <source>Run the real helper without root: it checks every step and changes nothing</source>
        <translation>不以 root 身份运行真实的辅助程序：它会检查每一步，但不做任何改动</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>Stop the helper</source>
        <translation>停止辅助程序</translation>
    </message>
    <message>
        <source>%v of %m steps</source>
        <translation>%v / %m 步</translation>
    </message>
    <message>
        <source>&amp;Log</source>
        <translation>日志(&amp;L)</translation>
    </message>
    <message>
        <source>The helper&apos;s output appears here.</source>
        <translation>辅助程序的输出会显示在这里。</translation>
    </message>
    <message>
        <source>There is no plan yet.</source>
        <translation>还没有计划。</translation>
    </message>
    <message>
        <source>This is a simulated machine, not this computer: only a dry run is possible.</source>
        <translation>这是模拟机器，不是这台电脑：只能试运行。</translation>
    </message>
    <message>
        <source>This is a captured machine tree, not this computer: only a dry run is possible.</source>
        <translation>这是采集的机器目录树，不是这台电脑：只能试运行。</translation>
    </message>
    <message>
        <source>The plan is blocked (see the Review page): only a dry run is possible.</source>
        <translation>计划被阻止（见“检查计划”页）：只能试运行。</translation>
    </message>
    <message>
        <source>No system helper is installed: save the script above and run it with sudo.</source>
        <translation>系统中没有安装辅助程序：请保存上面的脚本并用 sudo 运行。</translation>
    </message>
    <message>
        <source>Every step that needs root is done already: running the plan only checks the rest.</source>
        <translation>所有需要 root 的步骤都已完成：运行计划只会检查其余步骤。</translation>
    </message>
    <message>
        <source>Run asks for your password once (polkit’s dialog), then rocmdesk’s helper runs the one step to do as root, checked before and after.</source>
        <translation>“运行”会询问一次密码（polkit 对话框），然后 rocmdesk 的辅助程序以 root 身份运行唯一待执行的一步，并在前后各检查一次。</translation>
    </message>
    <message>
        <source>Run asks for your password once (polkit’s dialog), then rocmdesk’s helper runs the {todo} steps to do as root, each checked before and after; steps done already are skipped.</source>
        <translation>“运行”会询问一次密码（polkit 对话框），然后 rocmdesk 的辅助程序以 root 身份运行 {todo} 个待执行的步骤，每步前后各检查一次；已完成的步骤会被跳过。</translation>
    </message>
    <message>
        <source>Dry run goes through the same helper without root and changes nothing.</source>
        <translation>“试运行”不以 root 身份经过同一个辅助程序，不做任何改动。</translation>
    </message>
    <message>
        <source>The helper checks a plan only for the user who runs it, so a dry run here is for {caller} instead of {user}.</source>
        <translation>辅助程序只针对运行它的用户检查计划，所以这里的试运行针对的是 {caller} 而不是 {user}。</translation>
    </message>
    <message>
        <source>There is no AMD GPU in this machine: running the plan prepares the system only, and its GPU checks fail until a card is there.</source>
        <translation>这台机器上没有 AMD 显卡：运行计划只会准备系统，其中的显卡检查在装上显卡之前都会失败。</translation>
    </message>
    <message>
        <source>The helper checks a plan only for the user who runs it, so this dry run is for {caller} instead of {user}.</source>
        <translation>辅助程序只针对运行它的用户检查计划，所以这次试运行针对的是 {caller} 而不是 {user}。</translation>
    </message>
    <message>
        <source>an unknown user</source>
        <translation>未知用户</translation>
    </message>
    <message>
        <source>— {what} —</source>
        <translation>—— {what} ——</translation>
    </message>
    <message>
        <source>dry run: nothing will change</source>
        <translation>试运行：不会有任何改动</translation>
    </message>
    <message>
        <source>running the plan</source>
        <translation>正在运行计划</translation>
    </message>
    <message>
        <source>Waiting for your password…</source>
        <translation>正在等待您输入密码…</translation>
    </message>
    <message>
        <source>Starting the helper…</source>
        <translation>正在启动辅助程序…</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message>
        <source>The helper runs as root, so rocmdesk cannot stop it; it goes on until it finishes.</source>
        <translation>辅助程序以 root 身份运行，rocmdesk 无法停止它；它会一直运行到结束。</translation>
    </message>
    <message>
        <source>The helper accepted the plan.</source>
        <translation>辅助程序已接受计划。</translation>
    </message>
    <message>
        <source>Step {n} of {total}: {title}</source>
        <translation>第 {n}/{total} 步：{title}</translation>
    </message>
    <message>
        <source>▶ {title}</source>
        <translation>▶ {title}</translation>
    </message>
    <message>
        <source>✓ ok</source>
        <translation>✓ 成功</translation>
    </message>
    <message>
        <source>– skipped</source>
        <translation>– 已跳过</translation>
    </message>
    <message>
        <source>✗ failed</source>
        <translation>✗ 失败</translation>
    </message>
    <message>
        <source>The helper refused the plan: {message}</source>
        <translation>辅助程序拒绝了计划：{message}</translation>
    </message>
    <message>
        <source>— finished —</source>
        <translation>—— 已结束 ——</translation>
    </message>
    <message>
        <source>What failed</source>
        <translation>失败原因</translation>
    </message>
    <message>
        <source>Output of the failed step</source>
        <translation>失败步骤的输出</translation>
    </message>
    <message>
        <source>Log out and log in again</source>
        <translation>注销并重新登录</translation>
    </message>
    <message>
        <source>What next</source>
        <translation>下一步</translation>
    </message>
    <message>
        <source>R&amp;esume</source>
        <translation>继续(&amp;E)</translation>
    </message>
    <message>
        <source>Run the same plan again; steps that are done are skipped</source>
        <translation>再次运行同一个计划；已完成的步骤会被跳过</translation>
    </message>
    <message>
        <source>Go to &amp;PyTorch</source>
        <translation>前往 PyTorch(&amp;P)</translation>
    </message>
    <message>
        <source>Install PyTorch for ROCm into a virtual environment</source>
        <translation>把 ROCm 版 PyTorch 安装到虚拟环境中</translation>
    </message>
    <message>
        <source>Show the &amp;log</source>
        <translation>显示日志(&amp;L)</translation>
    </message>
    <message>
        <source>Plan &amp;again</source>
        <translation>重新规划(&amp;A)</translation>
    </message>
    <message>
        <source>Back to the first page, with the machine as it is now</source>
        <translation>回到第一页，按机器的当前状态重新开始</translation>
    </message>
    <message>
        <source>pkexec is not installed, so rocmdesk cannot ask for the one password it needs; nothing was changed.</source>
        <translation>没有安装 pkexec，所以 rocmdesk 无法询问它需要的那一次密码；没有做任何改动。</translation>
    </message>
    <message>
        <source>Install it (Debian and Ubuntu: sudo apt install pkexec; policykit-1 on older releases), or save the plan as a script and run it with sudo.</source>
        <translation>请安装它（Debian 和 Ubuntu：sudo apt install pkexec；较旧的版本为 policykit-1），或把计划保存为脚本并用 sudo 运行。</translation>
    </message>
    <message>
        <source>The helper could not be started; nothing was changed.</source>
        <translation>无法启动辅助程序；没有做任何改动。</translation>
    </message>
    <message>
        <source>Reason: {error}</source>
        <translation>原因：{error}</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Steps that finished stay done; Resume continues from where it stopped.</source>
        <translation>已完成的步骤保持完成状态；“继续”会从停下的地方接着运行。</translation>
    </message>
    <message>
        <source>It was a dry run: nothing was changed.</source>
        <translation>这是一次试运行：没有做任何改动。</translation>
    </message>
    <message>
        <source>You dismissed the password prompt; nothing was changed.</source>
        <translation>您关闭了密码提示；没有做任何改动。</translation>
    </message>
    <message>
        <source>Press Try again to be asked once more.</source>
        <translation>按“重试”再询问一次。</translation>
    </message>
    <message>
        <source>Not authorized, or no password agent is running; nothing was changed.</source>
        <translation>未获授权，或没有运行密码代理；没有做任何改动。</translation>
    </message>
    <message>
        <source>Your desktop’s polkit agent shows the password prompt; without one pkexec cannot ask. Log in to a full desktop session, or save the plan as a script and run it with sudo.</source>
        <translation>密码提示由桌面的 polkit 代理显示；没有它，pkexec 就无法询问。请登录完整的桌面会话，或把计划保存为脚本并用 sudo 运行。</translation>
    </message>
    <message>
        <source>The helper refused the plan; nothing was changed.</source>
        <translation>辅助程序拒绝了计划；没有做任何改动。</translation>
    </message>
    <message>
        <source>Reason: {message}</source>
        <translation>原因：{message}</translation>
    </message>
    <message>
        <source>not given</source>
        <translation>未给出</translation>
    </message>
    <message>
        <source>The helper could not establish who asked; nothing was changed.</source>
        <translation>辅助程序无法确认是谁发起的请求；没有做任何改动。</translation>
    </message>
    <message>
        <source>A step failed; the steps after it did not run.</source>
        <translation>有一步失败；其后的步骤没有运行。</translation>
    </message>
    <message>
        <source>Step {n} of {total} failed: {title}</source>
        <translation>第 {n}/{total} 步失败：{title}</translation>
    </message>
    <message>
        <source>The steps before it stay done; the steps after it did not run.</source>
        <translation>之前的步骤保持完成状态；之后的步骤没有运行。</translation>
    </message>
    <message>
        <source>Run it for real from the Run page, or save the script and run it yourself.</source>
        <translation>请在“运行”页真正运行，或保存脚本后自行运行。</translation>
    </message>
    <message>
        <source>Dry run finished; nothing was changed.</source>
        <translation>试运行完成；没有做任何改动。</translation>
    </message>
    <message>
        <source>The helper accepted the plan and went through every step.</source>
        <translation>辅助程序接受了计划并完成了每一步。</translation>
    </message>
    <message>
        <source>Setup finished.</source>
        <translation>安装配置完成。</translation>
    </message>
    <message>
        <source>Every step is done.</source>
        <translation>所有步骤均已完成。</translation>
    </message>
    <message>
        <source>The helper stopped unexpectedly.</source>
        <translation>辅助程序意外停止。</translation>
    </message>
    <message>
        <source>The helper ended with exit status {code}.</source>
        <translation>辅助程序以退出状态 {code} 结束。</translation>
    </message>
    <message>
        <source>The log of this run: {path}</source>
        <translation>本次运行的日志：{path}</translation>
    </message>
    <message>
        <source>Step {n}: {title}</source>
        <translation>第 {n} 步：{title}</translation>
    </message>
    <message>
        <source>{message} (exit status {code})</source>
        <translation>{message}（退出状态 {code}）</translation>
    </message>
    <message>
        <source>Fix the cause shown above (an apt error often means no network, a full disk or another package manager running), then press Resume: it runs the same plan again, and the helper skips the steps that are done.</source>
        <translation>请修正上面显示的原因（apt 错误通常意味着没有网络、磁盘已满或有其他包管理器正在运行），然后按“继续”：它会再次运行同一个计划，辅助程序会跳过已完成的步骤。</translation>
    </message>
    <message>
        <source>&amp;Try again</source>
        <translation>重试(&amp;T)</translation>
    </message>
    <message>
        <source>You were added to the render and video groups. Groups apply only to new logins, so the GPU opens for you after you log out and in again (“newgrp render” fixes only one terminal).</source>
        <translation>您已被加入 render 和 video 用户组。用户组只对新的登录生效，所以注销并重新登录后您才能打开显卡（“newgrp render”只对单个终端有效）。</translation>
    </message>
    <message>
        <source>You are in the render and video groups, but this session started before you were added, so the GPU does not open for you yet. Log out and in again (“newgrp render” fixes only one terminal).</source>
        <translation>您已在 render 和 video 用户组中，但本次会话是在加入之前开始的，所以您现在还不能打开显卡。请注销并重新登录（“newgrp render”只对单个终端有效）。</translation>
    </message>
    <message>
        <source>When you run the plan for real it adds you to the render and video groups; then log out and in again so they apply.</source>
        <translation>真正运行计划时会把您加入 render 和 video 用户组；之后请注销并重新登录以使其生效。</translation>
    </message>
    <message>
        <source>Reboot, so the amdgpu-dkms driver is the one that loads.</source>
        <translation>重启电脑，让系统加载 amdgpu-dkms 驱动。</translation>
    </message>
    <message>
        <source>Install PyTorch for ROCm into a virtual environment: the PyTorch page picks the right wheel for this GPU.</source>
        <translation>把 ROCm 版 PyTorch 安装到虚拟环境中：“PyTorch”页面会为这块显卡挑选合适的 wheel。</translation>
    </message>
    <message>
        <source>The recommended wheels need {pairs} on this machine: a profile on the Environments page sets it per project.</source>
        <translation>在这台机器上，推荐的 wheel 需要 {pairs}：“环境”页面上的配置会按项目设置它。</translation>
    </message>
    <message>
        <source>{note}.</source>
        <translation>{note}。</translation>
    </message>
</context>
<context>
    <name>SnapshotSaver</name>
    <message>
        <source>Reading what rocmdesk reads on {machine}…</source>
        <translation>正在读取 rocmdesk 在 {machine} 上读取的内容…</translation>
    </message>
    <message>
        <source>The snapshot could not be read: {error}</source>
        <translation>无法读取快照：{error}</translation>
    </message>
    <message>
        <source>No snapshot saved.</source>
        <translation>未保存快照。</translation>
    </message>
    <message>
        <source>The snapshot was not saved: {error}</source>
        <translation>快照未保存：{error}</translation>
    </message>
    <message>
        <source>Snapshot saved to {path}. Attach it to your bug report: it shows this machine as rocmdesk saw it, without your names.</source>
        <translation>快照已保存到 {path}。请把它附到错误报告中：它按 rocmdesk 看到的样子呈现这台机器，不含您的名字。</translation>
    </message>
    <message>
        <source>Save a snapshot</source>
        <translation>保存快照</translation>
    </message>
    <message>
        <source>The snapshot holds exactly what rocmdesk read on this machine, with your names taken out. Save it?</source>
        <translation>快照只包含 rocmdesk 在这台机器上读取的内容，并已去除您的名字。要保存吗？</translation>
    </message>
    <message>
        <source>Snapshots (*.tar.gz);;All files (*)</source>
        <translation>快照 (*.tar.gz);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>StepRow</name>
    <message>
        <source>Show the exact command</source>
        <translation>显示具体命令</translation>
    </message>
    <message>
        <source>Show the command of step {n}</source>
        <translation>显示第 {n} 步的命令</translation>
    </message>
    <message>
        <source>{n}. {title}</source>
        <translation>{n}. {title}</translation>
    </message>
    <message>
        <source>as root</source>
        <translation>以 root 身份</translation>
    </message>
    <message>
        <source>as you</source>
        <translation>以您的身份</translation>
    </message>
    <message>
        <source>Runs through the root helper</source>
        <translation>通过 root 辅助程序运行</translation>
    </message>
    <message>
        <source>A check that needs no root</source>
        <translation>无需 root 的检查</translation>
    </message>
    <message>
        <source>Command of step {n}</source>
        <translation>第 {n} 步的命令</translation>
    </message>
    <message>
        <source>✓ done</source>
        <translation>✓ 已完成</translation>
    </message>
    <message>
        <source>to do</source>
        <translation>待执行</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>running…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <source>✓ ok</source>
        <translation>✓ 成功</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <source>✗ failed</source>
        <translation>✗ 失败</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>未运行</translation>
    </message>
    <message>
        <source>Hide the command</source>
        <translation>隐藏命令</translation>
    </message>
</context>
<context>
    <name>VerifyCard</name>
    <message>
        <source>The verdict&apos;s stable id, for searching and bug reports</source>
        <translation>该结论的固定 ID，便于搜索和提交问题报告</translation>
    </message>
    <message>
        <source>Fix: {text}</source>
        <translation>修复方法：{text}</translation>
    </message>
    <message>
        <source>the fix&apos;s command</source>
        <translation>修复命令</translation>
    </message>
    <message>
        <source>Note: {note}</source>
        <translation>注：{note}</translation>
    </message>
    <message>
        <source>PyTorch runs on the GPU</source>
        <translation>PyTorch 可以在显卡上运行</translation>
    </message>
    <message>
        <source>A CPU-only build of torch</source>
        <translation>torch 是仅支持 CPU 的版本</translation>
    </message>
    <message>
        <source>A CUDA build of torch on an AMD GPU</source>
        <translation>AMD 显卡上装的是 CUDA 版 torch</translation>
    </message>
    <message>
        <source>The wheel&apos;s ROCm does not fit this system</source>
        <translation>wheel 自带的 ROCm 与本系统不匹配</translation>
    </message>
    <message>
        <source>The wheel has no GPU code for this GPU</source>
        <translation>wheel 中没有这块显卡的 GPU 代码</translation>
    </message>
    <message>
        <source>The GPU needs HSA_OVERRIDE_GFX_VERSION</source>
        <translation>这块显卡需要设置 HSA_OVERRIDE_GFX_VERSION</translation>
    </message>
    <message>
        <source>HSA_OVERRIDE_GFX_VERSION is set but not needed</source>
        <translation>设置了 HSA_OVERRIDE_GFX_VERSION，但并不需要</translation>
    </message>
    <message>
        <source>torch sees no GPU</source>
        <translation>torch 看不到显卡</translation>
    </message>
    <message>
        <source>torch is not installed in this environment</source>
        <translation>此环境中没有安装 torch</translation>
    </message>
    <message>
        <source>The environment does not run</source>
        <translation>此环境无法运行</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>torch</source>
        <translation>torch</translation>
    </message>
    <message>
        <source>not importable</source>
        <translation>无法导入</translation>
    </message>
    <message>
        <source>HIP</source>
        <translation>HIP</translation>
    </message>
    <message>
        <source>CUDA</source>
        <translation>CUDA</translation>
    </message>
    <message>
        <source>GPU available</source>
        <translation>显卡可用</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>unnamed</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>{reported}, physically {physical}</source>
        <translation>{reported}，实际为 {physical}</translation>
    </message>
    <message>
        <source>{index}: {name} ({arch})</source>
        <translation>{index}：{name}（{arch}）</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Arch list</source>
        <translation>架构列表</translation>
    </message>
    <message>
        <source>empty: the wheel carries no GPU code</source>
        <translation>空：wheel 中没有任何 GPU 代码</translation>
    </message>
    <message>
        <source>{gfx} is in the arch list</source>
        <translation>{gfx} 在架构列表中</translation>
    </message>
    <message>
        <source>{gfx} is not in the arch list; HSA_OVERRIDE_GFX_VERSION={value} runs it as {target}, which is in it</source>
        <translation>{gfx} 不在架构列表中；HSA_OVERRIDE_GFX_VERSION={value} 让它按 {target} 运行，而后者在列表中</translation>
    </message>
    <message>
        <source>{gfx} is not in the arch list</source>
        <translation>{gfx} 不在架构列表中</translation>
    </message>
    <message>
        <source>This GPU</source>
        <translation>这块显卡</translation>
    </message>
    <message>
        <source>{status}, {override}</source>
        <translation>{status}，{override}</translation>
    </message>
    <message>
        <source>Advice</source>
        <translation>建议</translation>
    </message>
    <message>
        <source>{name} with this torch: {verdict}</source>
        <translation>{name} 搭配这个 torch：{verdict}</translation>
    </message>
    <message>
        <source>Variables seen</source>
        <translation>检测到的变量</translation>
    </message>
    <message>
        <source>Python</source>
        <translation>Python</translation>
    </message>
</context>
<context>
    <name>argparse</name>
    <message>
        <source>usage: </source>
        <translation>用法：</translation>
    </message>
    <message>
        <source>positional arguments</source>
        <translation>位置参数</translation>
    </message>
    <message>
        <source>options</source>
        <translation>选项</translation>
    </message>
    <message>
        <source>optional arguments</source>
        <translation>可选参数</translation>
    </message>
    <message>
        <source>subcommands</source>
        <translation>子命令</translation>
    </message>
    <message>
        <source>show this help message and exit</source>
        <translation>显示此帮助信息并退出</translation>
    </message>
    <message>
        <source>%(prog)s: error: %(message)s
</source>
        <translation>%(prog)s：错误：%(message)s
</translation>
    </message>
    <message>
        <source>the following arguments are required: %s</source>
        <translation>缺少必需的参数：%s</translation>
    </message>
    <message>
        <source>unrecognized arguments: %s</source>
        <translation>无法识别的参数：%s</translation>
    </message>
    <message>
        <source>argument %(argument_name)s: %(message)s</source>
        <translation>参数 %(argument_name)s：%(message)s</translation>
    </message>
    <message>
        <source>invalid choice: %(value)r (choose from %(choices)s)</source>
        <translation>无效的选择：%(value)r（可选：%(choices)s）</translation>
    </message>
    <message>
        <source>invalid %(type)s value: %(value)r</source>
        <translation>无效的 %(type)s 值：%(value)r</translation>
    </message>
    <message>
        <source>expected one argument</source>
        <translation>需要一个参数值</translation>
    </message>
    <message>
        <source>expected at most one argument</source>
        <translation>最多接受一个参数值</translation>
    </message>
    <message>
        <source>expected at least one argument</source>
        <translation>至少需要一个参数值</translation>
    </message>
    <message>
        <source>expected %s argument</source>
        <translation>需要 %s 个参数值</translation>
    </message>
    <message>
        <source>expected %s arguments</source>
        <translation>需要 %s 个参数值</translation>
    </message>
    <message>
        <source>not allowed with argument %s</source>
        <translation>不能与参数 %s 同时使用</translation>
    </message>
    <message>
        <source>one of the arguments %s is required</source>
        <translation>必须给出以下参数之一：%s</translation>
    </message>
    <message>
        <source>ambiguous option: %(option)s could match %(matches)s</source>
        <translation>选项有歧义：%(option)s 可以匹配 %(matches)s</translation>
    </message>
    <message>
        <source>ignored explicit argument %r</source>
        <translation>忽略了显式给出的参数 %r</translation>
    </message>
    <message>
        <source>unknown parser %(parser_name)r (choices: %(choices)s)</source>
        <translation>未知的子命令 %(parser_name)r（可选：%(choices)s）</translation>
    </message>
    <message>
        <source>can&apos;t open &apos;%(filename)s&apos;: %(error)s</source>
        <translation>无法打开“%(filename)s”：%(error)s</translation>
    </message>
    <message>
        <source>unexpected option string: %s</source>
        <translation>意外的选项字符串：%s</translation>
    </message>
</context>
<context>
    <name>parent</name>
    <message>
        <source>Change a GPU setting</source>
        <translation>更改 GPU 设置</translation>
    </message>
    <message>
        <source>This runs as root after one password prompt:</source>
        <translation>输入一次密码后，以下内容将以 root 身份运行：</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
</context>
<context>
    <name>rocmdesk.advice</name>
    <message>
        <source>wheel source {source} is not one of {sources}</source>
        <translation>wheel 来源 {source} 不是 {sources} 之一</translation>
    </message>
    <message>
        <source>GPU {index}</source>
        <translation>显卡 {index}</translation>
    </message>
    <message>
        <source>AMD&apos;s {family} wheels build torch natively for {gfx}</source>
        <translation>AMD 的 {family} wheel 为 {gfx} 原生构建了 torch</translation>
    </message>
    <message>
        <source>{native}; with PyTorch&apos;s own wheels: {reason}</source>
        <translation>{native}；若用 PyTorch 自己的 wheel：{reason}</translation>
    </message>
    <message>
        <source>AMD&apos;s per-family wheels serve none of these GPUs together; PyTorch&apos;s own wheels are advised instead.</source>
        <translation>AMD 按系列划分的 wheel 无法同时支持这些显卡；因此改为推荐 PyTorch 自己的 wheel。</translation>
    </message>
    <message>
        <source>{names} should be kept out of the ROCm runtime with {var}, but the runtime numbers the GPUs in KFD node order, which this information does not show: the value is the discrete GPU&apos;s place among the GPU agents rocminfo lists, counting from 0.</source>
        <translation>应当用 {var} 把 {names} 排除在 ROCm 运行时之外，但运行时按 KFD 节点顺序为显卡编号，而这些信息没有显示该顺序：取值是独立显卡在 rocminfo 列出的 GPU agent 中的位置，从 0 开始计数。</translation>
    </message>
    <message>
        <source>its gfx target could not be read</source>
        <translation>无法读取它的 gfx 目标</translation>
    </message>
    <message>
        <source>kept out of the ROCm runtime by {var}={value} (PyTorch uses the discrete GPU); on its own: {reason}</source>
        <translation>已用 {var}={value} 排除在 ROCm 运行时之外（PyTorch 使用独立显卡）；单独使用时：{reason}</translation>
    </message>
    <message>
        <source>{reason}; set as {var}={value}, so the other GPUs run their own code</source>
        <translation>{reason}；以 {var}={value} 的形式设置，这样其他显卡仍运行各自的代码</translation>
    </message>
    <message>
        <source>{reason}; needs an amdgpu-dkms driver from ROCm {rocm} or newer (yours is from ROCm {driver})</source>
        <translation>{reason}；需要来自 ROCm {rocm} 或更新版本的 amdgpu-dkms 驱动（您的驱动来自 ROCm {driver}）</translation>
    </message>
    <message>
        <source>Your amdgpu-dkms kernel driver comes from ROCm {driver}; this path needs one from ROCm {rocm} or newer: update amdgpu-dkms first (Setup), or a newer ROCm user space on the older driver can hang at GPU discovery.</source>
        <translation>您的 amdgpu-dkms 内核驱动来自 ROCm {driver}；这条路径需要来自 ROCm {rocm} 或更新版本的驱动：请先更新 amdgpu-dkms（安装配置），否则较新的 ROCm 用户态在旧驱动上可能会在发现显卡时卡住。</translation>
    </message>
    <message>
        <source>torch {torch} is the newest wheel whose ROCm {rocm} fits your amdgpu-dkms driver from ROCm {driver}; newer wheels need a newer driver (see the other ways).</source>
        <translation>在与您的 amdgpu-dkms 驱动（来自 ROCm {driver}）相匹配的 wheel 中，torch {torch}（ROCm {rocm}）是最新的；更新的 wheel 需要更新的驱动（见其他方式）。</translation>
    </message>
    <message>
        <source>{var}={value} is what these wheels need, but it is risky: {reason}. {better} would run the GPU without it.</source>
        <translation>{var}={value} 正是这些 wheel 所需要的，但有风险：{reason}。{better} 不需要它就能运行这块显卡。</translation>
    </message>
    <message>
        <source>{var}={value} is what these wheels need, but it is risky: {reason}.</source>
        <translation>{var}={value} 正是这些 wheel 所需要的，但有风险：{reason}。</translation>
    </message>
    <message>
        <source>{var}={value} is advised for this machine but not set.</source>
        <translation>建议这台机器设置 {var}={value}，但当前没有设置。</translation>
    </message>
    <message>
        <source>{var}={value} is set, but the advice for this machine is {var}={wanted}.</source>
        <translation>设置了 {var}={value}，但对这台机器的建议是 {var}={wanted}。</translation>
    </message>
    <message>
        <source>{var}={value} is set, but the advice for this machine is {other}={wanted}: set that instead.</source>
        <translation>设置了 {var}={value}，但对这台机器的建议是 {other}={wanted}：请改为设置它。</translation>
    </message>
    <message>
        <source>{var}={value} is set, but it names a GPU of another generation than the {gpus}: the runtime crashes or refuses it. The advice needs no override for it: unset {var}.</source>
        <translation>设置了 {var}={value}，但它指向的显卡与 {gpus} 不是同一代：运行时会崩溃或拒绝它。按照建议，它不需要覆盖：请取消设置 {var}。</translation>
    </message>
    <message>
        <source>{var}={value} is set, but the advised wheels run the {gpus} without an override: unset it (on a GPU the wheels carry natively an override can crash the runtime).</source>
        <translation>设置了 {var}={value}，但推荐的 wheel 无需覆盖即可运行 {gpus}：请取消设置（对 wheel 原生支持的显卡设置覆盖可能导致运行时崩溃）。</translation>
    </message>
    <message>
        <source>AMD&apos;s wheels at {url}</source>
        <translation>AMD 的 wheel（{url}）</translation>
    </message>
    <message>
        <source>the installed torch {torch}</source>
        <translation>已安装的 torch {torch}</translation>
    </message>
    <message>
        <source>torch {torch} from PyTorch&apos;s index</source>
        <translation>PyTorch 索引中的 torch {torch}</translation>
    </message>
    <message>
        <source>PyTorch&apos;s nightly wheels at {url}</source>
        <translation>PyTorch 的 nightly wheel（{url}）</translation>
    </message>
</context>
<context>
    <name>rocmdesk.bounded_read</name>
    <message>
        <source>not a regular file</source>
        <translation>不是普通文件</translation>
    </message>
    <message>
        <source>larger than {limit} bytes, far more than rocmdesk writes; is it the right file?</source>
        <translation>大于 {limit} 字节，远超 rocmdesk 写入的大小；是不是选错了文件？</translation>
    </message>
    <message>
        <source>nested more than {limit} levels deep</source>
        <translation>嵌套超过 {limit} 层</translation>
    </message>
    <message>
        <source>not UTF-8 text</source>
        <translation>不是 UTF-8 文本</translation>
    </message>
    <message>
        <source>not valid JSON: {error}</source>
        <translation>不是有效的 JSON：{error}</translation>
    </message>
</context>
<context>
    <name>rocmdesk.capture</name>
    <message>
        <source>{path}: the serial number taken out</source>
        <translation>{path}：已去除序列号</translation>
    </message>
    <message>
        <source>GPU unique ids: replaced by stand-ins that keep which GPUs share one card</source>
        <translation>显卡唯一 ID：已替换为代号，仍能看出哪些显卡属于同一张卡</translation>
    </message>
    <message>
        <source>the installed packages: only ROCm&apos;s and the GPU driver&apos;s are kept</source>
        <translation>已安装的软件包：只保留 ROCm 和显卡驱动的</translation>
    </message>
    <message>
        <source>your user and host names: replaced by &lt;user&gt; and &lt;host&gt; everywhere</source>
        <translation>您的用户名和主机名：已全部替换为 &lt;user&gt; 和 &lt;host&gt;</translation>
    </message>
    <message>
        <source>/etc/passwd and /etc/group: only your own account and group memberships (and root&apos;s account)</source>
        <translation>/etc/passwd 和 /etc/group：只保留您自己的账户和组成员关系（以及 root 账户）</translation>
    </message>
    <message>
        <source>A snapshot of {machine}: {files} files ({kib} KiB), {links} links, {commands} command outputs</source>
        <translation>{machine} 的快照：{files} 个文件（{kib} KiB），{links} 个链接，{commands} 个命令输出</translation>
    </message>
    <message>
        <source>Variables: {names}</source>
        <translation>环境变量：{names}</translation>
    </message>
    <message>
        <source>Taken out:</source>
        <translation>已去除：</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>无</translation>
    </message>
    <message>
        <source>not available</source>
        <translation>不可用</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>超时</translation>
    </message>
    <message>
        <source>exit status {code}</source>
        <translation>退出状态 {code}</translation>
    </message>
    <message>
        <source>could not write {path}: {reason}</source>
        <translation>无法写入 {path}：{reason}</translation>
    </message>
    <message>
        <source>{path} is not a rocmdesk snapshot: {reason}</source>
        <translation>{path} 不是 rocmdesk 快照：{reason}</translation>
    </message>
    <message>
        <source>{path} is not a rocmdesk snapshot</source>
        <translation>{path} 不是 rocmdesk 快照</translation>
    </message>
    <message>
        <source>{path} is larger than a snapshot can be</source>
        <translation>{path} 超出了快照允许的大小</translation>
    </message>
    <message>
        <source>{path}: {name} is not allowed in a snapshot</source>
        <translation>{path}：快照中不允许出现 {name}</translation>
    </message>
    <message>
        <source>{path}: a snapshot format this rocmdesk does not read</source>
        <translation>{path}：此版本的 rocmdesk 无法读取这种快照格式</translation>
    </message>
    <message>
        <source>snapshot of {machine} taken {when}</source>
        <translation>{machine} 的快照（拍摄于 {when}）</translation>
    </message>
</context>
<context>
    <name>rocmdesk.doctor</name>
    <message>
        <source>/dev/kfd is missing</source>
        <translation>缺少 /dev/kfd</translation>
    </message>
    <message>
        <source>ROCm programs talk to the GPU through /dev/kfd; without it no ROCm program and no PyTorch sees a GPU. Either the amdgpu driver has no compute (KFD) support here, or this container was started without the device.</source>
        <translation>ROCm 程序通过 /dev/kfd 与显卡通信；没有它，任何 ROCm 程序和 PyTorch 都看不到显卡。要么这里的 amdgpu 驱动不支持计算（KFD），要么这个容器启动时没有传入该设备。</translation>
    </message>
    <message>
        <source>Check that the amdgpu driver is loaded and created the KFD.</source>
        <translation>检查 amdgpu 驱动是否已加载并创建了 KFD。</translation>
    </message>
    <message>
        <source>In a container: start it with the GPU devices and groups.</source>
        <translation>在容器中：启动时传入显卡设备和用户组。</translation>
    </message>
    <message>
        <source>On the host: a kernel without HSA_AMD (CONFIG_HSA_AMD) has no KFD; use a distribution kernel.</source>
        <translation>在主机上：没有 HSA_AMD（CONFIG_HSA_AMD）的内核没有 KFD；请使用发行版内核。</translation>
    </message>
    <message>
        <source>You may not open /dev/kfd or the render node</source>
        <translation>您无权打开 /dev/kfd 或渲染节点</translation>
    </message>
    <message>
        <source>Opening /dev/kfd or /dev/dri/renderD* was refused (EACCES/EPERM): your user is not in the render and video groups, or a container/sandbox denies the device.</source>
        <translation>打开 /dev/kfd 或 /dev/dri/renderD* 被拒绝（EACCES/EPERM）：您的用户不在 render 和 video 用户组中，或者容器/沙箱禁止访问该设备。</translation>
    </message>
    <message>
        <source>Add yourself to the render and video groups.</source>
        <translation>把自己加入 render 和 video 用户组。</translation>
    </message>
    <message>
        <source>Log out and in again so the new groups apply (newgrp render fixes only one shell).</source>
        <translation>注销并重新登录，使新的用户组生效（newgrp render 只对单个 shell 有效）。</translation>
    </message>
    <message>
        <source>In a container: pass the devices and the groups&apos; numeric ids (ls -ln /dev/kfd /dev/dri).</source>
        <translation>在容器中：传入设备以及用户组的数字 ID（ls -ln /dev/kfd /dev/dri）。</translation>
    </message>
    <message>
        <source>If you are in the groups and it is still refused (EPERM), a sandbox or security module blocks it: with SELinux allow containers to use devices.</source>
        <translation>如果您已在这些用户组中但仍被拒绝（EPERM），说明有沙箱或安全模块阻止了访问：在 SELinux 下请允许容器使用设备。</translation>
    </message>
    <message>
        <source>Your session started before you joined the GPU groups</source>
        <translation>您的会话是在加入显卡用户组之前开始的</translation>
    </message>
    <message>
        <source>You are in render/video in /etc/group, but this login session still has the old groups, so /dev/kfd stays closed until you log in again.</source>
        <translation>/etc/group 中您已在 render/video 组里，但当前登录会话仍使用旧的用户组，所以在重新登录之前 /dev/kfd 一直无法打开。</translation>
    </message>
    <message>
        <source>Log out and in again (or reboot).</source>
        <translation>注销并重新登录（或重启）。</translation>
    </message>
    <message>
        <source>For one shell only: start it with the new group.</source>
        <translation>只对单个 shell：以新的用户组启动它。</translation>
    </message>
    <message>
        <source>The amdgpu kernel driver is not loaded</source>
        <translation>amdgpu 内核驱动未加载</translation>
    </message>
    <message>
        <source>Every ROCm program needs the amdgpu kernel driver; it is not loaded, so there is no GPU for ROCm.</source>
        <translation>每个 ROCm 程序都需要 amdgpu 内核驱动；它没有加载，所以 ROCm 看不到显卡。</translation>
    </message>
    <message>
        <source>Load the driver and read why it did not load.</source>
        <translation>加载驱动，并查看它没有加载的原因。</translation>
    </message>
    <message>
        <source>Check that amdgpu is not blacklisted and the kernel command line has no nomodeset.</source>
        <translation>检查 amdgpu 没有被列入黑名单，且内核命令行中没有 nomodeset。</translation>
    </message>
    <message>
        <source>Install the firmware package if dmesg names missing firmware (Debian: firmware-amd-graphics).</source>
        <translation>如果 dmesg 提示缺少固件，请安装固件包（Debian：firmware-amd-graphics）。</translation>
    </message>
    <message>
        <source>The GPU dropped off the bus</source>
        <translation>显卡从总线上掉线了</translation>
    </message>
    <message>
        <source>The kernel lost the GPU (&quot;physically removed&quot;, &quot;fell off the bus&quot;, or /dev/kfd returns EINVAL after an eGPU was re-plugged). After a dual boot this is often Windows&apos; fast start-up leaving the card in a bad state.</source>
        <translation>内核丢失了显卡（“physically removed”、“fell off the bus”，或重新插拔外置显卡后 /dev/kfd 返回 EINVAL）。双系统时，这常常是 Windows 的快速启动让显卡处于异常状态。</translation>
    </message>
    <message>
        <source>If you also boot Windows: turn off its fast start-up (Control Panel &gt; Power Options &gt; &quot;Turn on fast start-up&quot;), then shut Windows down fully.</source>
        <translation>如果您也启动 Windows：请关闭它的快速启动（控制面板 &gt; 电源选项 &gt;“启用快速启动”），然后完全关闭 Windows。</translation>
    </message>
    <message>
        <source>Power the machine off and on (a cold boot resets the card); an eGPU: re-plug it before boot.</source>
        <translation>关机再开机（冷启动会重置显卡）；外置显卡：开机前重新插好。</translation>
    </message>
    <message>
        <source>Reloading the driver can bring it back without a reboot when nothing uses the GPU.</source>
        <translation>没有程序使用显卡时，重新加载驱动可以不重启就恢复它。</translation>
    </message>
    <message>
        <source>If it keeps happening, check the PCIe slot, riser and power cables.</source>
        <translation>如果反复出现，请检查 PCIe 插槽、延长线和电源线。</translation>
    </message>
    <message>
        <source>The amdgpu driver reports errors</source>
        <translation>amdgpu 驱动报告了错误</translation>
    </message>
    <message>
        <source>The kernel log shows ring timeouts, GPU page faults or resets: a GPU job hung or touched bad memory. This is a driver/firmware bug, a bad override, or unstable hardware.</source>
        <translation>内核日志显示 ring 超时、显卡页错误或重置：某个显卡任务卡住或访问了错误的内存。这可能是驱动/固件的缺陷、错误的覆盖设置，或硬件不稳定。</translation>
    </message>
    <message>
        <source>Read the errors in context.</source>
        <translation>结合上下文阅读这些错误。</translation>
    </message>
    <message>
        <source>If HSA_OVERRIDE_GFX_VERSION is set for a GPU it does not fit (for example 11.0.0 on a 780M), remove it.</source>
        <translation>如果为不匹配的显卡设置了 HSA_OVERRIDE_GFX_VERSION（例如在 780M 上设为 11.0.0），请移除它。</translation>
    </message>
    <message>
        <source>Update the kernel and linux-firmware (or the amdgpu-dkms driver) to the newest your distribution offers.</source>
        <translation>把内核和 linux-firmware（或 amdgpu-dkms 驱动）更新到发行版提供的最新版本。</translation>
    </message>
    <message>
        <source>Run without overclocking/undervolting; for page faults on APUs try HSA_ENABLE_SDMA=0.</source>
        <translation>不要超频/降压运行；APU 上出现页错误时可尝试 HSA_ENABLE_SDMA=0。</translation>
    </message>
    <message>
        <source>The kernel is too old for this GPU or ROCm</source>
        <translation>内核对这块显卡或这个 ROCm 来说太旧了</translation>
    </message>
    <message>
        <source>The running kernel&apos;s amdgpu predates this GPU or the ROCm version in use; the KFD may not offer the GPU, and newer ROCm user space can hang at discovery on an old driver.</source>
        <translation>当前运行内核中的 amdgpu 早于这块显卡或所用的 ROCm 版本；KFD 可能不提供这块显卡，较新的 ROCm 用户态在旧驱动上可能会在设备发现时卡住。</translation>
    </message>
    <message>
        <source>Ubuntu: install the HWE kernel and reboot.</source>
        <translation>Ubuntu：安装 HWE 内核并重启。</translation>
    </message>
    <message>
        <source>Or install AMD&apos;s amdgpu-dkms driver for your ROCm release (rocmdesk plan --dkms shows the steps).</source>
        <translation>或者安装与您的 ROCm 版本对应的 AMD amdgpu-dkms 驱动（rocmdesk plan --dkms 会列出步骤）。</translation>
    </message>
    <message>
        <source>AMD&apos;s ROCm packages do not serve this OS</source>
        <translation>AMD 的 ROCm 软件包不支持此操作系统</translation>
    </message>
    <message>
        <source>AMD publishes ROCm apt repositories only for some Ubuntu and Debian releases; on this OS a system ROCm install is unsupported. PyTorch&apos;s ROCm wheels still work: they need only the kernel driver.</source>
        <translation>AMD 只为部分 Ubuntu 和 Debian 版本提供 ROCm apt 软件源；在此操作系统上不支持安装系统 ROCm。PyTorch 的 ROCm wheel 仍然可用：它们只需要内核驱动。</translation>
    </message>
    <message>
        <source>Use PyTorch&apos;s ROCm wheels without a system ROCm (rocmdesk&apos;s PyTorch page; scope pytorch).</source>
        <translation>不安装系统 ROCm，直接使用 PyTorch 的 ROCm wheel（rocmdesk 的“PyTorch”页面；范围选 pytorch）。</translation>
    </message>
    <message>
        <source>For the full ROCm stack, use Ubuntu 22.04/24.04 or Debian 12/13.</source>
        <translation>如需完整的 ROCm 软件栈，请使用 Ubuntu 22.04/24.04 或 Debian 12/13。</translation>
    </message>
    <message>
        <source>This is WSL: the GPU belongs to Windows</source>
        <translation>这是 WSL：显卡归 Windows 管理</translation>
    </message>
    <message>
        <source>Under WSL the GPU driver is the Windows one (/dev/dxg, no amdgpu, no /dev/kfd). Linux ROCm packages and PyTorch&apos;s bundled runtime do not work there; AMD&apos;s WSL packages do.</source>
        <translation>在 WSL 下，显卡驱动是 Windows 的驱动（/dev/dxg，没有 amdgpu，也没有 /dev/kfd）。Linux 的 ROCm 软件包和 PyTorch 自带的运行时在那里都无法工作；AMD 的 WSL 软件包可以。</translation>
    </message>
    <message>
        <source>Install AMD&apos;s WSL user space (amdgpu-install --usecase=wsl,rocm --no-dkms) and a current Adrenalin driver on Windows.</source>
        <translation>安装 AMD 的 WSL 用户态（amdgpu-install --usecase=wsl,rocm --no-dkms），并在 Windows 上安装最新的 Adrenalin 驱动。</translation>
    </message>
    <message>
        <source>PyTorch&apos;s wheel brings the native libhsa-runtime64.so, which fails with hipErrorNoDevice under WSL: replace it with /opt/rocm&apos;s WSL build.</source>
        <translation>PyTorch 的 wheel 自带原生的 libhsa-runtime64.so，它在 WSL 下会报 hipErrorNoDevice：请用 /opt/rocm 中的 WSL 版本替换它。</translation>
    </message>
    <message>
        <source>The container lacks the GPU render nodes</source>
        <translation>容器中缺少显卡渲染节点</translation>
    </message>
    <message>
        <source>This runs in a container that has /dev/kfd but no /dev/dri/renderD* node: ROCm needs both.</source>
        <translation>当前运行在一个有 /dev/kfd 但没有 /dev/dri/renderD* 节点的容器中：ROCm 两者都需要。</translation>
    </message>
    <message>
        <source>Start the container with both devices and the groups.</source>
        <translation>启动容器时传入这两个设备和用户组。</translation>
    </message>
    <message>
        <source>ROCm does not support this GPU</source>
        <translation>ROCm 不支持这块显卡</translation>
    </message>
    <message>
        <source>This GPU&apos;s gfx target has no ROCm kernels and no override that works; the kernel&apos;s KFD may not even offer it.</source>
        <translation>这块显卡的 gfx 目标没有 ROCm 算子，也没有可用的覆盖设置；内核的 KFD 甚至可能不提供它。</translation>
    </message>
    <message>
        <source>rocmdesk detect shows what this GPU can do; PyTorch can still run on the CPU.</source>
        <translation>rocmdesk detect 会显示这块显卡能做什么；PyTorch 仍可在 CPU 上运行。</translation>
    </message>
    <message>
        <source>Community builds exist for some old targets (gfx803); they are unsupported.</source>
        <translation>部分旧目标（gfx803）有社区构建版本；它们不受官方支持。</translation>
    </message>
    <message>
        <source>The GPU needs HSA_OVERRIDE_GFX_VERSION</source>
        <translation>这块显卡需要设置 HSA_OVERRIDE_GFX_VERSION</translation>
    </message>
    <message>
        <source>This GPU is not in the ROCm libraries&apos; target list, but a compatible target is: set HSA_OVERRIDE_GFX_VERSION so the runtime loads that target&apos;s code (without it: hipErrorNoBinaryForGpu).</source>
        <translation>这块显卡不在 ROCm 库的目标列表中，但有兼容的目标：设置 HSA_OVERRIDE_GFX_VERSION，让运行时加载该目标的代码（不设置则报 hipErrorNoBinaryForGpu）。</translation>
    </message>
    <message>
        <source>Set the override in the environment profile of your project (rocmdesk&apos;s Environments page), or for one shell:</source>
        <translation>在项目的环境配置中设置覆盖（rocmdesk 的“环境”页面），或只对单个 shell 设置：</translation>
    </message>
    <message>
        <source>HSA_OVERRIDE_GFX_VERSION is set but not needed</source>
        <translation>设置了 HSA_OVERRIDE_GFX_VERSION，但并不需要</translation>
    </message>
    <message>
        <source>The GPU is supported natively; the override makes the runtime load code for another target, which can crash (RDNA4: kernel/runtime target mismatch).</source>
        <translation>这块显卡已被原生支持；覆盖会让运行时加载另一个目标的代码，可能导致崩溃（RDNA4：内核/运行时目标不匹配）。</translation>
    </message>
    <message>
        <source>Remove the override from your shell start-up files and profiles.</source>
        <translation>从 shell 启动文件和配置中移除该覆盖。</translation>
    </message>
    <message>
        <source>The override for this GPU is known to misbehave</source>
        <translation>这块显卡的覆盖设置已知有问题</translation>
    </message>
    <message>
        <source>An override is set (or needed) for a GPU on which it is reported to give page faults, hangs or wrong results.</source>
        <translation>为一块显卡设置了（或需要）覆盖，而据报告在这块显卡上覆盖会导致页错误、卡死或错误结果。</translation>
    </message>
    <message>
        <source>Prefer wheels built natively for this gfx target (rocmdesk torch recommend).</source>
        <translation>优先使用为这个 gfx 目标原生构建的 wheel（rocmdesk torch recommend）。</translation>
    </message>
    <message>
        <source>If you keep the override, run rocmdesk&apos;s sanity check and watch the kernel log for page faults.</source>
        <translation>如果保留覆盖，请运行 rocmdesk 的训练自检，并留意内核日志中的页错误。</translation>
    </message>
    <message>
        <source>The override names an instruction set this GPU can&apos;t run</source>
        <translation>覆盖指定了这块显卡无法运行的指令集</translation>
    </message>
    <message>
        <source>HSA_STATUS_ERROR_INVALID_ISA or &quot;shared object initialization failed&quot;: the override points at code for an incompatible architecture (e.g. gfx1150 as 11.0.0, gfx902 as 9.0.0).</source>
        <translation>HSA_STATUS_ERROR_INVALID_ISA 或“shared object initialization failed”：覆盖指向了不兼容架构的代码（例如把 gfx1150 设为 11.0.0，把 gfx902 设为 9.0.0）。</translation>
    </message>
    <message>
        <source>Remove the override and use wheels built for this GPU (rocmdesk torch recommend).</source>
        <translation>移除覆盖，并使用为这块显卡构建的 wheel（rocmdesk torch recommend）。</translation>
    </message>
    <message>
        <source>One global override hits GPUs of different kinds</source>
        <translation>一个全局覆盖作用于不同类型的显卡</translation>
    </message>
    <message>
        <source>HSA_OVERRIDE_GFX_VERSION without a node number applies to every GPU; with mixed GPUs it makes the one that did not need it unusable. Use the per-node form.</source>
        <translation>不带节点编号的 HSA_OVERRIDE_GFX_VERSION 会作用于每块显卡；混用不同显卡时，它会让本不需要覆盖的那块显卡无法使用。请使用按节点设置的形式。</translation>
    </message>
    <message>
        <source>Replace it by the per-node form for the GPU that needs it (node = the KFD node, CPU nodes included).</source>
        <translation>改为只对需要的显卡按节点设置（节点 = KFD 节点，CPU 节点也计算在内）。</translation>
    </message>
    <message>
        <source>An integrated GPU sits beside the discrete one</source>
        <translation>独立显卡旁边还有一块集成显卡</translation>
    </message>
    <message>
        <source>The ROCm runtime enumerates the iGPU too; it can crash the runtime or become device 0. Hide it with ROCR_VISIBLE_DEVICES (or disable it in the firmware setup).</source>
        <translation>ROCm 运行时也会枚举集成显卡；它可能导致运行时崩溃，或成为 0 号设备。用 ROCR_VISIBLE_DEVICES 把它隐藏（或在固件设置中禁用它）。</translation>
    </message>
    <message>
        <source>Keep only the discrete GPU(s) visible to ROCm (set only ROCR_VISIBLE_DEVICES, not HIP/CUDA_VISIBLE_DEVICES too).</source>
        <translation>只让 ROCm 看到独立显卡（只设置 ROCR_VISIBLE_DEVICES，不要同时设置 HIP/CUDA_VISIBLE_DEVICES）。</translation>
    </message>
    <message>
        <source>Or disable the integrated graphics in the BIOS/UEFI setup.</source>
        <translation>或者在 BIOS/UEFI 设置中禁用集成显卡。</translation>
    </message>
    <message>
        <source>Device visibility variables hide every GPU</source>
        <translation>设备可见性变量隐藏了所有显卡</translation>
    </message>
    <message>
        <source>ROCR_VISIBLE_DEVICES and HIP/CUDA_VISIBLE_DEVICES combine: HIP numbers only the GPUs ROCr left, so both set to 1 leaves none (&quot;No HIP GPUs are available&quot;).</source>
        <translation>ROCR_VISIBLE_DEVICES 与 HIP/CUDA_VISIBLE_DEVICES 会叠加：HIP 只给 ROCr 留下的显卡编号，所以两者都设为 1 时就一块都不剩了（“No HIP GPUs are available”）。</translation>
    </message>
    <message>
        <source>Set only ROCR_VISIBLE_DEVICES and unset the others.</source>
        <translation>只设置 ROCR_VISIBLE_DEVICES，取消其他变量。</translation>
    </message>
    <message>
        <source>PyTorch sees no GPU</source>
        <translation>PyTorch 看不到显卡</translation>
    </message>
    <message>
        <source>torch is a ROCm build but torch.cuda.is_available() is False (&quot;No HIP GPUs are available&quot;, hipErrorNoDevice).</source>
        <translation>torch 是 ROCm 版本，但 torch.cuda.is_available() 为 False（“No HIP GPUs are available”，hipErrorNoDevice）。</translation>
    </message>
    <message>
        <source>Check the GPU is reachable at all: rocmdesk doctor on this machine checks /dev/kfd, the groups and the driver.</source>
        <translation>先确认显卡是否可以访问：在这台机器上运行 rocmdesk doctor 会检查 /dev/kfd、用户组和驱动。</translation>
    </message>
    <message>
        <source>Unset device masks you did not mean to set.</source>
        <translation>取消您无意中设置的设备掩码。</translation>
    </message>
    <message>
        <source>With TheRock wheels, a separately installed amdsmi pip package makes device_count() 0 (known bug): remove it.</source>
        <translation>使用 TheRock wheel 时，单独安装的 amdsmi pip 包会让 device_count() 变为 0（已知缺陷）：请卸载它。</translation>
    </message>
    <message>
        <source>PyTorch is a CPU-only build</source>
        <translation>PyTorch 是仅支持 CPU 的版本</translation>
    </message>
    <message>
        <source>This torch has no GPU support at all (torch.version.hip and .cuda are None; &quot;Torch not compiled with CUDA enabled&quot;).</source>
        <translation>这个 torch 完全不支持显卡（torch.version.hip 和 .cuda 都是 None；“Torch not compiled with CUDA enabled”）。</translation>
    </message>
    <message>
        <source>Install the ROCm wheels for this machine (rocmdesk&apos;s PyTorch page or the command).</source>
        <translation>为这台机器安装 ROCm wheel（rocmdesk 的“PyTorch”页面或对应命令）。</translation>
    </message>
    <message>
        <source>PyTorch is a CUDA (NVIDIA) build on an AMD machine</source>
        <translation>AMD 机器上装的是 CUDA（NVIDIA）版 PyTorch</translation>
    </message>
    <message>
        <source>A plain `pip install torch` gives the CUDA build, which cannot use an AMD GPU.</source>
        <translation>直接 `pip install torch` 得到的是 CUDA 版本，无法使用 AMD 显卡。</translation>
    </message>
    <message>
        <source>Uninstall it and install the ROCm wheels from PyTorch&apos;s ROCm index.</source>
        <translation>卸载它，并从 PyTorch 的 ROCm 索引安装 ROCm wheel。</translation>
    </message>
    <message>
        <source>The PyTorch wheel has no code for this GPU</source>
        <translation>PyTorch wheel 中没有这块显卡的代码</translation>
    </message>
    <message>
        <source>The wheel&apos;s arch list lacks this GPU&apos;s gfx target: HIP aborts with hipErrorNoBinaryForGpu or &quot;invalid device function&quot;.</source>
        <translation>wheel 的架构列表中没有这块显卡的 gfx 目标：HIP 会以 hipErrorNoBinaryForGpu 或“invalid device function”中止。</translation>
    </message>
    <message>
        <source>Install wheels whose arch list includes this GPU (rocmdesk torch recommend), or set the override the GPU allows (rocmdesk detect).</source>
        <translation>安装架构列表包含这块显卡的 wheel（rocmdesk torch recommend），或设置这块显卡允许的覆盖（rocmdesk detect）。</translation>
    </message>
    <message>
        <source>The wheel&apos;s ROCm does not fit this system</source>
        <translation>wheel 自带的 ROCm 与本系统不匹配</translation>
    </message>
    <message>
        <source>Two ROCm versions meet in one process (a system /opt/rocm shadowing the wheel&apos;s copy, extensions built against another ROCm), or the wheel&apos;s ROCm is much newer than the kernel driver.</source>
        <translation>同一进程中混用了两个 ROCm 版本（系统的 /opt/rocm 遮盖了 wheel 自带的版本，或扩展是针对另一个 ROCm 构建的），或者 wheel 的 ROCm 比内核驱动新很多。</translation>
    </message>
    <message>
        <source>Keep /opt/rocm out of LD_LIBRARY_PATH in the venv: the wheel brings its own ROCm.</source>
        <translation>在虚拟环境中不要把 /opt/rocm 放进 LD_LIBRARY_PATH：wheel 自带 ROCm。</translation>
    </message>
    <message>
        <source>Rebuild extensions (bitsandbytes, flash-attn, ...) against the wheel&apos;s ROCm version, or use matching wheels.</source>
        <translation>针对 wheel 的 ROCm 版本重新构建扩展（bitsandbytes、flash-attn 等），或使用版本匹配的 wheel。</translation>
    </message>
    <message>
        <source>A ROCm 7 user space on a ROCm 6-era amdgpu-dkms driver can hang: update the driver.</source>
        <translation>ROCm 7 用户态运行在 ROCm 6 时代的 amdgpu-dkms 驱动上可能会卡住：请更新驱动。</translation>
    </message>
    <message>
        <source>torch is not installed in this environment</source>
        <translation>此环境中没有安装 torch</translation>
    </message>
    <message>
        <source>The Python environment that was checked has no torch module.</source>
        <translation>所检查的 Python 环境中没有 torch 模块。</translation>
    </message>
    <message>
        <source>Install the ROCm wheels for this machine.</source>
        <translation>为这台机器安装 ROCm wheel。</translation>
    </message>
    <message>
        <source>The Python environment does not run</source>
        <translation>Python 环境无法运行</translation>
    </message>
    <message>
        <source>The environment&apos;s python or `import torch` fails.</source>
        <translation>该环境的 python 或 `import torch` 运行失败。</translation>
    </message>
    <message>
        <source>Recreate the venv and reinstall torch.</source>
        <translation>重新创建虚拟环境并重新安装 torch。</translation>
    </message>
    <message>
        <source>rocBLAS has no kernels for this GPU</source>
        <translation>rocBLAS 没有这块显卡的算子</translation>
    </message>
    <message>
        <source>rocBLAS could not read its Tensile library for this gfx target: the libraries were built without it (gfx90c, gfx1103 need an override; gfx906 was dropped in ROCm 6.4).</source>
        <translation>rocBLAS 无法读取这个 gfx 目标的 Tensile 库：这些库构建时没有包含它（gfx90c、gfx1103 需要覆盖；gfx906 在 ROCm 6.4 中被移除）。</translation>
    </message>
    <message>
        <source>Use the override the GPU allows (rocmdesk detect), or wheels that still carry the target (gfx906: the rocm6.3 index).</source>
        <translation>使用这块显卡允许的覆盖（rocmdesk detect），或使用仍包含该目标的 wheel（gfx906：rocm6.3 索引）。</translation>
    </message>
    <message>
        <source>A ROCm library is missing</source>
        <translation>缺少某个 ROCm 库</translation>
    </message>
    <message>
        <source>A program or the torch wheel could not load a ROCm shared library (librocm_smi64.so, libamdhip64.so, librocm_sysdeps_liblzma.so...).</source>
        <translation>某个程序或 torch wheel 无法加载 ROCm 共享库（librocm_smi64.so、libamdhip64.so、librocm_sysdeps_liblzma.so…）。</translation>
    </message>
    <message>
        <source>Update torch: librocm_smi64 (rocm7.2 wheels) and liblzma (TheRock wheels) were packaging bugs fixed upstream.</source>
        <translation>更新 torch：librocm_smi64（rocm7.2 wheel）和 liblzma（TheRock wheel）是上游已修复的打包缺陷。</translation>
    </message>
    <message>
        <source>A program built against the system ROCm needs that ROCm installed (rocmdesk plan --scope runtime).</source>
        <translation>针对系统 ROCm 构建的程序需要安装该 ROCm（rocmdesk plan --scope runtime）。</translation>
    </message>
    <message>
        <source>The ROCm runtime could not start (out of resources)</source>
        <translation>ROCm 运行时无法启动（资源不足）</translation>
    </message>
    <message>
        <source>HSA_STATUS_ERROR_OUT_OF_RESOURCES (or &quot;/dev/kfd: Cannot allocate memory&quot;): the KFD refused the GPU. Usually the GPU is not supported by this ROCm/kernel, or /dev/kfd permissions are wrong.</source>
        <translation>HSA_STATUS_ERROR_OUT_OF_RESOURCES（或“/dev/kfd: Cannot allocate memory”）：KFD 拒绝了这块显卡。通常是这个 ROCm/内核不支持这块显卡，或 /dev/kfd 的权限不对。</translation>
    </message>
    <message>
        <source>Read why the KFD refused the GPU.</source>
        <translation>查看 KFD 拒绝这块显卡的原因。</translation>
    </message>
    <message>
        <source>Check the GPU is supported by this ROCm (rocmdesk detect) and that you are in render and video.</source>
        <translation>检查这个 ROCm 是否支持这块显卡（rocmdesk detect），以及您是否在 render 和 video 用户组中。</translation>
    </message>
    <message>
        <source>Update ROCm / the kernel if the GPU is newer than them.</source>
        <translation>如果显卡比 ROCm/内核更新，请更新它们。</translation>
    </message>
    <message>
        <source>Two ROCm runtimes in one process</source>
        <translation>一个进程里有两个 ROCm 运行时</translation>
    </message>
    <message>
        <source>torch and another framework (tinygrad, a second ROCm&apos;s onnxruntime or llama.cpp build...) each loaded their own libhsa-runtime64 into one Python process; the second one cannot open the GPU and fails with HSA_STATUS_ERROR_OUT_OF_RESOURCES. The GPU and ROCm are fine.</source>
        <translation>torch 和另一个框架（tinygrad、另一套 ROCm 的 onnxruntime 或 llama.cpp 构建……）各自把自己的 libhsa-runtime64 加载进了同一个 Python 进程；第二个无法打开显卡，报 HSA_STATUS_ERROR_OUT_OF_RESOURCES。显卡和 ROCm 本身没有问题。</translation>
    </message>
    <message>
        <source>Let one ROCm runtime serve the process: run the other framework in its own process, or make it load the runtime torch already loaded (LD_PRELOAD the wheel&apos;s libhsa-runtime64.so before starting Python).</source>
        <translation>让一个 ROCm 运行时服务整个进程：把另一个框架放到单独的进程里运行，或让它加载 torch 已加载的运行时（启动 Python 前用 LD_PRELOAD 预加载 wheel 自带的 libhsa-runtime64.so）。</translation>
    </message>
    <message>
        <source>Do not chase permissions or a driver update for this error: rocminfo and torch alone work.</source>
        <translation>这个错误不需要去查权限或更新驱动：单独运行 rocminfo 和 torch 都正常。</translation>
    </message>
    <message>
        <source>A ROCm program crashed</source>
        <translation>某个 ROCm 程序崩溃了</translation>
    </message>
    <message>
        <source>A ROCm tool or PyTorch ended with a segmentation fault or abort before printing anything useful.</source>
        <translation>某个 ROCm 工具或 PyTorch 在输出有用信息之前就因段错误或 abort 而结束。</translation>
    </message>
    <message>
        <source>Run it again as your user (not with sudo) and read the kernel log around the crash.</source>
        <translation>以您自己的用户身份（不要用 sudo）重新运行，并查看崩溃前后的内核日志。</translation>
    </message>
    <message>
        <source>Integrated GPUs and GPUs without ROCm support crash older runtimes: see rocmdesk detect; hide an iGPU with ROCR_VISIBLE_DEVICES.</source>
        <translation>集成显卡和不受 ROCm 支持的显卡会让旧版运行时崩溃：见 rocmdesk detect；用 ROCR_VISIBLE_DEVICES 隐藏集成显卡。</translation>
    </message>
    <message>
        <source>RDNA2 cards on ROCm 7 development wheels crash for some users: prefer the rocm6.4 wheels.</source>
        <translation>部分用户的 RDNA2 显卡在 ROCm 7 开发版 wheel 上会崩溃：优先使用 rocm6.4 wheel。</translation>
    </message>
    <message>
        <source>GPU memory ran out</source>
        <translation>显存不足</translation>
    </message>
    <message>
        <source>PyTorch could not allocate GPU memory. When much is &quot;reserved but unallocated&quot; the cache is fragmented; otherwise the job needs less memory per step.</source>
        <translation>PyTorch 无法分配显存。如果大量显存处于“reserved but unallocated”，说明缓存碎片化了；否则就需要减少任务每步的显存用量。</translation>
    </message>
    <message>
        <source>Let the caching allocator grow segments instead of fragmenting (set both names: some versions read only one).</source>
        <translation>让缓存分配器扩展内存段而不是产生碎片（两个变量名都设置：有些版本只读取其中一个）。</translation>
    </message>
    <message>
        <source>Lower the batch size, or use AMP/gradient checkpointing.</source>
        <translation>减小批大小，或使用 AMP/梯度检查点。</translation>
    </message>
    <message>
        <source>Close other programs that hold VRAM (rocmdesk monitor shows them).</source>
        <translation>关闭其他占用显存的程序（rocmdesk monitor 会列出它们）。</translation>
    </message>
    <message>
        <source>Multi-GPU communication fails or hangs</source>
        <translation>多卡通信失败或卡住</translation>
    </message>
    <message>
        <source>RCCL collectives time out or error. On PCIe machines peer-to-peer traffic through the IOMMU or PCIe ACS often stalls.</source>
        <translation>RCCL 集合通信超时或出错。在 PCIe 机器上，经过 IOMMU 或 PCIe ACS 的点对点传输经常会停滞。</translation>
    </message>
    <message>
        <source>Put the IOMMU in pass-through mode: add iommu=pt (and amd_iommu=on on AMD CPUs) to the kernel command line, then reboot.</source>
        <translation>把 IOMMU 设为直通模式：在内核命令行中加上 iommu=pt（AMD CPU 还要加 amd_iommu=on），然后重启。</translation>
    </message>
    <message>
        <source>Disable PCIe ACS in the BIOS (or on the PCIe switches) so GPUs reach each other directly.</source>
        <translation>在 BIOS 中（或在 PCIe 交换芯片上）禁用 PCIe ACS，让显卡之间直接通信。</translation>
    </message>
    <message>
        <source>Debug RCCL: run with NCCL_DEBUG=INFO; try NCCL_P2P_DISABLE=1 to confirm peer-to-peer is the cause.</source>
        <translation>调试 RCCL：设置 NCCL_DEBUG=INFO 运行；尝试 NCCL_P2P_DISABLE=1 以确认是否为点对点传输的问题。</translation>
    </message>
    <message>
        <source>The PCIe slot does not pass atomics</source>
        <translation>PCIe 插槽不支持原子操作</translation>
    </message>
    <message>
        <source>The KFD skipped the GPU because the PCIe path rejects atomic operations (older CPUs/chipsets, some risers or Thunderbolt).</source>
        <translation>KFD 跳过了这块显卡，因为 PCIe 通路拒绝原子操作（较旧的 CPU/芯片组、部分延长线或 Thunderbolt）。</translation>
    </message>
    <message>
        <source>Move the GPU to a CPU-attached PCIe slot (not through the chipset or a riser).</source>
        <translation>把显卡移到直连 CPU 的 PCIe 插槽（不要经过芯片组或延长线）。</translation>
    </message>
    <message>
        <source>Some runtimes work without atomics with HSA_ENABLE_SDMA=0; it is not supported.</source>
        <translation>有些运行时在 HSA_ENABLE_SDMA=0 时可以不用原子操作工作；这不受官方支持。</translation>
    </message>
    <message>
        <source>Traces of another ROCm version</source>
        <translation>残留有另一个 ROCm 版本</translation>
    </message>
    <message>
        <source>Packages, /opt/rocm-* trees or apt lists of another ROCm version are left; they can mix libraries of two versions.</source>
        <translation>另一个 ROCm 版本的软件包、/opt/rocm-* 目录或 apt 列表还在；它们可能导致两个版本的库混用。</translation>
    </message>
    <message>
        <source>Remove the other versions&apos; packages, trees and lists (rocmdesk plan shows the steps).</source>
        <translation>移除其他版本的软件包、目录和列表（rocmdesk plan 会列出步骤）。</translation>
    </message>
    <message>
        <source>Or by hand: purge the old packages and remove /opt/rocm-&lt;old version&gt;.</source>
        <translation>或者手动操作：彻底清除旧软件包，并删除旧版本的目录 /opt/rocm-&lt;old version&gt;。</translation>
    </message>
    <message>
        <source>No AMD GPU was found</source>
        <translation>没有找到 AMD 显卡</translation>
    </message>
    <message>
        <source>Nothing on this machine looks like an AMD GPU to rocmdesk.</source>
        <translation>在 rocmdesk 看来，这台机器上没有任何像 AMD 显卡的设备。</translation>
    </message>
    <message>
        <source>Check that the card is seated and seen on the PCI bus.</source>
        <translation>检查显卡是否插好，以及能否在 PCI 总线上看到它。</translation>
    </message>
</context>
<context>
    <name>rocmdesk.doctor.cli_doctor</name>
    <message>
        <source>known ROCm/PyTorch failures found on this machine or in pasted output</source>
        <translation>在这台机器上或粘贴的输出中发现的已知 ROCm/PyTorch 故障</translation>
    </message>
    <message>
        <source>Check this machine (or a captured/simulated one) and pasted output (rocminfo, rocm-smi, amd-smi, collect_env, lspci, kernel log, Python tracebacks, rocmdesk verify/sanity JSON) against rocmdesk&apos;s catalogue of known failures; each finding has evidence and a fix.</source>
        <translation>检查这台机器（或抓取的、模拟的机器）以及粘贴的输出（rocminfo、rocm-smi、amd-smi、collect_env、lspci、内核日志、Python 调用栈、rocmdesk verify/sanity 的 JSON），与 rocmdesk 的已知故障目录比对；每个问题都附有依据和修复方法。</translation>
    </message>
    <message>
        <source>Exit codes: 0 no error found (warnings may be listed), 6 an error was found, 2 bad usage, 3 an input could not be read or is not text; with --fix: 0 fixed, 1 a step failed, 5 nothing changed. Without --from the machine is this computer (or --root/--simulate); with --from only the texts are read unless --root, --simulate or --venv is given too. With --json everything is in English.</source>
        <translation>退出码：0 未发现错误（可能列出警告），6 发现了错误，2 用法错误，3 有输入无法读取或不是文本；使用 --fix 时：0 已修复，1 某一步失败，5 没有做任何改动。不带 --from 时检查这台电脑（或 --root/--simulate 指定的机器）；带 --from 时只读取这些文本，除非同时给出 --root、--simulate 或 --venv。使用 --json 时所有内容均为英文。</translation>
    </message>
    <message>
        <source>text to diagnose (repeatable; - reads standard input)</source>
        <translation>要诊断的文本（可重复；- 表示读取标准输入）</translation>
    </message>
    <message>
        <source>also verify the PyTorch in this virtual environment (repeatable; runs its python)</source>
        <translation>同时验证这个虚拟环境中的 PyTorch（可重复；会运行其中的 python）</translation>
    </message>
    <message>
        <source>machine-readable output (in English)</source>
        <translation>机器可读的输出（英文）</translation>
    </message>
    <message>
        <source>also write a report to paste into a bug tracker (FILE.json: JSON, in English; else Markdown)</source>
        <translation>另外写一份报告，用于粘贴到问题跟踪系统（FILE.json：英文 JSON，否则为 Markdown）</translation>
    </message>
    <message>
        <source>let the report name the user and host (left out by default)</source>
        <translation>允许报告中出现用户名和主机名（默认不包含）</translation>
    </message>
    <message>
        <source>run the automatic fix of finding ID (kfd-permission, rocm-residue) through the Setup helper: one password prompt</source>
        <translation>通过安装配置的辅助程序运行问题 ID 的自动修复（kfd-permission、rocm-residue）：只需输入一次密码</translation>
    </message>
    <message>
        <source>with --fix: check the fix&apos;s plan, change nothing</source>
        <translation>配合 --fix：检查修复计划，不做任何改动</translation>
    </message>
    <message>
        <source>with --fix: do not ask before running</source>
        <translation>配合 --fix：运行前不再询问</translation>
    </message>
    <message>
        <source>ERROR</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>WARNING</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>INFO</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>no AMD GPU</source>
        <translation>没有 AMD 显卡</translation>
    </message>
    <message>
        <source>Machine: {source} (simulated) · {gpus}</source>
        <translation>机器：{source}（模拟）· {gpus}</translation>
    </message>
    <message>
        <source>Machine: {source} · {gpus}</source>
        <translation>机器：{source} · {gpus}</translation>
    </message>
    <message>
        <source>not recognized</source>
        <translation>无法识别</translation>
    </message>
    <message>
        <source>Input {label}: {format} ({error})</source>
        <translation>输入 {label}：{format}（{error}）</translation>
    </message>
    <message>
        <source>Input {label}: {format}</source>
        <translation>输入 {label}：{format}</translation>
    </message>
    <message>
        <source>Nothing could be diagnosed: no input was readable.</source>
        <translation>无法诊断：没有可读取的输入。</translation>
    </message>
    <message>
        <source>No known problem found.</source>
        <translation>未发现已知问题。</translation>
    </message>
    <message>
        <source>seen: {evidence}</source>
        <translation>依据：{evidence}</translation>
    </message>
    <message>
        <source>rocmdesk can do this (Setup plan):</source>
        <translation>rocmdesk 可以自动完成（安装配置计划）：</translation>
    </message>
    <message>
        <source>fix:</source>
        <translation>修复方法：</translation>
    </message>
    <message>
        <source>the plan (rocmdesk doctor --fix {id} runs it): {steps}</source>
        <translation>计划（rocmdesk doctor --fix {id} 会运行它）：{steps}</translation>
    </message>
    <message>
        <source>{errors} error(s), {warnings} warning(s), {notes} note(s).</source>
        <translation>{errors} 个错误，{warnings} 个警告，{notes} 条提示。</translation>
    </message>
    <message>
        <source>--fix needs a machine: leave out --from, or add --root/--simulate</source>
        <translation>--fix 需要一台机器：去掉 --from，或加上 --root/--simulate</translation>
    </message>
    <message>
        <source>rocmdesk: no finding {id} on this machine: nothing to fix</source>
        <translation>rocmdesk: 这台机器上没有问题 {id}：无需修复</translation>
    </message>
    <message>
        <source>{machine} is not this computer: its fix can only be tried with --dry-run</source>
        <translation>{machine} 不是这台电脑：它的修复只能用 --dry-run 试运行</translation>
    </message>
    <message>
        <source>rocmdesk: {id} has no automatic fix here: run the steps above yourself</source>
        <translation>rocmdesk: {id} 在这里没有自动修复：请您自己执行上面的步骤</translation>
    </message>
    <message>
        <source>Fix {id}: {steps}</source>
        <translation>修复 {id}：{steps}</translation>
    </message>
    <message>
        <source>Dry run finished: the helper accepts this fix.</source>
        <translation>试运行完成：辅助程序接受这个修复。</translation>
    </message>
    <message>
        <source>Fixed.</source>
        <translation>已修复。</translation>
    </message>
    <message>
        <source>{path}: cannot write the report ({error})</source>
        <translation>{path}：无法写入报告（{error}）</translation>
    </message>
    <message>
        <source>Report written to {path}</source>
        <translation>报告已写入 {path}</translation>
    </message>
</context>
<context>
    <name>rocmdesk.doctor.diagnose</name>
    <message>
        <source>reading the machine (GPUs, driver, groups, /dev/kfd)</source>
        <translation>读取机器信息（显卡、驱动、用户组、/dev/kfd）</translation>
    </message>
    <message>
        <source>reading the kernel log</source>
        <translation>读取内核日志</translation>
    </message>
    <message>
        <source>verifying the PyTorch in {venv}</source>
        <translation>验证 {venv} 中的 PyTorch</translation>
    </message>
    <message>
        <source>comparing with the catalogue of known failures</source>
        <translation>与已知故障目录比对</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
</context>
<context>
    <name>rocmdesk.doctor.excerpt</name>
    <message>
        <source>[rocmdesk: lines of no interest left out here]</source>
        <translation>[rocmdesk：此处省略了无关的行]</translation>
    </message>
    <message>
        <source>read all {mb} MB ({lines} lines): its first and last lines and {hits} lines of interest in between</source>
        <translation>已读完全部 {mb} MB（{lines} 行）：保留开头和结尾的行，以及中间 {hits} 行相关内容</translation>
    </message>
    <message>
        <source>read {mb} MB of it ({lines} lines): their first and last lines and {hits} lines of interest in between</source>
        <translation>读取了其中 {mb} MB（{lines} 行）：保留开头和结尾的行，以及中间 {hits} 行相关内容</translation>
    </message>
    <message>
        <source>{n} lines of interest that only repeat one kept before (but for their numbers) were left out</source>
        <translation>另有 {n} 行值得关注的行只是重复了前面已保留的某一行（仅数字不同），已略去</translation>
    </message>
    <message>
        <source>{n} more lines of interest in the middle were left out: the first and the last of them were read</source>
        <translation>中间还有 {n} 行相关内容被省略：只读取了其中最前和最后的部分</translation>
    </message>
    <message>
        <source>NOT READ: the first {skipped} MB of this input (it is larger than {limit} MB): only its last {read} MB were read</source>
        <translation>未读取：此输入的前 {skipped} MB（它超过了 {limit} MB）：只读取了最后 {read} MB</translation>
    </message>
    <message>
        <source>NOT READ: everything after the first {read} MB of this input (the most rocmdesk reads)</source>
        <translation>未读取：此输入前 {read} MB 之后的全部内容（这是 rocmdesk 最多读取的量）</translation>
    </message>
</context>
<context>
    <name>rocmdesk.doctor.gpu_checks</name>
    <message>
        <source>gfx unknown</source>
        <translation>gfx 未知</translation>
    </message>
    <message>
        <source>{gpu} works with {right}, not {value}</source>
        <translation>{gpu} 应使用 {right}，而不是 {value}</translation>
    </message>
    <message>
        <source>{gpu}: {var}={value} in effect (it reports {reported})</source>
        <translation>{gpu}：{var}={value} 正在生效（它报告为 {reported}）</translation>
    </message>
    <message>
        <source>{gpu}: {var}={value} in effect</source>
        <translation>{gpu}：{var}={value} 正在生效</translation>
    </message>
    <message>
        <source>rocmdesk&apos;s advice for {gpu}: {path} with {var}={value}</source>
        <translation>rocmdesk 对 {gpu} 的建议：{path}，并设置 {var}={value}</translation>
    </message>
    <message>
        <source>rocmdesk&apos;s advice for {gpu}: {path}, no override</source>
        <translation>rocmdesk 对 {gpu} 的建议：{path}，无需覆盖</translation>
    </message>
    <message>
        <source>{var}={value} applies to every GPU</source>
        <translation>{var}={value} 作用于所有显卡</translation>
    </message>
    <message>
        <source>{gpu} is supported as it is</source>
        <translation>{gpu} 无需覆盖即受支持</translation>
    </message>
    <message>
        <source>no {var} is set for it</source>
        <translation>没有为它设置 {var}</translation>
    </message>
    <message>
        <source>integrated: {gpu}</source>
        <translation>集成显卡：{gpu}</translation>
    </message>
    <message>
        <source>discrete: {gpu}</source>
        <translation>独立显卡：{gpu}</translation>
    </message>
    <message>
        <source>{gpu} is ROCm device {number} (the runtime counts in KFD node order)</source>
        <translation>{gpu} 是 ROCm {number} 号设备（运行时按 KFD 节点顺序计数）</translation>
    </message>
    <message>
        <source>this output does not show the ROCm runtime&apos;s device order (KFD nodes): {var} takes the discrete GPU&apos;s place among the GPU agents rocminfo lists, counting from 0</source>
        <translation>这份输出没有显示 ROCm 运行时的设备顺序（KFD 节点）：{var} 取独立显卡在 rocminfo 列出的 GPU agent 中的位置，从 0 开始计数</translation>
    </message>
</context>
<context>
    <name>rocmdesk.doctor.machine_checks</name>
    <message>
        <source>Setup&apos;s checks: {title}</source>
        <translation>安装配置的检查：{title}</translation>
    </message>
    <message>
        <source>machine: {source}</source>
        <translation>机器：{source}</translation>
    </message>
    <message>
        <source>not loaded according to {file}</source>
        <translation>根据 {file}，amdgpu 未加载</translation>
    </message>
    <message>
        <source>/dev/kfd does not exist</source>
        <translation>/dev/kfd 不存在</translation>
    </message>
    <message>
        <source>running in a container ({container}): it was started without --device=/dev/kfd</source>
        <translation>运行在容器中（{container}）：启动容器时没有加 --device=/dev/kfd</translation>
    </message>
    <message>
        <source>no GPU node in /sys/class/kfd/kfd/topology</source>
        <translation>/sys/class/kfd/kfd/topology 中没有显卡节点</translation>
    </message>
    <message>
        <source>{user} is not in: {groups} (in /etc/group: {configured})</source>
        <translation>{user} 不在这些用户组中：{groups}（/etc/group 中：{configured}）</translation>
    </message>
    <message>
        <source>the user</source>
        <translation>该用户</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>opening /dev/kfd read-write: {error}</source>
        <translation>以读写方式打开 /dev/kfd：{error}</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>被拒绝</translation>
    </message>
    <message>
        <source>container: {container}</source>
        <translation>容器：{container}</translation>
    </message>
    <message>
        <source>no /dev/dri/renderD* node</source>
        <translation>没有 /dev/dri/renderD* 节点</translation>
    </message>
    <message>
        <source>in /etc/group: {groups}</source>
        <translation>/etc/group 中：{groups}</translation>
    </message>
    <message>
        <source>this session: {groups}</source>
        <translation>当前会话：{groups}</translation>
    </message>
    <message>
        <source>kernel {release}; {gfx} needs {need} or newer in-box (or amdgpu-dkms)</source>
        <translation>内核 {release}；{gfx} 需要 {need} 或更新的内核自带驱动（或 amdgpu-dkms）</translation>
    </message>
    <message>
        <source>GPU {index} has no KFD node</source>
        <translation>GPU {index} 没有 KFD 节点</translation>
    </message>
</context>
<context>
    <name>rocmdesk.doctor.report</name>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>ERROR</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>WARNING</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>INFO</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>the machine check</source>
        <translation>机器检查</translation>
    </message>
    <message>
        <source>Setup&apos;s checks before installing</source>
        <translation>安装配置的安装前检查</translation>
    </message>
    <message>
        <source>the PyTorch check of a venv</source>
        <translation>对某个虚拟环境的 PyTorch 检查</translation>
    </message>
    <message>
        <source>the Sanity check</source>
        <translation>训练自检</translation>
    </message>
    <message>
        <source>the kernel log</source>
        <translation>内核日志</translation>
    </message>
    <message>
        <source>knowledge data as of</source>
        <translation>知识库数据日期</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>OS</source>
        <translation>操作系统</translation>
    </message>
    <message>
        <source>{os} (container: {container})</source>
        <translation>{os}（容器：{container}）</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>{version} (also: {versions})</source>
        <translation>{version}（另有：{versions}）</translation>
    </message>
    <message>
        <source>{gfx} (reports {reported})</source>
        <translation>{gfx}（报告为 {reported}）</translation>
    </message>
    <message>
        <source>GPU {index}</source>
        <translation>显卡 {index}</translation>
    </message>
    <message>
        <source>Overrides</source>
        <translation>覆盖</translation>
    </message>
    <message>
        <source>rocmdesk doctor report</source>
        <translation>rocmdesk 诊断报告</translation>
    </message>
    <message>
        <source>{errors} error(s), {warnings} warning(s), {notes} note(s)</source>
        <translation>{errors} 个错误，{warnings} 个警告，{notes} 条提示</translation>
    </message>
    <message>
        <source>machine: {source} (simulated)</source>
        <translation>机器：{source}（模拟）</translation>
    </message>
    <message>
        <source>machine: {source}</source>
        <translation>机器：{source}</translation>
    </message>
    <message>
        <source>Machine</source>
        <translation>机器</translation>
    </message>
    <message>
        <source>{release}; amdgpu loaded: {loaded}</source>
        <translation>{release}；amdgpu 已加载：{loaded}</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>not in {groups}</source>
        <translation>不在 {groups} 中</translation>
    </message>
    <message>
        <source>new groups need a new login</source>
        <translation>新加入的用户组需要重新登录才生效</translation>
    </message>
    <message>
        <source>Identity (included on request)</source>
        <translation>身份信息（应要求包含）</translation>
    </message>
    <message>
        <source>Versions</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Findings ({n})</source>
        <translation>问题（{n}）</translation>
    </message>
    <message>
        <source>No known problem was found.</source>
        <translation>未发现已知问题。</translation>
    </message>
    <message>
        <source>Evidence:</source>
        <translation>依据：</translation>
    </message>
    <message>
        <source>Fix (automatic: rocmdesk can run it):</source>
        <translation>修复方法（自动：rocmdesk 可以运行）：</translation>
    </message>
    <message>
        <source>Fix (steps to run yourself):</source>
        <translation>修复方法（需要您自己执行的步骤）：</translation>
    </message>
    <message>
        <source>The plan rocmdesk runs for it (one password prompt):</source>
        <translation>rocmdesk 为此运行的计划（只需输入一次密码）：</translation>
    </message>
    <message>
        <source>Found in: {origins}</source>
        <translation>发现于：{origins}</translation>
    </message>
    <message>
        <source>Source: {source}</source>
        <translation>来源：{source}</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>unrecognized</source>
        <translation>无法识别</translation>
    </message>
    <message>
        <source>No user name, host name or serial numbers are in this report (rocmdesk doctor --include-identity adds them).</source>
        <translation>本报告不包含用户名、主机名和序列号（rocmdesk doctor --include-identity 会加上它们）。</translation>
    </message>
</context>
<context>
    <name>rocmdesk.doctor.result_checks</name>
    <message>
        <source>PyTorch check ({python}): {verdict}</source>
        <translation>PyTorch 检查（{python}）：{verdict}</translation>
    </message>
    <message>
        <source>Sanity check, multi-GPU phase: it hung</source>
        <translation>训练自检，多显卡阶段：卡住了</translation>
    </message>
    <message>
        <source>Sanity check, multi-GPU phase: {error}</source>
        <translation>训练自检，多显卡阶段：{error}</translation>
    </message>
    <message>
        <source>Sanity check, multi-GPU phase: it failed</source>
        <translation>训练自检，多显卡阶段：失败</translation>
    </message>
    <message>
        <source>Sanity check: {kind}</source>
        <translation>训练自检：{kind}</translation>
    </message>
    <message>
        <source>a Sanity check run: it passed</source>
        <translation>一次训练自检：通过</translation>
    </message>
    <message>
        <source>a Sanity check run: it failed</source>
        <translation>一次训练自检：失败</translation>
    </message>
    <message>
        <source>a Sanity check run&apos;s result</source>
        <translation>一次训练自检的结果</translation>
    </message>
</context>
<context>
    <name>rocmdesk.doctor.text_checks</name>
    <message>
        <source>the input is empty</source>
        <translation>输入为空</translation>
    </message>
    <message>
        <source>PyTorch {version} ({kind} build)</source>
        <translation>PyTorch {version}（{kind} 版本）</translation>
    </message>
    <message>
        <source>{slot}: no kernel driver is bound to this GPU (amdgpu is not loaded for it)</source>
        <translation>{slot}：这块显卡没有绑定内核驱动（amdgpu 没有为它加载）</translation>
    </message>
    <message>
        <source>two HSA runtimes in one process: {paths}</source>
        <translation>一个进程里有两个 HSA 运行时：{paths}</translation>
    </message>
    <message>
        <source>{gfx} is not in the wheel&apos;s arch list ({arch})</source>
        <translation>{gfx} 不在该 wheel 的架构列表中（{arch}）</translation>
    </message>
    <message>
        <source>rocminfo: a WSL runtime (its WSL line, or no &apos;ROCk module&apos; line and no PCI ids)</source>
        <translation>rocminfo：WSL 的运行时（有 WSL 提示行，或者没有 &apos;ROCk module&apos; 行也没有 PCI ID）</translation>
    </message>
    <message>
        <source>Is CUDA available: False (a ROCm build)</source>
        <translation>Is CUDA available: False（ROCm 版本）</translation>
    </message>
    <message>
        <source>a PyTorch check: {verdict}</source>
        <translation>一次 PyTorch 检查：{verdict}</translation>
    </message>
    <message>
        <source>no format rocmdesk knows and no known error message</source>
        <translation>不是 rocmdesk 认识的格式，也没有已知的错误信息</translation>
    </message>
</context>
<context>
    <name>rocmdesk.formats</name>
    <message>
        <source>not a format rocmdesk knows: expected {formats}</source>
        <translation>不是 rocmdesk 认识的格式：应为 {formats}</translation>
    </message>
    <message>
        <source>unknown format {name}: rocmdesk reads {formats}</source>
        <translation>未知格式 {name}：rocmdesk 能读取 {formats}</translation>
    </message>
    <message>
        <source>rocminfo output</source>
        <translation>rocminfo 输出</translation>
    </message>
    <message>
        <source>rocm-smi output</source>
        <translation>rocm-smi 输出</translation>
    </message>
    <message>
        <source>amd-smi output</source>
        <translation>amd-smi 输出</translation>
    </message>
    <message>
        <source>PyTorch collect_env output</source>
        <translation>PyTorch collect_env 输出</translation>
    </message>
    <message>
        <source>lspci output</source>
        <translation>lspci 输出</translation>
    </message>
    <message>
        <source>kernel log (dmesg or journalctl -k)</source>
        <translation>内核日志（dmesg 或 journalctl -k）</translation>
    </message>
    <message>
        <source>a Python traceback or error message</source>
        <translation>Python 调用栈（traceback）或错误信息</translation>
    </message>
    <message>
        <source>{first}, {second}</source>
        <translation>{first}、{second}</translation>
    </message>
    <message>
        <source>{first} or {second}</source>
        <translation>{first}或 {second}</translation>
    </message>
</context>
<context>
    <name>rocmdesk.formats.amd_smi</name>
    <message>
        <source>this JSON is not from amd-smi: no list of {&quot;gpu&quot;: N, ...} objects</source>
        <translation>这段 JSON 不是 amd-smi 的输出：其中没有 {&quot;gpu&quot;: N, ...} 对象组成的列表</translation>
    </message>
    <message>
        <source>this JSON has no GPU objects: not amd-smi --json output</source>
        <translation>这段 JSON 中没有显卡对象：不是 amd-smi --json 的输出</translation>
    </message>
    <message>
        <source>amd-smi listed no GPUs</source>
        <translation>amd-smi 没有列出任何显卡</translation>
    </message>
    <message>
        <source>amd-smi 26.x wraps the GPUs in {&quot;gpu_data&quot;: [...]}</source>
        <translation>amd-smi 26.x 把显卡包在 {&quot;gpu_data&quot;: [...]} 中</translation>
    </message>
    <message>
        <source>the JSON was cut short: read up to its last complete value</source>
        <translation>JSON 不完整：已读取到最后一个完整的值为止</translation>
    </message>
    <message>
        <source>the amdsmi metrics dict is cut short or not a Python literal</source>
        <translation>amdsmi 指标字典不完整，或不是 Python 字面量</translation>
    </message>
    <message>
        <source>not an amdsmi gpu metrics dict</source>
        <translation>不是 amdsmi 的 gpu metrics 字典</translation>
    </message>
    <message>
        <source>amd-smi cut GPU names to fit its table ({name})</source>
        <translation>amd-smi 为了放进表格截短了显卡名称（{name}）</translation>
    </message>
    <message>
        <source>no GPU, version or error lines: not amd-smi output rocmdesk can read</source>
        <translation>没有显卡行、版本行或错误行：不是 rocmdesk 能读取的 amd-smi 输出</translation>
    </message>
</context>
<context>
    <name>rocmdesk.formats.collect_env</name>
    <message>
        <source>the input is empty: expected PyTorch collect_env output</source>
        <translation>输入为空：应为 PyTorch collect_env 的输出</translation>
    </message>
    <message>
        <source>the input is longer than {size} MiB; only its start was read</source>
        <translation>输入超过 {size} MiB；只读取了开头部分</translation>
    </message>
    <message>
        <source>this is not PyTorch collect_env output: no &apos;PyTorch version:&apos; or other collect_env lines found</source>
        <translation>这不是 PyTorch collect_env 的输出：没有找到 &apos;PyTorch version:&apos; 或其他 collect_env 行</translation>
    </message>
    <message>
        <source>no &apos;PyTorch version&apos; line: the paste may be trimmed</source>
        <translation>没有 &apos;PyTorch version&apos; 行：粘贴的内容可能不完整</translation>
    </message>
</context>
<context>
    <name>rocmdesk.formats.kernel_log</name>
    <message>
        <source>the input is empty: expected kernel log lines (dmesg or journalctl -k)</source>
        <translation>输入为空：应为内核日志行（dmesg 或 journalctl -k）</translation>
    </message>
    <message>
        <source>the log is longer than {size} MiB; only its newest part was read</source>
        <translation>日志超过 {size} MiB；只读取了最新的部分</translation>
    </message>
    <message>
        <source>this is not a kernel log: no dmesg or journal lines and no amdgpu, KFD or IOMMU messages found</source>
        <translation>这不是内核日志：没有 dmesg 或 journal 日志行，也没有 amdgpu、KFD 或 IOMMU 消息</translation>
    </message>
    <message>
        <source>{count} more event(s) past the first {limit} were not kept</source>
        <translation>前 {limit} 个事件之后还有 {count} 个事件未保留</translation>
    </message>
</context>
<context>
    <name>rocmdesk.formats.limits</name>
    <message>
        <source>the input is {size} MiB, more than the {limit} MiB rocmdesk reads: not a log or tool output</source>
        <translation>输入有 {size} MiB，超过 rocmdesk 读取的上限 {limit} MiB：不是日志或工具输出</translation>
    </message>
    <message>
        <source>the JSON is {size} MiB, more than the {limit} MiB rocmdesk reads of one document</source>
        <translation>该 JSON 有 {size} MiB，超过 rocmdesk 对单个文档读取的上限 {limit} MiB</translation>
    </message>
    <message>
        <source>the JSON nests deeper than {limit} levels: no tool output rocmdesk reads does that</source>
        <translation>该 JSON 的嵌套深度超过 {limit} 层：rocmdesk 读取的工具输出都不会这样</translation>
    </message>
</context>
<context>
    <name>rocmdesk.formats.lspci</name>
    <message>
        <source>the input is empty: expected lspci output</source>
        <translation>输入为空：应为 lspci 的输出</translation>
    </message>
    <message>
        <source>the input is longer than {size} MiB; only its start was read</source>
        <translation>输入超过 {size} MiB；只读取了开头部分</translation>
    </message>
    <message>
        <source>more than {count} devices: only the first {count} were read</source>
        <translation>设备超过 {count} 个：只读取了前 {count} 个</translation>
    </message>
    <message>
        <source>this is not lspci output: no line like &apos;03:00.0 VGA compatible controller: ...&apos; found</source>
        <translation>这不是 lspci 的输出：没有找到形如 &apos;03:00.0 VGA compatible controller: ...&apos; 的行</translation>
    </message>
    <message>
        <source>slot {slot} is listed more than once: two lspci runs may be pasted together</source>
        <translation>插槽 {slot} 出现了不止一次：可能粘贴了两次 lspci 的输出</translation>
    </message>
</context>
<context>
    <name>rocmdesk.formats.rocm_smi</name>
    <message>
        <source>no JSON document in the input</source>
        <translation>输入中没有 JSON 文档</translation>
    </message>
    <message>
        <source>the JSON is broken before its first complete value</source>
        <translation>JSON 在第一个完整的值之前就已损坏</translation>
    </message>
    <message>
        <source>rocm-smi --json prints one object with a key per card; this JSON is something else</source>
        <translation>rocm-smi --json 输出的是一个对象，每张卡一个键；这段 JSON 不是这样</translation>
    </message>
    <message>
        <source>this JSON has no cardN objects: not rocm-smi --json output</source>
        <translation>这段 JSON 中没有 cardN 对象：不是 rocm-smi --json 的输出</translation>
    </message>
    <message>
        <source>the JSON was cut short: read up to its last complete value</source>
        <translation>JSON 不完整：已读取到最后一个完整的值为止</translation>
    </message>
    <message>
        <source>table rows without their header: columns assumed as rocm-smi 6.0 prints them</source>
        <translation>表格行缺少表头：按 rocm-smi 6.0 的列顺序读取</translation>
    </message>
    <message>
        <source>a table row does not fit its header: {row}</source>
        <translation>有一行表格与表头对不上：{row}</translation>
    </message>
    <message>
        <source>GPU {index}: rocm-smi cut its name to 20 characters ({name})</source>
        <translation>显卡 {index}：rocm-smi 把名称截短到了 20 个字符（{name}）</translation>
    </message>
    <message>
        <source>no GPU lines, table rows or version lines: not rocm-smi output rocmdesk can read</source>
        <translation>没有显卡行、表格行或版本行：不是 rocmdesk 能读取的 rocm-smi 输出</translation>
    </message>
</context>
<context>
    <name>rocmdesk.formats.rocminfo</name>
    <message>
        <source>the text holds more than one rocminfo run; only the first was read</source>
        <translation>文本中包含不止一次 rocminfo 的输出；只读取了第一次</translation>
    </message>
    <message>
        <source>rocminfo could not check group membership: {line}</source>
        <translation>rocminfo 无法检查用户组成员身份：{line}</translation>
    </message>
    <message>
        <source>the output stops before &apos;*** Done ***&apos;: the paste may be cut off</source>
        <translation>输出在 &apos;*** Done ***&apos; 之前就结束了：粘贴的内容可能不完整</translation>
    </message>
    <message>
        <source>no &apos;HSA System Attributes&apos; header: the text starts inside the agent list</source>
        <translation>没有 &apos;HSA System Attributes&apos; 标题：文本从 agent 列表中间开始</translation>
    </message>
    <message>
        <source>the output holds both an error ({kind}) and agents; it may be two runs pasted together</source>
        <translation>输出中既有错误（{kind}）又有 agent；可能是两次运行的输出粘贴在了一起</translation>
    </message>
    <message>
        <source>agent {agent}</source>
        <translation>Agent {agent}</translation>
    </message>
    <message>
        <source>{agent}: Name says {name_gfx} but its ISA says {isa_gfx}</source>
        <translation>{agent}：Name 显示为 {name_gfx}，但其 ISA 显示为 {isa_gfx}</translation>
    </message>
    <message>
        <source>{agent}: Marketing Name is empty; name the card from its Chip ID (0x{chip_id})</source>
        <translation>{agent}：Marketing Name 为空；请根据 Chip ID（0x{chip_id}）确定显卡型号</translation>
    </message>
    <message>
        <source>{agent}: Marketing Name is empty; name the card from its Chip ID</source>
        <translation>{agent}：Marketing Name 为空；请根据 Chip ID 确定显卡型号</translation>
    </message>
    <message>
        <source>{agent}: memory pools appear without a &apos;Pool Info:&apos; line</source>
        <translation>{agent}：内存池前面没有 &apos;Pool Info:&apos; 行</translation>
    </message>
    <message>
        <source>no &apos;ROCk module&apos; line and no BDFID lines: read as a WSL dump</source>
        <translation>没有 &apos;ROCk module&apos; 行，也没有 BDFID 行：按 WSL 环境的输出读取</translation>
    </message>
    <message>
        <source>the input is empty: expected rocminfo output</source>
        <translation>输入为空：应为 rocminfo 的输出</translation>
    </message>
    <message>
        <source>this is not rocminfo output: no &apos;HSA System Attributes&apos;, agent list or rocminfo error line found</source>
        <translation>这不是 rocminfo 的输出：没有找到 &apos;HSA System Attributes&apos;、agent 列表或 rocminfo 错误行</translation>
    </message>
    <message>
        <source>removed tmux copy-mode markers from {count} line(s)</source>
        <translation>已从 {count} 行中移除 tmux 复制模式标记</translation>
    </message>
    <message>
        <source>removed HTML tags from {count} line(s)</source>
        <translation>已从 {count} 行中移除 HTML 标签</translation>
    </message>
    <message>
        <source>this looks like rocminfo output but holds neither agents nor an error</source>
        <translation>看起来像 rocminfo 的输出，但其中既没有 agent 也没有错误</translation>
    </message>
</context>
<context>
    <name>rocmdesk.formats.text</name>
    <message>
        <source>the input looks binary ({percent}% NUL, control or undecodable bytes), not text output</source>
        <translation>输入看起来是二进制数据（{percent}% 为 NUL、控制字符或无法解码的字节），不是文本输出</translation>
    </message>
</context>
<context>
    <name>rocmdesk.formats.traceback</name>
    <message>
        <source>the input is empty: expected a Python traceback or an error message</source>
        <translation>输入为空：应为 Python 调用栈（traceback）或错误信息</translation>
    </message>
    <message>
        <source>the text is longer than {size} MiB; only its end was read</source>
        <translation>文本超过 {size} MiB；只读取了结尾部分</translation>
    </message>
    <message>
        <source>the traceback has no exception line: the paste may be cut off before its last line</source>
        <translation>调用栈中没有异常行：粘贴的内容可能在最后一行之前被截断了</translation>
    </message>
    <message>
        <source>no Python exception and no known ROCm or PyTorch error message found</source>
        <translation>没有找到 Python 异常，也没有找到已知的 ROCm 或 PyTorch 错误信息</translation>
    </message>
    <message>
        <source>a &apos;Traceback&apos; header but no frames were read: the paste may be cut short</source>
        <translation>有 &apos;Traceback&apos; 标题，但没有读到任何调用帧：粘贴的内容可能不完整</translation>
    </message>
</context>
<context>
    <name>rocmdesk.i18n</name>
    <message>
        <source>rocmdesk: warning: {path}: {problem}; using the default settings (choosing a language in the app writes a good file again)</source>
        <translation>rocmdesk: 警告：{path}：{problem}；使用默认设置（在应用中选择语言会重新写入一个正确的文件）</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>不是 JSON 对象</translation>
    </message>
    <message>
        <source>&quot;language&quot; is {value}, not one of {choices}</source>
        <translation>&quot;language&quot; 的值是 {value}，不是 {choices} 之一</translation>
    </message>
</context>
<context>
    <name>rocmdesk.inspect</name>
    <message>
        <source>{devices} PCI device(s), {gpus} AMD GPU(s)</source>
        <translation>{devices} 个 PCI 设备，{gpus} 块 AMD 显卡</translation>
    </message>
    <message>
        <source>modules: {modules}</source>
        <translation>模块：{modules}</translation>
    </message>
    <message>
        <source>, driver {driver}</source>
        <translation>，驱动 {driver}</translation>
    </message>
    <message>
        <source>{slot}: no kernel driver is bound to this GPU (amdgpu is not loaded for it)</source>
        <translation>{slot}：这块显卡没有绑定内核驱动（amdgpu 没有为它加载）</translation>
    </message>
    <message>
        <source>this PyTorch is a CPU-only build: it cannot use any GPU; install a ROCm wheel</source>
        <translation>这个 PyTorch 是纯 CPU 版本：无法使用任何显卡；请安装 ROCm 版 wheel</translation>
    </message>
    <message>
        <source>this PyTorch is a CUDA (NVIDIA) build: on an AMD GPU it needs a ROCm wheel</source>
        <translation>这个 PyTorch 是 CUDA（NVIDIA）版本：在 AMD 显卡上需要 ROCm 版 wheel</translation>
    </message>
    <message>
        <source>{gfx} is not in this wheel&apos;s arch list ({arch_list}): expect &apos;HIP error: invalid device function&apos;</source>
        <translation>{gfx} 不在这个 wheel 的架构列表（{arch_list}）中：会出现 &apos;HIP error: invalid device function&apos;</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>PyTorch {version} ({kind} build, ROCm {rocm})</source>
        <translation>PyTorch {version}（{kind} 版本，ROCm {rocm}）</translation>
    </message>
    <message>
        <source>PyTorch {version} ({kind} build)</source>
        <translation>PyTorch {version}（{kind} 版本）</translation>
    </message>
    <message>
        <source>GPU available to torch: yes</source>
        <translation>torch 能否使用显卡：能</translation>
    </message>
    <message>
        <source>GPU available to torch: no</source>
        <translation>torch 能否使用显卡：不能</translation>
    </message>
    <message>
        <source>wheel arch list: {arch_list}</source>
        <translation>wheel 架构列表：{arch_list}</translation>
    </message>
    <message>
        <source>OS: {os}</source>
        <translation>操作系统：{os}</translation>
    </message>
    <message>
        <source>{lines} line(s), {events} GPU/IOMMU event(s)</source>
        <translation>{lines} 行，{events} 个显卡/IOMMU 事件</translation>
    </message>
    <message>
        <source>; kernel {release}</source>
        <translation>；内核 {release}</translation>
    </message>
    <message>
        <source> in {function} ({file}:{line})</source>
        <translation>，位于 {function}（{file}:{line}）</translation>
    </message>
    <message>
        <source>; {count} chained</source>
        <translation>；共 {count} 个链式异常</translation>
    </message>
    <message>
        <source>{kind} (line {line})</source>
        <translation>{kind}（第 {line} 行）</translation>
    </message>
    <message>
        <source>GPU {index} is a {gfx} that reports {reported}: HSA_OVERRIDE_GFX_VERSION was in effect</source>
        <translation>显卡 {index} 是 {gfx}，却报告为 {reported}：当时设置了 HSA_OVERRIDE_GFX_VERSION</translation>
    </message>
</context>
<context>
    <name>rocmdesk.knowledge.gfx</name>
    <message>
        <source>no KFD/ROCm support for GCN1/GCN2 parts (e.g. &apos;PITCAIRN not supported in kfd&apos;); no PyTorch ROCm wheel carries them</source>
        <translation>KFD/ROCm 不支持 GCN1/GCN2 显卡（例如 &apos;PITCAIRN not supported in kfd&apos;）；没有任何 PyTorch ROCm wheel 包含它们</translation>
    </message>
    <message>
        <source>GCN3 APU: not on any ROCm 5.7+ list and in no PyTorch wheel</source>
        <translation>GCN3 APU：不在任何 ROCm 5.7 及以上版本的支持列表中，也不在任何 PyTorch wheel 中</translation>
    </message>
    <message>
        <source>GCN3: not on any ROCm 5.7+ list and in no PyTorch wheel</source>
        <translation>GCN3：不在任何 ROCm 5.7 及以上版本的支持列表中，也不在任何 PyTorch wheel 中</translation>
    </message>
    <message>
        <source>no override target shares its ISA</source>
        <translation>没有与它共用 ISA 的覆盖目标</translation>
    </message>
    <message>
        <source>unsupported in modern ROCm; community builds only</source>
        <translation>新版 ROCm 已不支持；只有社区构建</translation>
    </message>
    <message>
        <source>no KFD entry for Stoney; no ROCm support</source>
        <translation>KFD 中没有 Stoney 的条目；不支持 ROCm</translation>
    </message>
    <message>
        <source>in PyTorch ROCm wheels up to rocm7.2 (legacy layout) but not in rocm7.14 wheels; MI25 is not on AMD&apos;s list since ROCm 5.7</source>
        <translation>rocm7.2 及更早的 PyTorch ROCm wheel（旧布局）包含它，rocm7.14 的 wheel 不包含；自 ROCm 5.7 起 MI25 不在 AMD 的支持列表中</translation>
    </message>
    <message>
        <source>often fails with &apos;HIP error: shared object initialization failed&apos;</source>
        <translation>经常失败，报错 &apos;HIP error: shared object initialization failed&apos;</translation>
    </message>
    <message>
        <source>iGPUs are outside legacy ROCm support</source>
        <translation>集成显卡不在传统版 ROCm 的支持范围内</translation>
    </message>
    <message>
        <source>not on any ROCm list or in any PyTorch wheel</source>
        <translation>不在任何 ROCm 支持列表中，也不在任何 PyTorch wheel 中</translation>
    </message>
    <message>
        <source>deprecated since ROCm 6.0; a third party claims a ROCm 7.2.4 runtime container runs MI50 (S-SILV)</source>
        <translation>自 ROCm 6.0 起已弃用；有第三方称 ROCm 7.2.4 运行时容器可以运行 MI50（S-SILV）</translation>
    </message>
    <message>
        <source>rocBLAS in ROCm 6.4+ lacks gfx906 Tensile kernels; rocm6.3 is the last torch index reported to work</source>
        <translation>ROCm 6.4 及以上版本的 rocBLAS 缺少 gfx906 的 Tensile 算子；据报告 rocm6.3 是最后一个可用的 torch 索引</translation>
    </message>
    <message>
        <source>same Raven-family APU problems as gfx902</source>
        <translation>与 gfx902 一样有 Raven 系列 APU 的问题</translation>
    </message>
    <message>
        <source>LLVM/Mesa name for Raven2 silicon; KFD reports gfx902 for it</source>
        <translation>LLVM/Mesa 对 Raven2 芯片的命名；KFD 对它报告 gfx902</translation>
    </message>
    <message>
        <source>reported to work for some users, but it is an iGPU outside AMD&apos;s support running another chip&apos;s code</source>
        <translation>据报告对部分用户可用，但这是一块超出 AMD 支持范围的集成显卡，运行的是另一款芯片的代码</translation>
    </message>
    <message>
        <source>without an override rocBLAS fails: &apos;Cannot read TensileLibrary.dat ... for GPU arch : gfx90c&apos;</source>
        <translation>不设覆盖时 rocBLAS 会失败：&apos;Cannot read TensileLibrary.dat ... for GPU arch : gfx90c&apos;</translation>
    </message>
    <message>
        <source>pre-production silicon</source>
        <translation>量产前的样片</translation>
    </message>
    <message>
        <source>older KFD reported gfx940 for MI300A rev 0; current KFD reports gfx942</source>
        <translation>旧版 KFD 对 MI300A rev 0 报告 gfx940；当前 KFD 报告 gfx942</translation>
    </message>
    <message>
        <source>older KFD reported gfx941 for MI300X rev 0; current KFD reports gfx942</source>
        <translation>旧版 KFD 对 MI300X rev 0 报告 gfx941；当前 KFD 报告 gfx942</translation>
    </message>
    <message>
        <source>ROCm 6.0+</source>
        <translation>ROCm 6.0 及以上</translation>
    </message>
    <message>
        <source>ROCm 7.0+; MI350P needs ROCm 7.13+ per the GPU Operator</source>
        <translation>ROCm 7.0 及以上；据 GPU Operator，MI350P 需要 ROCm 7.13 及以上</translation>
    </message>
    <message>
        <source>a cross-generation guess (folklore) that crashes for some</source>
        <translation>跨代的猜测（坊间流传），部分用户会崩溃</translation>
    </message>
    <message>
        <source>native TheRock wheels via the whl-multi-arch extra device-gfx1010</source>
        <translation>通过 whl-multi-arch 的 device-gfx1010 extra 提供原生 TheRock wheel</translation>
    </message>
    <message>
        <source>no reliable override known</source>
        <translation>没有已知的可靠覆盖</translation>
    </message>
    <message>
        <source>a cross-generation guess that only sometimes works</source>
        <translation>跨代的猜测，只是有时可用</translation>
    </message>
    <message>
        <source>community reports of segfaults on RDNA2 with ROCm 7.x dev wheels; rocm6.4 wheels are the fallback</source>
        <translation>社区报告 RDNA2 在 ROCm 7.x 开发版 wheel 上出现段错误；可退回 rocm6.4 的 wheel</translation>
    </message>
    <message>
        <source>same RDNA2 ISA as gfx1030; widely used</source>
        <translation>与 gfx1030 相同的 RDNA2 ISA；使用广泛</translation>
    </message>
    <message>
        <source>AMD&apos;s 5.7.1 Windows table listed RX 6700 XT as gfx1032; later docs say gfx1031</source>
        <translation>AMD 5.7.1 的 Windows 表格把 RX 6700 XT 列为 gfx1032；后来的文档写的是 gfx1031</translation>
    </message>
    <message>
        <source>without an override HIP aborts with &apos;hipErrorNoBinaryForGpu&apos;</source>
        <translation>不设覆盖时 HIP 会中止，报错 &apos;hipErrorNoBinaryForGpu&apos;</translation>
    </message>
    <message>
        <source>gfx1030 kernels are reported to give wrong or NaN results on Van Gogh</source>
        <translation>据报告 gfx1030 的算子在 Van Gogh 上会给出错误结果或 NaN</translation>
    </message>
    <message>
        <source>same RDNA2 ISA as gfx1030</source>
        <translation>与 gfx1030 相同的 RDNA2 ISA</translation>
    </message>
    <message>
        <source>GC 10.3.6 and 10.3.7 both report gfx1036 (there is no gfx1037)</source>
        <translation>GC 10.3.6 和 10.3.7 都报告 gfx1036（不存在 gfx1037）</translation>
    </message>
    <message>
        <source>on AMD&apos;s list since 6.0 (5.7 via separate Radeon docs)</source>
        <translation>自 6.0 起在 AMD 的支持列表中（5.7 见单独的 Radeon 文档）</translation>
    </message>
    <message>
        <source>for wheels without gfx1101 (torch &lt; 2.6)</source>
        <translation>用于不含 gfx1101 的 wheel（torch &lt; 2.6）</translation>
    </message>
    <message>
        <source>native in torch &gt;= 2.6 wheels; on AMD&apos;s list from ROCm 6.4.1</source>
        <translation>torch &gt;= 2.6 的 wheel 原生支持；自 ROCm 6.4.1 起在 AMD 的支持列表中</translation>
    </message>
    <message>
        <source>for wheels without gfx1102 (torch &lt; 2.7)</source>
        <translation>用于不含 gfx1102 的 wheel（torch &lt; 2.7）</translation>
    </message>
    <message>
        <source>native in torch &gt;= 2.7 wheels; not officially supported on Linux by legacy ROCm; TheRock lists RX 7600</source>
        <translation>torch &gt;= 2.7 的 wheel 原生支持；传统版 ROCm 在 Linux 上未正式支持；TheRock 列出了 RX 7600</translation>
    </message>
    <message>
        <source>widely used 2023-25, but page faults and hard hangs are reported in 2026</source>
        <translation>2023–25 年使用广泛，但 2026 年有页错误和系统卡死的报告</translation>
    </message>
    <message>
        <source>native kernels only in the newest and TheRock builds</source>
        <translation>只有最新版和 TheRock 构建带有原生算子</translation>
    </message>
    <message>
        <source>do not override: 11.0.0 gives HSA_STATUS_ERROR_INVALID_ISA</source>
        <translation>不要覆盖：11.0.0 会导致 HSA_STATUS_ERROR_INVALID_ISA</translation>
    </message>
    <message>
        <source>native in rocm7.1+ torch wheels (torch 2.10+)</source>
        <translation>rocm7.1 及以上的 torch wheel（torch 2.10+）原生支持</translation>
    </message>
    <message>
        <source>no override needed with rocm7.1+ wheels; older wheels fail with &apos;invalid device function&apos;</source>
        <translation>rocm7.1 及以上的 wheel 无需覆盖；更早的 wheel 会报错 &apos;invalid device function&apos;</translation>
    </message>
    <message>
        <source>TheRock packages only</source>
        <translation>仅有 TheRock 软件包</translation>
    </message>
    <message>
        <source>named only by ROCm 10.x docs</source>
        <translation>只在 ROCm 10.x 文档中出现</translation>
    </message>
    <message>
        <source>do not override: it is native and an override causes a target mismatch</source>
        <translation>不要覆盖：它已原生支持，覆盖反而会造成目标不匹配</translation>
    </message>
    <message>
        <source>native in torch &gt;= 2.7 wheels; on AMD&apos;s list from ROCm 6.4.1</source>
        <translation>torch &gt;= 2.7 的 wheel 原生支持；自 ROCm 6.4.1 起在 AMD 的支持列表中</translation>
    </message>
    <message>
        <source>do not override: crashes and MES hangs are reported</source>
        <translation>不要覆盖：有崩溃和 MES 卡死的报告</translation>
    </message>
    <message>
        <source>PyTorch nightly only since Sep 2026, low confidence</source>
        <translation>自 2026 年 9 月起仅 PyTorch nightly 支持，可信度低</translation>
    </message>
</context>
<context>
    <name>rocmdesk.knowledge.releases</name>
    <message>
        <source>RX 7900 XTX / W7900 (gfx1100) were covered by separate &apos;ROCm on Radeon&apos; docs at the time (not verified)</source>
        <translation>当时 RX 7900 XTX / W7900（gfx1100）由单独的 &apos;ROCm on Radeon&apos; 文档覆盖（未核实）</translation>
    </message>
    <message>
        <source>7.2.x lists come from an unlabelled 7.2-era doc snapshot</source>
        <translation>7.2.x 的列表来自一份未标版本的 7.2 时期文档快照</translation>
    </message>
    <message>
        <source>first TheRock technology preview; versions 7.9 and later are the preview stream, 7.0-7.8 are reserved for the production stream</source>
        <translation>TheRock 的第一个技术预览版；7.9 及以后的版本属于预览发行线，7.0–7.8 留给正式发行线</translation>
    </message>
    <message>
        <source>per-family runtime packages, e.g. amdrocm7.12-gfx110x (covers W7900 to RX 7600 and Ryzen 200 gfx1103)</source>
        <translation>按显卡系列划分的运行时软件包，例如 amdrocm7.12-gfx110x（涵盖 W7900 到 RX 7600 以及 Ryzen 200 的 gfx1103）</translation>
    </message>
    <message>
        <source>assumed from the 7.12.0 preview list (7.13 keeps compatibility)</source>
        <translation>沿用 7.12.0 预览版的列表（7.13 保持兼容）</translation>
    </message>
    <message>
        <source>assumed from the 7.12.0/7.14.0 lists</source>
        <translation>沿用 7.12.0/7.14.0 的列表</translation>
    </message>
</context>
<context>
    <name>rocmdesk.knowledge.support</name>
    <message>
        <source>{first}; {second}</source>
        <translation>{first}；{second}</translation>
    </message>
    <message>
        <source>ROCm {version} is not a version rocmdesk can read</source>
        <translation>ROCm {version} 不是 rocmdesk 能识别的版本号</translation>
    </message>
    <message>
        <source>ROCm {version} is older than rocmdesk&apos;s data</source>
        <translation>ROCm {version} 比 rocmdesk 的数据还旧</translation>
    </message>
    <message>
        <source>ROCm {version} is not in rocmdesk&apos;s data; {used}&apos;s list was used</source>
        <translation>ROCm {version} 不在 rocmdesk 的数据中；已使用 {used} 的列表</translation>
    </message>
    <message>
        <source>torch wheels {wheels} are not in rocmdesk&apos;s data</source>
        <translation>torch wheel {wheels} 不在 rocmdesk 的数据中</translation>
    </message>
    <message>
        <source>{reason} ({notes})</source>
        <translation>{reason}（{notes}）</translation>
    </message>
    <message>
        <source>{gfx} is not in rocmdesk&apos;s data (as of {date})</source>
        <translation>{gfx} 不在 rocmdesk 的数据中（数据截至 {date}）</translation>
    </message>
    <message>
        <source>no ROCm path for {gfx}: {why}</source>
        <translation>{gfx} 无法使用 ROCm：{why}</translation>
    </message>
    <message>
        <source>on AMD&apos;s list for {release}</source>
        <translation>在 AMD 对 {release} 的支持列表中</translation>
    </message>
    <message>
        <source>not on AMD&apos;s list for {release}</source>
        <translation>不在 AMD 对 {release} 的支持列表中</translation>
    </message>
    <message>
        <source>AMD&apos;s GPU list for {release} is not in rocmdesk&apos;s data</source>
        <translation>rocmdesk 的数据中没有 AMD 对 {release} 的显卡支持列表</translation>
    </message>
    <message>
        <source>in {wheels}, but {why}</source>
        <translation>在 {wheels}中，但{why}</translation>
    </message>
    <message>
        <source>{amd} and in {wheels}</source>
        <translation>{amd}，且在 {wheels}中</translation>
    </message>
    <message>
        <source>{wheels} carry {gfx}</source>
        <translation>{wheels}包含 {gfx}</translation>
    </message>
    <message>
        <source>{wheels} lack it</source>
        <translation>{wheels}不包含它</translation>
    </message>
    <message>
        <source>{gfx} is unverified in {wheels}</source>
        <translation>{gfx} 是否在 {wheels}中尚未核实</translation>
    </message>
    <message>
        <source>{wheels} lack {gfx}</source>
        <translation>{wheels}不包含 {gfx}</translation>
    </message>
    <message>
        <source>the override target {target} is not in them either</source>
        <translation>覆盖目标 {target} 也不在其中</translation>
    </message>
    <message>
        <source>the wheels carry {target}</source>
        <translation>这些 wheel 包含 {target}</translation>
    </message>
    <message>
        <source>{release} supports {target}</source>
        <translation>{release} 支持 {target}</translation>
    </message>
    <message>
        <source>runs with {env} ({why})</source>
        <translation>设置 {env} 后可以运行（{why}）</translation>
    </message>
    <message>
        <source>{env} is known but unreliable: {why}</source>
        <translation>{env} 是已知的做法，但不可靠：{why}</translation>
    </message>
    <message>
        <source>no override is known</source>
        <translation>没有已知的覆盖</translation>
    </message>
    <message>
        <source>no override applies</source>
        <translation>没有适用的覆盖</translation>
    </message>
    <message>
        <source>torch {version}+ wheels carry {gfx} natively</source>
        <translation>torch {version} 及以上的 wheel 原生包含 {gfx}</translation>
    </message>
    <message>
        <source>AMD&apos;s own wheels: {url}</source>
        <translation>AMD 自己的 wheel：{url}</translation>
    </message>
</context>
<context>
    <name>rocmdesk.knowledge.wheels</name>
    <message>
        <source>the installed torch {version} wheels ({tags}, measured)</source>
        <translation>已安装的 torch {version} wheel（{tags}，实测）</translation>
    </message>
    <message>
        <source>torch {version} wheels ({tags})</source>
        <translation>torch {version} wheel（{tags}）</translation>
    </message>
</context>
<context>
    <name>rocmdesk.machine.detect</name>
    <message>
        <source>{setting} is not a valid major.minor.stepping target; the runtime will refuse it</source>
        <translation>{setting} 不是有效的 major.minor.stepping 目标；运行时会拒绝它</translation>
    </message>
    <message>
        <source>rocminfo did not answer: {error}</source>
        <translation>rocminfo 没有响应：{error}</translation>
    </message>
    <message>
        <source>amdgpu is loaded but /sys/class/kfd is missing: the kernel was built without HSA_AMD, or this is a container without the KFD</source>
        <translation>amdgpu 已加载，但缺少 /sys/class/kfd：内核编译时没有启用 HSA_AMD，或者这是一个没有 KFD 的容器</translation>
    </message>
    <message>
        <source>no KFD topology: the amdgpu kernel driver is not loaded, so ROCm cannot see the GPU</source>
        <translation>没有 KFD 拓扑：amdgpu 内核驱动未加载，所以 ROCm 看不到显卡</translation>
    </message>
    <message>
        <source>GPU {index} is runtime-suspended; its live metrics are not read so as not to wake it</source>
        <translation>显卡 {index} 处于运行时挂起状态；为了不唤醒它，不读取它的实时指标</translation>
    </message>
    <message>
        <source>GPU {index} (device {device}): gfx target unknown</source>
        <translation>显卡 {index}（设备 {device}）：gfx 目标未知</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>traces of another ROCm version: {evidence}</source>
        <translation>发现其他 ROCm 版本的残留：{evidence}</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>you were added to the GPU groups but this session predates it: log out and in again (or run `newgrp render`)</source>
        <translation>您已被加入显卡相关用户组，但当前会话早于此更改：请注销并重新登录（或运行 `newgrp render`）</translation>
    </message>
</context>
<context>
    <name>rocmdesk.machine.host</name>
    <message>
        <source>not a regular file</source>
        <translation>不是普通文件</translation>
    </message>
    <message>
        <source>this computer</source>
        <translation>这台电脑</translation>
    </message>
    <message>
        <source>{program}: not available on {machine}</source>
        <translation>{program}：在 {machine} 上不可用</translation>
    </message>
    <message>
        <source>{program}: command not found</source>
        <translation>{program}：找不到命令</translation>
    </message>
    <message>
        <source>{program}: no answer after {seconds} s</source>
        <translation>{program}：{seconds} 秒内没有响应</translation>
    </message>
</context>
<context>
    <name>rocmdesk.machine.process</name>
    <message>
        <source>{program}: no such program</source>
        <translation>{program}：没有这个程序</translation>
    </message>
    <message>
        <source>{program}: stopped after {seconds} s without finishing</source>
        <translation>{program}：{seconds} 秒后仍未结束，已停止</translation>
    </message>
    <message>
        <source>{program}: cancelled</source>
        <translation>{program}：已取消</translation>
    </message>
</context>
<context>
    <name>rocmdesk.machine.simcache</name>
    <message>
        <source>simulated: {machine}</source>
        <translation>模拟机器：{machine}</translation>
    </message>
</context>
<context>
    <name>rocmdesk.machine.simulate</name>
    <message>
        <source>Ubuntu 24.04 desktop with a Radeon RX 7900 XTX (gfx1100), no ROCm installed, user in render and video</source>
        <translation>Ubuntu 24.04 台式机，Radeon RX 7900 XTX（gfx1100），未安装 ROCm，用户在 render 和 video 组中</translation>
    </message>
    <message>
        <source>Ubuntu 22.04 desktop with a Radeon RX 6600 XT (gfx1032, needs an override), ROCm 6.2.4 plus 5.7.1 leftovers; user just added to render and video but not logged in again</source>
        <translation>Ubuntu 22.04 台式机，Radeon RX 6600 XT（gfx1032，需要覆盖），ROCm 6.2.4 外加 5.7.1 的残留；用户刚被加入 render 和 video 组，但尚未重新登录</translation>
    </message>
    <message>
        <source>Ubuntu 24.04 laptop, Ryzen 7 7840U with a Radeon 780M iGPU (gfx1103, 512 MiB carve-out), HSA_OVERRIDE_GFX_VERSION=11.0.0 set, no ROCm installed</source>
        <translation>Ubuntu 24.04 笔记本，Ryzen 7 7840U 带 Radeon 780M 集成显卡（gfx1103，512 MiB 划分显存），已设置 HSA_OVERRIDE_GFX_VERSION=11.0.0，未安装 ROCm</translation>
    </message>
    <message>
        <source>Ubuntu 22.04 server with 8x Instinct MI300X (gfx942, 192 GB each, SPX), ROCm 6.4.1 and amdgpu-dkms installed</source>
        <translation>Ubuntu 22.04 服务器，8 块 Instinct MI300X（gfx942，每块 192 GB，SPX），已安装 ROCm 6.4.1 和 amdgpu-dkms</translation>
    </message>
    <message>
        <source>Ubuntu 22.04 server with 8x Instinct MI308X (gfx942) in CPX mode: 4 compute partitions per card, 32 KFD GPU nodes sharing each card&apos;s unique_id, ROCm 6.4.1</source>
        <translation>Ubuntu 22.04 服务器，8 块 Instinct MI308X（gfx942），CPX 模式：每块卡 4 个计算分区，共 32 个 KFD 显卡节点，同一块卡的节点共用 unique_id，ROCm 6.4.1</translation>
    </message>
    <message>
        <source>Debian 12 desktop with only an Intel UHD 770 iGPU: no AMD GPU, no amdgpu, no KFD</source>
        <translation>Debian 12 台式机，只有一块 Intel UHD 770 集成显卡：没有 AMD 显卡，没有 amdgpu，没有 KFD</translation>
    </message>
    <message>
        <source>Debian 12 desktop with a Radeon RX 6600 XT (gfx1032, needs an override), kernel 6.1, no ROCm installed, user in render and video</source>
        <translation>Debian 12 台式机，Radeon RX 6600 XT（gfx1032，需要覆盖），内核 6.1，未安装 ROCm，用户已在 render 和 video 组中</translation>
    </message>
    <message>
        <source>Debian 12 desktop: Ryzen 9 7950X iGPU (card0, gfx1036) beside a Radeon RX 7900 XTX (card1, gfx1100); the system amdgpu.ids is too old to name the 7900 XTX</source>
        <translation>Debian 12 台式机：Ryzen 9 7950X 集成显卡（card0，gfx1036）加一块 Radeon RX 7900 XTX（card1，gfx1100）；系统的 amdgpu.ids 太旧，认不出 7900 XTX</translation>
    </message>
    <message>
        <source>Ubuntu 24.04 desktop with a Radeon RX 9070 XT (gfx1201, RDNA4), no ROCm installed; HSA_OVERRIDE_GFX_VERSION=11.0.0 is still set from an older RDNA3 card</source>
        <translation>Ubuntu 24.04 台式机，Radeon RX 9070 XT（gfx1201，RDNA4），未安装 ROCm；仍设置着旧 RDNA3 显卡留下的 HSA_OVERRIDE_GFX_VERSION=11.0.0</translation>
    </message>
    <message>
        <source>Ubuntu 24.04 laptop, Ryzen 7 7840U with a Radeon 780M iGPU (gfx1103, 512 MiB carve-out), no override set, no ROCm installed</source>
        <translation>Ubuntu 24.04 笔记本，Ryzen 7 7840U 带 Radeon 780M 集成显卡（gfx1103，512 MiB 划分显存），未设置覆盖，未安装 ROCm</translation>
    </message>
    <message>
        <source>Ubuntu 22.04 desktop with a Radeon RX 6600 XT (gfx1032, needs an override), ROCm 6.2.4 and its amdgpu-dkms driver, older than the newest PyTorch wheels; user in render and video</source>
        <translation>Ubuntu 22.04 台式机，Radeon RX 6600 XT（gfx1032，需要覆盖），ROCm 6.2.4 及其 amdgpu-dkms 驱动，比最新的 PyTorch wheel 旧；用户在 render 和 video 组中</translation>
    </message>
    <message>
        <source>Debian 12 desktop: a Radeon RX 7900 XTX (card0, gfx1100) and the Ryzen 7 7700X iGPU (card1, gfx1036), but KFD lists the iGPU first, so HIP device 0 is the iGPU and device 1 the 7900 XTX</source>
        <translation>Debian 12 台式机：一块 Radeon RX 7900 XTX（card0，gfx1100）和 Ryzen 7 7700X 集成显卡（card1，gfx1036），但 KFD 先列出集成显卡，所以 HIP 设备 0 是集成显卡，设备 1 是 7900 XTX</translation>
    </message>
    <message>
        <source>Ubuntu 24.04 desktop with two GPUs: a Radeon RX 7900 XTX (gfx1100, native) and a Radeon RX 6600 XT (gfx1032, needs HSA_OVERRIDE_GFX_VERSION=10.3.0), no ROCm installed</source>
        <translation>Ubuntu 24.04 台式机，两块显卡：Radeon RX 7900 XTX（gfx1100，原生支持）和 Radeon RX 6600 XT（gfx1032，需要 HSA_OVERRIDE_GFX_VERSION=10.3.0），未安装 ROCm</translation>
    </message>
</context>
<context>
    <name>rocmdesk.machine.system</name>
    <message>
        <source>{path} holds ROCm {version}, not the installed {primary}</source>
        <translation>{path} 中是 ROCm {version}，而不是已安装的 {primary}</translation>
    </message>
    <message>
        <source>several ROCm trees in /opt: {versions}</source>
        <translation>/opt 中有多个 ROCm 目录：{versions}</translation>
    </message>
    <message>
        <source>an apt list points at ROCm {listed} while {primary} is installed</source>
        <translation>有一个 apt 源列表指向 ROCm {listed}，而已安装的是 {primary}</translation>
    </message>
    <message>
        <source>AMD ROCm packages without rocm-core: {packages}</source>
        <translation>有 AMD ROCm 软件包但没有 rocm-core：{packages}</translation>
    </message>
    <message>
        <source>apt lists for several ROCm versions: {versions}</source>
        <translation>有多个 ROCm 版本的 apt 源列表：{versions}</translation>
    </message>
</context>
<context>
    <name>rocmdesk.report_text</name>
    <message>
        <source>supported</source>
        <translation>支持</translation>
    </message>
    <message>
        <source>needs an override</source>
        <translation>需要覆盖</translation>
    </message>
    <message>
        <source>risky</source>
        <translation>有风险</translation>
    </message>
    <message>
        <source>unsupported</source>
        <translation>不支持</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>SIMULATED MACHINE ({name}) - not this computer</source>
        <translation>模拟机器（{name}）——不是这台电脑</translation>
    </message>
    <message>
        <source>CAPTURED MACHINE ({name}) - not this computer</source>
        <translation>采集的机器（{name}）——不是这台电脑</translation>
    </message>
    <message>
        <source>AMD GPU {device_id}</source>
        <translation>AMD 显卡 {device_id}</translation>
    </message>
    <message>
        <source>gfx unknown</source>
        <translation>gfx 未知</translation>
    </message>
    <message>
        <source>{gfx} (runtime reports {reported})</source>
        <translation>{gfx}（运行时报告为 {reported}）</translation>
    </message>
    <message>
        <source>no verdict: the gfx target is unknown</source>
        <translation>无法判断：gfx 目标未知</translation>
    </message>
    <message>
        <source>no wheel</source>
        <translation>没有 wheel</translation>
    </message>
    <message>
        <source>{status} ({setting})</source>
        <translation>{status}（{setting}）</translation>
    </message>
    <message>
        <source>Recommended: {path} - {status}</source>
        <translation>推荐：{path} - {status}</translation>
    </message>
    <message>
        <source>why: {sentence}</source>
        <translation>原因：{sentence}</translation>
    </message>
    <message>
        <source>Other ways:</source>
        <translation>其他方式：</translation>
    </message>
    <message>
        <source>AMD&apos;s list cited: ROCm {version}</source>
        <translation>依据的 AMD 支持列表：ROCm {version}</translation>
    </message>
    <message>
        <source>Set: {variables}</source>
        <translation>设置：{variables}</translation>
    </message>
    <message>
        <source>{path}: {verdict}</source>
        <translation>{path}：{verdict}</translation>
    </message>
    <message>
        <source>GPU {indices}: {text}</source>
        <translation>显卡 {indices}：{text}</translation>
    </message>
    <message>
        <source>Unset {setting}: {message}</source>
        <translation>取消设置 {setting}：{message}</translation>
    </message>
    <message>
        <source>Note: {message}</source>
        <translation>注意：{message}</translation>
    </message>
    <message>
        <source>partition {number}</source>
        <translation>分区 {number}</translation>
    </message>
    <message>
        <source>discrete</source>
        <translation>独立显卡</translation>
    </message>
    <message>
        <source>; AMD repos: {codename}</source>
        <translation>；AMD 软件源：{codename}</translation>
    </message>
    <message>
        <source>; no AMD repository for this OS</source>
        <translation>；AMD 没有适用于这个系统的软件源</translation>
    </message>
    <message>
        <source> [container: {name}]</source>
        <translation>[容器：{name}]</translation>
    </message>
    <message>
        <source>amdgpu loaded</source>
        <translation>amdgpu 已加载</translation>
    </message>
    <message>
        <source>amdgpu not loaded</source>
        <translation>amdgpu 未加载</translation>
    </message>
    <message>
        <source>amdgpu unknown</source>
        <translation>amdgpu 状态未知</translation>
    </message>
    <message>
        <source>{first}; {second}</source>
        <translation>{first}；{second}</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>显卡</translation>
    </message>
    <message>
        <source>VRAM</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>GPU {index}: {verdict}</source>
        <translation>显卡 {index}：{verdict}</translation>
    </message>
    <message>
        <source>No AMD GPU found. Try a simulated machine: rocmdesk simulate list</source>
        <translation>没有找到 AMD 显卡。可以试试模拟机器：rocmdesk simulate list</translation>
    </message>
    <message>
        <source>OS</source>
        <translation>操作系统</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Access</source>
        <translation>访问权限</translation>
    </message>
    <message>
        <source>Override in effect: {variables}</source>
        <translation>当前生效的覆盖：{variables}</translation>
    </message>
    <message>
        <source>warning: {message}</source>
        <translation>警告：{message}</translation>
    </message>
    <message>
        <source>kept out</source>
        <translation>已排除</translation>
    </message>
    <message>
        <source>(support facts as of {date})</source>
        <translation>（支持情况数据截至 {date}）</translation>
    </message>
    <message>
        <source>{version} installed</source>
        <translation>已安装 {version}</translation>
    </message>
    <message>
        <source>trees in /opt: {paths}</source>
        <translation>/opt 中的目录：{paths}</translation>
    </message>
    <message>
        <source>not installed (PyTorch&apos;s ROCm wheels bring their own; only the driver is needed)</source>
        <translation>未安装（PyTorch 的 ROCm 版 wheel 自带 ROCm；只需要驱动）</translation>
    </message>
    <message>
        <source>; residue: {count} item(s)</source>
        <translation>；残留：{count} 项</translation>
    </message>
    <message>
        <source>/dev/kfd missing</source>
        <translation>缺少 /dev/kfd</translation>
    </message>
    <message>
        <source>opens</source>
        <translation>可以打开</translation>
    </message>
    <message>
        <source>does not open ({error})</source>
        <translation>无法打开（{error}）</translation>
    </message>
    <message>
        <source>{user} is not in: {groups}</source>
        <translation>{user} 不在这些组中：{groups}</translation>
    </message>
    <message>
        <source>log out and in again to pick up the new groups</source>
        <translation>请注销并重新登录，使新加入的组生效</translation>
    </message>
    <message>
        <source>error: {kind}: {message}</source>
        <translation>错误：{kind}：{message}</translation>
    </message>
    <message>
        <source>{gfx} (reported {reported})</source>
        <translation>{gfx}（报告为 {reported}）</translation>
    </message>
    <message>
        <source>no verdict</source>
        <translation>无法判断</translation>
    </message>
</context>
<context>
    <name>rocmdesk.sanity.cli_sanity</name>
    <message>
        <source>device facts</source>
        <translation>设备信息</translation>
    </message>
    <message>
        <source>numeric check</source>
        <translation>数值检查</translation>
    </message>
    <message>
        <source>FP32 training</source>
        <translation>FP32 训练</translation>
    </message>
    <message>
        <source>AMP training</source>
        <translation>AMP 训练</translation>
    </message>
    <message>
        <source>multi-GPU all-reduce</source>
        <translation>多卡 all-reduce</translation>
    </message>
    <message>
        <source>not a whole number: {text!r}</source>
        <translation>不是整数：{text!r}</translation>
    </message>
    <message>
        <source>at least 2 steps (the first one only loads kernels)</source>
        <translation>至少 2 步（第一步只用于加载算子）</translation>
    </message>
    <message>
        <source>not a number: {text!r}</source>
        <translation>不是数字：{text!r}</translation>
    </message>
    <message>
        <source>a number of seconds above 0</source>
        <translation>须为大于 0 的秒数</translation>
    </message>
    <message>
        <source>a short real training run in a venv: AMP, throughput, multi-GPU</source>
        <translation>在虚拟环境中进行一次简短的真实训练：AMP、吞吐量、多卡</translation>
    </message>
    <message>
        <source>Train a small model on synthetic data with the venv&apos;s python: device facts, a matmul and a convolution checked against the CPU, FP32 and AMP training whose loss must fall, and an all-reduce across the GPUs when there are two or more.</source>
        <translation>用虚拟环境中的 python 在合成数据上训练一个小模型：读取设备信息，将矩阵乘法和卷积的结果与 CPU 对比，进行损失必须下降的 FP32 和 AMP 训练，有两块或更多显卡时再跨显卡做一次 all-reduce。</translation>
    </message>
    <message>
        <source>Exit codes: 0 passed, 1 failed or hung, 2 bad usage, 3 unreadable profile file, 130 interrupted.</source>
        <translation>退出码：0 通过，1 失败或卡死，2 用法错误，3 配置文件无法读取，130 被中断。</translation>
    </message>
    <message>
        <source>a python with torch</source>
        <translation>装有 torch 的 python</translation>
    </message>
    <message>
        <source>a venv with torch</source>
        <translation>装有 torch 的虚拟环境</translation>
    </message>
    <message>
        <source>a profile: its venv, with its environment variables</source>
        <translation>配置：使用它的虚拟环境和环境变量</translation>
    </message>
    <message>
        <source>auto: the GPU when torch sees one, else the CPU (said plainly); cuda: the GPU or fail; cpu: the CPU (default: auto)</source>
        <translation>auto：torch 能看到显卡时用显卡，否则用 CPU（会明确说明）；cuda：必须用显卡，否则失败；cpu：用 CPU（默认：auto）</translation>
    </message>
    <message>
        <source>training steps in each of the FP32 and AMP phases (default {steps})</source>
        <translation>FP32 和 AMP 阶段各自的训练步数（默认 {steps}）</translation>
    </message>
    <message>
        <source>tiny: seconds (default); resnet50: a ResNet-50-like net on 224x224 images, batch 64, GPU only, timing indicative</source>
        <translation>tiny：几秒钟（默认）；resnet50：类 ResNet-50 网络，224x224 图像，batch 64，仅限显卡，计时仅供参考</translation>
    </message>
    <message>
        <source>a phase without progress for S seconds counts as hung (default: per phase, 2 to 15 min)</source>
        <translation>某个阶段 S 秒无进展即视为卡死（默认：按阶段而定，2 到 15 分钟）</translation>
    </message>
    <message>
        <source>skip the all-reduce across GPUs</source>
        <translation>跳过跨显卡的 all-reduce</translation>
    </message>
    <message>
        <source>print the result as JSON</source>
        <translation>以 JSON 格式输出结果</translation>
    </message>
    <message>
        <source>profile {name}: {venv} has no bin/python; create it first, e.g. `rocmdesk torch install --venv {venv}`</source>
        <translation>配置 {name}：{venv} 中没有 bin/python；请先创建它，例如 `rocmdesk torch install --venv {venv}`</translation>
    </message>
    <message>
        <source>profile {name} ({venv})</source>
        <translation>配置 {name}（{venv}）</translation>
    </message>
    <message>
        <source>{path}: not a venv (no bin/python in it)</source>
        <translation>{path}：不是虚拟环境（其中没有 bin/python）</translation>
    </message>
    <message>
        <source>{path}: no such file</source>
        <translation>{path}：文件不存在</translation>
    </message>
    <message>
        <source>{path}: not executable</source>
        <translation>{path}：不可执行</translation>
    </message>
    <message>
        <source>{rate} samples/s</source>
        <translation>{rate} 样本/秒</translation>
    </message>
    <message>
        <source>torch {torch} on {where} ({device}), {size}, {steps} steps per training phase</source>
        <translation>torch {torch}，运行于 {where}（{device}），{size}，每个训练阶段 {steps} 步</translation>
    </message>
    <message>
        <source>NOTE: on the CPU, not a GPU: {why}; this run says nothing about the GPU</source>
        <translation>注意：运行在 CPU 上，而不是显卡上：{why}；本次运行不能说明显卡的任何情况</translation>
    </message>
    <message>
        <source>running… (counted as hung after {seconds} s without progress)</source>
        <translation>运行中…（{seconds} 秒无进展即视为卡死）</translation>
    </message>
    <message>
        <source>step {step} of {of}</source>
        <translation>第 {step}/{of} 步</translation>
    </message>
    <message>
        <source>loss {loss:.3f}</source>
        <translation>损失 {loss:.3f}</translation>
    </message>
    <message>
        <source>skipped: {why}</source>
        <translation>已跳过：{why}</translation>
    </message>
    <message>
        <source>HUNG</source>
        <translation>卡死</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>FAILED</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>{seconds:.1f} s</source>
        <translation>{seconds:.1f} 秒</translation>
    </message>
    <message>
        <source>loss {first:.3f} → {last:.3f}</source>
        <translation>损失 {first:.3f} → {last:.3f}</translation>
    </message>
    <message>
        <source>HUNG in {phase}: {error}</source>
        <translation>在“{phase}”阶段卡死：{error}</translation>
    </message>
    <message>
        <source>PASSED: every phase that ran passed.</source>
        <translation>通过：所有运行过的阶段均已通过。</translation>
    </message>
    <message>
        <source>no reason given</source>
        <translation>未给出原因</translation>
    </message>
    <message>
        <source>FAILED in {phase}: {error}</source>
        <translation>在“{phase}”阶段失败：{error}</translation>
    </message>
    <message>
        <source>FAILED during {phase}: {error}</source>
        <translation>在“{phase}”阶段期间失败：{error}</translation>
    </message>
    <message>
        <source>FAILED: {error}</source>
        <translation>失败：{error}</translation>
    </message>
    <message>
        <source>loss: {first:.3f} → {last:.3f}</source>
        <translation>损失：{first:.3f} → {last:.3f}</translation>
    </message>
    <message>
        <source> ({times:.1f}× lower)</source>
        <translation>（降为原来的 1/{times:.1f}）</translation>
    </message>
    <message>
        <source>; each training phase must lower it {times:g}×</source>
        <translation>；每个训练阶段须将其降为原来的 1/{times:g}</translation>
    </message>
    <message>
        <source>CANCELLED during {phase}; nothing was judged.</source>
        <translation>在“{phase}”阶段取消；没有做出判断。</translation>
    </message>
    <message>
        <source>CANCELLED; nothing was judged.</source>
        <translation>已取消；没有做出判断。</translation>
    </message>
    <message>
        <source>--device cpu was asked for</source>
        <translation>指定了 --device cpu</translation>
    </message>
    <message>
        <source>NOTE: ran on the CPU, not on a GPU: {why}. This says nothing about the GPU.</source>
        <translation>注意：运行在 CPU 上，而不是显卡上：{why}。这不能说明显卡的任何情况。</translation>
    </message>
    <message>
        <source>AMP ({dtype}): ×{times:.2f} the FP32 throughput</source>
        <translation>AMP（{dtype}）：吞吐量为 FP32 的 {times:.2f} 倍</translation>
    </message>
    <message>
        <source>time to the first step: {seconds:.2f} s (kernel loading; MIOpen&apos;s search on a GPU)</source>
        <translation>首步耗时：{seconds:.2f} 秒（加载算子；在显卡上还包括 MIOpen 的搜索）</translation>
    </message>
    <message>
        <source>peak memory: {allocated} allocated, {reserved} reserved</source>
        <translation>显存峰值：已分配 {allocated}，已预留 {reserved}</translation>
    </message>
    <message>
        <source>ResNet-50-like, batch {batch}, {dtype}: {step:.3f} s per step; users quote about {ref_step:g} s at batch {ref_batch} in {precision} on an {gpu} (indicative only)</source>
        <translation>类 ResNet-50，batch {batch}，{dtype}：每步 {step:.3f} 秒；用户报告在 {gpu} 上以 {precision}、batch {ref_batch} 约为 {ref_step:g} 秒（仅供参考）</translation>
    </message>
    <message>
        <source>all-reduce: {ranks} ranks over {backend}, bus bandwidth about {bandwidth:.1f} GB/s</source>
        <translation>all-reduce：{ranks} 个 rank，经由 {backend}，总线带宽约 {bandwidth:.1f} GB/s</translation>
    </message>
    <message>
        <source>(unset)</source>
        <translation>（未设置）</translation>
    </message>
    <message>
        <source>multi-GPU environment: {variables}</source>
        <translation>多卡环境变量：{variables}</translation>
    </message>
    <message>
        <source>warning: {text}</source>
        <translation>警告：{text}</translation>
    </message>
    <message>
        <source>where {phase} failed:</source>
        <translation>“{phase}”失败的位置：</translation>
    </message>
    <message>
        <source>the check&apos;s last output (stderr):</source>
        <translation>自检的最后输出（stderr）：</translation>
    </message>
    <message>
        <source>the ResNet-50-like size runs on a GPU only: use --size tiny, or --device auto</source>
        <translation>类 ResNet-50 规模只能在显卡上运行：请使用 --size tiny 或 --device auto</translation>
    </message>
    <message>
        <source>note: the check runs on this computer with the venv&apos;s python, not on the simulated machine</source>
        <translation>注意：自检用虚拟环境中的 python 在本机上运行，而不是在模拟机器上</translation>
    </message>
    <message>
        <source>Sanity check with {what}</source>
        <translation>训练自检，使用 {what}</translation>
    </message>
</context>
<context>
    <name>rocmdesk.sanity.messages</name>
    <message>
        <source>matmul</source>
        <translation>矩阵乘法</translation>
    </message>
    <message>
        <source>convolution</source>
        <translation>卷积</translation>
    </message>
    <message>
        <source>a ROCm build</source>
        <translation>ROCm 版本</translation>
    </message>
    <message>
        <source>a CUDA build</source>
        <translation>CUDA 版本</translation>
    </message>
    <message>
        <source>a CPU-only build</source>
        <translation>仅 CPU 版本</translation>
    </message>
    <message>
        <source>rank {rank} died (exit status {status})</source>
        <translation>rank {rank} 已退出（退出状态 {status}）</translation>
    </message>
    <message>
        <source>torch sees no GPU (torch.cuda.is_available() is False; torch {torch} is {build})</source>
        <translation>torch 看不到显卡（torch.cuda.is_available() 为 False；torch {torch} 是{build}）</translation>
    </message>
    <message>
        <source>torch could not use the GPU: {error}</source>
        <translation>torch 无法使用显卡：{error}</translation>
    </message>
    <message>
        <source>torch sees no GPU (torch.cuda.is_available() is False) and --device cuda was asked for</source>
        <translation>torch 看不到显卡（torch.cuda.is_available() 为 False），而您指定了 --device cuda</translation>
    </message>
    <message>
        <source>the ResNet-50-like size runs on a GPU only, and this run is on the CPU</source>
        <translation>类 ResNet-50 规模只能在显卡上运行，而本次运行在 CPU 上</translation>
    </message>
    <message>
        <source>a first kernel on {device} gave a wrong sum</source>
        <translation>在 {device} 上运行的第一个算子求和结果错误</translation>
    </message>
    <message>
        <source>{op} on {device} gave NaN or infinity</source>
        <translation>{device} 上的{op}得出了 NaN 或无穷大</translation>
    </message>
    <message>
        <source>{op} on {device} differs from the CPU by {rel:.1e} (tolerance {tol:.0e})</source>
        <translation>{device} 上的{op}与 CPU 的结果相差 {rel:.1e}（容差 {tol:.0e}）</translation>
    </message>
    <message>
        <source>the loss became {value} at step {step} of {of}</source>
        <translation>损失在第 {step}/{of} 步变成了 {value}</translation>
    </message>
    <message>
        <source>the loss did not fall enough: {first:.3f} -&gt; {last:.3f} in {steps} steps (it must fall {need:g}x).</source>
        <translation>损失下降不够：{steps} 步内从 {first:.3f} 降到 {last:.3f}（须降为原来的 1/{need:g}）。</translation>
    </message>
    <message>
        <source>the loss did not fall: {first:.3f} -&gt; {last:.3f} in {steps} steps.</source>
        <translation>损失没有下降：{steps} 步内从 {first:.3f} 变为 {last:.3f}。</translation>
    </message>
    <message>
        <source>on this CPU bfloat16 autocast would only slow training down (no AMX or AVX-512 BF16 instructions)</source>
        <translation>在这颗 CPU 上，bfloat16 autocast 只会拖慢训练（没有 AMX 或 AVX-512 BF16 指令）</translation>
    </message>
    <message>
        <source>turned off for this run</source>
        <translation>本次运行已关闭</translation>
    </message>
    <message>
        <source>runs on GPUs only</source>
        <translation>仅在显卡上运行</translation>
    </message>
    <message>
        <source>only one GPU is visible; the all-reduce needs two or more</source>
        <translation>只能看到一块显卡；all-reduce 需要两块或更多</translation>
    </message>
    <message>
        <source>all_reduce over {world} ranks ({backend}) did not finish within {timeout:g} s: ranks {missing} never answered</source>
        <translation>{world} 个 rank 的 all_reduce（{backend}）未在 {timeout:g} 秒内完成：rank {missing} 一直没有响应</translation>
    </message>
    <message>
        <source>all_reduce ({backend}) failed on rank {rank}: {error}</source>
        <translation>all_reduce（{backend}）在 rank {rank} 上失败：{error}</translation>
    </message>
    <message>
        <source>all_reduce ({backend}) gave a wrong sum on rank {rank}: {value:g}, expected {expected:g}</source>
        <translation>all_reduce（{backend}）在 rank {rank} 上求和错误：得到 {value:g}，应为 {expected:g}</translation>
    </message>
    <message>
        <source>torch cannot be imported with {python}: {error}</source>
        <translation>无法用 {python} 导入 torch：{error}</translation>
    </message>
</context>
<context>
    <name>rocmdesk.sanity.result</name>
    <message>
        <source>run again with NCCL_DEBUG=INFO to see where RCCL stops</source>
        <translation>设置 NCCL_DEBUG=INFO 再运行一次，查看 RCCL 停在哪里</translation>
    </message>
    <message>
        <source>limit HIP_VISIBLE_DEVICES to two GPUs at a time to find the pair that fails</source>
        <translation>用 HIP_VISIBLE_DEVICES 一次只限定两块显卡，找出出错的那一对</translation>
    </message>
    <message>
        <source>NCCL_P2P_DISABLE=1 shows whether peer-to-peer transfers are the cause</source>
        <translation>设置 NCCL_P2P_DISABLE=1 可判断是否为点对点传输的问题</translation>
    </message>
    <message>
        <source>the IOMMU (iommu=pt on the kernel command line) and the board&apos;s PCIe ACS settings are common culprits</source>
        <translation>IOMMU（内核命令行中的 iommu=pt）和主板的 PCIe ACS 设置是常见原因</translation>
    </message>
</context>
<context>
    <name>rocmdesk.sanity.runner</name>
    <message>
        <source>the check&apos;s python was killed by signal {number} ({name})</source>
        <translation>自检的 python 被信号 {number}（{name}）终止</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>no progress in phase {phase} for {seconds:g} s; the check and its processes were stopped</source>
        <translation>阶段 {phase} 已 {seconds:g} 秒无进展；自检及其进程已被停止</translation>
    </message>
    <message>
        <source>the check&apos;s python did not exit within {seconds:g} s after finishing (a hang at exit, often in the ROCm runtime&apos;s teardown); it was stopped</source>
        <translation>自检的 python 在完成后 {seconds:g} 秒内没有退出（退出时卡死，常见于 ROCm 运行时的清理过程）；已将其停止</translation>
    </message>
    <message>
        <source>the check&apos;s python ended with status {status} after finishing</source>
        <translation>自检的 python 在完成后以状态 {status} 结束</translation>
    </message>
    <message>
        <source>the check could not be started: {error}</source>
        <translation>无法启动自检：{error}</translation>
    </message>
    <message>
        <source>the check&apos;s python exited with status {status} before it finished: {line}</source>
        <translation>自检的 python 在完成前以状态 {status} 退出：{line}</translation>
    </message>
    <message>
        <source>the check&apos;s python exited with status {status} before it finished</source>
        <translation>自检的 python 在完成前以状态 {status} 退出</translation>
    </message>
</context>
<context>
    <name>rocmdesk.setup.choices</name>
    <message>
        <source>ROCm&apos;s runtime and libraries for the GPU family, with rocminfo ({packages} packages)</source>
        <translation>该显卡系列的 ROCm 运行时和库，含 rocminfo（{packages} 软件包）</translation>
    </message>
    <message>
        <source>ROCm&apos;s libraries, headers and developer tools for the GPU family ({packages} packages)</source>
        <translation>该显卡系列的 ROCm 库、头文件和开发工具（{packages} 软件包）</translation>
    </message>
    <message>
        <source>PyTorch only: no system ROCm (the wheels carry their own user space); GPU groups and driver checks</source>
        <translation>仅 PyTorch：不安装系统 ROCm（wheel 自带用户态库）；只配置显卡用户组并检查驱动</translation>
    </message>
    <message>
        <source>HIP runtime with rocminfo and rocm-smi</source>
        <translation>HIP 运行时，含 rocminfo 和 rocm-smi</translation>
    </message>
    <message>
        <source>the HIP SDK and developer tools (rocm-hip-sdk, rocm-developer-tools)</source>
        <translation>HIP SDK 与开发工具（rocm-hip-sdk、rocm-developer-tools）</translation>
    </message>
    <message>
        <source>scope {scope} is not one of {scopes}</source>
        <translation>范围 {scope} 无效，可选：{scopes}</translation>
    </message>
    <message>
        <source>this OS</source>
        <translation>此系统</translation>
    </message>
    <message>
        <source>ROCm {version} is installed already and AMD lists it for {os}; its GPU list has this GPU&apos;s override target {target}, not {gfx} itself</source>
        <translation>已安装 ROCm {version}，且 AMD 将它列为支持 {os}；它的显卡列表中有这块显卡的覆盖目标 {target}，而不是 {gfx} 本身</translation>
    </message>
    <message>
        <source>ROCm {version} is installed already and AMD lists it for {os} and this GPU</source>
        <translation>已安装 ROCm {version}，且 AMD 将它列为支持 {os} 和这块显卡</translation>
    </message>
    <message>
        <source>the newest release AMD lists for {os} and this GPU</source>
        <translation>AMD 为 {os} 和这块显卡列出的最新版本</translation>
    </message>
    <message>
        <source>the newest TheRock release AMD lists for {os} and this GPU</source>
        <translation>AMD 为 {os} 和这块显卡列出的最新 TheRock 版本</translation>
    </message>
    <message>
        <source>the newest release AMD lists for {os}</source>
        <translation>AMD 为 {os} 列出的最新版本</translation>
    </message>
    <message>
        <source>the newest TheRock release AMD lists for {os}</source>
        <translation>AMD 为 {os} 列出的最新 TheRock 版本</translation>
    </message>
    <message>
        <source>the newest release AMD lists for {os} that lists this GPU&apos;s override target {target} ({gfx} itself is not on its list)</source>
        <translation>AMD 为 {os} 列出的、支持列表包含这块显卡覆盖目标 {target} 的最新版本（{gfx} 本身不在列表中）</translation>
    </message>
    <message>
        <source>the newest TheRock release AMD lists for {os} that lists this GPU&apos;s override target {target} ({gfx} itself is not on its list)</source>
        <translation>AMD 为 {os} 列出的、支持列表包含这块显卡覆盖目标 {target} 的最新 TheRock 版本（{gfx} 本身不在列表中）</translation>
    </message>
    <message>
        <source>the newest release with a repository for {os} that lists this GPU&apos;s override target {target} ({gfx} itself is not on its list)</source>
        <translation>有适用于 {os} 的软件源、且支持列表包含这块显卡覆盖目标 {target} 的最新版本（{gfx} 本身不在列表中）</translation>
    </message>
    <message>
        <source>the newest TheRock release with a repository for {os} that lists this GPU&apos;s override target {target} ({gfx} itself is not on its list)</source>
        <translation>有适用于 {os} 的软件源、且支持列表包含这块显卡覆盖目标 {target} 的最新 TheRock 版本（{gfx} 本身不在列表中）</translation>
    </message>
    <message>
        <source>the newest release with a repository for {os} that lists this GPU</source>
        <translation>有适用于 {os} 的软件源、且支持列表包含这块显卡的最新版本</translation>
    </message>
    <message>
        <source>the newest TheRock release with a repository for {os} that lists this GPU</source>
        <translation>有适用于 {os} 的软件源、且支持列表包含这块显卡的最新 TheRock 版本</translation>
    </message>
    <message>
        <source>the newest release AMD lists for {os}; this GPU is not on its list</source>
        <translation>AMD 为 {os} 列出的最新版本；这块显卡不在其支持列表中</translation>
    </message>
    <message>
        <source>the newest release with a repository for {os}; this GPU is not on its list</source>
        <translation>有适用于 {os} 的软件源的最新版本；这块显卡不在其支持列表中</translation>
    </message>
    <message>
        <source>no ROCm release in rocmdesk&apos;s data has an apt repository for {os}</source>
        <translation>rocmdesk 数据中没有任何 ROCm 版本提供适用于 {os} 的 apt 软件源</translation>
    </message>
    <message>
        <source>AMD&apos;s amdgpu-dkms driver is installed and loaded already</source>
        <translation>AMD 的 amdgpu-dkms 驱动已安装并已加载</translation>
    </message>
    <message>
        <source>the in-box amdgpu driver is loaded</source>
        <translation>内核自带的 amdgpu 驱动已加载</translation>
    </message>
    <message>
        <source>the kernel driver belongs to the host here, not to this system</source>
        <translation>这里的内核驱动归宿主机管，不归本系统</translation>
    </message>
    <message>
        <source>no AMD GPU was found</source>
        <translation>没有找到 AMD 显卡</translation>
    </message>
    <message>
        <source>the data has no amdgpu driver repository for this release</source>
        <translation>数据中没有该版本的 amdgpu 驱动软件源</translation>
    </message>
    <message>
        <source>whether amdgpu is loaded is unknown; choose --dkms if it is not</source>
        <translation>无法判断 amdgpu 是否已加载；若未加载，请选择 --dkms</translation>
    </message>
    <message>
        <source>amdgpu is not loaded: AMD&apos;s DKMS driver brings one for this kernel</source>
        <translation>amdgpu 未加载：AMD 的 DKMS 驱动会为当前内核提供一个</translation>
    </message>
    <message>
        <source>ROCm {version} is not in rocmdesk&apos;s data</source>
        <translation>ROCm {version} 不在 rocmdesk 的数据中</translation>
    </message>
</context>
<context>
    <name>rocmdesk.setup.cli_apply</name>
    <message>
        <source>run the plan: one authentication, every step checked, resumable</source>
        <translation>执行计划：只需验证一次身份，每一步都会检查，中断后可续跑</translation>
    </message>
    <message>
        <source>ROCm release (default: the recommended one for this OS and GPU)</source>
        <translation>ROCm 版本（默认：为此系统和显卡推荐的版本）</translation>
    </message>
    <message>
        <source>pytorch: no system ROCm, only groups and driver checks; runtime: HIP runtime, rocminfo, rocm-smi; sdk: rocm-hip-sdk and rocm-developer-tools (default: pytorch)</source>
        <translation>pytorch：不安装系统 ROCm，只配置用户组并检查驱动；runtime：HIP 运行时、rocminfo、rocm-smi；sdk：rocm-hip-sdk 和 rocm-developer-tools（默认：pytorch）</translation>
    </message>
    <message>
        <source>install AMD&apos;s amdgpu-dkms kernel driver (default: only when amdgpu is not loaded)</source>
        <translation>安装 AMD 的 amdgpu-dkms 内核驱动（默认：仅在 amdgpu 未加载时安装）</translation>
    </message>
    <message>
        <source>remove other ROCm versions first (default: yes, except for the pytorch scope)</source>
        <translation>先删除其他 ROCm 版本（默认：是，pytorch 范围除外）</translation>
    </message>
    <message>
        <source>check the plan with the helper and show every step&apos;s progress, changing nothing</source>
        <translation>让辅助程序检查计划，并显示每一步的进度，不做任何改动</translation>
    </message>
    <message>
        <source>do not ask before running</source>
        <translation>运行前不再询问</translation>
    </message>
    <message>
        <source>Running {n} steps (dry run, nothing changes)</source>
        <translation>正在执行 {n} 个步骤（试运行，不做任何改动）</translation>
    </message>
    <message>
        <source>Running {n} steps (for {user})</source>
        <translation>正在为 {user} 执行 {n} 个步骤</translation>
    </message>
    <message>
        <source>      ok: {message}</source>
        <translation>      成功：{message}</translation>
    </message>
    <message>
        <source>      skipped: {message}</source>
        <translation>      已跳过：{message}</translation>
    </message>
    <message>
        <source>      FAILED: {message}</source>
        <translation>      失败：{message}</translation>
    </message>
    <message>
        <source>Refused: {message}</source>
        <translation>已拒绝：{message}</translation>
    </message>
    <message>
        <source>Run these {n} steps now? You authenticate once, as an administrator. [y/N] </source>
        <translation>现在执行这 {n} 个步骤吗？您只需以管理员身份验证一次。[y/N] </translation>
    </message>
    <message>
        <source>ROCm {version} is not in rocmdesk&apos;s data; known releases: {known}</source>
        <translation>ROCm {version} 不在 rocmdesk 的数据中；已知版本：{known}</translation>
    </message>
    <message>
        <source>{machine} is not this computer: its plan can only be tried with --dry-run</source>
        <translation>{machine} 不是本机：它的计划只能用 --dry-run 试运行</translation>
    </message>
    <message>
        <source>the plan is blocked (see above): nothing was changed</source>
        <translation>计划被阻断（见上文）：没有做任何改动</translation>
    </message>
    <message>
        <source>Every step is done already: nothing to run.</source>
        <translation>所有步骤都已完成：无需执行。</translation>
    </message>
    <message>
        <source>Note: run rocmdesk apply as yourself, not with sudo: the plan is for the user who runs it.</source>
        <translation>注意：请以您自己的身份运行 rocmdesk apply，不要用 sudo：计划是为运行它的用户制定的。</translation>
    </message>
    <message>
        <source>not asking on a non-interactive input: read the plan above and run again with --yes to go ahead (nothing was changed)</source>
        <translation>输入不是交互式终端，不会询问：请阅读上面的计划，然后加 --yes 重新运行以继续（没有做任何改动）</translation>
    </message>
    <message>
        <source>Not confirmed: nothing was changed.</source>
        <translation>未确认：没有做任何改动。</translation>
    </message>
    <message>
        <source>Checking the plan for {user} (the user of {machine}) with the helper&apos;s rules, in this process.</source>
        <translation>正在本进程中按辅助程序的规则检查为 {user} 制定的计划（该用户属于 {machine}）。</translation>
    </message>
    <message>
        <source>Log: {path}</source>
        <translation>日志：{path}</translation>
    </message>
    <message>
        <source>Dry run finished: the helper accepts this plan.</source>
        <translation>试运行结束：辅助程序接受此计划。</translation>
    </message>
    <message>
        <source>Every step is done.</source>
        <translation>所有步骤均已完成。</translation>
    </message>
    <message>
        <source>Fix the cause (the step&apos;s output is above and in the log), then run the same command again: the steps that finished are skipped and the run resumes at {step}.</source>
        <translation>请先排除原因（该步骤的输出在上方和日志中），然后再次运行同一条命令：已完成的步骤会被跳过，从 {step} 继续执行。</translation>
    </message>
    <message>
        <source>You are in the render and video groups in /etc/group, but not yet in this session: log out and in again (newgrp render fixes only one shell).</source>
        <translation>/etc/group 中您已在 render 和 video 用户组里，但当前会话还没有生效：请注销后重新登录（newgrp render 只对一个 shell 有效）。</translation>
    </message>
    <message>
        <source>the plan passes the helper&apos;s rules</source>
        <translation>计划符合辅助程序的规则</translation>
    </message>
    <message>
        <source>the helper&apos;s rules refuse the plan: nothing was changed</source>
        <translation>辅助程序的规则拒绝了此计划：没有做任何改动</translation>
    </message>
</context>
<context>
    <name>rocmdesk.setup.cli_control</name>
    <message>
        <source>the GPU, by its number in rocmdesk detect</source>
        <translation>GPU，按 rocmdesk detect 中的编号</translation>
    </message>
    <message>
        <source>also write a systemd unit that sets the value again at every boot (the kernel resets it at reboot)</source>
        <translation>同时写入一个在每次开机时重新设置该值的 systemd 单元（内核在重启时会重置它）</translation>
    </message>
    <message>
        <source>check the plan with the helper, changing nothing</source>
        <translation>用辅助程序检查计划，不做任何更改</translation>
    </message>
    <message>
        <source>do not ask before running</source>
        <translation>运行前不再询问</translation>
    </message>
    <message>
        <source>set a GPU&apos;s power cap or performance level (one password prompt)</source>
        <translation>设置 GPU 的功耗上限或性能级别（只需输入一次密码）</translation>
    </message>
    <message>
        <source>each GPU&apos;s power cap, its range and performance level</source>
        <translation>每个 GPU 的功耗上限、其范围和性能级别</translation>
    </message>
    <message>
        <source>only this GPU</source>
        <translation>只看这个 GPU</translation>
    </message>
    <message>
        <source>print JSON</source>
        <translation>输出 JSON</translation>
    </message>
    <message>
        <source>set the power cap (power1_cap) within the card&apos;s range</source>
        <translation>在显卡允许的范围内设置功耗上限（power1_cap）</translation>
    </message>
    <message>
        <source>the new power cap in whole watts</source>
        <translation>新的功耗上限，以整瓦为单位</translation>
    </message>
    <message>
        <source>set the DPM performance level (power_dpm_force_performance_level)</source>
        <translation>设置 DPM 性能级别（power_dpm_force_performance_level）</translation>
    </message>
    <message>
        <source>auto (the driver decides), high (highest clocks), low (lowest clocks)</source>
        <translation>auto（由驱动决定）、high（最高频率）、low（最低频率）</translation>
    </message>
    <message>
        <source>go back to the value before rocmdesk first changed it (or the kernel&apos;s default), and remove the boot unit</source>
        <translation>恢复为 rocmdesk 第一次更改之前的值（或内核默认值），并移除开机单元</translation>
    </message>
    <message>
        <source>remove the systemd unit that sets the value at boot (the value now stays)</source>
        <translation>移除开机时设置该值的 systemd 单元（当前的值保持不变）</translation>
    </message>
    <message>
        <source>say what to control: show, power-cap or perf-level</source>
        <translation>请指明要控制的项目：show、power-cap 或 perf-level</translation>
    </message>
    <message>
        <source>--persist goes with a new value, not with --restore or --unpersist</source>
        <translation>--persist 只能与新值一起使用，不能与 --restore 或 --unpersist 一起使用</translation>
    </message>
    <message>
        <source>Nothing to change: it is like that already.</source>
        <translation>无需更改：已经是这样了。</translation>
    </message>
    <message>
        <source>Note: run rocmdesk control as yourself, not with sudo: the value to go back to is kept for the user who runs it.</source>
        <translation>注意：请以你自己的身份运行 rocmdesk control，不要用 sudo：可恢复的原值是为运行它的用户保存的。</translation>
    </message>
    <message>
        <source>The kernel resets this at every reboot. To keep it, run the same command with --persist: a small systemd unit sets it again at boot.</source>
        <translation>内核在每次重启时都会重置它。要保留它，请加上 --persist 再运行同一命令：一个小的 systemd 单元会在开机时重新设置它。</translation>
    </message>
    <message>
        <source>A systemd unit from an earlier --persist still sets its own value at every boot: add --persist to make it this value, or remove it with {command} --unpersist.</source>
        <translation>之前 --persist 写入的 systemd 单元仍会在每次开机时设置它自己的值：加上 --persist 让它使用这个值，或用 {command} --unpersist 移除它。</translation>
    </message>
    <message>
        <source>A systemd unit sets this again at every boot; remove it with {command} --unpersist.</source>
        <translation>一个 systemd 单元会在每次开机时重新设置它；用 {command} --unpersist 移除它。</translation>
    </message>
    <message>
        <source>To go back to {value}: {command} --restore</source>
        <translation>要恢复为 {value}：{command} --restore</translation>
    </message>
    <message>
        <source>not settable</source>
        <translation>不可设置</translation>
    </message>
    <message>
        <source>power cap:         {value}</source>
        <translation>功耗上限：  {value}</translation>
    </message>
    <message>
        <source>performance level: {value}</source>
        <translation>性能级别：  {value}</translation>
    </message>
    <message>
        <source>set again at boot by {unit}</source>
        <translation>开机时由 {unit} 重新设置</translation>
    </message>
    <message>
        <source>No GPU here has controls rocmdesk can set.</source>
        <translation>这里没有 rocmdesk 可以设置的 GPU。</translation>
    </message>
</context>
<context>
    <name>rocmdesk.setup.cli_plan</name>
    <message>
        <source>every step that takes this machine to ROCm, before anything runs</source>
        <translation>在执行任何操作之前，列出让这台机器装好 ROCm 的每一步</translation>
    </message>
    <message>
        <source>ROCm release (default: the recommended one for this OS and GPU)</source>
        <translation>ROCm 版本（默认：为此系统和显卡推荐的版本）</translation>
    </message>
    <message>
        <source>pytorch: no system ROCm, only groups and driver checks; runtime: HIP runtime, rocminfo, rocm-smi; sdk: rocm-hip-sdk and rocm-developer-tools (default: pytorch)</source>
        <translation>pytorch：不安装系统 ROCm，只配置用户组并检查驱动；runtime：HIP 运行时、rocminfo、rocm-smi；sdk：rocm-hip-sdk 和 rocm-developer-tools（默认：pytorch）</translation>
    </message>
    <message>
        <source>install AMD&apos;s amdgpu-dkms kernel driver (default: only when amdgpu is not loaded)</source>
        <translation>安装 AMD 的 amdgpu-dkms 内核驱动（默认：仅在 amdgpu 未加载时安装）</translation>
    </message>
    <message>
        <source>remove other ROCm versions first (default: yes, except for the pytorch scope)</source>
        <translation>先删除其他 ROCm 版本（默认：是，pytorch 范围除外）</translation>
    </message>
    <message>
        <source>text for people (in your language); a bash script, JSON or an Ansible playbook (in English)</source>
        <translation>text 为给人看的文本（使用您的语言）；bash 脚本、JSON 或 Ansible playbook（英文）</translation>
    </message>
    <message>
        <source>ROCm {version} is not in rocmdesk&apos;s data; known releases: {known}</source>
        <translation>ROCm {version} 不在 rocmdesk 的数据中；已知版本：{known}</translation>
    </message>
</context>
<context>
    <name>rocmdesk.setup.control</name>
    <message>
        <source>there is no GPU {gpu} (GPUs: {known})</source>
        <translation>没有 GPU {gpu}（现有 GPU：{known}）</translation>
    </message>
    <message>
        <source>(allowed {low} to {high}; the kernel&apos;s default {default})</source>
        <translation>（允许 {low} 到 {high}；内核默认 {default}）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>GPU {gpu} has no DRM card of its own (a partition or a GPU without amdgpu): it has no power controls</source>
        <translation>GPU {gpu} 没有自己的 DRM 卡（是一个分区，或未由 amdgpu 驱动）：没有可设置的功耗项</translation>
    </message>
    <message>
        <source>Write a systemd unit that sets it again at every boot</source>
        <translation>写入一个在每次开机时重新设置它的 systemd 单元</translation>
    </message>
    <message>
        <source>the kernel resets it at every boot</source>
        <translation>内核在每次开机时都会重置它</translation>
    </message>
    <message>
        <source>Remove the systemd unit that sets it at every boot</source>
        <translation>移除每次开机时重新设置它的 systemd 单元</translation>
    </message>
    <message>
        <source>after this the kernel&apos;s own value holds at boot</source>
        <translation>此后开机时使用内核自己的值</translation>
    </message>
    <message>
        <source>GPU {gpu} has no power cap the kernel lets anyone set (no power1_cap: APUs and some older cards)</source>
        <translation>GPU {gpu} 没有内核允许设置的功耗上限（没有 power1_cap：APU 和一些较旧的显卡）</translation>
    </message>
    <message>
        <source>there is no earlier power cap of GPU {gpu} to go back to (rocmdesk did not change it, and the kernel gives no default)</source>
        <translation>GPU {gpu} 没有可以恢复的先前功耗上限（rocmdesk 没有改过它，内核也没有给出默认值）</translation>
    </message>
    <message>
        <source>say the power cap in watts</source>
        <translation>请以瓦为单位给出功耗上限</translation>
    </message>
    <message>
        <source>the kernel gives no power cap range for GPU {gpu}</source>
        <translation>内核没有给出 GPU {gpu} 的功耗上限范围</translation>
    </message>
    <message>
        <source>{watts} is outside the power cap range of GPU {gpu}: {low} to {high}</source>
        <translation>{watts} 超出 GPU {gpu} 的功耗上限范围：{low} 到 {high}</translation>
    </message>
    <message>
        <source>Set the power cap of GPU {gpu} to {watts}</source>
        <translation>将 GPU {gpu} 的功耗上限设为 {watts}</translation>
    </message>
    <message>
        <source>now {watts}</source>
        <translation>当前 {watts}</translation>
    </message>
    <message>
        <source>GPU {gpu} has no performance level file (power_dpm_force_performance_level)</source>
        <translation>GPU {gpu} 没有性能级别文件（power_dpm_force_performance_level）</translation>
    </message>
    <message>
        <source>the level must be one of {levels}</source>
        <translation>级别必须是以下之一：{levels}</translation>
    </message>
    <message>
        <source>Set the performance level of GPU {gpu} to {level}</source>
        <translation>将 GPU {gpu} 的性能级别设为 {level}</translation>
    </message>
    <message>
        <source>now {level}</source>
        <translation>当前 {level}</translation>
    </message>
    <message>
        <source>Power cap</source>
        <translation>功耗上限</translation>
    </message>
    <message>
        <source>Performance level</source>
        <translation>性能级别</translation>
    </message>
    <message>
        <source>{what} of GPU {gpu} ({name}, {card}, {slot})</source>
        <translation>GPU {gpu} 的{what}（{name}，{card}，{slot}）</translation>
    </message>
    <message>
        <source>now:      {value}</source>
        <translation>当前：    {value}</translation>
    </message>
    <message>
        <source>after:    {value}</source>
        <translation>之后：    {value}</translation>
    </message>
    <message>
        <source>go back:  {value}</source>
        <translation>恢复为：  {value}</translation>
    </message>
    <message>
        <source>writes {path}:</source>
        <translation>写入 {path}：</translation>
    </message>
    <message>
        <source>rocmdesk&apos;s system helper is not installed ({helper}; the .deb package installs it), and a pip install does not put one on the system. The plan&apos;s commands above do the same: run them in a shell with sudo in place of as_root. Nothing was changed.</source>
        <translation>rocmdesk 的系统辅助程序未安装（{helper}；.deb 软件包会安装它），pip 安装也不会在系统中放置它。上面计划中的命令效果相同：在终端中运行它们，并用 sudo 代替 as_root。没有任何更改。</translation>
    </message>
</context>
<context>
    <name>rocmdesk.setup.helper_status</name>
    <message>
        <source>A pip, pipx or uv tool install has none, so `rocmdesk apply` and the Setup page cannot run a plan as root; `rocmdesk plan --format script` gives the same plan as a script to read and run with sudo. The Debian package installs the helper (see packaging/README.md in rocmdesk&apos;s source).</source>
        <translation>通过 pip、pipx 或 uv tool 安装的 rocmdesk 没有辅助程序，因此 `rocmdesk apply` 和安装配置页无法以 root 身份执行计划；`rocmdesk plan --format script` 会把同一计划输出为脚本，供您阅读后用 sudo 运行。Debian 软件包会安装辅助程序（见 rocmdesk 源码中的 packaging/README.md）。</translation>
    </message>
    <message>
        <source>system helper: {path}</source>
        <translation>系统辅助程序：{path}</translation>
    </message>
    <message>
        <source>system helper: not installed ({path}). {why}</source>
        <translation>系统辅助程序：未安装（{path}）。{why}</translation>
    </message>
    <message>
        <source>Note: rocmdesk&apos;s system helper is not installed ({path}). {why}</source>
        <translation>注意：rocmdesk 的系统辅助程序未安装（{path}）。{why}</translation>
    </message>
</context>
<context>
    <name>rocmdesk.setup.plan</name>
    <message>
        <source>Purge ROCm {versions} packages</source>
        <translation>卸载（purge）ROCm {versions} 的软件包</translation>
    </message>
    <message>
        <source>another ROCm version&apos;s packages would mix with ROCm {version}</source>
        <translation>其他 ROCm 版本的软件包会与 ROCm {version} 混在一起</translation>
    </message>
    <message>
        <source>Remove {path}</source>
        <translation>删除 {path}</translation>
    </message>
    <message>
        <source>{path} holds ROCm {version}, not the chosen {chosen}</source>
        <translation>{path} 中是 ROCm {version}，而不是所选的 {chosen}</translation>
    </message>
    <message>
        <source>(unknown)</source>
        <translation>（未知）</translation>
    </message>
    <message>
        <source>Remove the old list {path}</source>
        <translation>删除旧的软件源列表 {path}</translation>
    </message>
    <message>
        <source>it points apt at another ROCm: {uri}</source>
        <translation>它让 apt 指向另一个 ROCm：{uri}</translation>
    </message>
    <message>
        <source>Install AMD&apos;s package signing key</source>
        <translation>安装 AMD 的软件包签名密钥</translation>
    </message>
    <message>
        <source>apt checks every AMD package against this key; it lives in {path}, not in apt&apos;s global trust, so it signs only AMD&apos;s repositories</source>
        <translation>apt 用这个密钥校验每个 AMD 软件包；密钥放在 {path}，不进入 apt 的全局信任，因此只为 AMD 的软件源签名</translation>
    </message>
    <message>
        <source>Add the ROCm {version} repository</source>
        <translation>添加 ROCm {version} 软件源</translation>
    </message>
    <message>
        <source>the ROCm {version} packages come from {uri} ({suite})</source>
        <translation>ROCm {version} 的软件包来自 {uri}（{suite}）</translation>
    </message>
    <message>
        <source>Add AMD&apos;s graphics repository for ROCm {version}</source>
        <translation>为 ROCm {version} 添加 AMD 的 graphics 软件源</translation>
    </message>
    <message>
        <source>since ROCm 7 the libdrm packages ROCm uses (libdrm-amdgpu and its kin) come from {uri}, not from the driver repository</source>
        <translation>自 ROCm 7 起，ROCm 用到的 libdrm 软件包（libdrm-amdgpu 等）来自 {uri}，而不再来自驱动软件源</translation>
    </message>
    <message>
        <source>Add AMD&apos;s kernel driver repository</source>
        <translation>添加 AMD 的内核驱动软件源</translation>
    </message>
    <message>
        <source>amdgpu-dkms comes from {uri}</source>
        <translation>amdgpu-dkms 来自 {uri}</translation>
    </message>
    <message>
        <source>Prefer packages from {origin}</source>
        <translation>优先使用来自 {origin} 的软件包</translation>
    </message>
    <message>
        <source>priority {priority} makes apt take AMD&apos;s ROCm over the distribution&apos;s own packages of the same names</source>
        <translation>优先级 {priority} 让 apt 选择 AMD 的 ROCm，而不是发行版自带的同名软件包</translation>
    </message>
    <message>
        <source>builds AMD&apos;s amdgpu module for kernel {kernel} ({reason})</source>
        <translation>为内核 {kernel} 编译 AMD 的 amdgpu 模块（{reason}）</translation>
    </message>
    <message>
        <source>builds AMD&apos;s amdgpu module for the running kernel ({reason})</source>
        <translation>为当前运行的内核编译 AMD 的 amdgpu 模块（{reason}）</translation>
    </message>
    <message>
        <source>Install the amdgpu-dkms kernel driver</source>
        <translation>安装 amdgpu-dkms 内核驱动</translation>
    </message>
    <message>
        <source>Install ROCm {version} ({scope})</source>
        <translation>安装 ROCm {version}（{scope}）</translation>
    </message>
    <message>
        <source>Refresh apt&apos;s package lists</source>
        <translation>刷新 apt 软件包列表</translation>
    </message>
    <message>
        <source>apt must read the new repository before it can install from it</source>
        <translation>apt 必须先读取新的软件源，才能从中安装</translation>
    </message>
    <message>
        <source>your choice</source>
        <translation>您的选择</translation>
    </message>
    <message>
        <source>ROCm&apos;s runtime and libraries for your GPU family, with rocminfo, for programs built against a system ROCm</source>
        <translation>适用于您显卡系列的 ROCm 运行时和库，含 rocminfo，供基于系统 ROCm 构建的程序使用</translation>
    </message>
    <message>
        <source>ROCm&apos;s libraries for your GPU family with their headers and AMD&apos;s developer tools, to build HIP code and extensions yourself</source>
        <translation>适用于您显卡系列的 ROCm 库及其头文件，以及 AMD 的开发工具，用于自行编译 HIP 代码和扩展</translation>
    </message>
    <message>
        <source>the HIP runtime with rocminfo and rocm-smi, for programs built against a system ROCm</source>
        <translation>HIP 运行时以及 rocminfo 和 rocm-smi，供基于系统 ROCm 构建的程序使用</translation>
    </message>
    <message>
        <source>the HIP SDK and developer tools, to build HIP code and extensions yourself</source>
        <translation>HIP SDK 和开发工具，用于自行编译 HIP 代码和扩展</translation>
    </message>
    <message>
        <source>Add {user} to the {first} and {second} groups</source>
        <translation>将 {user} 加入 {first} 和 {second} 用户组</translation>
    </message>
    <message>
        <source>Add {user} to the groups {groups}</source>
        <translation>将 {user} 加入用户组 {groups}</translation>
    </message>
    <message>
        <source>/dev/kfd and /dev/dri/renderD* open only for members of these groups</source>
        <translation>只有这些用户组的成员才能打开 /dev/kfd 和 /dev/dri/renderD*</translation>
    </message>
    <message>
        <source>Check that the amdgpu driver is loaded</source>
        <translation>检查 amdgpu 驱动是否已加载</translation>
    </message>
    <message>
        <source>ROCm reaches the GPU only through amdgpu and its KFD</source>
        <translation>ROCm 只能通过 amdgpu 及其 KFD 访问显卡</translation>
    </message>
    <message>
        <source>the ROCm runtime sees the GPU; the check runs rocminfo without your session&apos;s {var} variables, so it names each GPU&apos;s own target</source>
        <translation>ROCm 运行时能看到显卡；检查时运行 rocminfo 不带您会话中的 {var} 变量，因此它列出的是每块显卡自己的目标</translation>
    </message>
    <message>
        <source>Check that rocminfo lists {targets}</source>
        <translation>检查 rocminfo 是否列出 {targets}</translation>
    </message>
    <message>
        <source>the ROCm runtime sees the GPU</source>
        <translation>ROCm 运行时能看到显卡</translation>
    </message>
    <message>
        <source>Check that rocm-smi shows the card</source>
        <translation>检查 rocm-smi 是否显示这块显卡</translation>
    </message>
    <message>
        <source>the management library reaches the GPU</source>
        <translation>管理库能访问显卡</translation>
    </message>
    <message>
        <source>Check that /dev/kfd opens in your session</source>
        <translation>检查 /dev/kfd 能否在您的会话中打开</translation>
    </message>
    <message>
        <source>PyTorch and every ROCm program open /dev/kfd read-write</source>
        <translation>PyTorch 和所有 ROCm 程序都以读写方式打开 /dev/kfd</translation>
    </message>
    <message>
        <source>Log out and in again so the new groups apply (newgrp render fixes only one shell).</source>
        <translation>注销并重新登录，使新的用户组生效（newgrp render 只对单个 shell 有效）。</translation>
    </message>
    <message>
        <source>Reboot so the amdgpu-dkms driver is the one that loads.</source>
        <translation>重启，使加载的是 amdgpu-dkms 驱动。</translation>
    </message>
    <message>
        <source>Next: install PyTorch for ROCm into a virtual environment (rocmdesk&apos;s PyTorch page).</source>
        <translation>下一步：把 ROCm 版 PyTorch 安装到虚拟环境中（rocmdesk 的 PyTorch 页面）。</translation>
    </message>
</context>
<context>
    <name>rocmdesk.setup.preflight</name>
    <message>
        <source>this OS</source>
        <translation>此系统</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>AMD repository codename: {codename}</source>
        <translation>AMD 软件源代号：{codename}</translation>
    </message>
    <message>
        <source>ROCm {version} is not in rocmdesk&apos;s data</source>
        <translation>ROCm {version} 不在 rocmdesk 的数据中</translation>
    </message>
    <message>
        <source>releases in the data: {known}</source>
        <translation>数据中的版本：{known}</translation>
    </message>
    <message>
        <source>Choose one of the releases listed.</source>
        <translation>请从列出的版本中选择一个。</translation>
    </message>
    <message>
        <source>Use an OS that AMD&apos;s repositories serve (Ubuntu 22.04/24.04, Debian 12/13), or the PyTorch-only scope, which installs no system ROCm.</source>
        <translation>请使用 AMD 软件源支持的系统（Ubuntu 22.04/24.04、Debian 12/13），或选择仅 PyTorch 范围，它不安装系统 ROCm。</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>中等</translation>
    </message>
    <message>
        <source>low</source>
        <translation>低</translation>
    </message>
    <message>
        <source>The {stream} apt layout is known with {confidence} confidence</source>
        <translation>{stream} 的 apt 安装方式的可信度为{confidence}</translation>
    </message>
    <message>
        <source>sources: {sources}</source>
        <translation>来源：{sources}</translation>
    </message>
    <message>
        <source>Read the plan against AMD&apos;s install page for this release before you run it.</source>
        <translation>运行前，请对照 AMD 针对此版本的安装页面核对计划。</translation>
    </message>
    <message>
        <source>ROCm {version} is a technology preview</source>
        <translation>ROCm {version} 是技术预览版</translation>
    </message>
    <message>
        <source>{version}: preview in the data ({notes})</source>
        <translation>{version}：数据中标记为预览版（{notes}）</translation>
    </message>
    <message>
        <source>Prefer a production release unless you need this one.</source>
        <translation>除非确实需要此版本，否则请优先选择正式版。</translation>
    </message>
    <message>
        <source>Releases AMD lists for {os}: {releases}.</source>
        <translation>AMD 为 {os} 列出的版本：{releases}。</translation>
    </message>
    <message>
        <source>Use Ubuntu 22.04/24.04 or Debian 12/13, or the PyTorch-only scope.</source>
        <translation>请使用 Ubuntu 22.04/24.04 或 Debian 12/13，或选择仅 PyTorch 范围。</translation>
    </message>
    <message>
        <source>ROCm {version} has no apt repository for {os}</source>
        <translation>ROCm {version} 没有适用于 {os} 的 apt 软件源</translation>
    </message>
    <message>
        <source>ROCm {version} serves: {serves}</source>
        <translation>ROCm {version} 支持：{serves}</translation>
    </message>
    <message>
        <source>AMD does not list {os} for ROCm {version}</source>
        <translation>AMD 未将 {os} 列为 ROCm {version} 的支持系统</translation>
    </message>
    <message>
        <source>the plan uses AMD&apos;s {repo} repository</source>
        <translation>计划使用 AMD 的 {repo} 软件源</translation>
    </message>
    <message>
        <source>Derivatives usually work from the base system&apos;s repository; if apt reports unmet dependencies, use an OS that AMD lists.</source>
        <translation>衍生发行版通常可以使用其基础系统的软件源；如果 apt 报告依赖无法满足，请使用 AMD 列出的系统。</translation>
    </message>
    <message>
        <source>running kernel {release} (Ubuntu {version}&apos;s GA kernel is {ga})</source>
        <translation>正在运行内核 {release}（Ubuntu {version} 的 GA 内核为 {ga}）</translation>
    </message>
    <message>
        <source>ROCm {version} validated: {os} kernel {kernel}</source>
        <translation>ROCm {version} 已验证：{os}，内核 {kernel}</translation>
    </message>
    <message>
        <source>no GPU is visible through the KFD on this kernel</source>
        <translation>在此内核上，KFD 中看不到任何显卡</translation>
    </message>
    <message>
        <source>Ubuntu {version} runs its original {ga} kernel</source>
        <translation>Ubuntu {version} 运行的是原始的 {ga} 内核</translation>
    </message>
    <message>
        <source>A newer in-box amdgpu comes with the HWE kernel: sudo apt install {package} and reboot (or choose the amdgpu-dkms driver).</source>
        <translation>HWE 内核带有更新的内置 amdgpu：sudo apt install {package} 后重启（或选择 amdgpu-dkms 驱动）。</translation>
    </message>
    <message>
        <source>No kernel driver can be installed in WSL</source>
        <translation>无法在 WSL 中安装内核驱动</translation>
    </message>
    <message>
        <source>No kernel driver can be installed in a container ({container})</source>
        <translation>无法在容器（{container}）中安装内核驱动</translation>
    </message>
    <message>
        <source>container: {container}</source>
        <translation>容器：{container}</translation>
    </message>
    <message>
        <source>The driver belongs to the host: install it there, and leave --dkms off here.</source>
        <translation>驱动属于宿主机：请在宿主机上安装，这里不要开启 --dkms。</translation>
    </message>
    <message>
        <source>The data has no amdgpu driver repository for ROCm {version}</source>
        <translation>数据中没有 ROCm {version} 的 amdgpu 驱动软件源</translation>
    </message>
    <message>
        <source>{version} ({stream}): no amdgpu_apt in the data</source>
        <translation>{version}（{stream}）：数据中没有 amdgpu_apt</translation>
    </message>
    <message>
        <source>Keep the in-box driver (leave --dkms off) or pick a legacy release for the driver.</source>
        <translation>保留内核自带的驱动（不开启 --dkms），或为驱动选择一个 legacy 版本。</translation>
    </message>
    <message>
        <source>amdgpu loaded now: {loaded} ({source})</source>
        <translation>amdgpu 当前是否已加载：{loaded}（{source}）</translation>
    </message>
    <message>
        <source>unknown source</source>
        <translation>来源未知</translation>
    </message>
    <message>
        <source>The amdgpu-dkms driver takes effect after a reboot</source>
        <translation>amdgpu-dkms 驱动在重启后生效</translation>
    </message>
    <message>
        <source>Reboot when the plan has run, then run rocmdesk detect.</source>
        <translation>计划执行完后重启，然后运行 rocmdesk detect。</translation>
    </message>
    <message>
        <source>This is WSL: the GPU driver is the Windows one</source>
        <translation>这是 WSL：显卡驱动是 Windows 的驱动</translation>
    </message>
    <message>
        <source>/dev/dxg or a Microsoft kernel was seen</source>
        <translation>发现了 /dev/dxg 或 Microsoft 内核</translation>
    </message>
    <message>
        <source>ROCm on WSL uses AMD&apos;s WSL packages (amdgpu-install --usecase=wsl,rocm --no-dkms), which this plan does not set up; PyTorch needs the WSL runtime library.</source>
        <translation>WSL 上的 ROCm 使用 AMD 的 WSL 软件包（amdgpu-install --usecase=wsl,rocm --no-dkms），本计划不负责安装；PyTorch 需要 WSL 运行时库。</translation>
    </message>
    <message>
        <source>The amdgpu kernel driver is not loaded</source>
        <translation>amdgpu 内核驱动未加载</translation>
    </message>
    <message>
        <source>checked {source}</source>
        <translation>已检查 {source}</translation>
    </message>
    <message>
        <source>Check that amdgpu is not blacklisted and the kernel line has no nomodeset (sudo modprobe amdgpu; journalctl -k | grep amdgpu), or choose the DKMS driver.</source>
        <translation>请检查 amdgpu 没有被列入黑名单，且内核启动参数中没有 nomodeset（sudo modprobe amdgpu; journalctl -k | grep amdgpu），或选择 DKMS 驱动。</translation>
    </message>
    <message>
        <source>Whether amdgpu is loaded could not be told</source>
        <translation>无法判断 amdgpu 是否已加载</translation>
    </message>
    <message>
        <source>no /sys/module/amdgpu and no /proc/modules in what was read</source>
        <translation>读取的内容中既没有 /sys/module/amdgpu 也没有 /proc/modules</translation>
    </message>
    <message>
        <source>On the machine itself: lsmod | grep amdgpu</source>
        <translation>请在该机器上运行：lsmod | grep amdgpu</translation>
    </message>
    <message>
        <source>amdgpu is loaded but no GPU shows in the KFD</source>
        <translation>amdgpu 已加载，但 KFD 中没有显卡</translation>
    </message>
    <message>
        <source>/sys/class/kfd/kfd/topology/nodes has no GPU node</source>
        <translation>/sys/class/kfd/kfd/topology/nodes 中没有显卡节点</translation>
    </message>
    <message>
        <source>ROCm needs the KFD: a kernel built with HSA_AMD, and in a container --device=/dev/kfd.</source>
        <translation>ROCm 需要 KFD：内核需启用 HSA_AMD 编译，容器中还需要 --device=/dev/kfd。</translation>
    </message>
    <message>
        <source>running kernel {release}</source>
        <translation>正在运行内核 {release}</translation>
    </message>
    <message>
        <source>amdgpu-dkms may fail to build for this kernel, or build and misbehave. Keep the in-box driver (leave --dkms off), or boot one of the kernels listed above.</source>
        <translation>amdgpu-dkms 可能无法为这个内核编译，或编译成功但工作异常。请保留内核自带的驱动（不开启 --dkms），或启动到上面列出的某个内核。</translation>
    </message>
    <message>
        <source>Releases AMD lists for kernel {kernel} on {os}: {releases}.</source>
        <translation>AMD 为 {os} 上的内核 {kernel} 列出的版本：{releases}。</translation>
    </message>
    <message>
        <source>Kernel {kernel} is newer than AMD validated for ROCm {version} on {os}</source>
        <translation>内核 {kernel} 比 AMD 为 {os} 上的 ROCm {version} 验证过的内核更新</translation>
    </message>
    <message>
        <source>This runs in a container ({container})</source>
        <translation>当前运行在容器（{container}）中</translation>
    </message>
    <message>
        <source>container marker: {container}</source>
        <translation>容器标记：{container}</translation>
    </message>
    <message>
        <source>Only user space belongs here; the container needs --device=/dev/kfd --device=/dev/dri and the render/video groups (numeric ids: ls -ln /dev/kfd /dev/dri).</source>
        <translation>这里只应安装用户态部分；容器需要 --device=/dev/kfd --device=/dev/dri 以及 render/video 用户组（数字 ID：ls -ln /dev/kfd /dev/dri）。</translation>
    </message>
    <message>
        <source>No AMD GPU was found</source>
        <translation>没有找到 AMD 显卡</translation>
    </message>
    <message>
        <source>source: {source}</source>
        <translation>来源：{source}</translation>
    </message>
    <message>
        <source>Check that the card is seated and amdgpu is loaded (lspci -nn | grep -i amd).</source>
        <translation>请检查显卡是否插好、amdgpu 是否已加载（lspci -nn | grep -i amd）。</translation>
    </message>
    <message>
        <source>gfx unknown</source>
        <translation>gfx 未知</translation>
    </message>
    <message>
        <source>{gpu}: HSA_OVERRIDE_GFX_VERSION={value} makes it {target}</source>
        <translation>{gpu}：设置 HSA_OVERRIDE_GFX_VERSION={value} 后视为 {target}</translation>
    </message>
    <message>
        <source>A GPU runs ROCm {version} only with an override</source>
        <translation>有一块显卡只有设置覆盖后才能运行 ROCm {version}</translation>
    </message>
    <message>
        <source>PyTorch needs no override here ({path}). Programs built against the system ROCm {version} would need it: set it only in an environment profile for such a project, not in your session.</source>
        <translation>PyTorch 在这里使用 {path}，不需要覆盖。基于系统 ROCm {version} 构建的程序才需要它：只在这类项目的环境配置中设置，不要在您的会话中设置。</translation>
    </message>
    <message>
        <source>An environment profile sets {setting} for PyTorch and your other ROCm programs (Environments page).</source>
        <translation>环境配置会为 PyTorch 和您的其他 ROCm 程序设置 {setting}（“环境”页面）。</translation>
    </message>
    <message>
        <source>rocmdesk&apos;s environment profiles set the override for your projects.</source>
        <translation>rocmdesk 的环境配置会为您的项目设置此覆盖。</translation>
    </message>
    <message>
        <source>A GPU is not on AMD&apos;s list for ROCm {version}</source>
        <translation>有一块显卡不在 AMD 的 ROCm {version} 支持列表中</translation>
    </message>
    <message>
        <source>See rocmdesk detect for what works on this GPU.</source>
        <translation>运行 rocmdesk detect 查看这块显卡上哪些可用。</translation>
    </message>
    <message>
        <source>TheRock has no package family for a GPU</source>
        <translation>TheRock 没有适用于某块显卡的软件包系列</translation>
    </message>
    <message>
        <source>Choose a legacy release, or the PyTorch-only scope.</source>
        <translation>请选择 legacy 版本，或仅 PyTorch 范围。</translation>
    </message>
    <message>
        <source>~/.profile, ~/.bashrc or /etc/environment</source>
        <translation>~/.profile、~/.bashrc 或 /etc/environment</translation>
    </message>
    <message>
        <source>Unset {var} where your session sets it ({places}; in this shell: unset {var}), and let an environment profile (the Environments page, or rocmdesk profile) set {advised} for the projects that use the GPU.</source>
        <translation>在您的会话设置 {var} 的地方取消它（{places}；在当前 shell 中：unset {var}），并让环境配置（“环境”页面，或 rocmdesk profile）为使用显卡的项目设置 {advised}。</translation>
    </message>
    <message>
        <source>Set {var} only in the environment profile of a project that needs it (the Environments page, or rocmdesk profile), not for your whole session ({places}; in this shell: unset {var}).</source>
        <translation>只在需要 {var} 的项目的环境配置中设置它（“环境”页面，或 rocmdesk profile），不要为整个会话设置（{places}；在当前 shell 中：unset {var}）。</translation>
    </message>
    <message>
        <source>Unset {var} where your session sets it ({places}; in this shell: unset {var}) and in your environment profiles (the Environments page, or rocmdesk profile show).</source>
        <translation>在您的会话设置 {var} 的地方（{places}；在当前 shell 中：unset {var}）以及您的环境配置中（“环境”页面，或 rocmdesk profile show）取消设置它。</translation>
    </message>
    <message>
        <source>{var}={value} in the environment rocmdesk runs in</source>
        <translation>rocmdesk 运行环境中的 {var}={value}</translation>
    </message>
    <message>
        <source>Your session sets {var}={value} for every ROCm program</source>
        <translation>您的会话为所有 ROCm 程序设置了 {var}={value}</translation>
    </message>
    <message>
        <source>The plan&apos;s cleanup steps purge other versions&apos; packages and /opt/rocm-* trees first; check lists it could not read yourself (ls /etc/apt/sources.list.d).</source>
        <translation>计划的清理步骤会先卸载其他版本的软件包并删除 /opt/rocm-* 目录；它无法读取的软件源列表请您自行检查（ls /etc/apt/sources.list.d）。</translation>
    </message>
    <message>
        <source>PyTorch wheels bring their own ROCm, so this is mostly harmless; extensions built against a system ROCm can clash. Choose --scope runtime or sdk to have them cleaned up.</source>
        <translation>PyTorch wheel 自带 ROCm，所以这基本无害；但基于系统 ROCm 构建的扩展可能冲突。选择 --scope runtime 或 sdk 即可让计划清理它们。</translation>
    </message>
    <message>
        <source>Traces of another ROCm version</source>
        <translation>残留有另一个 ROCm 版本</translation>
    </message>
    <message>
        <source>ROCm packages from the distribution are installed</source>
        <translation>已安装发行版提供的 ROCm 软件包</translation>
    </message>
    <message>
        <source>The plan pins AMD&apos;s repository (priority 600) so its packages win.</source>
        <translation>计划会固定（pin）AMD 的软件源（优先级 600），使其软件包优先。</translation>
    </message>
    <message>
        <source>Free disk space was not measured</source>
        <translation>未测量可用磁盘空间</translation>
    </message>
    <message>
        <source>about {size} GiB are needed in {paths} (rough estimate)</source>
        <translation>{paths} 中约需 {size} GiB（粗略估计）</translation>
    </message>
    <message>
        <source>Check with {command}</source>
        <translation>请用 {command} 检查</translation>
    </message>
    <message>
        <source>Not enough free disk in {paths}</source>
        <translation>{paths} 中的可用磁盘空间不足</translation>
    </message>
    <message>
        <source>free: {free} GiB; needed: about {needed} GiB (rough estimate)</source>
        <translation>可用：{free} GiB；需要：约 {needed} GiB（粗略估计）</translation>
    </message>
    <message>
        <source>Free some space (sudo apt clean, old kernels) or choose a smaller scope.</source>
        <translation>请释放一些空间（sudo apt clean、删除旧内核），或选择更小的范围。</translation>
    </message>
    <message>
        <source>Secure Boot is on: the DKMS driver must be signed</source>
        <translation>安全启动（Secure Boot）已开启：DKMS 驱动必须签名</translation>
    </message>
    <message>
        <source>{path}: enabled</source>
        <translation>{path}：已开启</translation>
    </message>
    <message>
        <source>DKMS signs amdgpu with a Machine Owner Key (MOK): set a one-time password when the install asks, then enroll the key on the blue MOK screen at the next boot; without it the module will not load (mokutil --sb-state shows the state).</source>
        <translation>DKMS 会用机器所有者密钥（MOK）为 amdgpu 签名：安装程序提示时设置一个一次性密码，下次启动时在蓝色的 MOK 界面中登记该密钥；否则模块无法加载（mokutil --sb-state 可查看状态）。</translation>
    </message>
    <message>
        <source>Whether Secure Boot is on could not be told</source>
        <translation>无法判断安全启动（Secure Boot）是否开启</translation>
    </message>
    <message>
        <source>{path} was not readable</source>
        <translation>{path} 无法读取</translation>
    </message>
    <message>
        <source>Check with mokutil --sb-state; if it is on, the DKMS module must be signed.</source>
        <translation>请用 mokutil --sb-state 检查；如果已开启，DKMS 模块必须签名。</translation>
    </message>
    <message>
        <source>The user to add to the GPU groups is unknown</source>
        <translation>不知道要把哪个用户加入显卡用户组</translation>
    </message>
    <message>
        <source>no user name in the report</source>
        <translation>报告中没有用户名</translation>
    </message>
    <message>
        <source>Run rocmdesk as your own user (not with sudo).</source>
        <translation>请以您自己的用户身份运行 rocmdesk（不要用 sudo）。</translation>
    </message>
    <message>
        <source>rocmdesk runs as root: there is no user to add to the GPU groups</source>
        <translation>rocmdesk 以 root 身份运行：没有可加入显卡用户组的用户</translation>
    </message>
    <message>
        <source>user: {user}</source>
        <translation>用户：{user}</translation>
    </message>
    <message>
        <source>Run rocmdesk as your own user; it asks for the password itself.</source>
        <translation>请以您自己的用户身份运行 rocmdesk；它会自行请求密码。</translation>
    </message>
    <message>
        <source>The user name is outside what the plan accepts</source>
        <translation>用户名超出了计划接受的范围</translation>
    </message>
    <message>
        <source>Add yourself to render and video by hand: {command}</source>
        <translation>请手动把自己加入 render 和 video 用户组：{command}</translation>
    </message>
    <message>
        <source>This session predates your GPU groups</source>
        <translation>当前会话早于您加入显卡用户组</translation>
    </message>
    <message>
        <source>in /etc/group: {groups}</source>
        <translation>/etc/group 中：{groups}</translation>
    </message>
    <message>
        <source>this session: {groups}</source>
        <translation>当前会话：{groups}</translation>
    </message>
    <message>
        <source>Log out and in again (newgrp render fixes only one shell).</source>
        <translation>请注销后重新登录（newgrp render 只对一个 shell 有效）。</translation>
    </message>
</context>
<context>
    <name>rocmdesk.setup.render</name>
    <message>
        <source>blocker</source>
        <translation>阻断</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>info</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>your choice</source>
        <translation>您的选择</translation>
    </message>
    <message>
        <source>Setup plan for {machine}</source>
        <translation>{machine} 的安装配置计划</translation>
    </message>
    <message>
        <source>(SIMULATED MACHINE)</source>
        <translation>（模拟机器）</translation>
    </message>
    <message>
        <source>ROCm:</source>
        <translation>ROCm：</translation>
    </message>
    <message>
        <source>Scope:</source>
        <translation>范围：</translation>
    </message>
    <message>
        <source>Driver:</source>
        <translation>驱动：</translation>
    </message>
    <message>
        <source>User:</source>
        <translation>用户：</translation>
    </message>
    <message>
        <source>install amdgpu-dkms</source>
        <translation>安装 amdgpu-dkms</translation>
    </message>
    <message>
        <source>no change</source>
        <translation>不变</translation>
    </message>
    <message>
        <source>Before you start:</source>
        <translation>开始之前：</translation>
    </message>
    <message>
        <source>seen:</source>
        <translation>依据：</translation>
    </message>
    <message>
        <source>fix:</source>
        <translation>修复方法：</translation>
    </message>
    <message>
        <source>Steps:</source>
        <translation>步骤：</translation>
    </message>
    <message>
        <source>Steps: none</source>
        <translation>步骤：无</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>you</source>
        <translation>您</translation>
    </message>
    <message>
        <source>why:</source>
        <translation>原因：</translation>
    </message>
    <message>
        <source>The plan is blocked: fix the blockers above first.</source>
        <translation>计划被阻断：请先解决上面的阻断问题。</translation>
    </message>
    <message>
        <source>Afterwards:</source>
        <translation>之后：</translation>
    </message>
</context>
<context>
    <name>rocmdesk.setup.runner</name>
    <message>
        <source>rocmdesk&apos;s system helper is not installed ({helper}; the .deb package installs it). A pip install does not put a root helper on the system: running a file from a user-writable virtual environment as root would let whoever can write it take over the machine. Run the plan as a script instead: rocmdesk plan --format script &gt; plan.sh; read it; then bash plan.sh (it asks sudo for each root step) or sudo bash plan.sh. Nothing was changed.</source>
        <translation>rocmdesk 的系统辅助程序未安装（{helper}；.deb 软件包会安装它）。pip 安装不会在系统中放置 root 辅助程序：以 root 身份运行用户可写的虚拟环境中的文件，会让任何能写入该环境的人接管这台机器。请改为以脚本方式执行计划：rocmdesk plan --format script &gt; plan.sh；阅读它；然后运行 bash plan.sh（每个需要 root 的步骤都会请求 sudo）或 sudo bash plan.sh。没有做任何改动。</translation>
    </message>
    <message>
        <source>pkexec is not installed (Debian/Ubuntu: apt install pkexec, or policykit-1 on older releases), so rocmdesk cannot ask for the one authentication it needs: nothing was changed</source>
        <translation>未安装 pkexec（Debian/Ubuntu：apt install pkexec，较旧版本为 policykit-1），rocmdesk 无法请求所需的那一次身份验证：没有做任何改动</translation>
    </message>
    <message>
        <source>the password prompt was dismissed: nothing was changed</source>
        <translation>密码提示框被关闭：没有做任何改动</translation>
    </message>
    <message>
        <source>not authorized (or no polkit agent is running): nothing was changed</source>
        <translation>未获授权（或没有运行 polkit 代理）：没有做任何改动</translation>
    </message>
    <message>
        <source>remove an old ROCm tree or apt list</source>
        <translation>删除旧的 ROCm 目录或 apt 软件源列表</translation>
    </message>
    <message>
        <source>purge packages</source>
        <translation>卸载软件包</translation>
    </message>
    <message>
        <source>install a repository signing key</source>
        <translation>安装软件源签名密钥</translation>
    </message>
    <message>
        <source>write an apt repository list</source>
        <translation>写入 apt 软件源列表</translation>
    </message>
    <message>
        <source>write an apt pin</source>
        <translation>写入 apt pin 文件</translation>
    </message>
    <message>
        <source>refresh apt&apos;s package lists</source>
        <translation>刷新 apt 软件包列表</translation>
    </message>
    <message>
        <source>install packages</source>
        <translation>安装软件包</translation>
    </message>
    <message>
        <source>add the user to groups</source>
        <translation>将用户加入用户组</translation>
    </message>
    <message>
        <source>check the result</source>
        <translation>检查结果</translation>
    </message>
    <message>
        <source>set a GPU&apos;s power cap</source>
        <translation>设置 GPU 的功耗上限</translation>
    </message>
    <message>
        <source>set a GPU&apos;s performance level</source>
        <translation>设置 GPU 的性能级别</translation>
    </message>
    <message>
        <source>write a unit that sets it again at boot</source>
        <translation>写入一个在开机时重新设置它的单元</translation>
    </message>
    <message>
        <source>remove the unit that sets it at boot</source>
        <translation>移除开机时设置它的单元</translation>
    </message>
    <message>
        <source>already done</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>done in an earlier run</source>
        <translation>已在之前的运行中完成</translation>
    </message>
    <message>
        <source>done already (as the plan says)</source>
        <translation>已完成（计划中已标明）</translation>
    </message>
    <message>
        <source>dry run: would {what}</source>
        <translation>试运行：将会{what}</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>the helper must run as root (through pkexec)</source>
        <translation>辅助程序必须以 root 身份运行（通过 pkexec）</translation>
    </message>
    <message>
        <source>the calling user could not be established (PKEXEC_UID)</source>
        <translation>无法确定调用者（PKEXEC_UID）</translation>
    </message>
    <message>
        <source>another rocmdesk setup run is in progress</source>
        <translation>另一个 rocmdesk 安装配置任务正在运行</translation>
    </message>
    <message>
        <source>{program}: cannot start</source>
        <translation>{program}：无法启动</translation>
    </message>
    <message>
        <source>every step is done</source>
        <translation>所有步骤均已完成</translation>
    </message>
    <message>
        <source>the run stopped early</source>
        <translation>运行提前中止</translation>
    </message>
    <message>
        <source>step {step} failed: {why}</source>
        <translation>步骤 {step} 失败：{why}</translation>
    </message>
    <message>
        <source>the helper refused the plan</source>
        <translation>辅助程序拒绝了此计划</translation>
    </message>
    <message>
        <source>{message}: nothing was changed</source>
        <translation>{message}：没有做任何改动</translation>
    </message>
    <message>
        <source>the helper stopped unexpectedly (exit {code}): {output}</source>
        <translation>辅助程序意外退出（退出码 {code}）：{output}</translation>
    </message>
    <message>
        <source>the helper stopped unexpectedly (exit {code})</source>
        <translation>辅助程序意外退出（退出码 {code}）</translation>
    </message>
</context>
<context>
    <name>rocmdesk.telemetry.alerts</name>
    <message>
        <source>GPU {index}: junction {temp:.0f} °C is at its critical {crit:.0f} °C: the GPU throttles</source>
        <translation>显卡 {index}：结温 {temp:.0f} °C 已达到临界值 {crit:.0f} °C：显卡正在降频</translation>
    </message>
    <message>
        <source>GPU {index}: junction {temp:.0f} °C is near its critical {crit:.0f} °C</source>
        <translation>显卡 {index}：结温 {temp:.0f} °C 接近临界值 {crit:.0f} °C</translation>
    </message>
    <message>
        <source>GPU {index}: VRAM {share:.0%} full: the next allocation may fail (out of memory)</source>
        <translation>显卡 {index}：显存已用 {share:.0%}：下一次分配可能失败（显存不足）</translation>
    </message>
    <message>
        <source>GPU {index}: drawing {power:.0f} W at its {cap:.0f} W cap: clocks are power-limited</source>
        <translation>显卡 {index}：功耗 {power:.0f} W 已达 {cap:.0f} W 上限：频率受功耗限制</translation>
    </message>
    <message>
        <source>GPU {index}: VRAM grew {mib:.0f} MiB in {minutes:.0f} min while idle: a leak?</source>
        <translation>显卡 {index}：空闲时显存在 {minutes:.0f} 分钟内增长了 {mib:.0f} MiB：是否存在泄漏？</translation>
    </message>
</context>
<context>
    <name>rocmdesk.telemetry.cli_monitor</name>
    <message>
        <source>not a number: {text!r}</source>
        <translation>不是数字：{text!r}</translation>
    </message>
    <message>
        <source>the interval is a number of seconds, 0 or more</source>
        <translation>间隔是秒数，须为 0 或更大</translation>
    </message>
    <message>
        <source>not a whole number: {text!r}</source>
        <translation>不是整数：{text!r}</translation>
    </message>
    <message>
        <source>the count is 1 or more</source>
        <translation>次数须为 1 或更大</translation>
    </message>
    <message>
        <source>live GPU temperatures, power, memory, clocks and fans (text, JSON lines or CSV)</source>
        <translation>实时显示显卡温度、功耗、显存、频率和风扇（文本、JSON lines 或 CSV）</translation>
    </message>
    <message>
        <source>Sample every AMD GPU&apos;s sensors from sysfs (cheap enough to leave running) and print them.</source>
        <translation>从 sysfs 采样每块 AMD 显卡的传感器（开销很小，可以一直开着）并输出。</translation>
    </message>
    <message>
        <source>one JSON object a line per sample</source>
        <translation>每次采样输出一行 JSON 对象</translation>
    </message>
    <message>
        <source>CSV: a header, then a row per GPU per sample</source>
        <translation>CSV：先输出表头，然后每次采样每块显卡一行</translation>
    </message>
    <message>
        <source>one sample, then exit</source>
        <translation>采样一次后退出</translation>
    </message>
    <message>
        <source>seconds between samples (default 1; 0 = back to back)</source>
        <translation>采样间隔秒数（默认 1；0 = 连续采样）</translation>
    </message>
    <message>
        <source>stop after N samples</source>
        <translation>采样 N 次后停止</translation>
    </message>
    <message>
        <source>where the numbers come from (default: sysfs, else rocm-smi/amd-smi)</source>
        <translation>数据来源（默认：sysfs，否则 rocm-smi/amd-smi）</translation>
    </message>
    <message>
        <source>also list the processes holding GPU memory</source>
        <translation>同时列出占用显存的进程</translation>
    </message>
    <message>
        <source>open the monitor window</source>
        <translation>打开监控窗口</translation>
    </message>
    <message>
        <source>suspended</source>
        <translation>休眠</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>error</source>
        <translation>出错</translation>
    </message>
    <message>
        <source>AMD GPU</source>
        <translation>AMD 显卡</translation>
    </message>
    <message>
        <source>GPU{index} {name}</source>
        <translation>显卡 {index} {name}</translation>
    </message>
    <message>
        <source>edge {temp}</source>
        <translation>边缘 {temp}</translation>
    </message>
    <message>
        <source>junction {temp}</source>
        <translation>结温 {temp}</translation>
    </message>
    <message>
        <source>mem {temp}</source>
        <translation>显存温度 {temp}</translation>
    </message>
    <message>
        <source>busy {percent}%</source>
        <translation>占用 {percent}%</translation>
    </message>
    <message>
        <source>VRAM {used}/{total} GiB</source>
        <translation>显存 {used}/{total} GiB</translation>
    </message>
    <message>
        <source>GTT {used}/{total} GiB</source>
        <translation>GTT {used}/{total} GiB</translation>
    </message>
    <message>
        <source>sclk {mhz} MHz</source>
        <translation>核心频率 {mhz} MHz</translation>
    </message>
    <message>
        <source>mclk {mhz} MHz</source>
        <translation>显存频率 {mhz} MHz</translation>
    </message>
    <message>
        <source>fan {rpm} rpm</source>
        <translation>风扇 {rpm} rpm</translation>
    </message>
    <message>
        <source>throttled: {reasons}</source>
        <translation>限速：{reasons}</translation>
    </message>
    <message>
        <source>pid {pid} {name} on GPU{index}: {vram}</source>
        <translation>pid {pid} {name} 在显卡 {index} 上：{vram}</translation>
    </message>
    <message>
        <source>compute (KFD)</source>
        <translation>计算（KFD）</translation>
    </message>
    <message>
        <source>monitor --gui needs the desktop part (PySide6 and pyqtgraph): {error}; `rocmdesk monitor` prints the same numbers as text, --json or --csv</source>
        <translation>monitor --gui 需要桌面组件（PySide6 和 pyqtgraph）：{error}；`rocmdesk monitor` 会以文本、--json 或 --csv 输出同样的数据</translation>
    </message>
    <message>
        <source>no AMD GPU to monitor on {machine}</source>
        <translation>{machine} 上没有可监控的 AMD 显卡</translation>
    </message>
</context>
<context>
    <name>rocmdesk.telemetry.exporter</name>
    <message>
        <source>serve the monitor&apos;s metrics to Prometheus (text format over HTTP)</source>
        <translation>将监控指标提供给 Prometheus（HTTP 上的文本格式）</translation>
    </message>
    <message>
        <source>Serve every AMD GPU&apos;s live metrics at /metrics in Prometheus&apos; text format.</source>
        <translation>以 Prometheus 文本格式在 /metrics 提供每块 AMD 显卡的实时指标。</translation>
    </message>
    <message>
        <source>TCP port (default {port})</source>
        <translation>TCP 端口（默认 {port}）</translation>
    </message>
    <message>
        <source>address to listen on (default 127.0.0.1; 0.0.0.0 lets other machines scrape)</source>
        <translation>监听地址（默认 127.0.0.1；0.0.0.0 允许其他机器抓取）</translation>
    </message>
    <message>
        <source>scrapes closer together than this share one sample (default 1 s)</source>
        <translation>间隔短于此值的抓取共用同一次采样（默认 1 秒）</translation>
    </message>
    <message>
        <source>also export each GPU process&apos;s VRAM and GTT (a series per process id: off by default, as their number grows without bound)</source>
        <translation>同时导出每个使用显卡的进程的显存和 GTT（每个进程号一个序列：默认关闭，因为序列数量会无限增长）</translation>
    </message>
    <message>
        <source>where the numbers come from (default: sysfs, else rocm-smi/amd-smi)</source>
        <translation>数据来源（默认：sysfs，否则 rocm-smi/amd-smi）</translation>
    </message>
    <message>
        <source>--port {port}: not a TCP port</source>
        <translation>--port {port}：不是有效的 TCP 端口</translation>
    </message>
    <message>
        <source>no AMD GPU to export on {machine}</source>
        <translation>{machine} 上没有可导出的 AMD 显卡</translation>
    </message>
    <message>
        <source>cannot listen on {address}:{port}: {error}</source>
        <translation>无法监听 {address}:{port}：{error}</translation>
    </message>
    <message>
        <source>serving {count} GPU(s) at {url} (Ctrl-C stops)</source>
        <translation>正在 {url} 提供 {count} 块显卡的指标（按 Ctrl-C 停止）</translation>
    </message>
</context>
<context>
    <name>rocmdesk.telemetry.gpu_metrics</name>
    <message>
        <source>gpu_metrics not decodable: {why}</source>
        <translation>gpu_metrics 无法解码：{why}</translation>
    </message>
</context>
<context>
    <name>rocmdesk.telemetry.metrics</name>
    <message>
        <source>{metric}: {value} is outside the sane range {low} to {high}; ignored</source>
        <translation>{metric}：{value} 超出合理范围 {low} 到 {high}；已忽略</translation>
    </message>
</context>
<context>
    <name>rocmdesk.telemetry.sampler</name>
    <message>
        <source>{metric} is missing: {file} cannot be read ({error}); it is tried again</source>
        <translation>缺少 {metric}：无法读取 {file}（{error}）；稍后会重试</translation>
    </message>
    <message>
        <source>{file} cannot be read ({error}); the sensors it describes are missing until it can</source>
        <translation>无法读取 {file}（{error}）；在能读取之前，它描述的传感器都会缺失</translation>
    </message>
    <message>
        <source>the device stopped answering (ENODEV)</source>
        <translation>设备已停止响应（ENODEV）</translation>
    </message>
    <message>
        <source>none of its sensor files could be read</source>
        <translation>它的传感器文件都无法读取</translation>
    </message>
    <message>
        <source>no DRM device for this GPU: sysfs has nothing to read</source>
        <translation>此显卡没有 DRM 设备：sysfs 中没有可读取的内容</translation>
    </message>
    <message>
        <source>the device is gone from sysfs</source>
        <translation>设备已从 sysfs 中消失</translation>
    </message>
</context>
<context>
    <name>rocmdesk.telemetry.smi_sampler</name>
    <message>
        <source>{source} did not report this GPU</source>
        <translation>{source} 没有报告这块显卡</translation>
    </message>
</context>
<context>
    <name>rocmdesk.torchenv.builds</name>
    <message>
        <source>rocmdesk knows no torch {pin}</source>
        <translation>rocmdesk 不认识 torch {pin}</translation>
    </message>
    <message>
        <source>You chose the CPU-only build of torch {version}: it runs on the processor only, to compare with a ROCm build or where there is no GPU.</source>
        <translation>你选择了仅 CPU 的 torch {version}：它只在处理器上运行，用于与 ROCm 版本对比，或用在没有显卡的地方。</translation>
    </message>
    <message>
        <source>PyTorch&apos;s cpu index serves torch {torch} with no GPU code, so the download is small.</source>
        <translation>PyTorch 的 cpu 索引提供不含显卡代码的 torch {torch}，下载量很小。</translation>
    </message>
    <message>
        <source>You chose a CUDA build of torch {version}: it runs on NVIDIA GPUs, or on the processor where there is none.</source>
        <translation>你选择了 CUDA 版本的 torch {version}：它在 NVIDIA 显卡上运行，没有时则在处理器上运行。</translation>
    </message>
    <message>
        <source>PyPI&apos;s torch {torch} is the CUDA build on Linux x86-64.</source>
        <translation>PyPI 上的 torch {torch} 在 Linux x86-64 上是 CUDA 版本。</translation>
    </message>
    <message>
        <source>PyTorch&apos;s {tag} index serves torch {torch}.</source>
        <translation>PyTorch 的 {tag} 索引提供 torch {torch}。</translation>
    </message>
    <message>
        <source>A CUDA build cannot use an AMD GPU: torch.cuda.is_available() is False on this machine, and the Verify verdict says so.</source>
        <translation>CUDA 版本无法使用 AMD 显卡：在这台机器上 torch.cuda.is_available() 为 False，“验证”的结论也会这样说。</translation>
    </message>
    <message>
        <source>You chose {url}; it must serve the same wheels as {original} (a mirror of it), or pip finds no matching torch.</source>
        <translation>您选择了 {url}；它必须提供与 {original} 相同的 wheel（即它的镜像），否则 pip 找不到匹配的 torch。</translation>
    </message>
</context>
<context>
    <name>rocmdesk.torchenv.cli_profile</name>
    <message>
        <source>{text} is not UTF-8 text (it holds bytes of another encoding); profiles are UTF-8 files</source>
        <translation>{text} 不是 UTF-8 文本（含有其他编码的字节）；配置文件使用 UTF-8</translation>
    </message>
    <message>
        <source>{text} is not KEY=VALUE</source>
        <translation>{text} 不是 KEY=VALUE 格式</translation>
    </message>
    <message>
        <source>per-project venv + environment variables, applied to activate scripts</source>
        <translation>按项目设置虚拟环境和环境变量，写入 activate 脚本</translation>
    </message>
    <message>
        <source>Environment profiles: a project folder, a venv and the variables PyTorch needs there (HSA_OVERRIDE_GFX_VERSION, allocator settings, ...).</source>
        <translation>环境配置：一个项目文件夹、一个虚拟环境，以及 PyTorch 在那里需要的环境变量（HSA_OVERRIDE_GFX_VERSION、显存分配器设置等）。</translation>
    </message>
    <message>
        <source>Exit codes: 0 ok, 2 bad usage or invalid value, 3 unreadable profile file, 5 apply --check found missing or outdated hooks.</source>
        <translation>退出码：0 成功，2 用法错误或取值无效，3 配置文件无法读取，5 apply --check 发现钩子缺失或已过时。</translation>
    </message>
    <message>
        <source>the profile&apos;s name</source>
        <translation>配置的名称</translation>
    </message>
    <message>
        <source>machine-readable output</source>
        <translation>机器可读的输出</translation>
    </message>
    <message>
        <source>a variable for the profile (repeatable)</source>
        <translation>配置中的一个环境变量（可重复）</translation>
    </message>
    <message>
        <source>a note for yourself (e.g. which GPU it is for)</source>
        <translation>给自己的备注（例如适用于哪块显卡）</translation>
    </message>
    <message>
        <source>every profile, with its venv and whether its hooks are in place</source>
        <translation>列出所有配置、它们的虚拟环境，以及钩子是否已写入</translation>
    </message>
    <message>
        <source>one profile: variables, hooks, warnings</source>
        <translation>查看一个配置：环境变量、钩子、警告</translation>
    </message>
    <message>
        <source>a new profile</source>
        <translation>新建配置</translation>
    </message>
    <message>
        <source>the project&apos;s folder</source>
        <translation>项目文件夹</translation>
    </message>
    <message>
        <source>the venv the project uses</source>
        <translation>项目使用的虚拟环境</translation>
    </message>
    <message>
        <source>start from what this machine needs (override, GPU choice, allocator settings)</source>
        <translation>从这台机器需要的设置开始（覆盖、显卡选择、显存分配器设置）</translation>
    </message>
    <message>
        <source>torch version for --preset (default: read from the venv, else all versions)</source>
        <translation>--preset 使用的 torch 版本（默认：从虚拟环境中读取，否则适用所有版本）</translation>
    </message>
    <message>
        <source>write the activate hooks right away</source>
        <translation>立即写入 activate 钩子</translation>
    </message>
    <message>
        <source>change a profile (its hooks are rewritten when applied)</source>
        <translation>修改配置（已应用的钩子会重新写入）</translation>
    </message>
    <message>
        <source>drop a variable (repeatable)</source>
        <translation>删除一个环境变量（可重复）</translation>
    </message>
    <message>
        <source>a new project folder</source>
        <translation>新的项目文件夹</translation>
    </message>
    <message>
        <source>another venv (the hooks move with it)</source>
        <translation>换一个虚拟环境（钩子随之迁移）</translation>
    </message>
    <message>
        <source>write the variables into the venv&apos;s activate scripts</source>
        <translation>把环境变量写入虚拟环境的 activate 脚本</translation>
    </message>
    <message>
        <source>only report whether the hooks are in place and current (exit 5 if not)</source>
        <translation>只报告钩子是否已写入且为最新（否则退出码为 5）</translation>
    </message>
    <message>
        <source>take the hooks out of the activate scripts again</source>
        <translation>从 activate 脚本中移除钩子</translation>
    </message>
    <message>
        <source>also delete the profile (kept as NAME.toml.bak)</source>
        <translation>同时删除配置（保留为 NAME.toml.bak）</translation>
    </message>
    <message>
        <source>write the profile as .envrc (direnv), .env or a Jupyter kernel</source>
        <translation>把配置导出为 .envrc（direnv）、.env 或 Jupyter 内核</translation>
    </message>
    <message>
        <source>envrc (direnv), dotenv (a .env file) or jupyter (a kernel)</source>
        <translation>envrc（direnv）、dotenv（.env 文件）或 jupyter（Jupyter 内核）</translation>
    </message>
    <message>
        <source>where to write (- for standard output; for jupyter: the kernel&apos;s folder); default: PROJECT/.envrc, PROJECT/.env, or Jupyter&apos;s user kernels folder</source>
        <translation>写入位置（- 表示标准输出；jupyter 格式为内核文件夹）；默认：PROJECT/.envrc、PROJECT/.env 或 Jupyter 的用户内核文件夹</translation>
    </message>
    <message>
        <source>replace a file that rocmdesk did not write</source>
        <translation>替换不是由 rocmdesk 写入的文件</translation>
    </message>
    <message>
        <source>warning: {message}</source>
        <translation>警告：{message}</translation>
    </message>
    <message>
        <source>applied</source>
        <translation>已应用</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>no venv</source>
        <translation>没有虚拟环境</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>current</source>
        <translation>最新</translation>
    </message>
    <message>
        <source>stale</source>
        <translation>已过时</translation>
    </message>
    <message>
        <source>other</source>
        <translation>其他配置</translation>
    </message>
    <message>
        <source>absent</source>
        <translation>不存在</translation>
    </message>
    <message>
        <source>written</source>
        <translation>已写入</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>未改变</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>已移除</translation>
    </message>
    <message>
        <source>kept</source>
        <translation>已保留</translation>
    </message>
    <message>
        <source>(profile {name})</source>
        <translation>（配置 {name}）</translation>
    </message>
    <message>
        <source>invalid {finding}</source>
        <translation>无效：{finding}</translation>
    </message>
    <message>
        <source>profile {name}: cannot read its hooks in {venv}: {error}</source>
        <translation>配置 {name}：无法读取它在 {venv} 中的钩子：{error}</translation>
    </message>
    <message>
        <source>no profiles yet (they live in {folder}); create one with {command}</source>
        <translation>还没有配置（配置保存在 {folder}）；可以用 {command} 创建</translation>
    </message>
    <message>
        <source>{count} variable</source>
        <translation>{count} 个环境变量</translation>
    </message>
    <message>
        <source>{count} variables</source>
        <translation>{count} 个环境变量</translation>
    </message>
    <message>
        <source>project {folder}</source>
        <translation>项目 {folder}</translation>
    </message>
    <message>
        <source>venv {folder}</source>
        <translation>虚拟环境 {folder}</translation>
    </message>
    <message>
        <source>hooks {state}</source>
        <translation>钩子 {state}</translation>
    </message>
    <message>
        <source>profile {name}: the activate hooks are gone (was the venv upgraded or recreated?); run {command}</source>
        <translation>配置 {name}：activate 钩子不见了（虚拟环境是否被升级或重建过？）；请运行 {command}</translation>
    </message>
    <message>
        <source>project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>venv</source>
        <translation>虚拟环境</translation>
    </message>
    <message>
        <source>notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>hooks</source>
        <translation>钩子</translation>
    </message>
    <message>
        <source>profile {name}</source>
        <translation>配置 {name}</translation>
    </message>
    <message>
        <source>(does not exist yet)</source>
        <translation>（尚不存在）</translation>
    </message>
    <message>
        <source>not installed in the venv</source>
        <translation>虚拟环境中未安装</translation>
    </message>
    <message>
        <source>variables</source>
        <translation>环境变量</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>the activate hooks are gone or outdated; run {command}</source>
        <translation>activate 钩子不见了或已过时；请运行 {command}</translation>
    </message>
    <message>
        <source>a profile called {name} exists already; change it with {command}</source>
        <translation>名为 {name} 的配置已经存在；可以用 {command} 修改</translation>
    </message>
    <message>
        <source>preset: nothing to set on this machine (no AMD GPU found)</source>
        <translation>预设：这台机器上没有需要设置的内容（没有找到 AMD 显卡）</translation>
    </message>
    <message>
        <source>preset: {variable}  ({why}; source: {source})</source>
        <translation>预设：{variable}（{why}；来源：{source}）</translation>
    </message>
    <message>
        <source>the project folder {folder} does not exist (yet)</source>
        <translation>项目文件夹 {folder}（还）不存在</translation>
    </message>
    <message>
        <source>{venv} is not a venv yet; create it with {command}</source>
        <translation>{venv} 还不是虚拟环境；可以用 {command} 创建</translation>
    </message>
    <message>
        <source>created profile {name} ({path})</source>
        <translation>已创建配置 {name}（{path}）</translation>
    </message>
    <message>
        <source>profile {name} applied to {venv}:</source>
        <translation>配置 {name} 已应用到 {venv}：</translation>
    </message>
    <message>
        <source>activate with: {command}  (fish: activate.fish, csh: activate.csh); deactivate puts the previous values back</source>
        <translation>激活方式：{command}（fish：activate.fish，csh：activate.csh）；deactivate 会恢复之前的值</translation>
    </message>
    <message>
        <source>{key} is not set in profile {name}</source>
        <translation>配置 {name} 中没有设置 {key}</translation>
    </message>
    <message>
        <source>updated profile {name}</source>
        <translation>已更新配置 {name}</translation>
    </message>
    <message>
        <source>hooks taken out of {venv}</source>
        <translation>已从 {venv} 移除钩子</translation>
    </message>
    <message>
        <source>{venv} is not a venv: its hooks will be written by {command}</source>
        <translation>{venv} 不是虚拟环境：它的钩子将由 {command} 写入</translation>
    </message>
    <message>
        <source>{venv} is not a venv (no bin/ folder); create it first, e.g. {command}</source>
        <translation>{venv} 不是虚拟环境（没有 bin/ 文件夹）；请先创建，例如 {command}</translation>
    </message>
    <message>
        <source>hooks are missing or outdated; run {command}</source>
        <translation>钩子缺失或已过时；请运行 {command}</translation>
    </message>
    <message>
        <source>hooks of profile {name} taken out of {venv}:</source>
        <translation>已从 {venv} 移除配置 {name} 的钩子：</translation>
    </message>
    <message>
        <source>{venv} does not exist: no hooks to take out</source>
        <translation>{venv} 不存在：没有需要移除的钩子</translation>
    </message>
    <message>
        <source>deleted profile {name} (the last version is kept in {path})</source>
        <translation>已删除配置 {name}（最后一个版本保留在 {path}）</translation>
    </message>
    <message>
        <source>wrote {path}</source>
        <translation>已写入 {path}</translation>
    </message>
    <message>
        <source>now run: {command}</source>
        <translation>现在请运行：{command}</translation>
    </message>
    <message>
        <source>Jupyter lists it as &quot;{name}&quot;</source>
        <translation>它在 Jupyter 中显示为“{name}”</translation>
    </message>
</context>
<context>
    <name>rocmdesk.torchenv.cli_run</name>
    <message>
        <source>run a command in a profile&apos;s venv and environment, without activating</source>
        <translation>在配置的虚拟环境和环境变量中运行命令，无需激活</translation>
    </message>
    <message>
        <source>Run CMD with the profile&apos;s venv first on PATH, VIRTUAL_ENV set and the profile&apos;s variables; the exit status is CMD&apos;s.</source>
        <translation>运行 CMD：配置的虚拟环境排在 PATH 最前面，设置 VIRTUAL_ENV 和配置中的环境变量；退出码就是 CMD 的退出码。</translation>
    </message>
    <message>
        <source>the profile (see: rocmdesk profile list)</source>
        <translation>配置（见：rocmdesk profile list）</translation>
    </message>
    <message>
        <source>run in the profile&apos;s project folder</source>
        <translation>在配置的项目文件夹中运行</translation>
    </message>
    <message>
        <source>the command and its arguments, after --</source>
        <translation>命令及其参数，写在 -- 之后</translation>
    </message>
    <message>
        <source>start $SHELL with a profile&apos;s venv and environment</source>
        <translation>以配置的虚拟环境和环境变量启动 $SHELL</translation>
    </message>
    <message>
        <source>Start $SHELL (or /bin/sh) in the profile&apos;s project folder with its venv and variables; arguments after -- go to the shell (e.g. -- -c &apos;cmd&apos;).</source>
        <translation>在配置的项目文件夹中启动 $SHELL（或 /bin/sh），带上它的虚拟环境和环境变量；-- 之后的参数会传给 shell（例如 -- -c &apos;cmd&apos;）。</translation>
    </message>
    <message>
        <source>Exit codes: the command&apos;s own; 2 bad usage or an unknown profile; 3 an unreadable profile file; 126 the command cannot be run; 127 the command was not found.</source>
        <translation>退出码：命令自己的退出码；2 用法错误或配置不存在；3 配置文件无法读取；126 命令无法运行；127 找不到命令。</translation>
    </message>
    <message>
        <source>Exit codes: the shell&apos;s own; 2 bad usage or an unknown profile; 3 an unreadable profile file; 126 the shell cannot be run; 127 the shell was not found.</source>
        <translation>退出码：shell 自己的退出码；2 用法错误或配置不存在；3 配置文件无法读取；126 shell 无法运行；127 找不到 shell。</translation>
    </message>
    <message>
        <source>stay in the current folder</source>
        <translation>留在当前文件夹</translation>
    </message>
    <message>
        <source>arguments for the shell, after --</source>
        <translation>传给 shell 的参数，写在 -- 之后</translation>
    </message>
    <message>
        <source>profile {name}: {venv} is not a venv (no bin/ folder); create it first, e.g. {command}</source>
        <translation>配置 {name}：{venv} 不是虚拟环境（没有 bin/ 文件夹）；请先创建，例如 {command}</translation>
    </message>
    <message>
        <source>{program}: command not found (PATH starts with the venv&apos;s bin)</source>
        <translation>{program}：找不到命令（PATH 以虚拟环境的 bin 开头）</translation>
    </message>
    <message>
        <source>cannot enter {folder}: {error}</source>
        <translation>无法进入 {folder}：{error}</translation>
    </message>
    <message>
        <source>{program}: command not found</source>
        <translation>{program}：找不到命令</translation>
    </message>
    <message>
        <source>give the command after --, e.g. {example}</source>
        <translation>请在 -- 之后给出命令，例如 {example}</translation>
    </message>
    <message>
        <source>{shell} with profile {name} (venv {venv}); exit to leave</source>
        <translation>{shell} 已使用配置 {name}（虚拟环境 {venv}）；输入 exit 离开</translation>
    </message>
</context>
<context>
    <name>rocmdesk.torchenv.cli_torch</name>
    <message>
        <source>PyTorch wheels for this machine: recommend, install into a venv, verify from inside it</source>
        <translation>适合这台机器的 PyTorch wheel：推荐、安装到虚拟环境、在其中验证</translation>
    </message>
    <message>
        <source>The right PyTorch wheels for this machine&apos;s AMD GPU, installed into a venv and verified there.</source>
        <translation>为这台机器的 AMD 显卡选出合适的 PyTorch wheel，安装到虚拟环境中并在那里验证。</translation>
    </message>
    <message>
        <source>Exit codes: 0 ok, 2 bad usage, 3 unreadable input, 4 no AMD GPU, 5 the install failed or verify&apos;s verdict is not ok.</source>
        <translation>退出码：0 成功，2 用法错误，3 输入无法读取，4 没有 AMD 显卡，5 安装失败或验证结论不是 ok。</translation>
    </message>
    <message>
        <source>the index, exact versions and override this machine needs, and why</source>
        <translation>这台机器需要的索引、确切版本和覆盖，以及原因</translation>
    </message>
    <message>
        <source>a torch version (2.9.1, or 2.9.1+rocm6.3 for one ROCm tag)</source>
        <translation>torch 版本（2.9.1，或指定某个 ROCm 标签的 2.9.1+rocm6.3）</translation>
    </message>
    <message>
        <source>a mirror of the wheel index to use instead</source>
        <translation>改用的 wheel 索引镜像</translation>
    </message>
    <message>
        <source>machine-readable output</source>
        <translation>机器可读的输出</translation>
    </message>
    <message>
        <source>create a venv (if needed) and install the recommended wheels into it</source>
        <translation>创建虚拟环境（如有需要）并把推荐的 wheel 安装进去</translation>
    </message>
    <message>
        <source>the venv (created when it does not exist)</source>
        <translation>虚拟环境（不存在时会创建）</translation>
    </message>
    <message>
        <source>a torch version instead of the recommended one (2.9.1, 2.9.1+rocm6.3; a non-ROCm build such as 2.13.0+cpu is installed as given)</source>
        <translation>不用推荐的版本，改用这个 torch 版本（2.9.1、2.9.1+rocm6.3；非 ROCm 版本，例如 2.13.0+cpu，会按原样安装）</translation>
    </message>
    <message>
        <source>install torch only</source>
        <translation>只安装 torch</translation>
    </message>
    <message>
        <source>the python that creates the venv (default: rocmdesk&apos;s)</source>
        <translation>用来创建虚拟环境的 python（默认：rocmdesk 自己的）</translation>
    </message>
    <message>
        <source>create the venv with uv (default: when uv is on PATH)</source>
        <translation>用 uv 创建虚拟环境（默认：PATH 中有 uv 时）</translation>
    </message>
    <message>
        <source>refuse below this much free disk space (default: 10 for ROCm wheels, 2 otherwise; 0: no check)</source>
        <translation>剩余磁盘空间低于这个值（GB）时拒绝安装（默认：ROCm 版 wheel 为 10，其他为 2；0：不检查）</translation>
    </message>
    <message>
        <source>do not verify the venv afterwards</source>
        <translation>安装后不验证虚拟环境</translation>
    </message>
    <message>
        <source>do not ask before installing</source>
        <translation>安装前不询问</translation>
    </message>
    <message>
        <source>print what would run, run nothing</source>
        <translation>只打印将要运行的内容，什么都不运行</translation>
    </message>
    <message>
        <source>run a probe with the venv&apos;s python and judge what torch sees</source>
        <translation>用虚拟环境的 python 运行探测，判断 torch 看到了什么</translation>
    </message>
    <message>
        <source>a python to probe</source>
        <translation>要探测的 python</translation>
    </message>
    <message>
        <source>a venv to probe</source>
        <translation>要探测的虚拟环境</translation>
    </message>
    <message>
        <source>a profile: its venv, with its environment variables</source>
        <translation>配置：使用它的虚拟环境和环境变量</translation>
    </message>
    <message>
        <source>judge a saved probe report (from this or another machine; - for standard input)</source>
        <translation>判断保存下来的探测报告（来自这台或另一台机器；- 表示标准输入）</translation>
    </message>
    <message>
        <source>stop the probe after S seconds (120)</source>
        <translation>S 秒后停止探测（120）</translation>
    </message>
    <message>
        <source>choose an action: recommend, install or verify (see rocmdesk torch --help)</source>
        <translation>请选择一个操作：recommend、install 或 verify（见 rocmdesk torch --help）</translation>
    </message>
    <message>
        <source>supported</source>
        <translation>支持</translation>
    </message>
    <message>
        <source>works with an override</source>
        <translation>设置覆盖后可用</translation>
    </message>
    <message>
        <source>risky</source>
        <translation>有风险</translation>
    </message>
    <message>
        <source>unsupported</source>
        <translation>不支持</translation>
    </message>
    <message>
        <source>no AMD GPU found</source>
        <translation>没有找到 AMD 显卡</translation>
    </message>
    <message>
        <source>a CPU-only build: it does not use the GPU</source>
        <translation>仅 CPU 版本：不使用显卡</translation>
    </message>
    <message>
        <source>a CUDA build: it cannot use an AMD GPU</source>
        <translation>CUDA 版本：无法使用 AMD 显卡</translation>
    </message>
    <message>
        <source>gpu</source>
        <translation>显卡</translation>
    </message>
    <message>
        <source>index</source>
        <translation>索引</translation>
    </message>
    <message>
        <source>override</source>
        <translation>覆盖</translation>
    </message>
    <message>
        <source>rocm</source>
        <translation>系统 ROCm</translation>
    </message>
    <message>
        <source>mirror</source>
        <translation>镜像</translation>
    </message>
    <message>
        <source>driver</source>
        <translation>驱动</translation>
    </message>
    <message>
        <source>no AMD GPU</source>
        <translation>没有 AMD 显卡</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>显卡</translation>
    </message>
    <message>
        <source>{gpu}: {status}</source>
        <translation>{gpu}：{status}</translation>
    </message>
    <message>
        <source>the newest on the index</source>
        <translation>索引上的最新版本</translation>
    </message>
    <message>
        <source>env</source>
        <translation>环境变量</translation>
    </message>
    <message>
        <source>cited</source>
        <translation>依据</translation>
    </message>
    <message>
        <source>AMD&apos;s list for ROCm {version}</source>
        <translation>AMD 的 ROCm {version} 支持列表</translation>
    </message>
    <message>
        <source>with: {variables}  (a profile keeps them: {command})</source>
        <translation>需要：{variables}（可以用配置保存它们：{command}）</translation>
    </message>
    <message>
        <source>Other ways</source>
        <translation>其他方式</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>warning: {message}</source>
        <translation>警告：{message}</translation>
    </message>
    <message>
        <source>(sources: {sources})</source>
        <translation>（来源：{sources}）</translation>
    </message>
    <message>
        <source>check</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>create</source>
        <translation>创建</translation>
    </message>
    <message>
        <source>prepare</source>
        <translation>准备</translation>
    </message>
    <message>
        <source>resolve</source>
        <translation>解析</translation>
    </message>
    <message>
        <source>download</source>
        <translation>下载</translation>
    </message>
    <message>
        <source>install</source>
        <translation>安装</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>downloading {package}</source>
        <translation>正在下载 {package}</translation>
    </message>
    <message>
        <source>{percent}% of {package} ({size})</source>
        <translation>{package} 已完成 {percent}%（{size}）</translation>
    </message>
    <message>
        <source>Installing torch {version} as asked: it is not a ROCm build and will not use the GPU.</source>
        <translation>按要求安装 torch {version}：这不是 ROCm 版本，不会使用显卡。</translation>
    </message>
    <message>
        <source>no AMD GPU was found here, so there is nothing to pick wheels for; pass --torch VERSION to install one anyway (rocmdesk torch recommend shows the newest)</source>
        <translation>这里没有找到 AMD 显卡，因此无法挑选 wheel；如仍要安装，请传入 --torch VERSION（rocmdesk torch recommend 会显示最新版本）</translation>
    </message>
    <message>
        <source>Install into {venv} (a new venv):</source>
        <translation>安装到 {venv}（新的虚拟环境）：</translation>
    </message>
    <message>
        <source>Install into {venv}:</source>
        <translation>安装到 {venv}：</translation>
    </message>
    <message>
        <source>disk: {message}</source>
        <translation>磁盘：{message}</translation>
    </message>
    <message>
        <source>log: {path}</source>
        <translation>日志：{path}</translation>
    </message>
    <message>
        <source>not asking without a terminal: pass --yes to install</source>
        <translation>没有终端，无法询问：请传入 --yes 进行安装</translation>
    </message>
    <message>
        <source>Proceed? [y/N] </source>
        <translation>是否继续？[y/N] </translation>
    </message>
    <message>
        <source>Nothing was installed.</source>
        <translation>没有安装任何内容。</translation>
    </message>
    <message>
        <source>cancelled; the venv may be half-installed: run the same command again to finish it</source>
        <translation>已取消；虚拟环境可能只安装了一半：再次运行同一命令即可完成安装</translation>
    </message>
    <message>
        <source>the install failed</source>
        <translation>安装失败</translation>
    </message>
    <message>
        <source>This GPU needs these variables when you use the venv:</source>
        <translation>使用这个虚拟环境时，这块显卡需要以下环境变量：</translation>
    </message>
    <message>
        <source>({command} keeps them in the venv)</source>
        <translation>（{command} 可以把它们保存在虚拟环境中）</translation>
    </message>
    <message>
        <source>Verify it: {command}</source>
        <translation>验证：{command}</translation>
    </message>
    <message>
        <source>verdict: {verdict} — {title}</source>
        <translation>结论：{verdict} —— {title}</translation>
    </message>
    <message>
        <source>{count} device(s)</source>
        <translation>{count} 个设备</translation>
    </message>
    <message>
        <source>GPU {index}: {name} ({gfx})</source>
        <translation>显卡 {index}：{name}（{gfx}）</translation>
    </message>
    <message>
        <source>arch list: {arch_list}</source>
        <translation>架构列表：{arch_list}</translation>
    </message>
    <message>
        <source>fix: {text}</source>
        <translation>修复：{text}</translation>
    </message>
    <message>
        <source>note: {note}</source>
        <translation>注意：{note}</translation>
    </message>
    <message>
        <source>{name}: not JSON ({error})</source>
        <translation>{name}：不是 JSON（{error}）</translation>
    </message>
    <message>
        <source>{name}: not a probe report (a JSON object)</source>
        <translation>{name}：不是探测报告（应为 JSON 对象）</translation>
    </message>
    <message>
        <source>--profile is not available yet in this build of rocmdesk; use --venv DIR</source>
        <translation>这个版本的 rocmdesk 还不支持 --profile；请使用 --venv DIR</translation>
    </message>
</context>
<context>
    <name>rocmdesk.torchenv.envvars_check</name>
    <message>
        <source>expects True or False (capitalised)</source>
        <translation>应为 True 或 False（首字母大写）</translation>
    </message>
    <message>
        <source>expects a whole number</source>
        <translation>应为整数</translation>
    </message>
    <message>
        <source>must be more than {limit}</source>
        <translation>必须大于 {limit}</translation>
    </message>
    <message>
        <source>must be at least {limit}</source>
        <translation>必须至少为 {limit}</translation>
    </message>
    <message>
        <source>must be a power of 2</source>
        <translation>必须是 2 的幂</translation>
    </message>
    <message>
        <source>expects a number between 0 and 1</source>
        <translation>应为 0 到 1 之间的数</translation>
    </message>
    <message>
        <source>must lie between 0 and 1 (both exclusive)</source>
        <translation>必须在 0 到 1 之间（不含两端）</translation>
    </message>
    <message>
        <source>must lie between 0 and 1</source>
        <translation>必须在 0 到 1 之间</translation>
    </message>
    <message>
        <source>a list of size:divisions pairs is written [256:1,512:2,&gt;:1]</source>
        <translation>size:divisions 对的列表写作 [256:1,512:2,&gt;:1]</translation>
    </message>
    <message>
        <source>{item} is not size:divisions (e.g. 256:4 or &gt;:1)</source>
        <translation>{item} 不是 size:divisions 形式（例如 256:4 或 &gt;:1）</translation>
    </message>
    <message>
        <source>divisions in {item} must be a power of 2</source>
        <translation>{item} 中的 divisions 必须是 2 的幂</translation>
    </message>
    <message>
        <source>expects native or cudaMallocAsync</source>
        <translation>应为 native 或 cudaMallocAsync</translation>
    </message>
    <message>
        <source>is empty (write key:value pairs, e.g. expandable_segments:True)</source>
        <translation>为空（请写 key:value 对，例如 expandable_segments:True）</translation>
    </message>
    <message>
        <source>{part} is not key:value (options are written key:value,key:value)</source>
        <translation>{part} 不是 key:value 形式（选项写作 key:value,key:value）</translation>
    </message>
    <message>
        <source>{part} has spaces around &apos;:&apos; or &apos;,&apos;</source>
        <translation>{part} 的 &apos;:&apos; 或 &apos;,&apos; 两侧有空格</translation>
    </message>
    <message>
        <source>{key} is not an allocator option PyTorch knows (known: {known})</source>
        <translation>{key} 不是 PyTorch 认识的显存分配器选项（已知选项：{known}）</translation>
    </message>
    <message>
        <source>{key}:{value}: {key} {problem}</source>
        <translation>{key}:{value}：{key} {problem}</translation>
    </message>
    <message>
        <source>is empty: older ROCm then reports gfx000 and newer ROCm ignores it; remove the variable instead</source>
        <translation>为空：旧版 ROCm 会因此报告 gfx000，新版 ROCm 会忽略它；请改为删除这个变量</translation>
    </message>
    <message>
        <source>{value} is not major.minor.stepping in decimal (e.g. 10.3.0 for gfx1030, 9.0.10 for gfx90a)</source>
        <translation>{value} 不是十进制的 major.minor.stepping 形式（例如 gfx1030 为 10.3.0，gfx90a 为 9.0.10）</translation>
    </message>
    <message>
        <source>{value} is out of range (libhsakmt takes major &lt;= 63, minor and stepping &lt;= 255)</source>
        <translation>{value} 超出范围（libhsakmt 要求 major &lt;= 63，minor 和 stepping &lt;= 255）</translation>
    </message>
    <message>
        <source>{value} ({gfx}) is not a gfx target rocmdesk knows; PyTorch has no kernels for it</source>
        <translation>{value}（{gfx}）不是 rocmdesk 认识的 gfx 目标；PyTorch 没有它的算子</translation>
    </message>
    <message>
        <source>{value} is not a gfx target rocmdesk knows; PyTorch has no kernels for it</source>
        <translation>{value} 不是 rocmdesk 认识的 gfx 目标；PyTorch 没有它的算子</translation>
    </message>
    <message>
        <source>{value}: write the list without spaces (e.g. 0,1)</source>
        <translation>{value}：列表中不要有空格（例如 0,1）</translation>
    </message>
    <message>
        <source>{item} is neither a device index (0, 1, ...) nor a UUID (GPU-...)</source>
        <translation>{item} 既不是设备序号（0、1、……）也不是 UUID（GPU-...）</translation>
    </message>
    <message>
        <source>{value} names a device twice</source>
        <translation>{value} 重复列出了同一个设备</translation>
    </message>
    <message>
        <source>{value} is not a whole number {low}-{high}</source>
        <translation>{value} 不是 {low}-{high} 之间的整数</translation>
    </message>
    <message>
        <source>{value} is not a whole number {low} or more</source>
        <translation>{value} 不是大于等于 {low} 的整数</translation>
    </message>
    <message>
        <source>{value} is not one of {options}</source>
        <translation>{value} 不是 {options} 之一</translation>
    </message>
    <message>
        <source>{key} is not a variable name (letters, digits and _, not starting with a digit)</source>
        <translation>{key} 不是合法的变量名（只能包含字母、数字和 _，且不能以数字开头）</translation>
    </message>
    <message>
        <source>{key} is managed by the venv or rocmdesk and cannot be set in a profile</source>
        <translation>{key} 由虚拟环境或 rocmdesk 管理，不能在配置中设置</translation>
    </message>
    <message>
        <source>contains a NUL character, which no environment can hold</source>
        <translation>包含 NUL 字符，任何环境变量都无法保存它</translation>
    </message>
    <message>
        <source>KFD node {node} is not a GPU on this machine (GPU nodes: {nodes})</source>
        <translation>KFD 节点 {node} 不是这台机器上的显卡（显卡节点：{nodes}）</translation>
    </message>
    <message>
        <source>device {item} does not exist here (1 GPU, numbered from 0)</source>
        <translation>设备 {item} 在这里不存在（共 1 块显卡，从 0 开始编号）</translation>
    </message>
    <message>
        <source>device {item} does not exist here ({count} GPUs, numbered from 0)</source>
        <translation>设备 {item} 在这里不存在（共 {count} 块显卡，从 0 开始编号）</translation>
    </message>
    <message>
        <source>set together with ROCR_VISIBLE_DEVICES: {var} counts only the GPUs that ROCR_VISIBLE_DEVICES leaves visible (ROCR_VISIBLE_DEVICES=1 {var}=1 hides every GPU); set only ROCR_VISIBLE_DEVICES</source>
        <translation>与 ROCR_VISIBLE_DEVICES 同时设置：{var} 只在 ROCR_VISIBLE_DEVICES 留下的显卡中编号（ROCR_VISIBLE_DEVICES=1 {var}=1 会隐藏所有显卡）；请只设置 ROCR_VISIBLE_DEVICES</translation>
    </message>
    <message>
        <source>hides every GPU: PyTorch will see no device</source>
        <translation>隐藏了所有显卡：PyTorch 将看不到任何设备</translation>
    </message>
    <message>
        <source>{value} is above 4, the default and recommended maximum</source>
        <translation>{value} 大于 4，而 4 是默认值，也是推荐的最大值</translation>
    </message>
    <message>
        <source>KFD node 0 is usually the CPU; the first GPU is usually _1</source>
        <translation>KFD 节点 0 通常是 CPU；第一块显卡通常是 _1</translation>
    </message>
</context>
<context>
    <name>rocmdesk.torchenv.exports</name>
    <message>
        <source>profile {name}: the {field} path contains a NUL character</source>
        <translation>配置 {name}：{field} 路径包含 NUL 字符</translation>
    </message>
    <message>
        <source>the project folder&apos;s path contains {chars}: direnv 2.32 cannot load an .envrc from such a folder (tested: `&quot;`, `$` and `\` break it); `rocmdesk shell` and `rocmdesk run` work there</source>
        <translation>项目文件夹的路径包含 {chars}：direnv 2.32 无法从这样的文件夹加载 .envrc（已测试：`&quot;`、`$` 和 `\` 都会出错）；`rocmdesk shell` 和 `rocmdesk run` 在那里可以正常使用</translation>
    </message>
    <message>
        <source>{key}&apos;s value contains ${{...}}, which python-dotenv expands (it has no escape for it); tools that read .env without expansion (docker compose, interpolate=False) keep it as written</source>
        <translation>{key} 的值包含 ${{...}}，python-dotenv 会展开它（且无法转义）；不展开变量读取 .env 的工具（docker compose、interpolate=False）会保留原样</translation>
    </message>
    <message>
        <source>{key}&apos;s value ends with a backslash, which python-dotenv cannot read back from a quoted value</source>
        <translation>{key} 的值以反斜杠结尾，python-dotenv 无法从带引号的值中正确读回</translation>
    </message>
    <message>
        <source>unknown export format {format} (formats: {formats})</source>
        <translation>未知的导出格式 {format}（可用格式：{formats}）</translation>
    </message>
    <message>
        <source>ipykernel is not installed in {venv}; install it with `{command}` and export again</source>
        <translation>{venv} 中没有安装 ipykernel；请用 `{command}` 安装后再导出</translation>
    </message>
    <message>
        <source>{path} exists and was not written by rocmdesk; use --force to replace it</source>
        <translation>{path} 已存在，且不是 rocmdesk 写入的；要替换它请使用 --force</translation>
    </message>
</context>
<context>
    <name>rocmdesk.torchenv.hooks</name>
    <message>
        <source>{key} is not a variable name (ASCII letters, digits and _, not starting with a digit)</source>
        <translation>{key} 不是合法的变量名（只能用 ASCII 字母、数字和 _，且不能以数字开头）</translation>
    </message>
    <message>
        <source>{key}&apos;s value is not text</source>
        <translation>{key} 的值不是文本</translation>
    </message>
    <message>
        <source>{key}&apos;s value contains a NUL character, which no environment can hold</source>
        <translation>{key} 的值包含 NUL 字符，任何环境都无法保存它</translation>
    </message>
    <message>
        <source>{key}&apos;s value contains a lone surrogate, which cannot be written to a file</source>
        <translation>{key} 的值包含孤立的代理字符（lone surrogate），无法写入文件</translation>
    </message>
    <message>
        <source>{name} is not a usable profile name: use 1-64 ASCII letters, digits, &apos;.&apos;, &apos;_&apos; or &apos;-&apos;, starting with a letter or digit</source>
        <translation>{name} 不能用作配置名称：请使用 1-64 个 ASCII 字母、数字、&apos;.&apos;、&apos;_&apos; 或 &apos;-&apos;，并以字母或数字开头</translation>
    </message>
    <message>
        <source>profile {name}: {problem}</source>
        <translation>配置 {name}：{problem}</translation>
    </message>
    <message>
        <source>contains a line break, which csh cannot keep through activate and deactivate</source>
        <translation>包含换行符，csh 无法在 activate 和 deactivate 之间保留它</translation>
    </message>
    <message>
        <source>value {value} {problem}</source>
        <translation>值 {value} {problem}</translation>
    </message>
    <message>
        <source>{key}&apos;s value {problem}</source>
        <translation>{key} 的值{problem}</translation>
    </message>
    <message>
        <source>activate.csh has no one-line `alias deactivate &apos;...&apos;` that rocmdesk can wrap</source>
        <translation>activate.csh 中没有 rocmdesk 可以包装的单行 `alias deactivate &apos;...&apos;`</translation>
    </message>
    <message>
        <source>line {line}: a start marker inside the block that starts on line {start}</source>
        <translation>第 {line} 行：在从第 {start} 行开始的块内部又出现了开始标记</translation>
    </message>
    <message>
        <source>line {line}: an end marker without its start marker</source>
        <translation>第 {line} 行：结束标记没有对应的开始标记</translation>
    </message>
    <message>
        <source>line {line}: a line that looks like a rocmdesk marker but is not one that rocmdesk writes</source>
        <translation>第 {line} 行：这一行看起来像 rocmdesk 的标记，但不是 rocmdesk 写入的标记</translation>
    </message>
    <message>
        <source>line {line}: a rocmdesk block has its start marker but not its end marker</source>
        <translation>第 {line} 行：rocmdesk 块有开始标记但没有结束标记</translation>
    </message>
    <message>
        <source>lines {first}-{last}: a block without its matching checksum (written by an older rocmdesk, or changed by hand) is only taken out when it is the file&apos;s only block</source>
        <translation>第 {first}-{last} 行：没有匹配校验和的块（由旧版 rocmdesk 写入，或被手动修改过）只有在它是文件中唯一的块时才会被移除</translation>
    </message>
    <message>
        <source>cannot tell which lines rocmdesk wrote, so the file was left as it is: {problems}. Take the block out by hand, or write the venv&apos;s scripts afresh with {command} (the installed packages stay)</source>
        <translation>无法判断哪些行是 rocmdesk 写入的，因此文件保持原样：{problems}。请手动移除该块，或用 {command} 重新生成虚拟环境的脚本（已安装的软件包会保留）</translation>
    </message>
    <message>
        <source>{venv} is not a venv (it has no bin/ folder)</source>
        <translation>{venv} 不是虚拟环境（没有 bin/ 文件夹）</translation>
    </message>
    <message>
        <source>replaced the block of profile {names}</source>
        <translation>替换了配置 {names} 的块</translation>
    </message>
    <message>
        <source>left the block of profile {names}</source>
        <translation>保留了配置 {names} 的块</translation>
    </message>
</context>
<context>
    <name>rocmdesk.torchenv.install</name>
    <message>
        <source>downloading {file}</source>
        <translation>正在下载 {file}</translation>
    </message>
    <message>
        <source>downloading a file</source>
        <translation>正在下载一个文件</translation>
    </message>
    <message>
        <source>collecting {package}</source>
        <translation>正在收集 {package}</translation>
    </message>
    <message>
        <source>using cached {file}</source>
        <translation>使用缓存的 {file}</translation>
    </message>
    <message>
        <source>using local {file}</source>
        <translation>使用本地的 {file}</translation>
    </message>
    <message>
        <source>already satisfied: {package}</source>
        <translation>已满足：{package}</translation>
    </message>
    <message>
        <source>installing {packages}</source>
        <translation>正在安装 {packages}</translation>
    </message>
    <message>
        <source>installed {packages}</source>
        <translation>已安装 {packages}</translation>
    </message>
    <message>
        <source>nothing to install</source>
        <translation>没有要安装的内容</translation>
    </message>
    <message>
        <source>{requirement} is not a pip requirement: {error}</source>
        <translation>{requirement} 不是有效的 pip 依赖项：{error}</translation>
    </message>
    <message>
        <source>{requirement} has no exact version: from PyPI or a mirror of it that would be a CUDA build of several GB. Pin it (torch==2.13.0+rocm7.2) or use a ROCm-only index.</source>
        <translation>{requirement} 没有指定确切版本：从 PyPI 或其镜像安装，得到的会是好几 GB 的 CUDA 版本。请固定版本（torch==2.13.0+rocm7.2），或使用只含 ROCm 版本的索引。</translation>
    </message>
    <message>
        <source>{requirement} is not pinned: pip takes the newest torch from {url}; make sure your pip configuration adds no extra index with CUDA builds.</source>
        <translation>{requirement} 没有固定版本：pip 会从 {url} 取最新的 torch；请确认您的 pip 配置没有添加提供 CUDA 版本的额外索引。</translation>
    </message>
    <message>
        <source>--uv: uv is not on PATH</source>
        <translation>--uv：PATH 中找不到 uv</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>cancelled (the venv may be half-installed; running the install again finishes it)</source>
        <translation>已取消（虚拟环境可能只装了一半；再次运行安装即可完成）</translation>
    </message>
    <message>
        <source>done in {seconds} s, nothing downloaded</source>
        <translation>完成，用时 {seconds} 秒，没有下载任何内容</translation>
    </message>
    <message>
        <source>done in {seconds} s, {size} downloaded</source>
        <translation>完成，用时 {seconds} 秒，下载了 {size}</translation>
    </message>
    <message>
        <source>creating the venv {venv}</source>
        <translation>正在创建虚拟环境 {venv}</translation>
    </message>
    <message>
        <source>creating the venv failed: {output} (Debian/Ubuntu: `sudo apt install python3-venv`, or install uv)</source>
        <translation>创建虚拟环境失败：{output}（Debian/Ubuntu：`sudo apt install python3-venv`，或安装 uv）</translation>
    </message>
    <message>
        <source>creating the venv failed: {output}</source>
        <translation>创建虚拟环境失败：{output}</translation>
    </message>
    <message>
        <source>checking the venv&apos;s pip</source>
        <translation>正在检查虚拟环境中的 pip</translation>
    </message>
    <message>
        <source>the venv has no pip and ensurepip failed: {output}</source>
        <translation>虚拟环境中没有 pip，且 ensurepip 失败：{output}</translation>
    </message>
    <message>
        <source>upgrading the venv&apos;s pip (&gt;= {version} reports download progress)</source>
        <translation>正在升级虚拟环境中的 pip（&gt;= {version} 才会报告下载进度）</translation>
    </message>
    <message>
        <source>pip is resolving {requirements}</source>
        <translation>pip 正在解析 {requirements}</translation>
    </message>
    <message>
        <source>{cause} (pip: {line})</source>
        <translation>{cause}（pip：{line}）</translation>
    </message>
    <message>
        <source>pip failed: {error} (the whole output is in {log})</source>
        <translation>pip 失败：{error}（完整输出见 {log}）</translation>
    </message>
    <message>
        <source>no output</source>
        <translation>没有输出</translation>
    </message>
</context>
<context>
    <name>rocmdesk.torchenv.pip_failure</name>
    <message>
        <source>The disk ran full while pip was installing.</source>
        <translation>pip 安装时磁盘已满。</translation>
    </message>
    <message>
        <source>Free space on the disk that holds the venv (a ROCm PyTorch needs about 15 GB while installing), then press Install again.</source>
        <translation>请在存放该虚拟环境的磁盘上腾出空间（ROCm 版 PyTorch 安装时约需 15 GB），然后再次点击“安装”。</translation>
    </message>
    <message>
        <source>pip could not check the wheel index&apos;s certificate.</source>
        <translation>pip 无法校验 wheel 索引的证书。</translation>
    </message>
    <message>
        <source>A proxy that inspects HTTPS or an old certificate store is usual. Choose a mirror you trust in Index or mirror, or ask your network&apos;s administrator for its certificate.</source>
        <translation>常见原因是会检查 HTTPS 流量的代理，或过旧的证书库。请在“索引或镜像”中选择一个你信任的镜像，或向网络管理员索取其证书。</translation>
    </message>
    <message>
        <source>pip could not look up the wheel index&apos;s address (no DNS answer): this computer may be offline, or the index blocked on this network.</source>
        <translation>pip 无法解析 wheel 索引的地址（DNS 无应答）：这台电脑可能未联网，或该索引在此网络中被屏蔽。</translation>
    </message>
    <message>
        <source>pip could not reach the wheel index (the connection was refused or timed out): this computer may be offline, or the index blocked on this network.</source>
        <translation>pip 无法连接 wheel 索引（连接被拒绝或超时）：这台电脑可能未联网，或该索引在此网络中被屏蔽。</translation>
    </message>
    <message>
        <source>Check the network, or put a mirror you can reach into Index or mirror (in China, for example, a university&apos;s PyTorch mirror), then press Install again. Behind a proxy, set https_proxy before starting rocmdesk.</source>
        <translation>请检查网络，或在“索引或镜像”中填入一个可以访问的镜像（例如在中国可用高校的 PyTorch 镜像），然后再次点击“安装”。如需通过代理上网，请在启动 rocmdesk 之前设置 https_proxy。</translation>
    </message>
    <message>
        <source>A download did not match its published hash.</source>
        <translation>下载的文件与公布的哈希值不符。</translation>
    </message>
    <message>
        <source>The mirror or pip&apos;s cache holds a broken file. Press Install again; if it fails the same way, choose another mirror in Index or mirror.</source>
        <translation>镜像或 pip 缓存中有损坏的文件。请再次点击“安装”；如果仍以同样方式失败，请在“索引或镜像”中换一个镜像。</translation>
    </message>
    <message>
        <source>The wheel index has no build of that version for this Python.</source>
        <translation>该 wheel 索引没有适用于此 Python 的这个版本。</translation>
    </message>
    <message>
        <source>Choose another version in the list (or another Python for the venv): each index carries its own versions.</source>
        <translation>请在列表中选择其他版本（或为虚拟环境换一个 Python）：每个索引提供的版本各不相同。</translation>
    </message>
    <message>
        <source>pip found requirements that cannot all be met (conflicting dependencies).</source>
        <translation>pip 发现有无法同时满足的依赖要求（依赖冲突）。</translation>
    </message>
    <message>
        <source>Install into a new, empty venv, or choose the version the recommendation names.</source>
        <translation>请安装到一个新的空虚拟环境中，或选择推荐中给出的版本。</translation>
    </message>
    <message>
        <source>pip could not get through the proxy to the wheel index.</source>
        <translation>pip 无法通过代理访问 wheel 索引。</translation>
    </message>
    <message>
        <source>Check the proxy&apos;s address (https_proxy) and whether it needs a password, or choose a mirror you can reach without it in Index or mirror.</source>
        <translation>请检查代理地址（https_proxy）以及是否需要密码，或在“索引或镜像”中选择一个不经代理即可访问的镜像。</translation>
    </message>
</context>
<context>
    <name>rocmdesk.torchenv.presets</name>
    <message>
        <source>keeps the integrated {igpus} out of the ROCm runtime so that PyTorch uses only the {gpus} (device 0 is then the discrete GPU; an iGPU beside a dGPU is a common cause of crashes and wrong devices)</source>
        <translation>把集成显卡 {igpus} 排除在 ROCm 运行时之外，让 PyTorch 只使用 {gpus}（这样 0 号设备就是独立显卡；集成显卡与独立显卡并存是崩溃和设备选错的常见原因）</translation>
    </message>
    <message>
        <source>the {gpus} ({gfx}) has no kernels in the PyTorch wheels; {value} makes ROCm load the kernels of a compatible target</source>
        <translation>PyTorch wheel 中没有 {gpus}（{gfx}）的算子；{value} 让 ROCm 加载一个兼容目标的算子</translation>
    </message>
    <message>
        <source>only the {gpu} ({gfx}, KFD node {node}) needs the override; the per-GPU form leaves the other GPUs as they are</source>
        <translation>只有 {gpu}（{gfx}，KFD 节点 {node}）需要覆盖；按显卡设置的形式不会影响其他显卡</translation>
    </message>
    <message>
        <source>less fragmentation when tensor sizes change; torch {version} reads {names}</source>
        <translation>张量大小变化时碎片更少；torch {version} 读取 {names}</translation>
    </message>
    <message>
        <source>less fragmentation when tensor sizes change; the supported torch versions read {names}</source>
        <translation>张量大小变化时碎片更少；受支持的 torch 版本读取 {names}</translation>
    </message>
</context>
<context>
    <name>rocmdesk.torchenv.profile_store</name>
    <message>
        <source>{path}: {detail}; the previous version is kept in {backup}; rocmdesk will not overwrite this file until it is fixed or removed</source>
        <translation>{path}：{detail}；上一个版本保存在 {backup}；在修复或删除此文件之前，rocmdesk 不会覆盖它</translation>
    </message>
    <message>
        <source>{path}: {detail}; rocmdesk will not overwrite this file until it is fixed or removed</source>
        <translation>{path}：{detail}；在修复或删除此文件之前，rocmdesk 不会覆盖它</translation>
    </message>
    <message>
        <source>not valid TOML: {error}</source>
        <translation>不是有效的 TOML：{error}</translation>
    </message>
    <message>
        <source>not valid TOML at line {line} (the end of the file): {error}</source>
        <translation>第 {line} 行（文件末尾）不是有效的 TOML：{error}</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>暂无</translation>
    </message>
    <message>
        <source>no profile called {name} (profiles: {known})</source>
        <translation>没有名为 {name} 的配置（现有配置：{known}）</translation>
    </message>
    <message>
        <source>cannot read it ({error})</source>
        <translation>无法读取（{error}）</translation>
    </message>
    <message>
        <source>not UTF-8 text (line {line})</source>
        <translation>不是 UTF-8 文本（第 {line} 行）</translation>
    </message>
    <message>
        <source>not a rocmdesk profile: {error}</source>
        <translation>不是 rocmdesk 配置：{error}</translation>
    </message>
    <message>
        <source>profile {name} not saved: {problem}</source>
        <translation>配置 {name} 未保存：{problem}</translation>
    </message>
    <message>
        <source>a profile called {name} exists already ({path})</source>
        <translation>名为 {name} 的配置已存在（{path}）</translation>
    </message>
    <message>
        <source>no profile called {name}</source>
        <translation>没有名为 {name} 的配置</translation>
    </message>
</context>
<context>
    <name>rocmdesk.torchenv.profiles</name>
    <message>
        <source>{name} is not a usable profile name: use 1-64 ASCII letters, digits, &apos;.&apos;, &apos;_&apos; or &apos;-&apos;, starting with a letter or digit</source>
        <translation>{name} 不能用作配置名称：请使用 1-64 个 ASCII 字母、数字、&apos;.&apos;、&apos;_&apos; 或 &apos;-&apos;，并以字母或数字开头</translation>
    </message>
    <message>
        <source>format {format} is newer than this rocmdesk understands (it writes {ours})</source>
        <translation>格式 {format} 比这个版本的 rocmdesk 能理解的更新（它写入的是 {ours}）</translation>
    </message>
    <message>
        <source>{key} is missing or not a string</source>
        <translation>{key} 缺失或不是字符串</translation>
    </message>
    <message>
        <source>&apos;env&apos; is not a table</source>
        <translation>&apos;env&apos; 不是表</translation>
    </message>
    <message>
        <source>env.{key} is not a string (write it in quotes)</source>
        <translation>env.{key} 不是字符串（请加上引号）</translation>
    </message>
    <message>
        <source>contains bytes that are not UTF-8 text; profile files are UTF-8</source>
        <translation>包含不是 UTF-8 文本的字节；配置文件使用 UTF-8</translation>
    </message>
    <message>
        <source>{key} is not a variable name (ASCII letters, digits and _, not starting with a digit)</source>
        <translation>{key} 不是合法的变量名（只能用 ASCII 字母、数字和 _，且不能以数字开头）</translation>
    </message>
    <message>
        <source>env.{key} contains a NUL character, which no environment can hold</source>
        <translation>env.{key} 包含 NUL 字符，任何环境都无法保存它</translation>
    </message>
    <message>
        <source>env.{key} {problem}</source>
        <translation>env.{key} {problem}</translation>
    </message>
    <message>
        <source>{key} contains a line break or another control character: {value}</source>
        <translation>{key} 包含换行符或其他控制字符：{value}</translation>
    </message>
    <message>
        <source>{key} {problem}</source>
        <translation>{key} {problem}</translation>
    </message>
    <message>
        <source>{key} is longer than any path can be ({limit} bytes)</source>
        <translation>{key} 超过了路径可能的最大长度（{limit} 字节）</translation>
    </message>
    <message>
        <source>&apos;notes&apos; is not a string</source>
        <translation>&apos;notes&apos; 不是字符串</translation>
    </message>
    <message>
        <source>in [env]: {problem}; no export or hook uses this profile until it is fixed</source>
        <translation>[env] 中：{problem}；修复之前，任何导出或钩子都不会使用这个配置</translation>
    </message>
    <message>
        <source>&apos;hooks&apos; is not true or false</source>
        <translation>&apos;hooks&apos; 不是 true 或 false</translation>
    </message>
    <message>
        <source>{key} is not a date-time</source>
        <translation>{key} 不是日期时间</translation>
    </message>
    <message>
        <source>the venv path contains {chars}: the activate scripts that Python&apos;s venv writes do not quote it, so `source bin/activate` may set VIRTUAL_ENV wrong; `rocmdesk run` and `rocmdesk shell` are not affected</source>
        <translation>虚拟环境路径包含 {chars}：Python 的 venv 写入的 activate 脚本没有给路径加引号，所以 `source bin/activate` 可能会把 VIRTUAL_ENV 设错；`rocmdesk run` 和 `rocmdesk shell` 不受影响</translation>
    </message>
</context>
<context>
    <name>rocmdesk.torchenv.recommend</name>
    <message>
        <source>torch {version} is not a ROCm build (the local label must be +rocmX.Y)</source>
        <translation>torch {version} 不是 ROCm 版本（本地版本标签必须是 +rocmX.Y）</translation>
    </message>
    <message>
        <source>torch {version} is not in rocmdesk&apos;s wheel data; known versions: {known}</source>
        <translation>rocmdesk 的 wheel 数据中没有 torch {version}；已知版本：{known}</translation>
    </message>
    <message>
        <source>No GPU&apos;s gfx target could be read, so nothing narrows the choice: this is the newest stable wheel.</source>
        <translation>无法读取任何显卡的 gfx 目标，所以没有什么能缩小选择范围：这是最新的稳定版 wheel。</translation>
    </message>
    <message>
        <source>No AMD GPU was found on this machine; this is the newest stable wheel, for a machine that has one.</source>
        <translation>这台机器上没有找到 AMD 显卡；这是最新的稳定版 wheel，供有显卡的机器使用。</translation>
    </message>
    <message>
        <source>The {gpu} decides: it is the only AMD GPU.</source>
        <translation>由 {gpu} 决定：它是唯一的 AMD 显卡。</translation>
    </message>
    <message>
        <source>The {gpu} decides: it is the only GPU used.</source>
        <translation>由 {gpu} 决定：它是唯一被使用的显卡。</translation>
    </message>
    <message>
        <source>All {count} GPUs are {gfx}, so any one of them decides.</source>
        <translation>{count} 块显卡都是 {gfx}，所以任何一块都可以决定。</translation>
    </message>
    <message>
        <source>The {gpu} decides: the wheel must serve all {count} GPUs ({gfx}), and it is the hardest to serve.</source>
        <translation>由 {gpu} 决定：wheel 必须支持全部 {count} 块显卡（{gfx}），而它是最难支持的一块。</translation>
    </message>
    <message>
        <source>GPU {index} ({name}): its gfx target is unknown, so it was not judged.</source>
        <translation>显卡 {index}（{name}）：gfx 目标未知，因此没有参与判断。</translation>
    </message>
    <message>
        <source>unnamed</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>Per-GPU overrides ({var}_&lt;KFD node&gt;): the GPUs that need one are {gpus}; a global {var} would break the GPUs that run natively.</source>
        <translation>按显卡分别设置覆盖（{var}_&lt;KFD node&gt;）：需要覆盖的显卡是 {gpus}；全局的 {var} 会破坏原生运行的显卡。</translation>
    </message>
    <message>
        <source>The integrated GPU {names} sits beside the discrete one; the ROCm runtime enumerates it too and can crash or pick it as device 0. Set ROCR_VISIBLE_DEVICES={visible}: it keeps the iGPU out of the ROCm runtime itself (HIP_VISIBLE_DEVICES acts only after the runtime has opened it, and a HIP mask on top of the ROCr one renumbers the GPUs, so set only ROCR_VISIBLE_DEVICES), or disable the iGPU in the firmware setup.</source>
        <translation>集成显卡 {names} 与独立显卡并存；ROCm 运行时也会枚举它，可能崩溃或把它当作 0 号设备。请设置 ROCR_VISIBLE_DEVICES={visible}：它把集成显卡挡在 ROCm 运行时之外（HIP_VISIBLE_DEVICES 要等运行时打开显卡后才起作用，而在 ROCr 掩码之上再加 HIP 掩码会重新给显卡编号，所以只设置 ROCR_VISIBLE_DEVICES），或在固件设置中禁用集成显卡。</translation>
    </message>
    <message>
        <source>torch {version} serves the {gpu} only at risk or not at all; AMD&apos;s own wheels for {family} build for it natively: {url}</source>
        <translation>torch {version} 对 {gpu} 的支持有风险或根本不支持；AMD 为 {family} 提供的 wheel 原生支持它：{url}</translation>
    </message>
    <message>
        <source>PyTorch&apos;s own wheels serve {gfx} only at risk or not at all ({reason}), so the newest torch from AMD&apos;s index is used.</source>
        <translation>PyTorch 官方 wheel 对 {gfx} 的支持有风险或根本不支持（{reason}），因此使用 AMD 索引中最新的 torch。</translation>
    </message>
    <message>
        <source>AMD&apos;s {family} index builds torch natively for {gfx} and holds only ROCm builds, so pip takes its newest torch there.</source>
        <translation>AMD 的 {family} 索引原生为 {gfx} 构建 torch，且只包含 ROCm 版本，所以 pip 会从那里取最新的 torch。</translation>
    </message>
    <message>
        <source>AMD&apos;s index has no fixed torch version in rocmdesk&apos;s data: pip installs its newest; make sure no extra index in your pip configuration offers a CUDA build of torch.</source>
        <translation>rocmdesk 的数据中没有 AMD 索引的固定 torch 版本：pip 会安装其最新版本；请确认您的 pip 配置中没有额外索引提供 CUDA 版本的 torch。</translation>
    </message>
    <message>
        <source>no GPU to judge it by</source>
        <translation>没有可用来判断的显卡</translation>
    </message>
    <message>
        <source>You asked for torch {version}; {reason}.</source>
        <translation>您要求的是 torch {version}；{reason}。</translation>
    </message>
    <message>
        <source>torch {version} is the newest stable release in rocmdesk&apos;s data.</source>
        <translation>torch {version} 是 rocmdesk 数据中最新的稳定版。</translation>
    </message>
    <message>
        <source>PyTorch&apos;s {tag} index serves torch {version} built for ROCm {rocm}; --index-url (not --extra-index-url) keeps PyPI&apos;s CUDA build out.</source>
        <translation>PyTorch 的 {tag} 索引提供为 ROCm {rocm} 构建的 torch {version}；用 --index-url（而不是 --extra-index-url）可以避开 PyPI 上的 CUDA 版本。</translation>
    </message>
    <message>
        <source>No override: AMD&apos;s per-family wheels carry the GPU&apos;s own code objects.</source>
        <translation>无需覆盖：AMD 按显卡系列提供的 wheel 自带该显卡的代码对象。</translation>
    </message>
    <message>
        <source>No override: there is no GPU to set one for.</source>
        <translation>无需覆盖：没有需要设置覆盖的显卡。</translation>
    </message>
    <message>
        <source>No override: the wheels carry {gfx} natively.</source>
        <translation>无需覆盖：这些 wheel 原生包含 {gfx}。</translation>
    </message>
    <message>
        <source>{var}={value}: the wheels lack {gfx} but carry {target}, whose code runs on it.</source>
        <translation>{var}={value}：这些 wheel 没有 {gfx}，但有 {target}，其代码可以在这块显卡上运行。</translation>
    </message>
    <message>
        <source>GPU {index} needs {var}={value}, but its KFD node is unknown, so the per-GPU form can&apos;t be written; set it by hand.</source>
        <translation>显卡 {index} 需要 {var}={value}，但它的 KFD 节点未知，无法写出按显卡设置的形式；请手动设置。</translation>
    </message>
    <message>
        <source>its own ROCm {rocm} user space</source>
        <translation>自己的 ROCm {rocm} 用户态</translation>
    </message>
    <message>
        <source>its ROCm user space as pip packages</source>
        <translation>以 pip 软件包形式提供的 ROCm 用户态</translation>
    </message>
    <message>
        <source>The wheel brings {own}; torch does not use the system&apos;s ROCm {system} — only the amdgpu kernel driver and /dev/kfd — but it matches, so extensions you build against /opt/rocm fit the wheel.</source>
        <translation>wheel 带有{own}；torch 不使用系统中的 ROCm {system}（只用 amdgpu 内核驱动和 /dev/kfd），不过两者版本一致，所以您针对 /opt/rocm 构建的扩展与 wheel 匹配。</translation>
    </message>
    <message>
        <source>The wheel brings {own}; torch does not use the system&apos;s ROCm {system} — only the amdgpu kernel driver and /dev/kfd — but extensions you build against /opt/rocm (flash-attn, bitsandbytes) may clash with the wheel&apos;s copy in one process.</source>
        <translation>wheel 带有{own}；torch 不使用系统中的 ROCm {system}（只用 amdgpu 内核驱动和 /dev/kfd），但您针对 /opt/rocm 构建的扩展（flash-attn、bitsandbytes）在同一进程中可能与 wheel 自带的那份冲突。</translation>
    </message>
    <message>
        <source>The wheel brings {own}: no system ROCm install is needed, only the amdgpu kernel driver and access to /dev/kfd.</source>
        <translation>wheel 带有{own}：不需要在系统中安装 ROCm，只需要 amdgpu 内核驱动和 /dev/kfd 的访问权限。</translation>
    </message>
    <message>
        <source>{reason}; if torch {torch} crashes, torch {safer} is the fallback (--torch {safer}).</source>
        <translation>{reason}；如果 torch {torch} 崩溃，可退回 torch {safer}（--torch {safer}）。</translation>
    </message>
    <message>
        <source>You chose {url}; it must serve the same wheels as {original} (a mirror of it), or pip finds no matching torch.</source>
        <translation>您选择了 {url}；它必须提供与 {original} 相同的 wheel（即它的镜像），否则 pip 找不到匹配的 torch。</translation>
    </message>
    <message>
        <source>Your pip index settings (PIP_INDEX_URL / PIP_EXTRA_INDEX_URL) stay in play as extra indexes for torch&apos;s dependencies; the exact +{tag} pins keep their CUDA torch out.</source>
        <translation>您的 pip 索引设置（PIP_INDEX_URL / PIP_EXTRA_INDEX_URL）仍作为额外索引，用于 torch 的依赖；精确的 +{tag} 版本固定可以挡住其中的 CUDA 版 torch。</translation>
    </message>
    <message>
        <source>PIP_INDEX_URL / PIP_EXTRA_INDEX_URL are not added to this command: without an exact torch version a CUDA build from them could win.</source>
        <translation>PIP_INDEX_URL / PIP_EXTRA_INDEX_URL 没有加入这条命令：没有确切的 torch 版本时，其中的 CUDA 版本可能会被选中。</translation>
    </message>
    <message>
        <source>torch {version} is the newest stable release that serves it natively: {reason}.</source>
        <translation>torch {version} 是原生支持它的最新稳定版：{reason}。</translation>
    </message>
    <message>
        <source>torch {version} ({tag}) is the newest release that serves it natively: {reason}.</source>
        <translation>torch {version}（{tag}）是原生支持它的最新版本：{reason}。</translation>
    </message>
    <message>
        <source>torch {version} is the newest stable release that runs it (with an override): {reason}.</source>
        <translation>torch {version} 是能运行它（需要覆盖）的最新稳定版：{reason}。</translation>
    </message>
    <message>
        <source>torch {version} ({tag}) is the newest release that runs it (with an override): {reason}.</source>
        <translation>torch {version}（{tag}）是能运行它（需要覆盖）的最新版本：{reason}。</translation>
    </message>
    <message>
        <source>torch {version} is the newest stable release that runs it at all, and only at risk: {reason}.</source>
        <translation>torch {version} 是勉强能运行它的最新稳定版，而且有风险：{reason}。</translation>
    </message>
    <message>
        <source>torch {version} ({tag}) is the newest release that runs it at all, and only at risk: {reason}.</source>
        <translation>torch {version}（{tag}）是勉强能运行它的最新版本，而且有风险：{reason}。</translation>
    </message>
    <message>
        <source>torch {version} is the newest stable release in the data, but none serve it: {reason}.</source>
        <translation>torch {version} 是数据中最新的稳定版，但没有任何版本支持它：{reason}。</translation>
    </message>
    <message>
        <source>torch {version} ({tag}) is the newest release in the data, but none serve it: {reason}.</source>
        <translation>torch {version}（{tag}）是数据中最新的版本，但没有任何版本支持它：{reason}。</translation>
    </message>
    <message>
        <source>torch {version} is the newest stable release: {reason}.</source>
        <translation>torch {version} 是最新的稳定版：{reason}。</translation>
    </message>
    <message>
        <source>torch {version} ({tag}) is the newest release: {reason}.</source>
        <translation>torch {version}（{tag}）是最新的版本：{reason}。</translation>
    </message>
</context>
<context>
    <name>rocmdesk.torchenv.venv</name>
    <message>
        <source>could not measure the free space at {path}</source>
        <translation>无法测量 {path} 的可用空间</translation>
    </message>
    <message>
        <source>{free} GiB free at {path} ({need} GiB needed)</source>
        <translation>{path} 有 {free} GiB 可用空间（需要 {need} GiB）</translation>
    </message>
    <message>
        <source>only {free} GiB free at {path}, and a torch install needs about {need} GiB there (download, pip&apos;s cache and the unpacked wheel); free some space or pass --min-free to lower the limit</source>
        <translation>{path} 只有 {free} GiB 可用空间，而安装 torch 在那里大约需要 {need} GiB（下载、pip 缓存和解压后的 wheel）；请腾出空间，或用 --min-free 降低这个限制</translation>
    </message>
</context>
<context>
    <name>rocmdesk.torchenv.verify</name>
    <message>
        <source>PyTorch runs on the GPU</source>
        <translation>PyTorch 可以在显卡上运行</translation>
    </message>
    <message>
        <source>a CPU-only build of torch</source>
        <translation>只支持 CPU 的 torch 版本</translation>
    </message>
    <message>
        <source>a CUDA build of torch on an AMD GPU</source>
        <translation>AMD 显卡上装的是 CUDA 版 torch</translation>
    </message>
    <message>
        <source>the wheel&apos;s ROCm does not fit this system</source>
        <translation>wheel 的 ROCm 与这个系统不匹配</translation>
    </message>
    <message>
        <source>the wheel has no GPU code for this GPU</source>
        <translation>wheel 中没有这块显卡的代码</translation>
    </message>
    <message>
        <source>the GPU needs HSA_OVERRIDE_GFX_VERSION</source>
        <translation>这块显卡需要 HSA_OVERRIDE_GFX_VERSION</translation>
    </message>
    <message>
        <source>HSA_OVERRIDE_GFX_VERSION is set but not needed</source>
        <translation>设置了 HSA_OVERRIDE_GFX_VERSION，但并不需要</translation>
    </message>
    <message>
        <source>torch sees no GPU</source>
        <translation>torch 看不到显卡</translation>
    </message>
    <message>
        <source>torch is not installed in this environment</source>
        <translation>此环境中没有安装 torch</translation>
    </message>
    <message>
        <source>the environment does not run</source>
        <translation>这个环境无法运行</translation>
    </message>
    <message>
        <source>{python} died of {signal} without the probe&apos;s report</source>
        <translation>{python} 因 {signal} 信号终止，没有给出探测程序的报告</translation>
    </message>
    <message>
        <source>{python} exited with status {status} without the probe&apos;s report</source>
        <translation>{python} 以状态 {status} 退出，没有给出探测程序的报告</translation>
    </message>
    <message>
        <source>{venv} does not exist.</source>
        <translation>{venv} 不存在。</translation>
    </message>
    <message>
        <source>{venv} is not a virtual environment (no pyvenv.cfg or bin/python).</source>
        <translation>{venv} 不是虚拟环境（没有 pyvenv.cfg 或 bin/python）。</translation>
    </message>
    <message>
        <source>Create it and install torch into it:</source>
        <translation>创建它并在其中安装 torch：</translation>
    </message>
    <message>
        <source>/dev/kfd does not exist: the amdgpu kernel driver is not loaded, or it has no compute (KFD) support for this GPU.</source>
        <translation>/dev/kfd 不存在：amdgpu 内核驱动没有加载，或者它不为这块显卡提供计算（KFD）支持。</translation>
    </message>
    <message>
        <source>Check the driver (`rocmdesk plan` shows the steps that set it up); `dmesg | grep -i kfd` tells why it is missing.</source>
        <translation>请检查驱动（`rocmdesk plan` 会列出配置它的步骤）；`dmesg | grep -i kfd` 可以看出它为什么缺失。</translation>
    </message>
    <message>
        <source> and </source>
        <translation>、</translation>
    </message>
    <message>
        <source>{user} may not open /dev/kfd ({device}): not in the {groups} group.</source>
        <translation>{user} 无法打开 /dev/kfd（{device}）：不在 {groups} 组中。</translation>
    </message>
    <message>
        <source>you may not open /dev/kfd ({device}): not in the {groups} group.</source>
        <translation>您无法打开 /dev/kfd（{device}）：不在 {groups} 组中。</translation>
    </message>
    <message>
        <source>Add yourself to the GPU groups, then log out and in again (or run `newgrp render`).</source>
        <translation>把自己加入显卡相关的用户组，然后注销并重新登录（或运行 `newgrp render`）。</translation>
    </message>
    <message>
        <source>You were added to the GPU groups, but this session started before that, so it can&apos;t open /dev/kfd.</source>
        <translation>您已被加入显卡相关的用户组，但当前会话是在那之前开始的，所以仍无法打开 /dev/kfd。</translation>
    </message>
    <message>
        <source>Log out and in again; `newgrp render` fixes one shell.</source>
        <translation>注销并重新登录；`newgrp render` 只对一个 shell 有效。</translation>
    </message>
    <message>
        <source>/dev/kfd does not open read-write ({error}).</source>
        <translation>/dev/kfd 无法以读写方式打开（{error}）。</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>被拒绝</translation>
    </message>
    <message>
        <source>Check its owner and mode (`ls -l /dev/kfd`) and your groups (`id`); a container needs --device=/dev/kfd --device=/dev/dri and the render group.</source>
        <translation>请检查它的所有者和权限（`ls -l /dev/kfd`）以及您所在的用户组（`id`）；容器需要 --device=/dev/kfd --device=/dev/dri 并加入 render 组。</translation>
    </message>
    <message>
        <source>{lead} (`rocmdesk torch recommend` explains the choice ({why})).</source>
        <translation>{lead}（`rocmdesk torch recommend` 会解释这个选择（{why}））。</translation>
    </message>
    <message>
        <source>{lead} (`rocmdesk torch recommend` explains the choice).</source>
        <translation>{lead}（`rocmdesk torch recommend` 会解释这个选择）。</translation>
    </message>
    <message>
        <source>This computer shows no AMD GPU, so a ROCm build has nothing to run on here: install the CPU-only build to run on the processor (or a ROCm build on a machine with an AMD GPU).</source>
        <translation>这台电脑上没有 AMD 显卡，ROCm 版本在这里无处可运行：请安装仅 CPU 版本，在处理器上运行（或在有 AMD 显卡的机器上安装 ROCm 版本）。</translation>
    </message>
    <message>
        <source>{python} has no torch module.</source>
        <translation>{python} 中没有 torch 模块。</translation>
    </message>
    <message>
        <source>Install the wheels this machine needs</source>
        <translation>安装这台机器需要的 wheel</translation>
    </message>
    <message>
        <source>`import torch` fails: {error}</source>
        <translation>`import torch` 失败：{error}</translation>
    </message>
    <message>
        <source>Reinstall torch into this environment</source>
        <translation>在这个环境中重新安装 torch</translation>
    </message>
    <message>
        <source>Install a ROCm build</source>
        <translation>安装 ROCm 版本</translation>
    </message>
    <message>
        <source>This computer shows no AMD GPU, so a ROCm build has nothing to run on here; on a machine with one, install a ROCm build</source>
        <translation>这台电脑上没有 AMD 显卡，所以 ROCm 版本在这里无处可用；在有 AMD 显卡的机器上，请安装 ROCm 版本</translation>
    </message>
    <message>
        <source>torch {torch} is a CPU-only build (torch.version.hip and .cuda are both None): it never uses a GPU.</source>
        <translation>torch {torch} 是只支持 CPU 的版本（torch.version.hip 和 .cuda 都是 None）：它从不使用显卡。</translation>
    </message>
    <message>
        <source>torch {torch} is built for CUDA {cuda}; it can&apos;t use this machine&apos;s AMD GPU. This is what a plain `pip install torch` from PyPI gives.</source>
        <translation>torch {torch} 是为 CUDA {cuda} 构建的；它无法使用这台机器的 AMD 显卡。直接从 PyPI 执行 `pip install torch` 得到的就是它。</translation>
    </message>
    <message>
        <source>torch {torch} is built for CUDA {cuda}; it can&apos;t use an AMD GPU (none was found on this machine). This is what a plain `pip install torch` from PyPI gives.</source>
        <translation>torch {torch} 是为 CUDA {cuda} 构建的；它无法使用 AMD 显卡（这台机器上也没有找到）。直接从 PyPI 执行 `pip install torch` 得到的就是它。</translation>
    </message>
    <message>
        <source>Replace it with a ROCm build</source>
        <translation>换成 ROCm 版本</translation>
    </message>
    <message>
        <source>The system&apos;s ROCm {system} differs from the wheel&apos;s ROCm {hip}: torch itself uses its own copy, but extensions built against /opt/rocm may clash with it in one process.</source>
        <translation>系统中的 ROCm {system} 与 wheel 的 ROCm {hip} 不同：torch 本身使用自带的那份，但针对 /opt/rocm 构建的扩展在同一进程中可能与它冲突。</translation>
    </message>
    <message>
        <source>The amdgpu-dkms driver is from ROCm {dkms}, older than the wheel&apos;s ROCm {hip}.</source>
        <translation>amdgpu-dkms 驱动来自 ROCm {dkms}，比 wheel 的 ROCm {hip} 旧。</translation>
    </message>
    <message>
        <source>torch loaded {library}, a ROCm runtime from outside the wheel, instead of its own copy (ROCm {hip}); two ROCm versions in one process break in odd ways.</source>
        <translation>torch 加载了 {library}，这是 wheel 之外的 ROCm 运行时，而不是它自带的那份（ROCm {hip}）；同一进程中有两个 ROCm 版本会出现各种奇怪的故障。</translation>
    </message>
    <message>
        <source>Keep /opt/rocm out of LD_LIBRARY_PATH for this venv (the wheel needs none of it).</source>
        <translation>在这个虚拟环境中不要让 LD_LIBRARY_PATH 包含 /opt/rocm（wheel 完全不需要它）。</translation>
    </message>
    <message>
        <source>{python} does not run: {error}.</source>
        <translation>{python} 无法运行：{error}。</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>没有这个文件</translation>
    </message>
    <message>
        <source>Point at the venv&apos;s own python (DIR/bin/python), or recreate the venv.</source>
        <translation>请指向虚拟环境自己的 python（DIR/bin/python），或重新创建虚拟环境。</translation>
    </message>
    <message>
        <source>The probe stopped at {stage}: {error}</source>
        <translation>探测程序停在了 {stage}：{error}</translation>
    </message>
    <message>
        <source>The probe hung while initialising the GPU ({stage}). The wheel&apos;s ROCm {hip} user space runs on an amdgpu-dkms driver from ROCm {dkms}; a newer ROCm on an older kernel driver is known to hang at GPU discovery.</source>
        <translation>探测程序在初始化显卡时卡住了（{stage}）。wheel 的 ROCm {hip} 用户态运行在来自 ROCm {dkms} 的 amdgpu-dkms 驱动上；已知较新的 ROCm 在较旧的内核驱动上会在设备发现时卡住。</translation>
    </message>
    <message>
        <source>Update amdgpu-dkms to a driver from the wheel&apos;s ROCm generation, or install wheels built for ROCm {rocm}.</source>
        <translation>把 amdgpu-dkms 更新到与 wheel 的 ROCm 同一代的驱动，或安装为 ROCm {rocm} 构建的 wheel。</translation>
    </message>
    <message>
        <source>The probe hung while initialising the GPU ({stage}) and was stopped after {seconds} s.</source>
        <translation>探测程序在初始化显卡时卡住了（{stage}），{seconds} 秒后被停止。</translation>
    </message>
    <message>
        <source>Check that the GPU works at all (`rocminfo`, `dmesg | grep -i amdgpu`); a kernel driver much older than the wheel&apos;s ROCm can hang like this.</source>
        <translation>请检查显卡是否能正常工作（`rocminfo`、`dmesg | grep -i amdgpu`）；比 wheel 的 ROCm 旧很多的内核驱动可能会这样卡住。</translation>
    </message>
    <message>
        <source>the probe failed</source>
        <translation>探测程序失败</translation>
    </message>
    <message>
        <source> (at stage {stage})</source>
        <translation>（在 {stage} 阶段）</translation>
    </message>
    <message>
        <source>{error}{where}: {output}.</source>
        <translation>{error}{where}：{output}。</translation>
    </message>
    <message>
        <source>{error}{where}.</source>
        <translation>{error}{where}。</translation>
    </message>
    <message>
        <source>Run the venv&apos;s python by hand to see the whole error; recreating the venv and reinstalling torch usually cures it.</source>
        <translation>请手动运行虚拟环境中的 python 查看完整错误；重新创建虚拟环境并重装 torch 通常就能解决。</translation>
    </message>
    <message>
        <source>Install wheels that serve {gfx}</source>
        <translation>安装支持 {gfx} 的 wheel</translation>
    </message>
    <message>
        <source>No wheel in rocmdesk&apos;s data serves {gfx} reliably; `rocmdesk torch recommend` lists what comes closest.</source>
        <translation>rocmdesk 的数据中没有能可靠支持 {gfx} 的 wheel；`rocmdesk torch recommend` 会列出最接近的选择。</translation>
    </message>
    <message>
        <source>No wheel in rocmdesk&apos;s data serves this GPU reliably; `rocmdesk torch recommend` lists what comes closest.</source>
        <translation>rocmdesk 的数据中没有能可靠支持这块显卡的 wheel；`rocmdesk torch recommend` 会列出最接近的选择。</translation>
    </message>
    <message>
        <source>torch sees no GPU: {settings} hide every GPU; HIP numbers only the GPUs that ROCR_VISIBLE_DEVICES left, from 0.</source>
        <translation>torch 看不到显卡：{settings} 隐藏了所有显卡；HIP 只在 ROCR_VISIBLE_DEVICES 留下的显卡中从 0 开始编号。</translation>
    </message>
    <message>
        <source>torch sees no GPU: {settings} hide every GPU.</source>
        <translation>torch 看不到显卡：{settings} 隐藏了所有显卡。</translation>
    </message>
    <message>
        <source>Unset {var} and set only ROCR_VISIBLE_DEVICES, with indices that exist (0 is the first GPU).</source>
        <translation>取消设置 {var}，只设置 ROCR_VISIBLE_DEVICES，并使用存在的序号（0 是第一块显卡）。</translation>
    </message>
    <message>
        <source>Unset {var} (or list GPUs that exist: 0 is the first).</source>
        <translation>取消设置 {var}（或列出存在的显卡：0 是第一块）。</translation>
    </message>
    <message>
        <source>torch {torch} is a ROCm build, but this machine shows no AMD GPU.</source>
        <translation>torch {torch} 是 ROCm 版本，但这台机器上没有 AMD 显卡。</translation>
    </message>
    <message>
        <source>Run it on a machine with an AMD GPU; `rocmdesk detect` lists what this one has.</source>
        <translation>请在有 AMD 显卡的机器上运行；`rocmdesk detect` 会列出这台机器有什么。</translation>
    </message>
    <message>
        <source>torch sees no GPU: {reason}</source>
        <translation>torch 看不到显卡：{reason}</translation>
    </message>
    <message>
        <source>torch sees no GPU. Its ROCm {hip} user space runs on an amdgpu-dkms driver from ROCm {dkms}; a newer ROCm on an older kernel driver can fail to find the GPU.</source>
        <translation>torch 看不到显卡。它的 ROCm {hip} 用户态运行在来自 ROCm {dkms} 的 amdgpu-dkms 驱动上；较新的 ROCm 在较旧的内核驱动上可能找不到显卡。</translation>
    </message>
    <message>
        <source>torch sees no GPU although this machine has {count} ({error}).</source>
        <translation>torch 看不到显卡，尽管这台机器有 {count} 块（{error}）。</translation>
    </message>
    <message>
        <source>torch sees no GPU although this machine has {count}.</source>
        <translation>torch 看不到显卡，尽管这台机器有 {count} 块。</translation>
    </message>
    <message>
        <source>Check that the runtime sees it (`rocminfo` lists a gfx agent) and that nothing in this environment hides it.</source>
        <translation>请检查运行时能否看到它（`rocminfo` 会列出一个 gfx agent），以及这个环境中是否有设置把它隐藏了。</translation>
    </message>
    <message>
        <source>this torch</source>
        <translation>这个 torch</translation>
    </message>
    <message>
        <source>GPU {index} ({name}, {gfx})</source>
        <translation>显卡 {index}（{name}，{gfx}）</translation>
    </message>
    <message>
        <source>unnamed</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>{gpu}: {var}={value} makes it run {target}, which torch {torch} has no code for either (it has {has}).</source>
        <translation>{gpu}：{var}={value} 让它以 {target} 运行，而 torch {torch} 也没有它的代码（它有的是 {has}）。</translation>
    </message>
    <message>
        <source>an invalid target</source>
        <translation>无效的目标</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source> Reports say this is unreliable on {gfx}: {why}.</source>
        <translation>据报告，这在 {gfx} 上不可靠：{why}。</translation>
    </message>
    <message>
        <source>{gpu}: torch {torch} has no {gfx} code, but it has {target}, which runs on this GPU when the runtime is told so.{risk}</source>
        <translation>{gpu}：torch {torch} 没有 {gfx} 的代码，但有 {target}，只要告诉运行时，它就能在这块显卡上运行。{risk}</translation>
    </message>
    <message>
        <source>Set {var}={value} in this venv&apos;s environment; a profile keeps it there (the Environments page, or `rocmdesk profile create ... --env {var}={value}`).</source>
        <translation>在这个虚拟环境的环境变量中设置 {var}={value}；配置可以一直保留它（在“环境”页面，或用 `rocmdesk profile create ... --env {var}={value}`）。</translation>
    </message>
    <message>
        <source>{gpu}: torch {torch} has no code for {gfx} (it has {has}) and no override is known to work.</source>
        <translation>{gpu}：torch {torch} 没有 {gfx} 的代码（它有的是 {has}），也没有已知可用的覆盖。</translation>
    </message>
    <message>
        <source>The GPU has no usable kernels in this torch: {error}</source>
        <translation>这个 torch 中没有这块显卡可用的算子：{error}</translation>
    </message>
    <message>
        <source>{gpu}: {var}={value} is set, but torch {torch} has native code for it; on a supported GPU an override can only do harm (RDNA4 is known to crash with one).</source>
        <translation>{gpu}：设置了 {var}={value}，但 torch {torch} 原生包含它的代码；在受支持的显卡上，覆盖只会带来坏处（已知 RDNA4 设置覆盖后会崩溃）。</translation>
    </message>
    <message>
        <source>Unset {var} for this venv.</source>
        <translation>在这个虚拟环境中取消设置 {var}。</translation>
    </message>
    <message>
        <source>the result is off by {error}</source>
        <translation>结果偏差为 {error}</translation>
    </message>
    <message>
        <source>The matmul check on GPU {index} failed: {error}.</source>
        <translation>显卡 {index} 上的矩阵乘法检查失败：{error}。</translation>
    </message>
    <message>
        <source>Reinstall torch; if it persists, `rocmdesk doctor` and the sanity check narrow it down.</source>
        <translation>重新安装 torch；如果问题仍然存在，`rocmdesk doctor` 和训练自检可以帮助缩小范围。</translation>
    </message>
    <message>
        <source>Reinstall</source>
        <translation>重新安装</translation>
    </message>
    <message>
        <source>The integrated GPU ({name}) is visible beside the discrete one: set ROCR_VISIBLE_DEVICES to the discrete GPU&apos;s index so it can&apos;t become device 0.</source>
        <translation>集成显卡（{name}）与独立显卡同时可见：请把 ROCR_VISIBLE_DEVICES 设为独立显卡的序号，以免集成显卡成为 0 号设备。</translation>
    </message>
    <message>
        <source>torch {torch} (ROCm {hip}) runs on {gpus}; the matmul check matches the CPU.</source>
        <translation>torch {torch}（ROCm {hip}）可以在 {gpus} 上运行；矩阵乘法检查结果与 CPU 一致。</translation>
    </message>
</context>
<context>
    <name>rocmdesk.ui.torch_status</name>
    <message>
        <source>not a JSON object</source>
        <translation>不是 JSON 对象</translation>
    </message>
    <message>
        <source>rocmdesk: warning: {path}: {problem}; the last verify results are forgotten (the next verify writes a good file again)</source>
        <translation>rocmdesk: 警告：{path}：{problem}；上次的验证结果已丢弃（下次验证会重新写入一个正确的文件）</translation>
    </message>
</context>
</TS>
