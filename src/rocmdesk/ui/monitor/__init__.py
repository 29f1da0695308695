"""The GPU monitor's widgets: time-series plots (plot.py) and the page built from them."""
