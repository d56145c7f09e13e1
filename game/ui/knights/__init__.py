"""The Robber Knights table: board view, deployment picker, animations, panels and results."""
