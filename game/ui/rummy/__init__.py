"""The Räuber-Rommé table of the client: cards, layout, drag and drop, the table scene."""
