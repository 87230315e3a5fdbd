"""mjsim.engine."""
