"""The Setup wizard's five steps as widgets (``steps``: machine, choices, review; ``run_steps``: run, result).

They only build widgets and copy the records of ``rocmdesk.ui.presenters.setup`` onto them; the page
(``ui/pages/setup_page.py``) connects them, keeps the plan's presenter and runs the helper.
"""
