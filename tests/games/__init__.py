"""Games that live in the test suite (registered by tests/conftest.py)."""
