"""mjsim.variants."""
