"""mjsim.rules."""
