"""Hit points, healing and dying (Trefferpunkte, Heilung und Sterben), hero points, and their
protocol handlers."""
