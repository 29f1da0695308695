"""rocmdesk: from an AMD GPU to a verified, monitored PyTorch-on-ROCm setup."""

__version__ = "0.1.0"
