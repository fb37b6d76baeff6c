"""Space and perception (Bewegung, Wirkungsbereiche, Wahrnehmung): the grid, areas, lines of
effect and sight, detection, movement, falling, and their protocol handlers."""
