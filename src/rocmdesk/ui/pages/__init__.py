"""One module per sidebar page."""
