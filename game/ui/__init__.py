"""The pygame-ce client: app loop, scenes, widgets, drawing.

How it fits together:

- ``app.App`` owns the window and a scene stack (``scene.Scene``): events go to the top scene,
  only the top scene is updated, ``draw`` only reads; scenes open each other by name
  (``scenes``). ``game.__main__.play`` is ``python -m game play``. ``testing`` drives an app
  headless with real pygame events.
- ``theme`` (colours, fonts, player colours with a mark each), ``widgets`` (buttons, toggles,
  choices, text entry, tooltips, scrolling log), ``sprites`` (procedural tiles and knights),
  ``overlays`` (dialogs, F1 help, pause, hot-seat cover), ``audio`` (synthesised sounds).
- ``menu`` and ``setup_scene`` make a ``game.play.session.Session`` (seats, engine state,
  history, computer players) and hand it to ``tables.open_table``, which builds the table the
  game's plug-in names (``game.registry``). Every table is a ``table_shell.TableScene``: the
  turn loop once, with the game's hooks (see docs/architecture.md). Each game's table lives in
  ``game/ui/<name>/``.
- The logic without pygame is in ``game.play``: ``ai_worker.AIWorker`` runs computer decisions
  off the main thread (level-made players in one spawned AI process, ``ai_process``; other
  agents on a thread), polled by the table in ``update``; ``review_job.ReviewJob`` runs a game
  review in that same process.
"""
