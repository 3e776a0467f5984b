"""``python -m wizard.bench <what>``."""

import sys

from wizard.bench import main

sys.exit(main())
