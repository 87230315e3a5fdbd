"""mjsim.kernels."""
