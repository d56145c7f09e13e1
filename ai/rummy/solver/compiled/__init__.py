"""The numba kernels of the rummy solver, each with its readable Python twin beside it."""
