"""mjsim.scoring."""
