import sys

from rocmdesk.cli import main

sys.exit(main())
