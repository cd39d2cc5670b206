"""Property tests check the rules, not speed (speed is `make bench`'s, which prints numbers):
Hypothesis runs with no deadline and without its slow-input health check, which a loaded
machine trips on inputs that are only slow to draw there."""

from hypothesis import HealthCheck, settings

settings.register_profile("club", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("club")
