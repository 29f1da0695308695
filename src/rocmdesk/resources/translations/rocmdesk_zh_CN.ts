<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Cli</name>
    <message>
        <source>read a captured machine tree instead of this computer</source>
        <translation>读取采集的机器目录树，而不是这台电脑</translation>
    </message>
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
        <source>--root {root}: not a directory</source>
        <translation>--root {root}：不是目录</translation>
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
        <source>Source: {source}</source>
        <translation>来源：{source}</translation>
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
        <source>Source:</source>
        <translation>来源：</translation>
    </message>
    <message>
        <source>Sources:</source>
        <translation>来源：</translation>
    </message>
    <message>
        <source>Supported</source>
        <translation>支持</translation>
    </message>
    <message>
        <source>Works with override HSA_OVERRIDE_GFX_VERSION={value}</source>
        <translation>设置覆盖 HSA_OVERRIDE_GFX_VERSION={value} 后可用</translation>
    </message>
    <message>
        <source>Works with an override of HSA_OVERRIDE_GFX_VERSION</source>
        <translation>设置 HSA_OVERRIDE_GFX_VERSION 覆盖后可用</translation>
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
        <source>Installed. Press Verify to run the probe in the venv (on this computer; its verdict is judged against the simulated machine).</source>
        <translation>已安装。按“验证”在虚拟环境中运行探测程序（在这台电脑上运行；结论按模拟机器来判断）。</translation>
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
        <source>⚠ {warning}</source>
        <translation>⚠ {warning}</translation>
    </message>
    <message>
        <source>Sources:</source>
        <translation>来源：</translation>
    </message>
    <message>
        <source>Source:</source>
        <translation>来源：</translation>
    </message>
    <message>
        <source>Supported by these wheels</source>
        <translation>以下 wheel 支持</translation>
    </message>
    <message>
        <source>Works with override HSA_OVERRIDE_GFX_VERSION={value}</source>
        <translation>设置覆盖 HSA_OVERRIDE_GFX_VERSION={value} 后可用</translation>
    </message>
    <message>
        <source>Works with an override</source>
        <translation>设置覆盖后可用</translation>
    </message>
    <message>
        <source>Risky: no wheel serves this GPU reliably</source>
        <translation>有风险：没有能可靠支持这块显卡的 wheel</translation>
    </message>
    <message>
        <source>Unsupported: no wheel in rocmdesk&apos;s data serves this GPU</source>
        <translation>不支持：rocmdesk 的数据中没有支持这块显卡的 wheel</translation>
    </message>
    <message>
        <source>No AMD GPU found: the newest stable wheels, for a machine that has one</source>
        <translation>未找到 AMD 显卡：以下是最新的稳定版 wheel，供有显卡的机器使用</translation>
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
        <source>needed: {pairs}</source>
        <translation>需要：{pairs}</translation>
    </message>
    <message>
        <source>not needed</source>
        <translation>不需要</translation>
    </message>
    <message>
        <source>Variables</source>
        <translation>变量</translation>
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
        <source>What rocmdesk found, for the choices on the next page (they update when you change them).</source>
        <translation>rocmdesk 找到的信息，供下一页的选项使用（修改选项时会随之更新）。</translation>
    </message>
    <message>
        <source>Nothing stands in the way of these choices.</source>
        <translation>这些选项没有任何障碍。</translation>
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
        <source>What to install</source>
        <translation>安装内容</translation>
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
        <source>Not every GPU here is on its list.</source>
        <translation>这里并非每块显卡都在它的支持列表中。</translation>
    </message>
    <message>
        <source>It is a technology preview.</source>
        <translation>这是技术预览版。</translation>
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
        <source>This GPU needs HSA_OVERRIDE_GFX_VERSION: the Environments page sets it per project.</source>
        <translation>这块显卡需要设置 HSA_OVERRIDE_GFX_VERSION：“环境”页面可以按项目设置它。</translation>
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
        <source>Variables seen</source>
        <translation>检测到的变量</translation>
    </message>
    <message>
        <source>Python</source>
        <translation>Python</translation>
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
</TS>
