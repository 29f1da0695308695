"""Streamed child processes now live on the Host seam (``rocmdesk.machine.process``); this name stays for callers."""

from rocmdesk.machine.process import Cancel, ProcessResult, run_streamed

__all__ = ["Cancel", "ProcessResult", "run_streamed"]
