"""Where the tests find the project's files, wherever a test module sits in tests/."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
