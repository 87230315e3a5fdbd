"""Bots and the Agent protocol, importable as ``mjsim.agents``."""
