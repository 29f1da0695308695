"""Where rocmdesk's packages live (the rest of the build is in pyproject.toml).

The code is under src/; ``rocmdesk.resources`` (the icons and translation catalogues the window loads) is built into
the package from the top-level resources/ directory, so the files people edit without touching code sit at the top.
"""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages("src"), "rocmdesk.resources"],
    package_dir={"": "src", "rocmdesk.resources": "resources"},
)
