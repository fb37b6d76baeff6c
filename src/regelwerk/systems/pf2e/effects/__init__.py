"""Effects (Effekte): conditions, durations, targets, afflictions, counteracting, and their
protocol handlers."""
