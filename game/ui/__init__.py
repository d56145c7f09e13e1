"""The pygame-ce client: app loop, scenes, widgets, drawing."""
