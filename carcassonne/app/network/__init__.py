"""Network games seen from the app: hosting, joining, and the Play screen's view of the others."""
