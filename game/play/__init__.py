"""The client's logic without pygame: the session (seats, state, history), the computer
players' process and the window's worker for it, the review job, the log's lines, the statistics
a finished game records, and the remembered setup. ``game.ui`` draws it and feeds it input."""
