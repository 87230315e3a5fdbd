"""PettingZoo and Gymnasium interfaces, importable as ``mjsim.envs``."""
